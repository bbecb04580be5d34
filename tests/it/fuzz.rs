//! Mutation fuzzing of the input side: deterministic mutants of every
//! shipped scenario, army list, doctrine and fairness list (lines deleted
//! and duplicated, extreme and non-finite numbers, values of the wrong type,
//! keys swapped, truncation, random bytes), each checked in-process as
//! `muster check` does it; a mutant check accepts is then played for a few
//! battles, its run.toml written and read back. No mutant may panic, and
//! none that check accepts may fail to run.
//!
//! `MUSTER_FUZZ_MUTANTS` sets the number of mutants (default 2,000) and
//! `MUSTER_FUZZ_SEED` the stream (default 1); the study in
//! `reports/2026-11-25-input/` ran it with a large count.

use muster::analysis::fairness::{self, list as fairness_list};
use muster::engine::{self, Plan, Silent};
use muster::rules::Ruleset;
use muster::scenario::raw::Provenance;
use muster::scenario::{check_file, load_scenario, load_scenario_text, Scenario, WithRuleset};
use rand_core::{RngCore, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicBool;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Scenario,
    ListOrDoctrine,
    Fairness,
}

/// A shipped file, its text, and the scenario that plays it (for a list or
/// doctrine: a shipped scenario rewritten to reference the file by path).
struct Target {
    /// Relative to `scenarios/`.
    rel: PathBuf,
    kind: Kind,
    text: Vec<u8>,
    /// Relative to `scenarios/`: the scenario loaded to play this file.
    host: Option<PathBuf>,
}

fn shipped(root: &Path, copy: &Path) -> Vec<Target> {
    let mut files = Vec::new();
    let mut scenarios = Vec::new();
    let mut rulesets: Vec<_> = std::fs::read_dir(root)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    rulesets.sort();
    for dir in rulesets.iter().filter(|p| p.is_dir()) {
        let mut entries: Vec<_> = walk(dir);
        entries.sort();
        for p in entries {
            let rel = p.strip_prefix(root).unwrap().to_path_buf();
            let text = std::fs::read(&p).unwrap();
            let depth = rel.components().count();
            let kind = if rel.components().any(|c| c.as_os_str() == "fairness") {
                Kind::Fairness
            } else if depth == 2 {
                Kind::Scenario
            } else {
                Kind::ListOrDoctrine
            };
            if kind == Kind::Scenario {
                scenarios.push((rel.clone(), String::from_utf8(text.clone()).unwrap()));
            }
            files.push(Target {
                rel,
                kind,
                text,
                host: None,
            });
        }
    }
    for (n, t) in files.iter_mut().enumerate() {
        match t.kind {
            Kind::Scenario => t.host = Some(t.rel.clone()),
            Kind::Fairness => {}
            Kind::ListOrDoctrine => {
                let stem = t.rel.file_stem().unwrap().to_str().unwrap().to_string();
                let named = format!("= \"{stem}\"");
                let Some((srel, stext)) = scenarios.iter().find(|(_, s)| s.contains(&named)) else {
                    continue;
                };
                let sdir = srel.parent().unwrap();
                let tdir = t.rel.components().next().unwrap().as_os_str();
                let path = if sdir.as_os_str() == tdir {
                    t.rel.strip_prefix(sdir).unwrap().to_path_buf()
                } else {
                    Path::new("..").join(&t.rel)
                };
                let by_path = format!("= \"{}\"", path.display().to_string().replace('\\', "/"));
                let host = sdir.join(format!("fuzz_host_{n}.toml"));
                std::fs::write(copy.join(&host), stext.replace(&named, &by_path)).unwrap();
                t.host = Some(host);
            }
        }
    }
    files
}

fn walk(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for e in std::fs::read_dir(dir).unwrap() {
        let p = e.unwrap().path();
        if p.is_dir() {
            out.extend(walk(&p));
        } else if p.extension().is_some_and(|x| x == "toml") {
            out.push(p);
        }
    }
    out
}

fn copy_tree(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for e in std::fs::read_dir(from).unwrap() {
        let p = e.unwrap().path();
        let dest = to.join(p.file_name().unwrap());
        if p.is_dir() {
            copy_tree(&p, &dest);
        } else {
            std::fs::copy(&p, &dest).unwrap();
        }
    }
}

struct Rng(Xoshiro256PlusPlus);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        if n == 0 {
            0
        } else {
            (self.0.next_u64() % n as u64) as usize
        }
    }
    fn pick<'a, T>(&mut self, xs: &'a [T]) -> &'a T {
        &xs[self.below(xs.len())]
    }
}

