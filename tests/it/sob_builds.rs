//! Orders builds that fit their armies: `muster check` warns (and does not
//! fail) when a side fields casters and no Cast Spells, or missile units
//! or war machines and no card that reloads them; every shipped States of
//! Battle scenario's builds fit its armies, and its casters cast in play
//! on the D&D War core.

use muster::dice::Dice;
use muster::overlays::sob::cards::{order_row, Order};
use muster::rules::{BattleRecord, NoTrace, Ruleset};
use muster::scenario::problems::Problem;
use muster::scenario::{load_scenario, load_scenario_text, ScenarioRules};
use std::path::Path;

const DIR: &str = "scenarios/states_of_battle";

/// The warnings of shipped scenario `name` with `from` replaced by `to`.
fn warnings_of(name: &str, from: &str, to: &str) -> Vec<Problem> {
    warnings_edited(name, &[(from, to)])
}

/// The warnings of shipped scenario `name` with each edit made.
fn warnings_edited(name: &str, edits: &[(&str, &str)]) -> Vec<Problem> {
    let mut edited = std::fs::read_to_string(format!("{DIR}/{name}")).unwrap();
    for (from, to) in edits {
        assert!(edited.contains(from), "{from}");
        edited = edited.replacen(from, to, 1);
    }
    match load_scenario_text(name, &edited, Some(Path::new(DIR))) {
        Ok(s) => s.warnings,
        Err(p) => panic!("a warning is not an error: {p}"),
    }
}

#[test]
fn a_side_with_casters_and_no_cast_spells_is_warned_about() {
    let w = warnings_of(
        "heroes_and_monster.toml",
        "sob_doctrine = \"steady\"\n",
        "sob_doctrine = \"steady\"\norders = { brilliant_tactician = 2, engines_of_war_reload = 1, melee = 4, missile_reload = 3, move = 2, move_command_group = 2 }\n",
    );
    assert_eq!(w.len(), 1, "{w:?}");
    let text = w[0].to_string();
    assert!(text.starts_with("heroes_and_monster.toml:29:"), "{text}");
    assert!(text.contains("`side[0].orders`"), "{text}");
    assert!(
        text.contains("side `Humans` fields casters") && text.contains("no Cast Spells"),
        "{text}"
    );
}

#[test]
fn a_side_with_missile_units_or_machines_and_no_reload_card_is_warned_about() {
    let w = warnings_of(
        "heroes_and_monster.toml",
        "sob_doctrine = \"steady\"\n",
        "sob_doctrine = \"steady\"\norders = { brilliant_tactician = 2, cast_spells = 3, engines_of_war_reload = 1, melee = 4, move = 2, move_command_group = 2 }\n",
    );
    assert_eq!(w.len(), 1, "{w:?}");
    assert!(
        w[0].message.contains("side `Humans` fields missile units")
            && w[0].message.contains("no card that reloads them"),
        "{}",
        w[0]
    );
    // The gunline's machines: Missile Reload reloads them unless its scope
    // is missile infantry only.
    let dwarves = "orders = { brilliant_tactician = 2, engines_of_war_reload = 3, melee = 2, missile_reload = 3, move = 2, move_command_group = 2 }";
    let no_engines = "orders = { brilliant_tactician = 2, cast_spells = 3, melee = 4, missile_reload = 3, move = 2 }";
    assert!(warnings_of("gunline.toml", dwarves, no_engines).is_empty());
    let deployment = "sob_deployment = \"gd_rolloff\"\n";
    let infantry_only =
        "sob_deployment = \"gd_rolloff\"\nmissile_reload_scope = \"infantry_only\"\n";
    let w = warnings_edited(
        "gunline.toml",
        &[(dwarves, no_engines), (deployment, infantry_only)],
    );
    assert_eq!(w.len(), 1, "{w:?}");
    assert!(
        w[0].message.contains("side `Dwarves` fields war machines"),
        "{}",
        w[0]
    );
    assert_eq!(w[0].field, "side[0].orders");
}

/// `muster check` prints a warning with its place and still succeeds.
#[test]
fn muster_check_prints_warnings_and_succeeds() {
    let text = std::fs::read_to_string(format!("{DIR}/heroes_and_monster.toml")).unwrap();
    let edited = text.replacen(
        "sob_doctrine = \"steady\"\n",
        "sob_doctrine = \"steady\"\norders = { brilliant_tactician = 2, engines_of_war_reload = 1, melee = 4, missile_reload = 3, move = 2, move_command_group = 2 }\n",
        1,
    );
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("no_spells.toml");
    std::fs::write(&path, edited).unwrap();
    // The army list is built in; the doctrines are named.
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_muster"))
        .arg("check")
        .arg(&path)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    assert!(
        stderr.contains(&format!("warning: {}:29:", path.display())),
        "{stderr}"
    );
    assert!(stderr.contains("no Cast Spells"), "{stderr}");
}

/// Every shipped States of Battle scenario's builds fit its armies (no
/// warning), and on the D&D War core both sides' casters in
/// heroes_and_monster cast through Cast Spells.
#[test]
fn shipped_scenarios_builds_fit_their_armies_and_casters_cast() {
    let mut files: Vec<_> = std::fs::read_dir(DIR)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "toml"))
        .collect();
    files.sort();
    assert_eq!(files.len(), 6);
    for f in &files {
        let s = load_scenario(f).unwrap_or_else(|p| panic!("{p}"));
        assert!(s.warnings.is_empty(), "{}: {:?}", f.display(), s.warnings);
    }
    let s = load_scenario(Path::new(
        "scenarios/states_of_battle/heroes_and_monster.toml",
    ))
    .unwrap();
    let ScenarioRules::StatesOfBattle(r) = s.rules else {
        panic!("States of Battle")
    };
    let mut scratch = r.new_scratch();
    let mut record = BattleRecord::default();
    let row = order_row(Order::CastSpells);
    let mut cast = [0u32; 2];
    for i in 0..100 {
        let mut dice = Dice::for_battle(4, i);
        r.play(&mut dice, &mut scratch, &mut record, &mut NoTrace);
        for (s, c) in cast.iter_mut().enumerate() {
            let played = scratch.sob.cards[s][row][1];
            let wasted = scratch.sob.cards[s][row][3];
            *c += played - wasted;
        }
    }
    assert!(
        cast.iter().all(|&c| c > 0),
        "Cast Spells with an effect: {cast:?}"
    );
}
