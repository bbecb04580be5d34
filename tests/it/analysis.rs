//! The analysis layer: paired intervals on common random numbers against a
//! known effect, the paired interval's coverage, variant paths, the root
//! finder on a planted curve, the deck race on a subset, sweeps, and the
//! reports (self-contained HTML, valid SVG and PNG charts).

use muster::analysis::play::{play, StudyPlan};
use muster::analysis::tune::{find_even, Point};
use muster::analysis::vary::{build_variants, expand_range, parse_spec, Variant};
use muster::dice::Dice;
use muster::engine::Silent;
use muster::rules::Side;
use muster::scenario::load_scenario;
use muster::stats::{difference, PairTable, Z_95};
use std::path::Path;
use std::process::Command;
use std::sync::atomic::AtomicBool;

const HEROES: &str = "scenarios/states_of_battle/heroes_and_monster.toml";

fn variants(path: &str, edits: &[&[(&str, &str)]]) -> Vec<Variant> {
    let base = load_scenario(Path::new(path)).expect("scenario loads");
    let lists: Vec<Vec<(String, String)>> = edits
        .iter()
        .map(|e| {
            e.iter()
                .map(|(p, v)| (p.to_string(), v.to_string()))
                .collect()
        })
        .collect();
    build_variants(&base, Path::new(path).parent(), &lists).expect("variants build")
}

fn rates(vs: &[&Variant], seed: u64, n: u64) -> muster::stats::PairedWins {
    play(
        vs,
        Side::A,
        seed,
        0,
        StudyPlan::Fixed(n),
        &AtomicBool::new(false),
        &Silent,
    )
    .expect("one ruleset")
    .played
    .paired
}

/// One more Morale Counter for the humans: the paired interval of 3,000
/// battles covers the effect measured independently on 2 x 20,000 battles
/// of other seeds, and is much narrower than the independent interval.
#[test]
fn a_paired_interval_is_narrower_and_covers_a_known_small_effect() {
    let vs = variants(
        HEROES,
        &[
            &[("side.Humans.mc_adjust", "0")],
            &[("side.Humans.mc_adjust", "1")],
        ],
    );
    let refs: Vec<&Variant> = vs.iter().collect();
    let paired = rates(&refs, 1, 3_000);
    let d = paired.difference(1, 0, Z_95);
    // The reference: each variant alone on its own seed (independent).
    let big = 20_000;
    let base = rates(&refs[..1], 11, big);
    let plus = rates(&refs[1..], 12, big);
    let effect = plus.rate(0) - base.rate(0);
    let reference =
        muster::stats::hybrid_score((plus.wins[0], big), (base.wins[0], big), 0.0, Z_95);
    assert!(effect > 0.0, "one more counter helps: {effect}");
    assert!(
        d.paired.0 <= reference.1 && reference.0 <= d.paired.1,
        "the paired interval {:?} overlaps the reference {reference:?} (effect {effect})",
        d.paired
    );
    assert!(
        d.paired.0 < effect && effect < d.paired.1,
        "{:?} covers {effect}",
        d.paired
    );
    assert!(
        d.variance_reduction() > 2.0,
        "common random numbers pay: variance reduction {}",
        d.variance_reduction()
    );
}

/// Newcombe's paired interval holds the true difference about 95% of the
/// time for correlated pairs with known rates.
#[test]
fn the_paired_interval_covers_at_its_level() {
    let mut dice = Dice::for_battle(7, 0);
    // Pairs: both win 0.45, first only 0.10, second only 0.05, neither 0.40.
    let true_diff = 0.10 - 0.05;
    let (reps, n) = (2_000, 300);
    let mut covered = 0;
    for _ in 0..reps {
        let mut t = PairTable {
            both: 0,
            only_first: 0,
            only_second: 0,
            neither: 0,
        };
        for _ in 0..n {
            match dice.roll(100) {
                1..=45 => t.both += 1,
                46..=55 => t.only_first += 1,
                56..=60 => t.only_second += 1,
                _ => t.neither += 1,
            }
        }
        let d = difference(t, Z_95);
        if d.paired.0 <= true_diff && true_diff <= d.paired.1 {
            covered += 1;
        }
    }
    let share = covered as f64 / reps as f64;
    assert!((0.93..=0.975).contains(&share), "coverage {share}");
}

