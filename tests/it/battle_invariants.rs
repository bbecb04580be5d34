//! The battle-invariant suite: traced battles of every shipped D&D War and
//! States of Battle scenario, checked against rules that must hold in every
//! battle. The test build also runs the core's own audits in each of them
//! (every remembered answer measured again; the models whose bases touch an
//! enemy counted again base by base against the enemy's footprint, so a
//! projection that drops a model in contact fails here).
//!
//! Checked on the trace of each battle:
//! - no unit that falls back from the units it was fighting flees into one
//!   of them after 0 inches (L442, L144);
//! - no declared charge ends "no room at the target" unless the target
//!   moved out of turn in answer to it (a Manoeuvre card): the doctrine
//!   asks the core for room before it declares.
//!
//! `MUSTER_SLOW_TESTS=1` (CI) plays 500 battles per scenario, else 60.
//!
//! And for every shipped scenario of every ruleset: its ruleset marks which
//! end reasons are the clock (one mark per reason, at least one of them),
//! and a battle the clock ended played the whole round limit.

use muster::engine::play_one;
use muster::rules::{NoTrace, Ruleset, TraceEvent, VecTrace};
use muster::scenario::{load_scenario, WithRuleset};
use muster::stats::TallyShape;
use std::path::Path;

fn battles() -> u64 {
    if std::env::var("MUSTER_SLOW_TESTS").is_ok_and(|v| v == "1") {
        500
    } else {
        60
    }
}

/// The change lines of one battle, as (unit, change).
struct Traced(u64);

impl WithRuleset for Traced {
    type Output = Vec<Vec<(String, String)>>;
    fn run<R: Ruleset>(self, ruleset: &R) -> Self::Output {
        (0..self.0)
            .map(|battle| {
                let mut trace = VecTrace::default();
                play_one(ruleset, 1, battle, &mut trace);
                trace
                    .events
                    .into_iter()
                    .filter_map(|e| match e {
                        TraceEvent::Change { unit, change, .. } => Some((unit, change)),
                        _ => None,
                    })
                    .collect()
            })
            .collect()
    }
}

fn shipped() -> Vec<std::path::PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios");
    let mut out = vec![];
    for dir in ["dnd_war", "states_of_battle"] {
        for entry in std::fs::read_dir(root.join(dir)).expect("scenario folder") {
            let path = entry.expect("entry").path();
            if path.extension().is_some_and(|e| e == "toml") {
                out.push(path);
            }
        }
    }
    out.sort();
    out
}

/// The enemies named in "... flees from A, B toward bearing N".
fn fled_from(change: &str) -> Option<Vec<String>> {
    let rest = change.split_once(" and flees from ")?.1;
    let names = rest.split_once(" toward bearing")?.0;
    Some(names.split(", ").map(str::to_string).collect())
}

/// The enemy and distance of "flees into X after D inches: You Cannot Pass!".
fn fled_into(change: &str) -> Option<(String, f64)> {
    let rest = change.strip_prefix("flees into ")?;
    let (who, rest) = rest.split_once(" after ")?;
    let d = rest.split_once(" inches")?.0.parse().ok()?;
    Some((who.to_string(), d))
}

/// Checks the flights of one battle; returns how many broken units fell
/// back from named enemies (so that a change of wording cannot leave the
/// check with nothing to look at).
fn check_flights(name: &str, battle: usize, changes: &[(String, String)]) -> usize {
    let mut fought: std::collections::HashMap<&str, Vec<String>> = Default::default();
    let mut checked = 0;
    for (unit, change) in changes {
        if change.contains(" and flees") {
            let from = fled_from(change).unwrap_or_default();
            checked += usize::from(!from.is_empty());
            fought.insert(unit, from);
        }
        // Only the move that starts a flight leads away from the units
        // fought; a later compulsory fall back goes toward the board edge.
        if change.starts_with("falls back") {
            fought.remove(unit.as_str());
        }
        if let Some((enemy, d)) = fled_into(change) {
            let from = fought.remove(unit.as_str()).unwrap_or_default();
            assert!(
                !(d == 0.0 && from.contains(&enemy)),
                "{name} battle {battle}: {unit} fled into {enemy}, which it was fighting, after 0 inches"
            );
        }
    }
    checked
}

