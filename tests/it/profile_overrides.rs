//! Per-unit profile overrides: a unit's `profile_overrides` replaces fields
//! of its profile for that unit only, the army sheet shows the new values
//! and marks the unit, the battles change, and `compare --vary` edits the
//! override's fields.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn muster(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_muster"))
        .args(args)
        .output()
        .unwrap()
}

fn ok(o: &Output) -> String {
    assert_eq!(
        o.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    String::from_utf8_lossy(&o.stdout).into_owned()
}

/// The built-in default scenario, with `extra` added to the troll's table.
fn default_with(dir: &Path, name: &str, extra: &str) -> PathBuf {
    let shipped = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("scenarios/states_of_battle/heroes_and_monster.toml");
    let text = std::fs::read_to_string(shipped).unwrap();
    let troll = "label = \"troll\"\n";
    assert!(text.contains(troll));
    let path = dir.join(name);
    std::fs::write(&path, text.replace(troll, &format!("{troll}{extra}"))).unwrap();
    path
}

/// The troll's row of a run folder's army.csv.
fn troll_row(out: &Path) -> String {
    let army = std::fs::read_to_string(out.join("army.csv")).unwrap();
    assert!(army.starts_with("side,unit,profile,models,points,mcv,profile_overrides\n"));
    army.lines()
        .find(|l| l.starts_with("Orcs,troll,"))
        .unwrap()
        .to_string()
}

fn run(scenario: &Path, out: &Path) -> String {
    ok(&muster(&[
        "run",
        scenario.to_str().unwrap(),
        "--battles",
        "600",
        "--seed",
        "5",
        "--quiet",
        "--no-report",
        "--out",
        out.to_str().unwrap(),
    ]));
    std::fs::read_to_string(out.join("summary.csv")).unwrap()
}

#[test]
fn an_override_changes_the_sheet_and_the_battles_of_that_unit_only() {
    let dir = tempfile::tempdir().unwrap();
    let plain = default_with(dir.path(), "plain.toml", "");
    let cheap = default_with(
        dir.path(),
        "cheap.toml",
        "profile_overrides = { points = 300, speed = 8 }\n",
    );
    let sheet = ok(&muster(&["check", cheap.to_str().unwrap()]));
    assert!(sheet.contains("troll*"), "{sheet}");
    assert!(sheet.contains("* troll: profile overridden: speed=8, points=300"));
    let plain_sheet = ok(&muster(&["check", plain.to_str().unwrap()]));
    assert!(!plain_sheet.contains("troll*") && !plain_sheet.contains("overridden"));

    let (a, b) = (dir.path().join("a"), dir.path().join("b"));
    let (plain_summary, cheap_summary) = (run(&plain, &a), run(&cheap, &b));
    let (before, after) = (troll_row(&a), troll_row(&b));
    assert!(before.ends_with(','), "no overrides: {before}");
    assert!(
        !before.contains(",300,"),
        "the list's troll costs 300 already"
    );
    assert!(after.contains(",300,"), "{after}");
    assert!(after.ends_with(",\"speed=8, points=300\""), "{after}");
    assert_ne!(plain_summary, cheap_summary, "the override changes nothing");
    // Every other unit plays its list's profile.
    let others = |out: &Path| -> Vec<String> {
        std::fs::read_to_string(out.join("army.csv"))
            .unwrap()
            .lines()
            .filter(|l| !l.starts_with("Orcs,troll,"))
            .map(str::to_string)
            .collect()
    };
    assert_eq!(others(&a), others(&b));
}

#[test]
fn compare_varies_an_override_field_the_unit_does_not_have_yet() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("cmp");
    let o = muster(&[
        "compare",
        "--vary",
        "side.Orcs.units.troll.profile_overrides.points=300,500",
        "--battles",
        "300",
        "--quiet",
        "--out",
        out.to_str().unwrap(),
    ]);
    let stdout = ok(&o);
    assert!(stdout.contains("points = 500"), "{stdout}");
    let csv = std::fs::read_to_string(out.join("compare.csv")).unwrap();
    assert!(
        csv.contains(",side.Orcs.units.troll.profile_overrides.points=500,"),
        "{csv}"
    );
    let run = std::fs::read_to_string(out.join("variants/02/run.toml")).unwrap();
    assert!(run.contains("[side.units.profile_overrides]\npoints = 500\n"));
}
