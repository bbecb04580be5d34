//! Standards of Valor exits (L698: forces got off through the enemy's
//! baseline) on real battle states: a unit in good order that reaches the
//! exit's edge leaves and its remaining figures' points count for its side
//! (a Broken one stays); reaching `wins_at` ends the battle in that side's
//! decisive win; at the turn limit the points off count in the points
//! measure; the doctrine's `objective_share` sends units straight for the
//! edge; and bad exits are refused at their field.

use super::sov_objectives::{legion, on, warband};
use super::sov_rules::{scenario_on, setup_of};
use muster::base::{BattleRecord, Side};
use muster::dice::Dice;
use muster::rules::{TraceEvent, VecTrace};
use muster::rulesets::standards_of_valor::battle::{play_battle, Scratch};
use muster::rulesets::standards_of_valor::state::{Cl, Gone, END_OBJECTIVE_TAKEN};
use muster::scenario::load_scenario_text;
use std::path::Path;

/// Romans (`shieldwall`) at the south and Germans (`wild_charge`) whose
/// exit is the Romans' baseline, the south edge; `wins_at` as given.
fn scenario(romans: &[String], germans: &[String], wins_at: &str) -> String {
    let exit = format!("[[exit]]\nside = \"Germans\"\nedge = \"south\"\n{wins_at}\n");
    super::sov_objectives::scenario(romans, germans, &exit)
}

fn changed(events: &[TraceEvent], who: &str, text: &str) -> bool {
    events.iter().any(|e| {
        matches!(e, TraceEvent::Change { unit, change, .. } if unit == who && change.contains(text))
    })
}

#[test]
fn a_unit_in_good_order_at_the_edge_gets_off_and_its_points_count() {
    // The warband's block (a few inches deep) touches the south edge; the
    // other stands 2" short of it.
    let s = setup_of(&scenario(
        &[legion([60.0, 30.0])],
        &[warband("out", [20.0, 2.0]), warband("short", [50.0, 6.0])],
        "",
    ));
    on(&s, |b| {
        let half = b.block(1).half_y;
        b.st.units[1].pos[1] = half;
        b.st.units[2].pos[1] = half + 2.0;
        b.st.units[1].figures -= 4;
        let per_figure = f64::from(b.setup.units[1].points) / 24.0;
        b.update_exits();
        assert_eq!(b.st.units[1].gone, Some(Gone::Exited));
        assert_eq!(b.st.units[2].gone, None, "2\" short stays");
        assert_eq!(b.st.exited, [0.0, 20.0 * per_figure]);
        assert!(changed(
            &b.trace.events,
            "out",
            "gets off through the south edge"
        ));
        // The 4 figures lost before it left count for the Romans; the 20
        // that got off count for the Germans.
        assert_eq!(b.scores(), [4.0 * per_figure, 20.0 * per_figure]);
        assert_eq!(b.decide(false), None, "no wins_at: the battle goes on");
    });
}

#[test]
fn a_broken_unit_at_the_edge_does_not_get_off() {
    let s = setup_of(&scenario(
        &[legion([60.0, 30.0])],
        &[warband("out", [20.0, 2.0])],
        "",
    ));
    on(&s, |b| {
        b.st.units[1].pos[1] = b.block(1).half_y;
        b.st.units[1].cl = Cl::Broken;
        b.update_exits();
        assert_eq!(b.st.units[1].gone, None);
        assert_eq!(b.st.exited, [0.0, 0.0]);
    });
}

#[test]
fn getting_wins_at_points_off_ends_the_battle_in_a_decisive_win() {
    // One warband is worth more than wins_at = 1: once it gets off, the
    // battle is over and the Germans have won it decisively.
    let s = setup_of(&scenario(
        &[legion([60.0, 30.0])],
        &[warband("out", [20.0, 10.0])],
        "wins_at = 1",
    ));
    on(&s, |b| {
        assert_eq!(b.decide(false), None);
        b.st.units[1].pos[1] = b.block(1).half_y;
        b.update_exits();
        assert!(changed(&b.trace.events, "out", ": the battle ends"));
        let (winner, reason) = b.decide(false).expect("over");
        assert_eq!((winner, reason), (Some(Side::B), END_OBJECTIVE_TAKEN));
        assert!(b.decisive(Side::B, reason));
    });
}