#[test]
fn variant_paths_pick_elements_by_name_and_explain_mistakes() {
    let vs = variants(
        HEROES,
        &[&[("side.Orcs.units.troll.mcv", "3"), ("mc_ratio", "30")]],
    );
    assert_eq!(vs.len(), 1);
    let base = load_scenario(Path::new(HEROES)).unwrap();
    let err = build_variants(
        &base,
        None,
        &[vec![("side.Orcs.units.trol.mcv".into(), "3".into())]],
    )
    .map(|_| ())
    .unwrap_err()
    .to_string();
    assert!(
        err.contains("no element `trol`") && err.contains("did you mean `troll`"),
        "{err}"
    );
    let err = build_variants(
        &base,
        None,
        &[vec![("side.Orcs.units.troll.mcv".into(), "0".into())]],
    )
    .map(|_| ())
    .unwrap_err()
    .to_string();
    assert!(err.contains("mcv must be between 1 and 1000"), "{err}");
    assert_eq!(parse_spec("side.Humans.gd=8,10").unwrap().1, ["8", "10"]);
    assert_eq!(
        parse_spec("x={ a = 1, b = 2 },3").unwrap().1,
        ["{ a = 1, b = 2 }", "3"]
    );
    assert!(parse_spec("nothing").is_err());
    assert_eq!(expand_range("1..7:2").unwrap(), ["1", "3", "5", "7"]);
    assert_eq!(expand_range("0.5..1:0.25").unwrap(), ["0.5", "0.75", "1"]);
    assert!(expand_range("5..1:1").is_err());
}

/// The root finder on a planted, noisy-free curve crossing 50% at 37.4.
#[test]
fn the_root_finder_finds_a_planted_crossing() {
    let mut evaluated = 0;
    let curve = |v: i64| 1.0 / (1.0 + (-(v as f64 - 37.4) / 6.0).exp());
    let tuned = find_even(0, 200, 0.5, |values| {
        evaluated += values.len();
        values
            .iter()
            .map(|&value| {
                let rate = curve(value);
                Point {
                    value,
                    rate,
                    lo: rate - 0.02,
                    hi: rate + 0.02,
                }
            })
            .collect()
    });
    let (a, b) = tuned.bracket.expect("bracketed");
    assert_eq!((a.value, b.value), (37, 38));
    assert!(
        (tuned.crossing.unwrap() - 37.4).abs() < 0.05,
        "{:?}",
        tuned.crossing
    );
    let (lo, hi) = tuned.consistent.unwrap();
    assert!(lo <= 37 && hi >= 37 && hi - lo <= 4, "{lo}..{hi}");
    assert!(evaluated < 40, "bisection, not a scan: {evaluated} values");
    // A range that does not reach the target says so.
    let none = find_even(60, 90, 0.5, |values| {
        values
            .iter()
            .map(|&value| Point {
                value,
                rate: curve(value),
                lo: 0.9,
                hi: 1.0,
            })
            .collect()
    });
    assert!(none.bracket.is_none() && none.crossing.is_none());
}

pub fn muster() -> Command {
    Command::new(env!("CARGO_BIN_EXE_muster"))
}

