//! The input and reliability gaps of issue 38 (items 6, 8, 9, 11 and 12):
//! `merge` refuses an `--out` that is, holds or lies inside one of its
//! input shards before writing anything, refuses a shard whose tally was
//! edited, and points an interrupted shard at `run --resume`; `run --resume` refuses a resume.json whose tally
//! was edited (totals that do not add up, a checksum that does not
//! match, a file of the older format); `check` lists the first hundred of
//! 200,000 unknown keys and counts the rest; `check` refuses fairness
//! slots where two different units overlap; two identical `decks` or
//! `counter` commands write identical reports (no wall-clock time in
//! them); `counter` refuses a too-small `--budget` before it loads
//! anything. No assertion depends on wall-clock time or memory.

use super::outputs::{killed_after_checkpoint, muster, ok, FAST};
use super::support::tree;
use std::path::{Path, PathBuf};
use std::process::Output;

const HEROES: &str = "scenarios/states_of_battle/heroes_and_monster.toml";
const PLANTED: &str = "tests/data/counter_archers.toml";

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// Asserts a refusal: exit 2, no panic, and every text of `expect` in the
/// error.
fn refused(out: &Output, expect: &[&str]) {
    let err = stderr(out);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(!err.contains("panicked"), "{err}");
    for e in expect {
        assert!(err.contains(e), "expected `{e}` in\n{err}");
    }
}

/// `muster merge A B --out OUT`.
fn merge(inputs: [&Path; 2], out: &Path) -> Output {
    muster()
        .arg("merge")
        .args(inputs)
        .arg("--out")
        .arg(out)
        .output()
        .unwrap()
}

/// Plays shard `k` of 2 of a 400-battle run of FAST into `out`.
fn shard(out: &Path, k: u32) {
    ok(&muster()
        .args(["run", FAST, "--quiet", "--no-report", "--threads", "2"])
        .args(["--battles", "400", "--shard", &format!("{k}/2"), "--out"])
        .arg(out)
        .output()
        .unwrap());
}

/// Item 6: `merge --out` naming one of its input shards, a folder inside
/// one, a folder holding them, or a link to one is refused with exit 2
/// before anything is written; the shards are left byte for byte as they
/// were, and a merge into a new folder still works.
#[test]
fn merge_refuses_an_out_that_is_one_of_its_shards() {
    let tmp = tempfile::tempdir().unwrap();
    let shards = tmp.path().join("shards");
    let (s0, s1) = (shards.join("s0"), shards.join("s1"));
    shard(&s0, 0);
    shard(&s1, 1);
    let link = tmp.path().join("link");
    std::os::unix::fs::symlink(&s0, &link).unwrap();
    let before = tree(&shards);
    let inside = s1.join("merged");
    for (out, input) in [(&s0, &s0), (&link, &s0), (&inside, &s1), (&shards, &s0)] {
        let o = merge([&s0, &s1], out);
        refused(
            &o,
            &[
                &format!("--out {}", out.display()),
                &format!("the input shard folder {}", input.display()),
                "choose another --out",
            ],
        );
        assert!(
            tree(&shards) == before,
            "--out {}: a shard changed",
            out.display()
        );
        assert!(
            !inside.exists(),
            "--out {}: a folder was made",
            out.display()
        );
    }
    // --force does not make it safe either.
    let o = muster()
        .arg("merge")
        .arg(&s0)
        .arg(&s1)
        .args(["--force", "--out"])
        .arg(&s1)
        .output()
        .unwrap();
    refused(&o, &["choose another --out"]);
    assert!(tree(&shards) == before);
    let merged = tmp.path().join("merged");
    ok(&merge([&s0, &s1], &merged));
    assert!(merged.join("summary.csv").is_file());
    // A shard whose tally was edited (100 wins added) is refused by name.
    let edited = tmp.path().join("edited");
    copy_folder(&s1, &edited);
    let file = edited.join("shard.json");
    let mut json: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap();
    add(&mut json["tally"]["wins"][0], 100);
    std::fs::write(&file, serde_json::to_string(&json).unwrap()).unwrap();
    let o = muster()
        .arg("merge")
        .arg(&s0)
        .arg(&edited)
        .arg("--out")
        .arg(tmp.path().join("from-edited"))
        .output()
        .unwrap();
    refused(
        &o,
        &[
            &file.display().to_string(),
            "`tally.wins`",
            "run shard 1/2 again",
        ],
    );
    assert!(!tmp.path().join("from-edited").exists());
    // Comparison shards likewise.
    let studies = tmp.path().join("studies");
    let compare = |k: u32| {
        let out = studies.join(format!("c{k}"));
        ok(&muster()
            .args(["compare", FAST, "--vary", "side.0.units.0.count=1,2"])
            .args(["--battles", "200", "--quiet", "--shard", &format!("{k}/2")])
            .arg("--out")
            .arg(&out)
            .output()
            .unwrap());
        out
    };
    let (c0, c1) = (compare(0), compare(1));
    let before = tree(&studies);
    let o = merge([&c0, &c1], &c1);
    refused(
        &o,
        &[
            &format!("the input shard folder {}", c1.display()),
            "choose another --out",
        ],
    );
    assert!(tree(&studies) == before, "a comparison shard changed");
}

