//! D&D War core faults of the second fidelity round (issue 40), each shown
//! in a real battle state built from the shipped army list: a unit engaged
//! in close combat still takes its panic and flee-through tests (L477-484,
//! L145); a charge is declared only against a target the charger can see
//! past other units (L307, L225); a fall back! moves no farther than its
//! 2d6 + 2S - 12 inches (L142) unless `flee_carries_on_until_clear` says so;
//! a character gone before his challenge is fought strikes no blow in it
//! (G-39 makes only blows at one initiative step simultaneous).

use super::dnd_helpers::*;
use muster::geometry::Vec2;
use muster::overlays::sob::core::FleeCause;
use muster::rules::TraceEvent;
use muster::rulesets::dnd_war::ops::charge::ChargeOutcome;

/// Spearmen (`guard`, index 0) engaged with orcs (`mob`) to their front,
/// and `extra` units of Red after them.
fn engaged_guard(extra: &str) -> muster::rulesets::dnd_war::DndWar {
    let red = unit(
        "human_spearmen",
        "guard",
        (20.0, 10.0),
        "companies = 2\nfrontage = 2",
    ) + extra;
    let blue = unit(
        "orc_warriors",
        "mob",
        (20.0, 13.0),
        "companies = 2\nfrontage = 2\nfacing = 180",
    );
    dnd(&scenario(&red, &blue, "", ""))
}

/// Whether `guard`'s trace shows a courage test of the kind named `test`.
fn took(trace: &muster::rules::VecTrace, test: &str) -> bool {
    changes(trace, "guard")
        .iter()
        .any(|c| (c.starts_with("passes its ") || c.starts_with("fails its ")) && c.contains(test))
}

#[test]
fn an_engaged_unit_takes_its_panic_and_flee_through_tests() {
    // An allied unit destroyed 2" away (L480): the engaged spearmen test.
    let d = engaged_guard(&unit(
        "human_spearmen",
        "friends",
        (30.0, 10.0),
        "companies = 2\nfrontage = 2",
    ));
    let mob = 2;
    let (_, _, trace) = run(&d, 1, |c| {
        engage(c, 0, mob);
        c.remove_unit(1, muster::rulesets::dnd_war::state::Status::Destroyed);
    });
    assert!(
        took(&trace, "panic test"),
        "an engaged unit skipped its panic test: {:?}",
        changes(&trace, "guard")
    );
    // An ally fleeing east through the spearmen' flank (L145, L482).
    let d = engaged_guard(&unit(
        "human_spearmen",
        "runner",
        (8.0, 8.5),
        "companies = 1\nfrontage = 1",
    ));
    let tested = (0..40)
        .filter(|&seed| {
            let (_, _, trace) = run(&d, seed, |c| {
                engage(c, 0, mob);
                c.flee(1, Vec2::new(1.0, 0.0), "panics", FleeCause::AllyPanic, None);
            });
            took(&trace, "flee-through test")
        })
        .count();
    assert!(tested >= 5, "flee-through tests in {tested} of 40 flights");
}

/// Spearmen (`guard`) 6" from goblins (`mob`), with `screen` between them
/// when `screened`: a wide allied unit across every line of sight.
fn charge_across(screened: bool, charger: &str) -> muster::rulesets::dnd_war::DndWar {
    let size = if charger.contains("skirmishers") {
        "models = 6"
    } else {
        "companies = 2\nfrontage = 2"
    };
    let mut red = unit(charger, "guard", (20.0, 10.0), size);
    if screened {
        red += &unit(
            "human_spearmen",
            "screen",
            (20.0, 14.0),
            "companies = 4\nfrontage = 4",
        );
    }
    let blue = unit(
        "goblin_warriors",
        "mob",
        (20.0, 18.0),
        "companies = 2\nfrontage = 2\nfacing = 180",
    );
    dnd(&scenario(&red, &blue, "", ""))
}

#[test]
fn a_charge_needs_a_line_of_sight_past_other_units() {
    for charger in ["human_spearmen", "drow_skirmishers"] {
        // Unscreened, the doctrine charges the goblins.
        let open = charge_across(false, charger);
        let (pick, _, _) = run(&open, 1, |c| c.best_charge(0));
        assert_eq!(pick, Some(1), "{charger}: the open charge");
        // Screened, neither the doctrine nor a declared charge goes ahead (L307).
        let d = charge_across(true, charger);
        let mob = 2;
        let (pick, _, _) = run(&d, 1, |c| c.best_charge(0));
        assert_eq!(
            pick, None,
            "{charger}: the doctrine picked an unseen target"
        );
        let (outcome, _, _) = run(&d, 1, |c| c.charge(0, mob));
        assert_eq!(
            outcome,
            ChargeOutcome::NotVisible,
            "{charger}: charged through the screen"
        );
    }
}