pub fn assert_self_contained(dir: &Path) {
    let html = std::fs::read_to_string(dir.join("report.html")).unwrap();
    assert!(html.starts_with("<!DOCTYPE html>") && html.trim_end().ends_with("</html>"));
    for bad in [
        "http:", "https:", "src=", "<link", "<script", "url(", "@import",
    ] {
        assert!(
            !html.contains(bad),
            "report.html refers outside itself: {bad}"
        );
    }
    assert_eq!(html.matches("<svg").count(), html.matches("</svg>").count());
    assert!(html.contains("<h2>The answers</h2>") && html.contains("How to reproduce it"));
    let charts: Vec<_> = std::fs::read_dir(dir.join("charts"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    assert!(!charts.is_empty());
    for c in charts {
        let bytes = std::fs::read(&c).unwrap();
        match c.extension().and_then(|e| e.to_str()) {
            Some("svg") => {
                let s = String::from_utf8(bytes).unwrap();
                assert!(
                    s.contains("<svg") && s.trim_end().ends_with("</svg>"),
                    "{}",
                    c.display()
                );
                assert!(s.contains("<text"), "{} has its labels", c.display());
            }
            Some("png") => assert_eq!(&bytes[..8], b"\x89PNG\r\n\x1a\n", "{}", c.display()),
            other => panic!("unexpected chart file {other:?}"),
        }
    }
}

#[test]
fn compare_sweep_and_report_write_self_contained_reports() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("cmp");
    let o = muster()
        .args([
            "compare",
            HEROES,
            "--vary",
            "side.Humans.mc_adjust=0,1",
            "--battles",
            "300",
            "--quiet",
            "--png",
            "--out",
        ])
        .arg(&out)
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let csv = std::fs::read_to_string(out.join("compare.csv")).unwrap();
    assert_eq!(csv.lines().count(), 3, "{csv}");
    assert!(out.join("variants/02/run.toml").exists());
    assert_self_contained(&out);
    // `muster report` rebuilds the same page from the files alone.
    let before = std::fs::read_to_string(out.join("report.html")).unwrap();
    std::fs::remove_file(out.join("report.html")).unwrap();
    assert!(muster()
        .arg("report")
        .arg(&out)
        .output()
        .unwrap()
        .status
        .success());
    assert_eq!(
        before,
        std::fs::read_to_string(out.join("report.html")).unwrap()
    );

    let sweep = tmp.path().join("sweep");
    let o = muster()
        .args([
            "sweep",
            HEROES,
            "--grid",
            "side.Humans.mc_adjust=-1..1:1",
            "--grid",
            "side.Orcs.gd=8,10",
            "--battles",
            "200",
            "--quiet",
            "--out",
        ])
        .arg(&sweep)
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert_eq!(
        std::fs::read_to_string(sweep.join("sweep.csv"))
            .unwrap()
            .lines()
            .count(),
        7
    );
    assert_self_contained(&sweep);

    // A plain run folder gets a report too.
    let run = tmp.path().join("run");
    assert!(muster()
        .args(["run", "--battles", "300", "--quiet", "--out"])
        .arg(&run)
        .status()
        .unwrap()
        .success());
    assert!(muster()
        .arg("report")
        .arg(&run)
        .arg("--png")
        .output()
        .unwrap()
        .status
        .success());
    assert_self_contained(&run);
}

#[test]
fn decks_races_a_subset_and_tune_reports_its_curve() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("decks");
    let builds = [
        "brilliant_tactician=2,cast_spells=3,melee=4,move=2,move_command_group=2,missile_reload=1",
        "melee=4,move=2,move_command_group=2,missile_reload=3,engines_of_war_reload=3",
        "brilliant_tactician=2,cast_spells=3,engines_of_war_reload=3,missile_reload=3,move=2,move_command_group=1",
    ];
    let mut c = muster();
    c.args([
        "decks",
        HEROES,
        "--first-round",
        "100",
        "--rounds",
        "2",
        "--confirm",
        "2",
        "--quiet",
        "--out",
    ])
    .arg(&out);
    for b in builds {
        c.args(["--build", b]);
    }
    let o = c.output().unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let csv = muster::report::table::CsvTable::read(&out.join("decks.csv")).unwrap();
    assert_eq!(csv.rows.len(), 3);
    assert!(csv
        .rows
        .iter()
        .any(|r| csv.text(r, "status") == "inseparable from the best"));
    assert_self_contained(&out);
    // Charts say B1..B3; the legend maps each key to its build.
    let keys = muster::report::table::CsvTable::read(&out.join("build_keys.csv")).unwrap();
    for (i, r) in csv.rows.iter().enumerate() {
        assert_eq!(csv.text(r, "key"), format!("B{}", i + 1));
        assert_eq!(keys.text(&keys.rows[i], "build"), csv.text(r, "build"));
    }
    let html = std::fs::read_to_string(out.join("report.html")).unwrap();
    let svgs: Vec<&str> = html
        .split("<svg")
        .skip(1)
        .map(|s| &s[..s.find("</svg>").unwrap()])
        .collect();
    assert!(
        !svgs.is_empty()
            && svgs
                .iter()
                .all(|s| s.contains("\nB1\n") && !s.contains("=2,"))
    );
    let legend = html.find("Build keys of the charts").unwrap();
    assert!(legend < html.find("Every build, best first").unwrap());
    let bad = muster()
        .args(["decks", HEROES, "--build", "melee=5"])
        .output()
        .unwrap();
    assert!(!bad.status.success());
    assert!(String::from_utf8_lossy(&bad.stderr).contains("not legal"));

    let tune = tmp.path().join("tune");
    let o = muster()
        .args([
            "tune",
            HEROES,
            "--unit",
            "troll",
            "--param",
            "mcv",
            "--range",
            "1..4",
            "--target",
            "0.75",
            "--battles",
            "300",
            "--quiet",
            "--out",
        ])
        .arg(&tune)
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert_eq!(
        std::fs::read_to_string(tune.join("tune.csv"))
            .unwrap()
            .lines()
            .count(),
        5
    );
    assert_self_contained(&tune);
    let dnd = muster()
        .args([
            "tune",
            "scenarios/dnd_war/infantry_lines.toml",
            "--unit",
            "x",
            "--param",
            "points",
        ])
        .output()
        .unwrap();
    assert!(String::from_utf8_lossy(&dnd.stderr).contains("points do not change play"));
}

/// `muster decks` without `--build` races every legal build: as many rows
/// as the independent count of tv27 (356).
#[test]
fn decks_enumerates_every_legal_build() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("all");
    let o = muster()
        .args([
            "decks",
            HEROES,
            "--first-round",
            "4",
            "--rounds",
            "1",
            "--confirm",
            "1",
            "--quiet",
            "--out",
        ])
        .arg(&out)
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let csv = muster::report::table::CsvTable::read(&out.join("decks.csv")).unwrap();
    assert_eq!(
        csv.rows.len(),
        super::sob_game::count_builds(0, 14) as usize
    );
}