/// Item 12: `merge` refusing an interrupted run shard points at `muster
/// run --resume` on its folder; once resumed, the shards merge.
#[test]
fn merge_points_an_interrupted_shard_at_run_resume() {
    let tmp = tempfile::tempdir().unwrap();
    let (s0, s1) = (tmp.path().join("s0"), tmp.path().join("s1"));
    ok(&muster()
        .args(["run", FAST, "--quiet", "--no-report", "--threads", "2"])
        .args(["--battles", "5000", "--shard", "0/2", "--out"])
        .arg(&s0)
        .output()
        .unwrap());
    killed_after_checkpoint(&s1, &["--battles", "5000", "--shard", "1/2"]);
    let merged = tmp.path().join("merged");
    let o = merge([&s0, &s1], &merged);
    refused(
        &o,
        &[
            "(interrupted)",
            &format!("`muster run --resume {}`", s1.display()),
        ],
    );
    assert!(!merged.exists());
    ok(&muster()
        .args(["run", "--quiet", "--threads", "2", "--resume"])
        .arg(&s1)
        .output()
        .unwrap());
    ok(&merge([&s0, &s1], &merged));
}

/// A copy of folder `from` at `to` (files only, as a run writes them
/// without a report).
fn copy_folder(from: &Path, to: &Path) {
    for (name, bytes) in tree(from) {
        let path = to.join(name);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, bytes).unwrap();
    }
}

/// Copies the killed run `from` to `name` under `tmp` with its resume.json
/// edited by `edit`, and returns the copy.
fn edited(
    from: &Path,
    tmp: &Path,
    name: &str,
    edit: impl FnOnce(&mut serde_json::Value),
) -> PathBuf {
    let to = tmp.join(name);
    copy_folder(from, &to);
    let path = to.join("resume.json");
    let mut json: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    edit(&mut json);
    std::fs::write(&path, serde_json::to_string(&json).unwrap()).unwrap();
    to
}

fn add(v: &mut serde_json::Value, n: i64) {
    *v = serde_json::Value::from(v.as_i64().unwrap() + n);
}

/// `muster run --resume DIR`.
fn resume(dir: &Path) -> Output {
    muster()
        .args(["run", "--quiet", "--threads", "2", "--resume"])
        .arg(dir)
        .output()
        .unwrap()
}

/// Item 8: a resume.json whose tally was edited is refused, naming the
/// file, the field and the fix, and the folder is left as it was: 100
/// wins added (the totals no longer add up), one unit's fate moved (the
/// totals still add up, the checksum does not), the checksum removed,
/// and a file of the older format without one. The untouched copy
/// resumes to the uninterrupted run's output.
#[test]
fn an_edited_resume_tally_is_refused() {
    let tmp = tempfile::tempdir().unwrap();
    let killed = tmp.path().join("killed");
    let extra = ["--battles", "3000"];
    killed_after_checkpoint(&killed, &extra);
    let file = |dir: &Path| dir.join("resume.json").display().to_string();

    let wins = edited(&killed, tmp.path(), "wins", |j| {
        add(&mut j["tally"]["wins"][0], 100)
    });
    let before = tree(&wins);
    refused(
        &resume(&wins),
        &[
            &file(&wins),
            "`tally.wins`",
            "run it again without --resume",
        ],
    );
    assert!(tree(&wins) == before, "a refused resume changed the folder");

    let fate = edited(&killed, tmp.path(), "fate", |j| {
        let fates = &mut j["tally"]["fates"][0];
        let moved = (0..fates.as_array().unwrap().len())
            .find(|&i| fates[i].as_i64().unwrap() > 0)
            .unwrap();
        add(&mut fates[moved], -1);
        let other = (moved + 1) % fates.as_array().unwrap().len();
        add(&mut fates[other], 1);
    });
    refused(
        &resume(&fate),
        &[&file(&fate), "`checksum`", "run it again without --resume"],
    );

    let unsealed = edited(&killed, tmp.path(), "unsealed", |j| {
        j.as_object_mut().unwrap().remove("checksum");
    });
    refused(
        &resume(&unsealed),
        &[
            &file(&unsealed),
            "`checksum`",
            "run it again without --resume",
        ],
    );

    let old = edited(&killed, tmp.path(), "old", |j| {
        j.as_object_mut().unwrap().remove("checksum");
        j["format"] = serde_json::Value::from(1);
    });
    refused(
        &resume(&old),
        &[
            &file(&old),
            "resume format 1",
            "run it again without --resume",
        ],
    );

    ok(&resume(&killed));
    let whole = tmp.path().join("whole");
    ok(&muster()
        .args(["run", FAST, "--quiet", "--threads", "2"])
        .args(extra)
        .arg("--out")
        .arg(&whole)
        .output()
        .unwrap());
    let (resumed, whole) = (tree(&killed), tree(&whole));
    assert_eq!(
        resumed.keys().collect::<Vec<_>>(),
        whole.keys().collect::<Vec<_>>()
    );
    for (name, bytes) in &resumed {
        assert!(whole[name] == *bytes, "{} differs", name.display());
    }
}

