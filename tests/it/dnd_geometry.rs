//! D&D War battles keep their geometry (L39: units never touch unless
//! engaged), checked on the real battle state after every turn of battles
//! of every shipped D&D War scenario: no two units on the table overlap by
//! more than a rounding error unless they are engaged with each other
//! (`BattleState::overlapping_pair`; States of Battle battles run the same
//! audit after every round in test builds, so the battle-invariant suite
//! checks every shipped States of Battle scenario).
//! Fleeing units are left out: they may pass through friends (L144) and
//! the fall back that ends inside one is a named reading
//! (`flee_carries_on_until_clear`). The check is proved by a made-up
//! state that breaks it.
//!
//! `MUSTER_SLOW_TESTS=1` (CI) plays 200 battles per scenario, else 30.

use super::dnd_helpers::run;
use super::support::{assert_none_found, shipped_scenarios};
use muster::rulesets::dnd_war::ops::AUDIT_SLACK;
use muster::rulesets::dnd_war::state::BattleState;
use muster::rulesets::dnd_war::DndWar;
use muster::scenario::{load_scenario, ScenarioRules};

fn battles() -> u64 {
    if std::env::var("MUSTER_SLOW_TESTS").is_ok_and(|v| v == "1") {
        200
    } else {
        30
    }
}

/// The first pair of units on the table, neither fleeing, that overlap by
/// more than rounding without being engaged with each other.
fn overlapping_pair(st: &BattleState) -> Option<(usize, usize)> {
    st.overlapping_pair(AUDIT_SLACK)
}

fn shipped_dnd() -> Vec<(String, DndWar)> {
    shipped_scenarios("dnd_war")
        .into_iter()
        .map(|path| {
            let scenario = load_scenario(&path).unwrap_or_else(|p| panic!("{p}"));
            let ScenarioRules::DndWar(d) = scenario.rules else {
                panic!("{}", path.display())
            };
            let name = path.file_stem().unwrap().to_string_lossy().to_string();
            (name, *d)
        })
        .collect()
}

#[test]
fn no_two_units_overlap_unless_engaged_with_each_other() {
    let mut found = Vec::new();
    let mut turns = 0;
    for (name, d) in shipped_dnd() {
        for seed in 0..battles() {
            run(&d, seed, |c| {
                c.st.reset(&d.setup);
                c.play_battle(|st| {
                    turns += 1;
                    if let Some((a, b)) = overlapping_pair(st) {
                        let turn = st.turn;
                        found.push(format!(
                            "{name} battle {seed} turn {turn}: units {a} and {b}"
                        ));
                    }
                });
            });
        }
    }
    assert!(turns > 100, "{turns} turns");
    assert_none_found(&found, turns, "turns end with units overlapping");
}

#[test]
fn the_overlap_check_catches_two_units_on_one_spot() {
    let (_, d) = shipped_dnd().into_iter().next().unwrap();
    run(&d, 0, |c| {
        c.st.reset(&d.setup);
        assert_eq!(overlapping_pair(c.st), None, "deployed clear");
        let (a, b) = (0, c.st.units.len() - 1);
        let there = *c.st.units[b].rect();
        c.st.units[a].set_rect(there);
        assert!(overlapping_pair(c.st).is_some(), "two units on one spot");
    });
}

fn characters_and_monster() -> DndWar {
    shipped_dnd()
        .into_iter()
        .find(|(name, _)| name == "characters_and_monster")
        .unwrap()
        .1
}

#[test]
fn a_character_leaving_his_unit_stands_clear_of_it() {
    // L604, L614: he steps out across the front edge; L39: he does not
    // stand inside the unit he left.
    let d = characters_and_monster();
    run(&d, 0, |c| {
        c.st.reset(&d.setup);
        let find = |c: &muster::rulesets::dnd_war::ops::Ctx<'_, _>, name: &str| {
            (0..c.st.units.len())
                .find(|&u| c.label(u).ends_with(name))
                .unwrap()
        };
        let (aldric, host) = (find(c, "Sir Aldric"), find(c, "guard"));
        c.st.turn = 1;
        c.join(aldric, host, 0.0);
        let hero = c.leave(host).unwrap();
        assert_eq!(hero, aldric);
        let (h, u) = (c.st.units[hero].rect(), c.st.units[host].rect());
        assert!(h.penetration(u) < 1e-9, "{h:?} inside {u:?}");
        assert!(h.distance(u) < 1e-6, "he stands at its front edge");
    });
}

#[test]
fn touching_friends_may_not_walk_deeper_into_each_other() {
    // Two friends whose footprints already cross measure 0 apart: a move
    // that crosses deeper is refused, one out of the other is not.
    let d = characters_and_monster();
    run(&d, 0, |c| {
        c.st.reset(&d.setup);
        let (a, b) = (0, 2);
        let mut r = *c.st.units[b].rect();
        r.centre = c.st.units[a].rect().centre + r.facing.right() * (r.width - 0.5);
        c.st.units[b].set_rect(r);
        assert!(
            c.st.units[a].rect().penetration(&r) > 0.4,
            "made-up overlap"
        );
        let toward = (c.st.units[a].rect().centre - r.centre).normalized();
        assert_eq!(c.clear_travel(b, toward, 2.0, 1.0), 0.0, "deeper: refused");
        let away = toward * -1.0;
        assert!(c.clear_travel(b, away, 2.0, 1.0) > 1.0, "out: allowed");
    });
}