#[test]
fn a_whole_battle_ends_when_a_side_gets_enough_off() {
    // Played through: a warband sent straight for the south edge, 20"
    // off, a legion at the far end of the Roman baseline.
    let mut s = setup_of(&scenario(
        &[legion([64.0, 8.0])],
        &[warband("runner", [10.0, 20.0])],
        "wins_at = 1",
    ));
    s.sides[1].doctrine.objective_share = 100;
    let mut ended = 0;
    for i in 0..20 {
        let mut scratch = Scratch::new(&s);
        let mut dice = Dice::for_battle(3, i);
        let mut trace = VecTrace::default();
        let mut record = BattleRecord::default();
        play_battle(&s, &mut scratch, &mut dice, &mut trace, &mut record);
        if record.end_reason == END_OBJECTIVE_TAKEN {
            assert_eq!(record.winner, Some(Side::B));
            assert!(changed(
                &trace.events,
                "runner",
                "gets off through the south edge"
            ));
            ended += 1;
        }
    }
    assert!(ended > 10, "{ended} of 20 battles ended at the exit");
}

#[test]
fn the_objective_share_sends_units_straight_for_the_exit() {
    let mut s = setup_of(&scenario(
        &[legion([60.0, 8.0])],
        &[warband("runner", [20.0, 30.0])],
        "",
    ));
    s.sides[1].doctrine.objective_share = 100;
    let (before, after, events) = on(&s, |b| {
        let before = b.st.units[1].pos;
        b.activate(1);
        (before, b.st.units[1].pos, b.trace.events.clone())
    });
    assert!(after[1] < before[1] - 1.0, "south: {before:?} -> {after:?}");
    assert!(
        (after[0] - before[0]).abs() < 0.01,
        "straight: {before:?} -> {after:?}"
    );
    assert!(changed(&events, "runner", "moves toward the south edge"));
    s.sides[1].doctrine.objective_share = 0;
    let stayed = on(&s, |b| {
        b.activate(1);
        b.trace.events.clone()
    });
    assert!(!changed(&stayed, "runner", "moves toward the south edge"));
}

#[test]
fn bad_exits_are_refused_at_their_fields() {
    let text = scenario_on("", &legion([36.0, 8.0]), &warband("wa", [36.0, 40.0]), "")
        + "\n[[exit]]\nside = \"Gauls\"\nedge = \"up\"\nwins_at = 0\n";
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"));
    let err = match load_scenario_text("test.toml", &text, Some(dir)) {
        Ok(_) => panic!("accepted"),
        Err(p) => p.to_string(),
    };
    for wanted in [
        "exit[0].side",
        "`Gauls` is not a side of this scenario",
        "exit[0].edge",
        "`up` is not a table edge",
        "north, south, east, west",
        "exit[0].wins_at",
    ] {
        assert!(err.contains(wanted), "missing `{wanted}` in:\n{err}");
    }
}

#[test]
fn a_side_whose_units_got_off_is_not_broken_and_is_weighed_at_the_limit() {
    let s = setup_of(&scenario(
        &[legion([60.0, 30.0])],
        &[warband("out", [20.0, 10.0])],
        "",
    ));
    on(&s, |b| {
        b.st.units[1].pos[1] = b.block(1).half_y;
        b.update_exits();
        assert!(!b.side_holds(1), "nothing of theirs is left on the table");
        assert_eq!(b.decide(false), None, "not broken: the battle goes on");
        let (winner, reason) = b.decide(true).expect("the limit decides");
        assert_eq!(winner, Some(Side::B), "the warband's points against none");
        assert!(b.decisive(Side::B, reason));
    });
}

#[test]
fn break_through_the_germans_win_by_getting_half_their_points_off() {
    // The shipped scenario (L698): 11,160 points off ends it. The chieftain's
    // warband (4,464) and two more (2,976 each) are 10,416: not yet; a
    // third more is 13,392: the Germans win, decisively.
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("scenarios/standards_of_valor/break_through.toml");
    let s = match muster::scenario::load_scenario(&path).unwrap().rules {
        muster::scenario::ScenarioRules::StandardsOfValor(r) => r.setup,
        _ => panic!("not Standards of Valor"),
    };
    let find = |label: &str| s.units.iter().position(|u| u.label == label).unwrap();
    on(&s, |b| {
        for label in ["chieftain", "warband_1", "warband_2"] {
            let u = find(label);
            b.st.units[u].pos[1] = b.block(u).half_y;
        }
        b.update_exits();
        assert_eq!(b.st.exited[1], 4464.0 + 2.0 * 2976.0);
        assert_eq!(b.decide(false), None, "10,416 of 11,160: not yet");
        let u = find("warband_3");
        b.st.units[u].pos[1] = b.block(u).half_y;
        b.update_exits();
        let (winner, reason) = b.decide(false).expect("over");
        assert_eq!((winner, reason), (Some(Side::B), END_OBJECTIVE_TAKEN));
        assert!(b.decisive(Side::B, reason));
    });
}
