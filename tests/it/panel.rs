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

/// Runs muster with `args` and `--quiet`, expects it to refuse (exit 2)
/// and returns what it said on standard error.
fn refused(args: &[&str]) -> String {
    let o = Command::new(env!("CARGO_BIN_EXE_muster"))
        .args(args)
        .arg("--quiet")
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(2));
    String::from_utf8_lossy(&o.stderr).to_string()
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
        "--no-race",
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
    assert!(
        stdout.contains("4 pairings, 1200 battles in all"),
        "{stdout}"
    );
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
    assert!(stdout.contains("81 pairings, "), "{stdout}");
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
    let err = refused(&["panel", SCENARIO, "--max-pairings", "10"]);
    assert!(err.contains("81 pairings, over --max-pairings 10"), "{err}");
    let err = refused(&["panel", SCENARIO, "--doctrines", "steady"]);
    assert!(err.contains("at least two doctrines"), "{err}");
}

#[test]
fn a_raced_pairing_stops_early_on_the_battles_a_run_of_that_length_plays() {
    let tmp = tempfile::tempdir().unwrap();
    let panel = tmp.path().join("panel");
    let said = muster(
        &["run", SCENARIO, "--panel", "all", "--battles", "800"],
        &panel,
    );
    let stdout = String::from_utf8_lossy(&said.stdout);
    assert!(stdout.contains("settled early"), "{stdout}");
    let csv = std::fs::read_to_string(panel.join("panel.csv")).unwrap();
    let battles: Vec<u64> = (0..81)
        .map(|r| column(&csv, r, "battles").parse().unwrap())
        .collect();
    assert!(battles.iter().any(|&b| b < 800), "no pairing settled early");
    assert!(battles.iter().all(|&b| [100, 200, 400, 800].contains(&b)));
    // The pairing of the scenario's own doctrines (Humans balanced+steady,
    // Orcs aggressive+steady) played the first N battles of a run.
    let row = (0..81)
        .find(|&r| {
            column(&csv, r, "first_side_doctrines") == "balanced+steady"
                && column(&csv, r, "second_side_doctrines") == "aggressive+steady"
        })
        .unwrap();
    let n = column(&csv, row, "battles");
    let run = tmp.path().join("run");
    muster(&["run", SCENARIO, "--battles", &n, "--no-report"], &run);
    let summary = std::fs::read_to_string(run.join("summary.csv")).unwrap();
    assert_eq!(column(&csv, row, "wins"), column(&summary, 0, "wins"));
}

/// A command under a doctrine panel: its summary and one report per pairing.
fn panel_study(args: &[&str], out: &Path) -> (String, String) {
    let said = muster(args, out);
    let csv = std::fs::read_to_string(out.join("pairings.csv")).unwrap();
    for k in 1..=4 {
        let report = out.join(format!("pairings/P{k}/report.html"));
        assert!(report.is_file(), "{}", report.display());
    }
    assert!(out.join("report.html").is_file());
    (String::from_utf8_lossy(&said.stdout).to_string(), csv)
}

#[test]
fn compare_under_a_panel_flags_a_change_whose_effect_turns_over() {
    // The troll's MCV 4 against 2: against the Orcs' steady card play it
    // helps the Humans, against reckless play it hurts them (pinned at
    // seed 1; the intervals are 1.5 to 5.0 and -17.7 to -9.7 pp).
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("cmp");
    let (stdout, csv) = panel_study(
        &[
            "compare",
            SCENARIO,
            "--vary",
            "side.Orcs.units.troll.mcv=2,4",
            "--doctrines",
            "steady,reckless",
            "--battles",
            "1000",
        ],
        &out,
    );
    assert!(
        stdout.contains("THE VERDICT DEPENDS ON DOCTRINE: Variant mcv = 4: raises Humans' win rate in 2, lowers it in 2 of 4 pairings"),
        "{stdout}"
    );
    assert_eq!(csv.lines().count(), 5, "{csv}");
    assert_eq!(column(&csv, 0, "answer"), "raises Humans' win rate");
    assert_eq!(column(&csv, 1, "answer"), "lowers it");
    // Each pairing's comparison is the comparison of that pairing alone.
    let alone = tmp.path().join("alone");
    muster(
        &[
            "compare",
            SCENARIO,
            "--vary",
            "side.Orcs.units.troll.mcv=2,4",
            "--battles",
            "1000",
        ],
        &alone,
    );
    let p1 = std::fs::read_to_string(out.join("pairings/P1/compare.csv")).unwrap();
    let whole = std::fs::read_to_string(alone.join("compare.csv")).unwrap();
    assert_eq!(p1, whole);
}

