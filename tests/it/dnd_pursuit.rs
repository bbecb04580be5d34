//! Pursuit, catches, Stand & Shoot and turns on real D&D War battle states
//! (issue 40, items 13-16), in the native game and under States of Battle:
//! - a pursuer that runs into another enemy stops at contact and charges
//!   it (seed 001 L442), never ending inside it (L39);
//! - the fight of a catch waits for the next turn: the charge attacks and
//!   the return attacks "are not resolved until next turn" (L442, G-06);
//!   under States of Battle, until the fight's next round in a later turn
//!   (digest 5.5), where the pursuer strikes;
//! - a charger destroyed by Stand & Shoot makes no contact (seed 000 L252);
//! - a turn with no room is made smaller, or not made (L39, L174).

use super::dnd_helpers::{changes, dnd, run, scenario, unit};
use super::sob_on_dnd::{load, play_on, sob_scenario};
use muster::geometry::{Rect, Vec2};
use muster::overlays::sob::core::CoreActions;
use muster::overlays::sob::orders::Group;
use muster::rules::Side::{A, B};
use muster::rules::{TraceEvent, VecTrace};
use muster::rulesets::dnd_war::ops::charge::ChargeOutcome;
use muster::rulesets::dnd_war::state::{BattleState, Status};

/// Whether the footprints of units `a` and `b` overlap by more than the
/// touch of two bases in contact.
fn overlapping(st: &BattleState, a: usize, b: usize) -> bool {
    let shrunk = |r: &Rect| Rect {
        width: r.width - 0.02,
        depth: r.depth - 0.02,
        ..*r
    };
    shrunk(st.units[a].rect()).overlaps(&shrunk(st.units[b].rect()))
}

/// Whether the trace has a combat resolution.
fn resolved(t: &VecTrace) -> bool {
    t.events.iter().any(|e| {
        matches!(e, TraceEvent::Change { change, .. } if change.starts_with("combat resolution"))
    })
}

/// Whether `who` rolled close-combat attacks in the trace.
fn struck(t: &VecTrace, who: &str) -> bool {
    t.events.iter().any(|e| {
        matches!(e, TraceEvent::Roll { who: w, purpose, .. }
            if w.ends_with(who) && purpose.starts_with("close combat"))
    })
}

/// Fault: the pursuer slid through every enemy in its way (an enemy gap of
/// 0 is met at any distance) and ended inside the orcs between it and its
/// quarry. L442: a pursuer that "reaches another enemy unit ...
/// automatically charges that unit"; L39: units touch only when engaged.
#[test]
fn a_pursuer_that_runs_into_another_enemy_stops_and_charges_it() {
    let two = "companies = 2\nfrontage = 2";
    let d = dnd(&scenario(
        &unit("human_spearmen", "hunters", (30.0, 10.0), two),
        &(unit(
            "orc_warriors",
            "wall",
            (30.0, 16.0),
            &format!("{two}\nfacing = 180"),
        ) + &unit(
            "orc_warriors",
            "quarry",
            (30.0, 40.0),
            &format!("{two}\nfacing = 180"),
        )),
        "",
        "",
    ));
    let mut charged = 0;
    for seed in 0..30 {
        let (_, st, t) = run(&d, seed, |c| {
            c.st.units[2].set_status(Status::Fleeing);
            c.pursue(0, 2);
        });
        assert!(
            !overlapping(&st, 0, 1),
            "seed {seed}: the pursuer ends inside the wall: {:?}",
            changes(&t, "hunters")
        );
        if st.contact(0, 1).is_some() {
            charged += 1;
            assert_eq!(
                st.units[1].caught_by,
                Some(0),
                "seed {seed}: it strikes next turn"
            );
        }
    }
    // The gap is 4": 2d6 reaches it on 33 rolls in 36.
    assert!(charged >= 20, "{charged} of 30 pursuits charge the wall");
}

/// Fault: a charger that caught a fleeing unit was fought in that turn's
/// close combat phase (the caught unit lost and fled again). L442: "the
/// charge attacks and return attacks are not resolved until next turn";
/// G-06: the catcher strikes in the next turn's charge phase.
#[test]
fn a_charge_catch_is_fought_only_in_the_next_turn() {
    let two = "companies = 2\nfrontage = 2";
    let d = dnd(&scenario(
        &unit("human_spearmen", "hunters", (30.0, 10.0), two),
        &unit(
            "orc_warriors",
            "quarry",
            (30.0, 14.0),
            &format!("{two}\nfacing = 180"),
        ),
        "",
        "",
    ));
    let mut caught = 0;
    for seed in 0..12 {
        let ((outcome, same_turn, next_turn), st, _) = run(&d, seed, |c| {
            c.st.units[1].set_status(Status::Fleeing);
            let outcome = c.charge(0, 1);
            let mark = c.trace.events.len();
            c.close_combat_phase();
            let same_turn = VecTrace {
                events: c.trace.events[mark..].to_vec(),
            };
            c.st.end_turn();
            c.st.turn += 1;
            c.st.new_phase();
            let mark = c.trace.events.len();
            c.charge_phase(A);
            let next_turn = VecTrace {
                events: c.trace.events[mark..].to_vec(),
            };
            (outcome, same_turn, next_turn)
        });
        if outcome != ChargeOutcome::Caught {
            continue;
        }
        caught += 1;
        assert!(
            !resolved(&same_turn),
            "seed {seed}: the catch is fought in the turn it is made: {:?}",
            same_turn.events
        );
        assert_eq!(
            st.units[1].times_fled, 0,
            "seed {seed}: it did not flee again"
        );
        assert!(
            struck(&next_turn, "hunters"),
            "seed {seed}: the catcher strikes in the next charge phase"
        );
    }
    assert!(caught >= 8, "{caught} catches");
}