/// The sum of `who`'s fall back! dice in the trace.
fn fall_back_dice(trace: &muster::rules::VecTrace, who: &str) -> u32 {
    trace
        .events
        .iter()
        .filter_map(|e| match e {
            TraceEvent::Roll {
                who: w,
                purpose,
                kept,
                ..
            } if w.ends_with(who) && purpose == "fall back!" => Some(u32::from(*kept)),
            _ => None,
        })
        .sum()
}

#[test]
fn a_fall_back_stops_within_its_roll_and_clear_of_other_units() {
    // Spearmen (speed 6: 2d6 inches) falling back east toward an allied
    // unit 5" away: most rolls end inside it.
    let runner = unit(
        "human_spearmen",
        "runner",
        (10.0, 10.0),
        "companies = 2\nfrontage = 2",
    );
    let wall = unit(
        "human_spearmen",
        "wall",
        (20.0, 10.0),
        "companies = 2\nfrontage = 2",
    );
    let far = unit("orc_warriors", "far", (40.0, 40.0), "facing = 180");
    let (mut stopped_short, mut landed) = (0, 0);
    for carry_on in [false, true] {
        let mut text = scenario(&(runner.clone() + &wall), &far, "", "");
        if carry_on {
            let opt = "[options]\nflee_carries_on_until_clear = true\n\n[[side]]";
            text = text.replacen("[[side]]", opt, 1);
        }
        let d = dnd(&text);
        let mut beyond = 0;
        for seed in 0..60 {
            let (start, st, trace) = run(&d, seed, |c| {
                let start = c.st.units[0].rect().centre;
                c.fall_back(0, Vec2::new(1.0, 0.0));
                start
            });
            let r = &st.units[0];
            if !r.on_table() {
                continue;
            }
            let moved = (r.rect().centre - start).length();
            let rolled = f64::from(fall_back_dice(&trace, "runner"));
            let on_table: Vec<_> = (0..st.units.len())
                .filter(|&i| st.units[i].on_table())
                .collect();
            for &i in &on_table {
                for &j in on_table.iter().filter(|&&j| j > i) {
                    assert!(
                        !st.units[i].rect().overlaps(st.units[j].rect()),
                        "seed {seed}: units {i} and {j} overlap"
                    );
                }
            }
            if rolled >= 6.0 && !carry_on {
                landed += 1;
                stopped_short += usize::from(moved < rolled - 1e-6);
            }
            if moved > rolled + 1e-6 {
                beyond += 1;
            }
        }
        if carry_on {
            assert!(beyond > 0, "the option never carried a flight on");
        } else {
            assert_eq!(beyond, 0, "flights carried on past the roll by default");
            assert!(
                landed > 0 && stopped_short > 0,
                "{stopped_short} of {landed}"
            );
        }
    }
}

/// Sir Aldric and Snikkit of the shipped `characters_and_monster`, who
/// strike at the same initiative step, each joined to his unit.
fn rival_characters() -> (muster::rulesets::dnd_war::DndWar, usize, usize) {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("scenarios/dnd_war/characters_and_monster.toml");
    let scenario = muster::scenario::load_scenario(&path).unwrap();
    let muster::scenario::ScenarioRules::DndWar(d) = scenario.rules else {
        panic!("not D&D War")
    };
    let (aldric, snikkit) = run(&d, 0, |c| {
        c.st.reset(&d.setup);
        let find = |name: &str| (0..c.st.units.len()).find(|&u| c.label(u).ends_with(name));
        (find("Sir Aldric").unwrap(), find("Snikkit").unwrap())
    })
    .0;
    let initiative = |u: usize| d.setup.profiles[d.setup.units[u].profile].initiative;
    assert_eq!(initiative(aldric), initiative(snikkit), "made-up pair");
    (*d, aldric, snikkit)
}

/// The close-combat rolls of `who` in a trace.
fn blows(trace: &muster::rules::VecTrace, who: &str) -> usize {
    trace
        .events
        .iter()
        .filter(|e| {
            matches!(e, TraceEvent::Roll { who: w, purpose, .. }
            if w.ends_with(who) && purpose.starts_with("close combat:"))
        })
        .count()
}

#[test]
fn a_character_gone_before_his_challenge_is_fought_strikes_no_blow_in_it() {
    // G-39: equal initiative strikes simultaneously, so a character slain
    // by his rival's blow still strikes back; one who fled into the enemy
    // and died before the challenge was fought has no blow to strike.
    let (d, aldric, snikkit) = rival_characters();
    let fight = |gone_before: bool| {
        run(&d, 0, |c| {
            c.st.reset(&d.setup);
            if gone_before {
                c.remove_unit(snikkit, muster::rulesets::dnd_war::state::Status::Destroyed);
            }
            c.fight_challenge(aldric, snikkit);
        })
        .2
    };
    let both = fight(false);
    assert_eq!(
        (blows(&both, "Sir Aldric"), blows(&both, "Snikkit")),
        (1, 1)
    );
    let after = fight(true);
    assert_eq!(blows(&after, "Snikkit"), 0, "{:#?}", after.events);
}