fn check_charges(name: &str, battle: usize, changes: &[(String, String)]) -> usize {
    let mut declared = 0;
    let mut pending: Option<(&str, &str)> = None;
    // Units that moved out of turn (a Manoeuvre card answers a charge
    // before the charge is declared) since the last declaration.
    let mut moved: Vec<&str> = vec![];
    for (unit, change) in changes {
        if change.starts_with("manoeuvres") {
            moved.push(unit);
        }
        if let Some(rest) = change.strip_prefix("declares a charge on ") {
            declared += 1;
            pending = rest
                .rsplit_once(" at ")
                .map(|(t, _)| (unit.as_str(), t))
                .filter(|(_, t)| !moved.contains(t));
            moved.clear();
            continue;
        }
        if let Some((charger, target)) = pending {
            if unit == charger && change.starts_with("finds no room") {
                panic!(
                    "{name} battle {battle}: {charger} declared a charge on {target} with no room"
                );
            }
            let outcome = change.starts_with("charges into")
                || change.starts_with("rolls a 1")
                || change.contains("out of reach")
                || change.starts_with("is caught by");
            if outcome && (unit == charger || unit == target) {
                pending = None;
            }
        }
    }
    declared
}

#[test]
fn every_shipped_scenario_plays_by_the_invariants() {
    let n = battles();
    for path in shipped() {
        let name = path
            .strip_prefix(env!("CARGO_MANIFEST_DIR"))
            .unwrap_or(&path)
            .display()
            .to_string();
        let scenario = load_scenario(&path).expect("shipped scenario");
        let traces = scenario.rules.with(Traced(n));
        let (mut declared, mut broke) = (0, 0);
        for (battle, changes) in traces.iter().enumerate() {
            broke += check_flights(&name, battle, changes);
            declared += check_charges(&name, battle, changes);
        }
        assert!(declared > 0, "{name}: no charge in {n} battles");
        assert!(
            broke > 0,
            "{name}: no unit broke from named enemies in {n} battles"
        );
    }
}

#[test]
fn the_checks_catch_what_they_look_for() {
    let bad_flight = vec![
        (
            "A".to_string(),
            "breaks and flees from B, C toward bearing 10".to_string(),
        ),
        (
            "A".to_string(),
            "flees into C after 0.0 inches: You Cannot Pass!".to_string(),
        ),
    ];
    assert!(std::panic::catch_unwind(|| check_flights("t", 0, &bad_flight)).is_err());
    let other_enemy = vec![
        (
            "A".to_string(),
            "breaks and flees from B toward bearing 10".to_string(),
        ),
        (
            "A".to_string(),
            "flees into D after 0.0 inches: You Cannot Pass!".to_string(),
        ),
        ("A".to_string(), "falls back 3.0 inches".to_string()),
        (
            "A".to_string(),
            "flees into B after 0.0 inches: You Cannot Pass!".to_string(),
        ),
    ];
    check_flights("t", 0, &other_enemy);
    let no_room = vec![
        (
            "A".to_string(),
            "declares a charge on B at 3.0 inches".to_string(),
        ),
        (
            "A".to_string(),
            "finds no room at the target: the charge is not made".to_string(),
        ),
    ];
    assert!(std::panic::catch_unwind(|| check_charges("t", 0, &no_room)).is_err());
}

/// A scenario's tally shape and, per battle, its end reason and rounds.
struct Ends(u64);

impl WithRuleset for Ends {
    type Output = (TallyShape, Vec<(u8, u16)>);
    fn run<R: Ruleset>(self, ruleset: &R) -> Self::Output {
        let ends = (0..self.0)
            .map(|battle| {
                let r = play_one(ruleset, 1, battle, &mut NoTrace);
                (r.end_reason, r.rounds_played)
            })
            .collect();
        (ruleset.tally_shape(), ends)
    }
}

#[test]
fn the_clock_ends_a_battle_only_at_the_round_limit() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios");
    let mut seen = 0;
    for ruleset in [
        "armies",
        "means_war",
        "dnd_war",
        "states_of_battle",
        "standards_of_valor",
    ] {
        for entry in std::fs::read_dir(root.join(ruleset)).expect("scenario folder") {
            let path = entry.expect("entry").path();
            if !path.extension().is_some_and(|e| e == "toml") {
                continue;
            }
            let name = format!("{ruleset}/{}", path.file_name().unwrap().to_string_lossy());
            let scenario = load_scenario(&path).expect("shipped scenario");
            let (shape, ends) = scenario.rules.with(Ends(battles()));
            assert_eq!(shape.clock_ends.len(), shape.end_reasons.len(), "{name}");
            assert!(
                shape.clock_ends.contains(&true),
                "{name}: no clock end reason"
            );
            for (battle, (reason, rounds)) in ends.into_iter().enumerate() {
                if shape.is_clock_end(usize::from(reason)) {
                    assert_eq!(
                        usize::from(rounds),
                        shape.max_rounds,
                        "{name}, battle {battle}: ended by {} before the limit",
                        shape.end_reasons[usize::from(reason)]
                    );
                }
            }
            seen += 1;
        }
    }
    assert!(seen >= 20, "{seen} scenarios");
}