/// Fault: under States of Battle the charge that caught a fleeing unit
/// fought its first round at once (the caught unit fled again, so the
/// catcher never struck it). Digest 5.5: a pursuit contact is resolved
/// at the start of that fight's next round; L442: next turn.
#[test]
fn under_states_of_battle_a_catch_waits_for_a_later_turn() {
    let two = "companies = 2\nfrontage = 2";
    let text = sob_scenario(
        &unit("human_spearmen", "hunters", (30.0, 10.0), two),
        &unit(
            "orc_warriors",
            "quarry",
            (30.0, 14.0),
            &format!("{two}\nfacing = 180"),
        ),
        "",
        "",
        "",
    );
    let r = load(&text);
    let mut caught = 0;
    for seed in 0..12 {
        let ((contact, same_card, later), _, _, _) = play_on(&r, seed, |g| {
            g.start_turn(A);
            g.core.ctx.st.units[1].set_status(Status::Fleeing);
            let contact = g.core.charge(0, 1).contact;
            let mark = g.core.ctx.trace.events.len();
            g.core.fight_round(1, true);
            let same_card = VecTrace {
                events: g.core.ctx.trace.events[mark..].to_vec(),
            };
            g.start_turn(B);
            let mark = g.core.ctx.trace.events.len();
            g.core.fight_round(1, false);
            let later = VecTrace {
                events: g.core.ctx.trace.events[mark..].to_vec(),
            };
            (contact, same_card, later)
        });
        if !contact {
            continue;
        }
        caught += 1;
        assert!(
            !resolved(&same_card),
            "seed {seed}: the catch is fought in its own card: {:?}",
            same_card.events
        );
        assert!(
            struck(&later, "hunters"),
            "seed {seed}: the catcher strikes in the next turn's round"
        );
    }
    assert!(caught >= 8, "{caught} catches");
}

/// Fault: a charger destroyed by the target's Stand & Shoot still charged:
/// the dead goblin engaged the archers, which could then never shoot or
/// move again. Seed 000 L252: Stand & Shoot is a charge reaction; a unit
/// destroyed makes no charge (L158, L288).
#[test]
fn a_charger_destroyed_by_stand_and_shoot_makes_no_contact() {
    let text = sob_scenario(
        // The spearmen far off keep Red's Morale Counters above 0.
        &(unit("goblin_warriors", "goblin", (30.0, 10.0), "models = 1")
            + &unit("human_spearmen", "spears", (60.0, 2.0), "companies = 2")),
        &unit(
            "elf_archers",
            "archers",
            (30.0, 16.0),
            "companies = 2\nfacing = 180",
        ),
        "",
        "sob_doctrine = \"reckless\"",
        "",
    );
    let r = load(&text);
    let mut killed = 0;
    for seed in 0..80 {
        let (_, st, _, t) = play_on(&r, seed, |g| {
            g.start_turn(A);
            // Spent: the archers cannot fire before the charge, only
            // Stand & Shoot at 18+.
            g.b.spent[2] = true;
            g.move_card(A, Group::Any, true, false);
        });
        if st.units[0].on_table() {
            continue;
        }
        killed += 1;
        assert!(
            st.engagements.is_empty(),
            "seed {seed}: the destroyed goblin charged: {:?}",
            changes(&t, "goblin")
        );
    }
    assert!(killed >= 5, "{killed} goblins shot down");
}

/// Fault: turns were never checked for room: a wide unit pivoting to face
/// an enemy on its flank swung into the unit in front of it. L39: units
/// never touch unless engaged; L174: a pivot of "up to" 90 degrees, so a
/// smaller turn (or none) is made where the full one has no room.
#[test]
fn a_turn_with_no_room_is_made_smaller_or_not_at_all() {
    let four = "companies = 4\nfrontage = 4";
    let d = dnd(&scenario(
        &(unit("human_spearmen", "line", (30.0, 10.0), four)
            + &unit("human_spearmen", "front", (30.0, 16.0), four)),
        &unit("orc_warriors", "orcs", (64.0, 10.0), "facing = 270"),
        "",
        "",
    ));
    let (_, st, t) = run(&d, 1, |c| {
        c.walk_toward(0, Vec2::new(64.0, 10.0), Some(2), 3.0, false);
    });
    assert!(
        !overlapping(&st, 0, 1),
        "the line turned into the unit in front of it: {:?}",
        changes(&t, "line")
    );
}
