//! `run` answers in plain words: it opens with the army sheet and one
//! verdict sentence, writes the army sheet's CSVs and report.html by
//! default (not with `--no-report`), and the built-in default scenario is
//! a States of Battle battle.

use std::path::Path;
use std::process::{Command, Output};

fn muster(args: &[&str], out: &Path) -> Output {
    Command::new(env!("CARGO_BIN_EXE_muster"))
        .args(args)
        .arg("--out")
        .arg(out)
        .output()
        .unwrap()
}

/// The terminal summary without its timing line (seconds and battles/s).
fn deterministic_part(stdout: &str) -> String {
    stdout
        .lines()
        .filter(|l| {
            !l.contains("battles/s") && !l.starts_with("outputs:") && !l.starts_with("report:")
        })
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn the_default_run_opens_with_the_army_sheet_and_a_verdict_and_writes_its_report() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("default");
    let o = muster(&["run", "--battles", "2000", "--quiet"], &out);
    assert_eq!(
        o.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    let stdout = String::from_utf8_lossy(&o.stdout);
    insta::assert_snapshot!(deterministic_part(&stdout));
    assert!(stdout.contains(&format!("report: {}", out.join("report.html").display())));
    for f in ["army.csv", "army_sides.csv", "report.html", "mc_flow.csv"] {
        assert!(out.join(f).is_file(), "{f} missing");
    }
    let html = std::fs::read_to_string(out.join("report.html")).unwrap();
    let answers = html.find("The answers").unwrap();
    let armies = html.find("The armies").unwrap();
    let charts = html.find("<h2>Charts").unwrap();
    assert!(
        answers < armies && armies < charts,
        "answers, then armies, then charts"
    );
    // The report opens with the terminal's verdict.
    let verdict = stdout
        .lines()
        .find(|l| l.starts_with("The battle favours") || l.starts_with("Neither side"))
        .expect("a verdict on the terminal");
    let clause = verdict.split(':').next().unwrap();
    assert!(html.contains(clause), "{clause}");
    let sides = std::fs::read_to_string(out.join("army_sides.csv")).unwrap();
    assert!(sides.starts_with("side,units,models,points,morale_counters,generalship_die,orders\n"));
    assert!(sides.contains("Humans,5,90,3100,12,d10,"), "{sides}");
}

#[test]
fn no_report_skips_the_charts_and_the_page() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("plain");
    let scenario = Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios/armies/open_field.toml");
    let o = muster(
        &[
            "run",
            scenario.to_str().unwrap(),
            "--battles",
            "300",
            "--quiet",
            "--no-report",
        ],
        &out,
    );
    assert_eq!(
        o.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    assert!(!out.join("report.html").exists());
    assert!(!out.join("charts").exists());
    assert!(out.join("army.csv").is_file());
    let stdout = String::from_utf8_lossy(&o.stdout);
    assert!(!stdout.contains("report:"), "{stdout}");
    assert!(
        stdout.starts_with("army sheet\n  Attacker: 9 units, 9 points"),
        "{stdout}"
    );
}

#[test]
fn check_prints_a_valid_scenarios_army_sheet() {
    let scenario =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios/means_war/pikemen_vs_swordsmen.toml");
    let o = Command::new(env!("CARGO_BIN_EXE_muster"))
        .arg("check")
        .arg(&scenario)
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(0));
    let stdout = String::from_utf8_lossy(&o.stdout);
    assert!(stdout.contains("army sheet\n"), "{stdout}");
    assert!(stdout.contains("models points"), "{stdout}");
}

#[test]
fn completions_and_man_pages_come_from_the_command_line_itself() {
    let bash = Command::new(env!("CARGO_BIN_EXE_muster"))
        .args(["completions", "bash"])
        .output()
        .unwrap();
    assert_eq!(bash.status.code(), Some(0));
    let script = String::from_utf8_lossy(&bash.stdout);
    for word in ["_muster()", "--no-report", "--checkpoint", "fairness"] {
        assert!(
            script.contains(word),
            "`{word}` missing from the bash script"
        );
    }
    let bad = Command::new(env!("CARGO_BIN_EXE_muster"))
        .args(["completions", "tcsh"])
        .output()
        .unwrap();
    assert_eq!(bad.status.code(), Some(2));
    let dir = tempfile::tempdir().unwrap();
    let man = Command::new(env!("CARGO_BIN_EXE_muster"))
        .arg("manpage")
        .arg(dir.path())
        .output()
        .unwrap();
    assert_eq!(man.status.code(), Some(0));
    let run = std::fs::read_to_string(dir.path().join("muster-run.1")).unwrap();
    assert!(
        run.contains("no\\-report") || run.contains("no-report"),
        "{run}"
    );
    assert!(dir.path().join("muster.1").is_file());
}

/// A run whose battles mostly end at the time limit (D&D War's six turns)
/// says so after its verdict and warns that its answer is the clock's;
/// one whose battles mostly end otherwise (States of Battle's Morale
/// Counters) says how they ended and does not warn. The report says the
/// same lines.
#[test]
fn a_run_says_how_its_battles_ended_and_warns_only_when_the_clock_decides() {
    let dir = tempfile::tempdir().unwrap();
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let warning = "Warning: the time limit ended ";
    for (scenario, largest, warned) in [
        ("dnd_war/infantry_lines.toml", "turn limit", true),
        (
            "states_of_battle/heroes_and_monster.toml",
            "Morale Counters exhausted",
            false,
        ),
    ] {
        let path = root.join("scenarios").join(scenario);
        let out = dir.path().join(scenario.replace('/', "-"));
        let o = muster(
            &["run", path.to_str().unwrap(), "--battles", "400", "--quiet"],
            &out,
        );
        assert_eq!(o.status.code(), Some(0), "{scenario}");
        let stdout = String::from_utf8_lossy(&o.stdout);
        let lines: Vec<&str> = stdout.lines().collect();
        let at = lines
            .iter()
            .position(|l| l.starts_with("How battles ended: "))
            .unwrap_or_else(|| panic!("{scenario}: no endings line in\n{stdout}"));
        assert!(
            lines[at - 1].contains(" battles") && lines[at - 1].ends_with('.'),
            "{scenario}: the endings follow the verdict:\n{stdout}"
        );
        let first = lines[at].split(", ").next().unwrap();
        assert!(first.ends_with(largest), "{scenario}: {}", lines[at]);
        assert_eq!(lines[at + 1].starts_with(warning), warned, "{stdout}");
        assert_eq!(stdout.matches(warning).count(), usize::from(warned));
        let html = std::fs::read_to_string(out.join("report.html")).unwrap();
        assert!(
            html.contains(&format!("<li>{}</li>", lines[at])),
            "{scenario}"
        );
        match warned {
            true => assert!(html.contains(&format!("<li>{}</li>", lines[at + 1]))),
            false => assert!(!html.contains(warning), "{scenario}"),
        }
    }
}
