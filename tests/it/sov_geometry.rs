//! Standards of Valor battles keep their geometry, checked on the real
//! battle state at the end of every turn of battles of every shipped
//! scenario: no two units on the table overlap unless they are locked in
//! the same hand-to-hand (L1612-1621: no move ends inside another unit).
//! The check is proved by a made-up state that breaks it. The battle
//! check is ignored for now: it fails (see its reason).
//!
//! `MUSTER_SLOW_TESTS=1` (CI) plays 200 battles per scenario, else 30.

use super::sov_rules::with_seeded_battle;
use super::support::shipped_scenarios;
use muster::rules::Tracer;
use muster::rulesets::standards_of_valor::battle::Battle;
use muster::scenario::{load_scenario, ScenarioRules};

fn battles() -> u64 {
    if std::env::var("MUSTER_SLOW_TESTS").is_ok_and(|v| v == "1") {
        200
    } else {
        30
    }
}

/// The first pair of units on the table that overlap by more than a
/// rounding error without being locked together, as labels.
fn overlapping_pair<T: Tracer>(b: &Battle<'_, T>) -> Option<(String, String)> {
    let n = b.st.units.len();
    let locked = |x: usize, y: usize| {
        let (sx, sy) = (&b.st.units[x], &b.st.units[y]);
        sx.locked_with.is_some_and(|l| usize::from(l) == y)
            || sy.locked_with.is_some_and(|l| usize::from(l) == x)
            || (sx.locked_with.is_some() && sx.locked_with == sy.locked_with)
    };
    for x in 0..n {
        for y in x + 1..n {
            if !(b.st.units[x].on_table() && b.st.units[y].on_table()) || locked(x, y) {
                continue;
            }
            if b.skirmishing(x) || b.skirmishing(y) {
                continue;
            }
            let (bx, by) = (b.block(x), b.block(y));
            let dx = (bx.centre[0] - by.centre[0]).abs() - bx.half_x - by.half_x;
            let dy = (bx.centre[1] - by.centre[1]).abs() - bx.half_y - by.half_y;
            if dx < -0.05 && dy < -0.05 {
                return Some((b.label(x), b.label(y)));
            }
        }
    }
    None
}

#[test]
#[ignore = "a known fault of issue 40: about 18% of turns end with two units overlapping (the cohort scenarios deploy the archers and the turma overlapping; withdrawals, falls back, Broken and rout moves, turns); run with --ignored"]
fn no_two_units_overlap_unless_locked_together() {
    let mut found = Vec::new();
    let mut turns = 0;
    for path in shipped_scenarios("standards_of_valor") {
        let scenario = load_scenario(&path).unwrap_or_else(|p| panic!("{p}"));
        let ScenarioRules::StandardsOfValor(rules) = scenario.rules else {
            panic!("{}", path.display())
        };
        let setup = rules.setup;
        for i in 0..battles() {
            with_seeded_battle(1, &setup, i, |b| {
                b.opening_panic_tests();
                let limit = setup.options.turn_limit;
                let mut over = false;
                while !over {
                    b.st.turn += 1;
                    b.play_turn();
                    b.turn_end();
                    turns += 1;
                    if let Some(pair) = overlapping_pair(b) {
                        let name = path.file_stem().unwrap().to_string_lossy();
                        found.push(format!("{name} battle {i} turn {}: {pair:?}", b.st.turn));
                    }
                    over = b.decide(b.st.turn >= limit).is_some();
                }
            });
        }
    }
    assert!(turns > 100);
    assert!(
        found.is_empty(),
        "{} of {turns} turns end with units overlapping: {:#?}",
        found.len(),
        &found[..found.len().min(10)]
    );
}

#[test]
fn the_overlap_check_catches_two_units_on_one_spot() {
    let path = shipped_scenarios("standards_of_valor")
        .into_iter()
        .find(|p| p.ends_with("cohort_vs_warband.toml"))
        .unwrap();
    let ScenarioRules::StandardsOfValor(rules) = load_scenario(&path).unwrap().rules else {
        panic!("not Standards of Valor")
    };
    with_seeded_battle(1, &rules.setup, 0, |b| {
        for (k, unit) in b.st.units.iter_mut().enumerate() {
            unit.pos = [100.0 * k as f32, 24.0];
        }
        assert_eq!(overlapping_pair(b), None, "units far apart");
        b.st.units[1].pos = b.st.units[2].pos;
        assert!(overlapping_pair(b).is_some(), "two units on one spot");
    });
}