#[test]
fn tune_decks_and_fairness_take_a_panel_and_say_whether_their_answer_holds() {
    let tmp = tempfile::tempdir().unwrap();
    let (stdout, csv) = panel_study(
        &[
            "tune",
            SCENARIO,
            "--unit",
            "troll",
            "--param",
            "mcv",
            "--doctrines",
            "steady,reckless",
            "--battles",
            "200",
        ],
        &tmp.path().join("tune"),
    );
    assert!(stdout.contains("troll's MCV (now 2): "), "{stdout}");
    assert_eq!(column(&csv, 0, "question"), "troll's MCV (now 2)");
    let file = tmp.path().join("panel.toml");
    std::fs::write(
        &file,
        "# the Orcs' card play only\n[side.Orcs]\nsob_doctrine = [\"steady\", \"reckless\", \"cautious\", \"steady\"]\n",
    )
    .unwrap();
    let dup = tmp.path().join("decks-dup");
    let err = refused(&[
        "decks",
        SCENARIO,
        "--panel",
        file.to_str().unwrap(),
        "--out",
        dup.to_str().unwrap(),
    ]);
    assert!(err.contains("plays the same battles as"), "{err}");
    std::fs::write(
        &file,
        "[side.Orcs]\nsob_doctrine = [\"steady\", \"reckless\"]\n[side.Humans]\nsob_doctrine = [\"steady\", \"cautious\"]\n",
    )
    .unwrap();
    let panel = file.to_str().unwrap();
    let (stdout, csv) = panel_study(
        &[
            "decks",
            SCENARIO,
            "--panel",
            panel,
            "--build",
            "melee=4,move=2,brilliant_tactician=2,cast_spells=3,missile_reload=3",
            "--build",
            "melee=3,move=2,move_command_group=1,brilliant_tactician=2,cast_spells=3,missile_reload=3",
            "--first-round",
            "50",
            "--rounds",
            "2",
            "--confirm",
            "1",
        ],
        &tmp.path().join("decks"),
    );
    assert!(stdout.contains("Humans' Orders build: "), "{stdout}");
    assert_eq!(
        column(&csv, 1, "doctrines"),
        "Humans steady vs Orcs reckless"
    );
    let (stdout, csv) = panel_study(
        &[
            "fairness",
            "scenarios/states_of_battle/fairness/line_units.toml",
            "--doctrines",
            "steady,reckless",
            "--matchups",
            "20",
            "--battles",
            "5",
        ],
        &tmp.path().join("fairness"),
    );
    assert!(stdout.contains("troll (400 pts): "), "{stdout}");
    assert_eq!(csv.lines().count(), 1 + 4 * 5, "{csv}");
    // So few matchups leave one pairing's model unfitted (pinned at seed
    // 1): its units are unanswered there, and the panel goes on.
    assert!(csv.contains("not fitted: "), "{csv}");
    assert!(stdout.contains("not fitted in 1 of 4 pairings"), "{stdout}");
}

#[test]
fn a_bad_panel_file_is_refused_at_its_line() {
    let tmp = tempfile::tempdir().unwrap();
    let file = tmp.path().join("panel.toml");
    std::fs::write(
        &file,
        "sob_doctrine = [\"steady\"]\n[side.Elves]\ndoctrin = [\"x\"]\n",
    )
    .unwrap();
    let err = refused(&["panel", SCENARIO, "--panel", file.to_str().unwrap()]);
    assert!(
        err.contains("panel.toml:2:7: `side.Elves`: no side `Elves`"),
        "{err}"
    );
    assert!(err.contains("the sides are `Humans` and `Orcs`"), "{err}");
    let err = refused(&["compare", SCENARIO, "--doctrines", "steady,reckless"]);
    assert!(err.contains("give one scenario and --vary"), "{err}");
    let err = refused(&["run", SCENARIO, "--no-race"]);
    assert!(
        err.contains("--no-race applies to a doctrine panel"),
        "{err}"
    );
}

#[test]
fn doctrines_competent_plays_the_matchup_of_competent_toml() {
    // A competent.toml written by hand: the Orcs play reckless cards.
    let tmp = tempfile::tempdir().unwrap();
    let root = std::env::current_dir().unwrap();
    let found = tmp
        .path()
        .join("reports/counter-heroes-and-a-monster-states-of-battle");
    std::fs::create_dir_all(found.join("doctrines")).unwrap();
    std::fs::copy(
        root.join("scenarios/states_of_battle/doctrines/reckless.toml"),
        found.join("doctrines/Orcs-sob_doctrine.toml"),
    )
    .unwrap();
    std::fs::write(
        found.join("competent.toml"),
        "scenario = \"heroes-and-a-monster-states-of-battle\"\nconverged = true\nmargin = 0.02\nrounds = 1\n\n[[edit]]\npath = \"side.1.sob_doctrine\"\nfile = \"doctrines/Orcs-sob_doctrine.toml\"\n",
    )
    .unwrap();
    let scenario = root.join(SCENARIO);
    let scenario = scenario.to_str().unwrap();
    // Read from the default folder, relative to where muster runs.
    let o = Command::new(env!("CARGO_BIN_EXE_muster"))
        .current_dir(tmp.path())
        .args([
            "run",
            scenario,
            "--doctrines",
            "competent",
            "--battles",
            "300",
        ])
        .args(["--no-report", "--quiet", "--out", "run"])
        .output()
        .unwrap();
    assert_eq!(
        o.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    let summary = std::fs::read_to_string(tmp.path().join("run/summary.csv")).unwrap();
    let panel = tmp.path().join("panel");
    muster(
        &[
            "panel",
            SCENARIO,
            "--doctrines",
            "steady,reckless",
            "--battles",
            "300",
            "--no-race",
        ],
        &panel,
    );
    let csv = std::fs::read_to_string(panel.join("panel.csv")).unwrap();
    // P2: Humans steady against Orcs reckless.
    assert_eq!(column(&csv, 1, "second_side_doctrines"), "reckless");
    assert_eq!(column(&csv, 1, "wins"), column(&summary, 0, "wins"));
    // No counter output: the way to make one.
    let nothing = tmp.path().join("nothing");
    let err = refused(&[
        "tune",
        SCENARIO,
        "--unit",
        "troll",
        "--param",
        "mcv",
        "--competent",
        nothing.to_str().unwrap(),
    ]);
    assert!(
        err.contains("run `muster counter SCENARIO --rounds K` first"),
        "{err}"
    );
}