const EXTREMES: &[&str] = &[
    "0",
    "-1",
    "1",
    "-0.0",
    "0.5",
    "1e308",
    "-1e308",
    "1e-300",
    "nan",
    "inf",
    "-inf",
    "+nan",
    "9223372036854775807",
    "-9223372036854775808",
    "4294967296",
    "1000000000000000000",
    "65536",
    "255",
    "7",
    "100000",
];

const WRONG_TYPES: &[&str] = &[
    "\"x\"",
    "\"\"",
    "true",
    "[]",
    "{}",
    "[1, 2, 3]",
    "[[1, 2], [3, 4]]",
    "{ a = 1 }",
    "1979-05-27T07:32:00Z",
    "\"lists/armies_core.toml\"",
    "\"doctrines/advance.toml\"",
    "\"../states_of_battle/gunline.toml\"",
    "\"../dnd_war/lists/dnd_core.toml\"",
    "\"troop:x\"",
];

/// Where the numbers of `line` are (byte ranges).
fn numbers(line: &str) -> Vec<(usize, usize)> {
    let b = line.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        let starts =
            b[i].is_ascii_digit() || (b[i] == b'-' && b.get(i + 1).is_some_and(u8::is_ascii_digit));
        let prev_ok = i == 0 || !(b[i - 1].is_ascii_alphanumeric() || b[i - 1] == b'_');
        if starts && prev_ok {
            let s = i;
            i += 1;
            while i < b.len() && (b[i].is_ascii_digit() || b"._eE+-".contains(&b[i])) {
                i += 1;
            }
            out.push((s, i));
        } else {
            i += 1;
        }
    }
    out
}

/// One mutation of `text`.
fn mutate_once(rng: &mut Rng, text: &[u8]) -> Vec<u8> {
    let s = String::from_utf8_lossy(text).into_owned();
    let mut lines: Vec<String> = s.lines().map(str::to_string).collect();
    if lines.is_empty() {
        lines.push(String::new());
    }
    let n = lines.len();
    let op = rng.below(10);
    match op {
        0 => {
            lines.remove(rng.below(n));
        }
        1 => {
            let i = rng.below(n);
            let l = lines[i].clone();
            lines.insert(rng.below(n + 1), l);
        }
        2 | 3 => {
            // An extreme number in place of a number.
            let with: Vec<usize> = (0..n).filter(|&i| !numbers(&lines[i]).is_empty()).collect();
            if let Some(&i) = (!with.is_empty()).then(|| rng.pick(&with)) {
                let spans = numbers(&lines[i]);
                let (a, b) = *rng.pick(&spans);
                let v = rng.pick(EXTREMES);
                lines[i].replace_range(a..b, v);
            }
        }
        4 => {
            // A value of another type.
            let with: Vec<usize> = (0..n).filter(|&i| lines[i].contains(" = ")).collect();
            if let Some(&i) = (!with.is_empty()).then(|| rng.pick(&with)) {
                let at = lines[i].find(" = ").unwrap() + 3;
                let v = rng.pick(WRONG_TYPES);
                lines[i].replace_range(at.., v);
            }
        }
        5 => {
            // Two keys swapped (their values stay).
            let with: Vec<usize> = (0..n).filter(|&i| lines[i].contains(" = ")).collect();
            if with.len() >= 2 {
                let (i, j) = (*rng.pick(&with), *rng.pick(&with));
                let ki = lines[i].find(" = ").unwrap();
                let kj = lines[j].find(" = ").unwrap();
                let (key_i, key_j) = (lines[i][..ki].to_string(), lines[j][..kj].to_string());
                lines[i].replace_range(..ki, &key_j);
                lines[j].replace_range(..kj, &key_i);
            }
        }
        6 => {
            // Two values swapped (their keys stay).
            let with: Vec<usize> = (0..n).filter(|&i| lines[i].contains(" = ")).collect();
            if with.len() >= 2 {
                let (i, j) = (*rng.pick(&with), *rng.pick(&with));
                let vi = lines[i].find(" = ").unwrap() + 3;
                let vj = lines[j].find(" = ").unwrap() + 3;
                let (val_i, val_j) = (lines[i][vi..].to_string(), lines[j][vj..].to_string());
                lines[i].replace_range(vi.., &val_j);
                lines[j].replace_range(vj.., &val_i);
            }
        }
        7 => {
            let mut out = text.to_vec();
            out.truncate(rng.below(text.len() + 1));
            return out;
        }
        8 => {
            // Random bytes, overwritten or inserted.
            let mut out = text.to_vec();
            for _ in 0..1 + rng.below(4) {
                let at = rng.below(out.len() + 1);
                let byte = (rng.0.next_u64() & 0xff) as u8;
                if at < out.len() && rng.below(2) == 0 {
                    out[at] = byte;
                } else {
                    out.insert(at, byte);
                }
            }
            return out;
        }
        _ => {
            // A number scaled up or negated.
            let with: Vec<usize> = (0..n).filter(|&i| !numbers(&lines[i]).is_empty()).collect();
            if let Some(&i) = (!with.is_empty()).then(|| rng.pick(&with)) {
                let spans = numbers(&lines[i]);
                let (a, b) = *rng.pick(&spans);
                let old = lines[i][a..b].to_string();
                let new = match rng.below(3) {
                    0 => format!("{old}000"),
                    1 => format!("-{}", old.trim_start_matches('-')),
                    _ => format!("{old}.5"),
                };
                lines[i].replace_range(a..b, &new);
            }
        }
    }
    let mut out = lines.join("\n");
    out.push('\n');
    out.into_bytes()
}

