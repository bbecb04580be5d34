//! Doctrine panels through real battles: a pairing of the panel plays the
//! very battles a run of the scenario with those doctrines plays (common
//! random numbers), and the shipped default scenario's verdict, which turns
//! over when the doctrines change, is flagged.

use std::path::Path;
use std::process::{Command, Output};

const SCENARIO: &str = "scenarios/states_of_battle/heroes_and_monster.toml";

fn muster(args: &[&str], out: &Path) -> Output {
    let o = Command::new(env!("CARGO_BIN_EXE_muster"))
        .args(args)
        .args(["--quiet", "--out"])
        .arg(out)
        .output()
        .unwrap();
    assert_eq!(
        o.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    o
}

fn column(csv: &str, row: usize, name: &str) -> String {
    let mut lines = csv.lines();
    let header: Vec<&str> = lines.next().unwrap().split(',').collect();
    let i = header.iter().position(|h| *h == name).unwrap();
    lines
        .nth(row)
        .unwrap()
        .split(',')
        .nth(i)
        .unwrap()
        .to_string()
}

#[test]
fn a_pairing_plays_the_battles_of_a_run_with_its_doctrines() {
    let tmp = tempfile::tempdir().unwrap();
    let panel = tmp.path().join("panel");
    let args = [
        "panel",
        SCENARIO,
        "--doctrines",
        "steady,reckless",
        "--battles",
        "300",
    ];
    let said = muster(&args, &panel);
    let csv = std::fs::read_to_string(panel.join("panel.csv")).unwrap();
    assert_eq!(csv.lines().count(), 5, "{csv}");
    // The scenario's own card doctrines are steady for both sides: P1.
    assert_eq!(column(&csv, 0, "first_side_doctrines"), "steady");
    assert_eq!(column(&csv, 0, "second_side_doctrines"), "steady");
    let run = tmp.path().join("run");
    muster(&["run", SCENARIO, "--battles", "300", "--no-report"], &run);
    let summary = std::fs::read_to_string(run.join("summary.csv")).unwrap();
    assert_eq!(column(&csv, 0, "wins"), column(&summary, 0, "wins"));
    assert_eq!(column(&csv, 0, "win_rate"), column(&summary, 0, "win_rate"));
    let stdout = String::from_utf8_lossy(&said.stdout);
    assert!(stdout.contains("4 pairings x 300 battles"), "{stdout}");
    assert!(
        stdout.contains("Worst pairing for Humans: Humans "),
        "{stdout}"
    );
    assert!(panel.join("report.html").is_file());
}

#[test]
fn the_default_panel_crosses_both_layers_and_flags_a_verdict_that_flips() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("panel");
    let said = muster(&["panel", SCENARIO, "--battles", "200"], &out);
    let stdout = String::from_utf8_lossy(&said.stdout);
    // Three core and three card doctrines per side: 9 x 9 pairings.
    assert!(stdout.contains("81 pairings x 200 battles"), "{stdout}");
    assert!(
        stdout.contains("THE VERDICT DEPENDS ON DOCTRINE: the battle favours Humans in"),
        "{stdout}"
    );
    let csv = std::fs::read_to_string(out.join("panel.csv")).unwrap();
    let favoured: Vec<String> = (0..81).map(|r| column(&csv, r, "favoured")).collect();
    assert!(favoured.iter().any(|f| f == "Humans"));
    assert!(favoured.iter().any(|f| f == "Orcs"));
}

#[test]
fn a_panel_too_large_or_too_small_is_refused_with_the_way_out() {
    let o = Command::new(env!("CARGO_BIN_EXE_muster"))
        .args(["panel", SCENARIO, "--max-pairings", "10", "--quiet"])
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("81 pairings, over --max-pairings 10"), "{err}");
    let o = Command::new(env!("CARGO_BIN_EXE_muster"))
        .args(["panel", SCENARIO, "--doctrines", "steady", "--quiet"])
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("at least two doctrines"), "{err}");
}