/// The consistency of a played tally, for [`every_ruleset_plays_tallies_that_add_up`].
struct Consistency;

impl muster::scenario::WithRuleset for Consistency {
    type Output = (Option<(String, String)>, Option<(String, String)>);
    fn run<R: muster::rules::Ruleset>(self, ruleset: &R) -> Self::Output {
        let cancel = std::sync::atomic::AtomicBool::new(false);
        let plan = muster::engine::Plan::Fixed(300);
        let mut tally =
            muster::engine::run(ruleset, 3, plan, &cancel, &muster::engine::Silent).tally;
        let played = tally.inconsistency();
        tally.draws += 1;
        (played, tally.inconsistency())
    }
}

/// What `--resume` checks of a tally holds for the tallies every ruleset
/// plays (so no genuine resume.json is refused), and one more draw breaks
/// it.
#[test]
fn every_ruleset_plays_tallies_that_add_up() {
    for file in [
        "scenarios/armies/open_field.toml",
        FAST,
        "scenarios/dnd_war/infantry_lines.toml",
        HEROES,
        "scenarios/standards_of_valor/cohort_vs_warband.toml",
    ] {
        let scenario = muster::scenario::load_scenario(Path::new(file)).unwrap();
        let (played, edited) = scenario.rules.with(Consistency);
        assert_eq!(played, None, "{file}");
        let (field, _) = edited.unwrap_or_else(|| panic!("{file}: an extra draw passed"));
        assert_eq!(field, "tally.wins", "{file}");
    }
}

/// Item 9: a file of 200,000 unknown keys lists the first hundred, each at
/// its own line, and counts the rest exactly. (How much memory it takes
/// is measured outside the tests.)
#[test]
fn check_lists_a_hundred_of_200000_unknown_keys_and_counts_the_rest() {
    let scenario = std::fs::read_to_string("scenarios/dnd_war/infantry_lines.toml").unwrap();
    let n = 200_000;
    let mut text: String = (0..n).map(|i| format!("stray_{i} = 1\n")).collect();
    text.push_str(&scenario);
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("stray.toml");
    std::fs::write(&path, text).unwrap();
    let o = muster().arg("check").arg(&path).output().unwrap();
    let err = stderr(&o);
    assert_eq!(o.status.code(), Some(2), "{err}");
    let listed: Vec<&str> = err.lines().filter(|l| l.contains("unknown key")).collect();
    assert_eq!(listed.len(), 100, "{err}");
    for (i, line) in listed.iter().enumerate() {
        let at = format!("{}:{}:1: `stray_{i}`: unknown key", path.display(), i + 1);
        assert!(line.starts_with(&at), "{line}");
    }
    assert!(
        err.contains(&format!("... and {} more, not listed", n - 100)),
        "{err}"
    );
    assert!(err.contains(&format!("\n{n} problems found")), "{err}");
}

/// A fairness list on infantry_lines.toml whose first side's first two
/// slots are 6" apart: the wide unit (16") fits beside copies of itself
/// (it can reach the first slot only) and the narrow one (4") beside
/// copies of itself, but the narrow one beside the wide one overlaps it.
/// `gap` is the distance between the first two slots.
fn slot_list(dir: &Path, gap: u32) -> PathBuf {
    let scenario = std::env::current_dir()
        .unwrap()
        .join("scenarios/dnd_war/infantry_lines.toml");
    let second = 10 + gap;
    let text = format!(
        r#"[fairness]
name = "Overlapping slots"
scenario = "{}"
budget = 1400
spread = 0.5

[[side]]
slots = [[10, 4], [{second}, 4], [{}, 4], [{}, 4], [{}, 4]]

[[side]]
slots = [[62, 44], [42, 44], [36, 44], [30, 44], [24, 44]]

[[unit]]
profile = "human_spearmen"
label = "wide"
companies = 4
frontage = 4
max = 1

[[unit]]
profile = "orc_warriors"
label = "narrow"
companies = 1
frontage = 1
max = 4
"#,
        scenario.display(),
        second + 6,
        second + 12,
        second + 18,
    );
    let path = dir.join(format!("slots_{gap}.toml"));
    std::fs::write(&path, text).unwrap();
    path
}