fn mutate(rng: &mut Rng, text: &[u8]) -> Vec<u8> {
    let mut t = text.to_vec();
    for _ in 0..1 + rng.below(3) {
        t = mutate_once(rng, &t);
    }
    t
}

/// Plays `n` battles, then writes run.toml and reads it back.
fn play(scenario: &Scenario, n: u64) -> Result<(), String> {
    struct Play(u64, u64);
    impl WithRuleset for Play {
        type Output = u64;
        fn run<R: Ruleset>(self, ruleset: &R) -> u64 {
            let r = engine::run(
                ruleset,
                self.0,
                Plan::Fixed(self.1),
                &AtomicBool::new(false),
                &Silent,
            );
            r.tally.battles
        }
    }
    let played = scenario.rules.with(Play(scenario.seed, n));
    if played != n {
        return Err(format!("played {played} of {n} battles"));
    }
    let provenance = Provenance {
        muster_version: "fuzz".into(),
        git_revision: "fuzz".into(),
        battles_played: n,
        partial: false,
        note: None,
    };
    let text = scenario
        .resolved
        .to_run_toml(n, scenario.seed, provenance)
        .map_err(|e| format!("run.toml not written: {e}"))?;
    let back = load_scenario_text("run.toml", &text, None)
        .map_err(|p| format!("run.toml does not load back:\n{p}"))?;
    if back.seed != scenario.seed {
        return Err(format!(
            "run.toml seed {} read back as {}",
            scenario.seed, back.seed
        ));
    }
    Ok(())
}

#[derive(Debug, PartialEq, Eq)]
enum Outcome {
    Refused,
    Played,
    /// A list or doctrine check accepts that its host scenario refuses (a
    /// unit the scenario uses deleted, say): not a fault.
    HostRefused,
    Failed(String),
}

/// `muster check` on `path`, then a short run of what it accepted.
fn exercise(target: &Target, copy: &Path) -> Outcome {
    let path = copy.join(&target.rel);
    match target.kind {
        Kind::Fairness => {
            // As `muster check` does: a fairness list only when it parses as one.
            if !fairness_list::is_fairness_list(&path) {
                return match check_file(&path) {
                    Ok(_) => Outcome::Played,
                    Err(_) => Outcome::Refused,
                };
            }
            let Ok(list) = fairness_list::load(&path) else {
                return Outcome::Refused;
            };
            let Some(budget) = list.budget else {
                return Outcome::Played;
            };
            let market = fairness::market(&list, budget, list.spread.unwrap_or(0.1));
            if market.impossible().is_some() {
                return Outcome::Played;
            }
            for j in 0..2 {
                let Ok(armies) = market.matchup(7, j) else {
                    return Outcome::Played;
                };
                match list.scenario(&[&armies[0], &armies[1]], "fuzz") {
                    Ok(s) => {
                        if let Err(e) = play(&s, 2) {
                            return Outcome::Failed(e);
                        }
                    }
                    Err(p) => return Outcome::Failed(format!("matchup refused:\n{p}")),
                }
            }
            Outcome::Played
        }
        Kind::Scenario | Kind::ListOrDoctrine => {
            if fairness_list::is_fairness_list(&path) {
                return match fairness_list::load(&path) {
                    Ok(_) => Outcome::Played,
                    Err(_) => Outcome::Refused,
                };
            }
            if check_file(&path).is_err() {
                return Outcome::Refused;
            }
            let Some(host) = &target.host else {
                return Outcome::Played;
            };
            match load_scenario(&copy.join(host)) {
                Ok(s) => match play(&s, 3) {
                    Ok(()) => Outcome::Played,
                    Err(e) => Outcome::Failed(e),
                },
                Err(p) if target.kind == Kind::Scenario => {
                    Outcome::Failed(format!("check accepted, load refused:\n{p}"))
                }
                Err(_) => Outcome::HostRefused,
            }
        }
    }
}