/// A mirror match: the militia's MCV that makes the battle even is, by
/// symmetry, its mirror's MCV, so the tuning answer (the values whose 95%
/// interval holds 50%, by test inversion) must contain it.
#[test]
fn tune_finds_the_even_value_known_by_symmetry() {
    let mirror = "tests/data/sob_mirror.toml";
    let rules = match load_scenario(Path::new(mirror)).unwrap().rules {
        muster::scenario::ScenarioRules::StatesOfBattle(r) => r,
        _ => panic!("a States of Battle scenario"),
    };
    let mirror_militia = rules
        .core
        .setup
        .units
        .iter()
        .position(|u| u.label == "mirror militia")
        .unwrap();
    let symmetric = i64::from(rules.sob.mcv[mirror_militia]);
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("tune");
    let o = muster()
        .args([
            "tune",
            mirror,
            "--unit",
            "militia",
            "--param",
            "mcv",
            "--range",
            "1..8",
            "--battles",
            "3000",
            "--quiet",
            "--out",
        ])
        .arg(&out)
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let csv = muster::report::table::CsvTable::read(&out.join("tune.csv")).unwrap();
    let consistent: Vec<i64> = csv
        .rows
        .iter()
        .filter(|r| csv.num(r, "win_rate_lo95") <= 0.5 && 0.5 <= csv.num(r, "win_rate_hi95"))
        .map(|r| csv.num(r, "value") as i64)
        .collect();
    assert!(
        consistent.contains(&symmetric),
        "mirror MCV {symmetric} not among the even values {consistent:?}"
    );
    // The curve falls as the militia's MCV (what its loss costs) rises.
    let first = csv.num(&csv.rows[0], "win_rate");
    let last = csv.num(csv.rows.last().unwrap(), "win_rate");
    assert!(first > last + 0.05, "{first} .. {last}");
}

/// Output files are written through private temporary files; once in
/// place they are readable by others, like any report meant to be shared.
#[cfg(unix)]
#[test]
fn outputs_are_readable_by_others() {
    use std::os::unix::fs::PermissionsExt;
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("run");
    assert!(muster()
        .args(["run", "--battles", "50", "--quiet", "--out"])
        .arg(&out)
        .status()
        .unwrap()
        .success());
    for f in ["summary.csv", "run.toml"] {
        let mode = std::fs::metadata(out.join(f)).unwrap().permissions().mode();
        assert_eq!(mode & 0o777, 0o644, "{f}");
    }
}

/// An analysis whose battles mostly end at the time limit says so among
/// its answers, after the verdict, on the terminal and in analysis.toml and
/// report.html, naming the variant; one whose battles end otherwise does not.
#[test]
fn compare_and_sweep_warn_when_the_time_limit_decides_and_only_then() {
    let tmp = tempfile::tempdir().unwrap();
    let infantry = "scenarios/dnd_war/infantry_lines.toml";
    let warning = "Warning: the time limit ended ";
    let cases: [(&str, &[&str], Option<&str>); 3] = [
        (
            "compare",
            &[infantry, "--vary", "options.game_turns=6,30"],
            Some("of the battles of game_turns = 6 (1 of the 2 variants)"),
        ),
        (
            "sweep",
            &[infantry, "--grid", "options.game_turns=4,6"],
            Some("of the battles of both cells, up to "),
        ),
        (
            "compare",
            &[HEROES, "--vary", "side.Humans.mc_adjust=0,1"],
            None,
        ),
    ];
    for (k, (command, args, named)) in cases.into_iter().enumerate() {
        let out = tmp.path().join(format!("{command}-{k}"));
        let o = muster()
            .arg(command)
            .args(args)
            .args(["--battles", "200", "--quiet", "--out"])
            .arg(&out)
            .output()
            .unwrap();
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        let stdout = String::from_utf8_lossy(&o.stdout);
        let manifest = std::fs::read_to_string(out.join("analysis.toml")).unwrap();
        let html = std::fs::read_to_string(out.join("report.html")).unwrap();
        let Some(named) = named else {
            for text in [&*stdout, &manifest, &html] {
                assert!(!text.contains(warning), "{command} {args:?}:\n{text}");
            }
            continue;
        };
        let lines: Vec<&str> = stdout.lines().collect();
        let at = lines.iter().position(|l| l.starts_with(warning));
        let at = at.unwrap_or_else(|| panic!("{command}: no warning in\n{stdout}"));
        assert!(lines[at].contains(named), "{}", lines[at]);
        assert!(
            lines[at - 1].contains("Humans"),
            "after the verdict: {stdout}"
        );
        assert!(manifest.contains(lines[at]), "{manifest}");
        assert!(html.contains(&format!("<li>{}</li>", lines[at])), "{html}");
    }
}