/// Item 11: `check` refuses slots where a unit stands on a different
/// unit in the next slot, at the slot's line with a fix; `fairness`
/// refuses the list before playing; slots far enough apart pass.
#[test]
fn check_refuses_fairness_slots_where_two_units_overlap() {
    let tmp = tempfile::tempdir().unwrap();
    let list = slot_list(tmp.path(), 6);
    let o = muster().arg("check").arg(&list).output().unwrap();
    refused(
        &o,
        &[
            &format!("{}:8:", list.display()),
            "`side[0].slots[1]`: slot [16, 4] cannot hold `narrow`",
            "overlaps `wide 1`",
            "hint: move the slot",
        ],
    );
    let out = tmp.path().join("out");
    let o = muster()
        .arg("fairness")
        .arg(&list)
        .args(["--matchups", "20", "--battles", "2", "--quiet", "--out"])
        .arg(&out)
        .output()
        .unwrap();
    refused(&o, &["`side[0].slots[1]`"]);
    assert!(!out.exists(), "fairness wrote outputs for a refused list");
    let apart = slot_list(tmp.path(), 12);
    ok(&muster().arg("check").arg(&apart).output().unwrap());
}

/// Numbers followed by the unit `s` (durations such as `3.2 s`) in `text`.
fn durations(text: &str) -> Vec<String> {
    let words: Vec<&str> = text.split_whitespace().collect();
    words
        .windows(2)
        .filter(|w| {
            w[0].chars().any(|c| c.is_ascii_digit())
                && w[0]
                    .trim_end_matches(|c: char| c.is_ascii_digit() || c == '.')
                    .is_empty()
                && w[1].trim_end_matches(|c: char| !c.is_alphanumeric()) == "s"
        })
        .map(|w| w.join(" "))
        .collect()
}

/// Runs `args` into `out` twice (the first output moved aside) and asserts
/// that `files` are byte-identical and carry no duration.
fn twice_the_same(args: &[&str], out: &Path, files: &[&str]) {
    let first = out.with_extension("first");
    let play = || {
        ok(&muster().args(args).arg("--out").arg(out).output().unwrap());
    };
    play();
    std::fs::rename(out, &first).unwrap();
    play();
    for f in files {
        let (a, b) = (
            std::fs::read_to_string(first.join(f)).unwrap(),
            std::fs::read_to_string(out.join(f)).unwrap(),
        );
        assert!(durations(&a).is_empty(), "{f}: {:?}", durations(&a));
        assert!(a == b, "{f} differs between two identical runs");
    }
}

/// Item 12: two identical `decks` races, and two identical `counter`
/// searches, write byte-identical analysis.toml and report.html: the
/// wall-clock time is printed, not written.
#[test]
fn identical_decks_and_counter_runs_write_identical_reports() {
    let tmp = tempfile::tempdir().unwrap();
    twice_the_same(
        &[
            "decks",
            HEROES,
            "--build",
            "melee=4,move=2,move_command_group=2,missile_reload=3,engines_of_war_reload=3",
            "--build",
            "brilliant_tactician=2,cast_spells=3,melee=4,move=2,move_command_group=2,missile_reload=1",
            "--first-round",
            "20",
            "--rounds",
            "1",
            "--confirm",
            "10",
            "--quiet",
        ],
        &tmp.path().join("decks"),
        &["analysis.toml", "report.html"],
    );
    twice_the_same(
        &[
            "counter",
            PLANTED,
            "--side",
            "Humans",
            "--budget",
            "16000",
            "--confirm",
            "20",
            "--quiet",
        ],
        &tmp.path().join("counter"),
        &["analysis.toml", "report.html"],
    );
}

/// Item 12: a `--budget` too small for a search is refused before the
/// scenario is even read (here it does not exist), with the least budget
/// and nothing written.
#[test]
fn counter_refuses_a_small_budget_before_its_set_up() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("counter");
    let o = muster()
        .args([
            "counter",
            "no/such/scenario.toml",
            "--budget",
            "100",
            "--out",
        ])
        .arg(&out)
        .output()
        .unwrap();
    refused(
        &o,
        &["--budget 100 is too small", "give --budget 16000 or more"],
    );
    assert!(!out.exists());
}