fn env_u64(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|v| v.replace('_', "").parse().ok())
        .unwrap_or(default)
}

#[test]
fn mutants_of_the_shipped_files_never_panic_and_run_when_accepted() {
    let count = env_u64("MUSTER_FUZZ_MUTANTS", 2_000);
    let seed = env_u64("MUSTER_FUZZ_SEED", 1);
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios");
    let dir = tempfile::tempdir().unwrap();
    let copy = dir.path().join("scenarios");
    copy_tree(&root, &copy);
    let targets = shipped(&root, &copy);
    assert!(targets.len() >= 20, "{} shipped files", targets.len());
    let mut rng = Rng(Xoshiro256PlusPlus::seed_from_u64(seed));
    // Panics are counted, not printed one by one.
    let hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(|_| {}));
    // A watchdog names a mutant that takes too long.
    let current: Arc<Mutex<(u64, Instant, String)>> =
        Arc::new(Mutex::new((0, Instant::now(), String::new())));
    let done = Arc::new(AtomicBool::new(false));
    let watchdog = {
        let (current, done) = (current.clone(), done.clone());
        std::thread::spawn(move || {
            let mut warned = u64::MAX;
            while !done.load(std::sync::atomic::Ordering::Relaxed) {
                std::thread::sleep(Duration::from_millis(500));
                let c = current.lock().unwrap();
                if c.0 != warned && c.1.elapsed() > Duration::from_secs(30) {
                    eprintln!("fuzz: mutant {} slow (> 30 s): {}", c.0, c.2);
                    warned = c.0;
                }
            }
        })
    };
    let started = Instant::now();
    let (mut refused, mut played, mut host_refused) = (0u64, 0u64, 0u64);
    let mut panics = Vec::new();
    let mut failures = Vec::new();
    let keep = std::env::var_os("MUSTER_FUZZ_KEEP").map(PathBuf::from);
    for m in 0..count {
        let t = &targets[rng.below(targets.len())];
        let mutant = mutate(&mut rng, &t.text);
        let path = copy.join(&t.rel);
        std::fs::write(&path, &mutant).unwrap();
        *current.lock().unwrap() = (m, Instant::now(), t.rel.display().to_string());
        let outcome = catch_unwind(AssertUnwindSafe(|| exercise(t, &copy)));
        let save = |what: &str| {
            if let Some(k) = &keep {
                std::fs::create_dir_all(k).unwrap();
                let name = t.rel.display().to_string().replace(['/', '\\'], "_");
                std::fs::write(k.join(format!("{what}_{m}_{name}")), &mutant).unwrap();
            }
        };
        match outcome {
            Ok(Outcome::Refused) => refused += 1,
            Ok(Outcome::Played) => played += 1,
            Ok(Outcome::HostRefused) => host_refused += 1,
            Ok(Outcome::Failed(e)) => {
                save("failed");
                failures.push(format!("mutant {m} of {}: {e}", t.rel.display()));
            }
            Err(p) => {
                save("panic");
                let msg = p
                    .downcast_ref::<String>()
                    .cloned()
                    .or_else(|| p.downcast_ref::<&str>().map(|s| s.to_string()))
                    .unwrap_or_default();
                panics.push(format!("mutant {m} of {}: {msg}", t.rel.display()));
            }
        }
        std::fs::write(&path, &t.text).unwrap();
    }
    done.store(true, std::sync::atomic::Ordering::Relaxed);
    watchdog.join().unwrap();
    std::panic::set_hook(hook);
    let secs = started.elapsed().as_secs_f64();
    eprintln!(
        "fuzz: {count} mutants of {} files (seed {seed}) in {secs:.1} s ({:.0}/s): {refused} refused, {played} accepted and played, {host_refused} accepted alone but refused by their host scenario, {} accepted but failed, {} panics",
        targets.len(),
        count as f64 / secs,
        failures.len(),
        panics.len()
    );
    for f in failures.iter().chain(&panics).take(20) {
        eprintln!("  {f}");
    }
    assert!(panics.is_empty(), "{} panics: {:#?}", panics.len(), panics);
    assert!(
        failures.is_empty(),
        "{} accepted but failed: {:#?}",
        failures.len(),
        failures
    );
}
