//! D&D War core faults found by replaying traced battles against the seed
//! (issue "battles that play as the rules say"), each shown in a real
//! battle state built from the shipped army list: a unit that breaks falls
//! back directly away from the units it fought without counting them as
//! fled into (L442, L144); every model whose base touches an enemy fights
//! (L355); a charge is declared only where the geometry lets it make
//! contact (L293-338).

use super::dnd_helpers::*;
use muster::geometry::Arc;
use muster::rules::TraceEvent;
use muster::rulesets::dnd_war::ops::charge::ChargeOutcome;
use muster::rulesets::dnd_war::state::{Engagement, Status};

#[test]
fn a_broken_unit_falls_back_away_from_an_offset_enemy_instead_of_into_it() {
    // Spearmen charge goblins standing 4" to one side of them: contact is
    // offset, so "directly away" is oblique and the goblins' turn onto it
    // swings their trays across the spearmen's front.
    let d = dnd(&scenario(
        &unit(
            "human_spearmen",
            "guard",
            (30.0, 10.0),
            "companies = 4\nfrontage = 2",
        ),
        &unit(
            "goblin_warriors",
            "mob",
            (34.0, 16.0),
            "companies = 2\nfrontage = 2\nfacing = 180",
        ),
        "",
        "",
    ));
    let (mut broke, mut fled) = (0, 0);
    for seed in 0..200 {
        let (outcome, st, trace) = run(&d, seed, |c| {
            let outcome = c.charge(0, 1);
            if matches!(outcome, ChargeOutcome::Contact { .. }) {
                let f = c.fight_of(0);
                c.fight(f);
            }
            outcome
        });
        if !matches!(outcome, ChargeOutcome::Contact { .. }) {
            continue;
        }
        let mob = changes(&trace, "mob");
        if !mob.iter().any(|c| c.starts_with("fails its break test")) {
            continue;
        }
        broke += 1;
        assert!(
            !mob.iter().any(|c| c.contains("You Cannot Pass!")),
            "seed {seed}: the goblins fled into the spearmen they fought: {mob:?}"
        );
        assert!(mob.iter().any(|c| c.contains("flees from Red guard")));
        if st.units[1].status() == Status::Fleeing {
            fled += 1;
            let caught = st.units[1].caught_by.is_some();
            assert!(!st.engaged(1) || caught, "seed {seed}: it left the fight");
        }
    }
    assert!(broke >= 10, "the goblins broke in {broke} of 200 battles");
    assert!(fled >= broke / 2, "{fled} of {broke} broken units fled");
}

#[test]
fn a_unit_fought_front_and_rear_falls_back_sideways() {
    // Goblins pinned between two spearmen units, front and rear.
    let d = dnd(&scenario(
        &(unit(
            "human_spearmen",
            "front",
            (30.0, 10.0),
            "companies = 2\nfrontage = 2",
        ) + &unit(
            "human_spearmen",
            "rear",
            (30.0, 18.0),
            "companies = 2\nfrontage = 2\nfacing = 180",
        )),
        &unit(
            "goblin_warriors",
            "mob",
            (30.0, 14.0),
            "companies = 2\nfrontage = 2\nfacing = 180",
        ),
        "",
        "",
    ));
    run(&d, 1, |c| {
        for (a, arc) in [(0, Arc::Front), (1, Arc::Rear)] {
            c.st.engagements.push(Engagement {
                units: [a, 2],
                arc_on: [Arc::Front, arc],
                overlap: 8.0,
            });
        }
        let away = c.away_from_enemies(2);
        assert!(
            away.length() > 0.5,
            "a way out sideways, across the line joining them"
        );
        assert!(away.y.abs() < 1e-9, "it leads toward neither: {away:?}");
    });
}

#[test]
fn a_unit_fought_on_both_flanks_falls_back_to_its_rear() {
    // Goblins facing north with a spearmen unit flush on each flank.
    let d = dnd(&scenario(
        &(unit(
            "human_spearmen",
            "left",
            (20.0, 14.0),
            "companies = 1\nfrontage = 1\nfacing = 90",
        ) + &unit(
            "human_spearmen",
            "right",
            (40.0, 14.0),
            "companies = 1\nfrontage = 1\nfacing = 270",
        )),
        &unit(
            "goblin_warriors",
            "mob",
            (30.0, 14.0),
            "companies = 2\nfrontage = 2",
        ),
        "",
        "",
    ));
    run(&d, 1, |c| {
        for (a, arc) in [(0, Arc::Left), (1, Arc::Right)] {
            c.st.engagements.push(Engagement {
                units: [a, 2],
                arc_on: [Arc::Front, arc],
                overlap: 2.0,
            });
        }
        let away = c.away_from_enemies(2);
        assert!(away.length() > 0.5, "not hemmed in: {away:?}");
        assert!(
            away.x.abs() < 1e-9,
            "it leads toward neither flank: {away:?}"
        );
    });
}

#[test]
fn a_troll_touching_a_lone_character_fights_with_its_one_model() {
    // The troll's 2" base against the fighter's 1" base: floor(1 / 2) = 0
    // attackers before; every model whose base touches fights.
    let d = dnd(&scenario(
        &unit("troll", "troll", (30.0, 10.0), ""),
        &unit("human_fighter", "fighter", (30.5, 14.0), "facing = 180"),
        "",
        "",
    ));
    let mut struck = 0;
    for seed in 0..40 {
        let (outcome, st, trace) = run(&d, seed, |c| {
            let o = c.charge(0, 1);
            let models = c.fighting_models(0, 1);
            (o, models, c.fighting_models(1, 0))
        });
        let (outcome, troll_models, fighter_models) = outcome;
        if !matches!(outcome, ChargeOutcome::Contact { .. }) {
            continue;
        }
        if st.units[1].on_table() {
            assert_eq!(troll_models, 1, "seed {seed}: the troll's one model fights");
            assert_eq!(fighter_models, 1, "seed {seed}: so does the fighter");
        }
        let rolled = trace.events.iter().any(|e| {
            matches!(e, TraceEvent::Roll { who, purpose, .. }
                if who.ends_with("troll") && purpose.starts_with("close combat"))
        });
        assert!(rolled, "seed {seed}: the troll's charge attacks are rolled");
        struck += 1;
    }
    assert!(struck >= 10, "the troll made contact {struck} times");
}

#[test]
fn no_charge_is_declared_at_a_front_already_filled() {
    // The troll's front is taken by the guard; the reserve behind the
    // guard sees the troll 6" off but no room is left at its front.
    let d = dnd(&scenario(
        &(unit(
            "human_spearmen",
            "guard",
            (30.0, 10.0),
            "companies = 2\nfrontage = 2",
        ) + &unit(
            "human_spearmen",
            "reserve",
            (30.0, 4.0),
            "companies = 2\nfrontage = 2",
        )),
        &unit("troll", "troll", (30.0, 20.0), "facing = 180"),
        "",
        "",
    ));
    let ((room, best), _, _) = run(&d, 1, |c| {
        // Brought into contact with the guard's front (y 11).
        c.st.units[2].set_centre(muster::geometry::Vec2::new(30.0, 12.0));
        c.st.engagements.push(Engagement {
            units: [0, 2],
            arc_on: [Arc::Front, Arc::Front],
            overlap: 2.0,
        });
        (c.has_room_to_charge(1, 2), c.best_charge(1))
    });
    assert!(!room, "the troll's front is full");
    assert_eq!(best, None, "so the reserve declares no charge on it");
}
