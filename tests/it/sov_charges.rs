//! Standards of Valor moves toward a unit (combat moves, advances,
//! follow-throughs) through the real `Battle` code: a move reaches the
//! target whenever its distance covers the gap to it (contact when the
//! combat move reaches the defender, L2649), whether the target stands
//! straight ahead or off to one side, and ends touching it, not inside.

use super::sov_examples::unit;
use super::sov_rules::{scenario_on, setup_of, with_seeded_battle};
use super::support::rolls;
use muster::rules::TraceEvent;

/// Plays one combat move of a warband at the south end toward archers
/// whose centre is `dx` inches to the side and `dy` ahead, over many
/// battle streams; returns (moves whose distance covered the gap, of
/// those the ones that made contact).
fn reach(dx: f32, dy: f32) -> (u32, u32) {
    let mover = unit(
        "warband germanic_warrior 12x12 close regular 2",
        [30.0, 5.0],
    );
    let goal = unit(
        "archers archer 12x12 close regular 2",
        [30.0 + dx, 5.0 + dy],
    );
    let setup = setup_of(&scenario_on("", &mover, &goal, ""));
    let (mut covered, mut reached) = (0, 0);
    for i in 0..300 {
        with_seeded_battle(0x5EED_0040, &setup, i, |b| {
            let gap = b.dist(0, 1);
            assert!(gap > 0.5, "the units start apart ({gap})");
            let contact = b.combat_move(0, 1);
            let roll = rolls(&b.trace.events, "warband", "combat move");
            let [(_, r)] = roll[..] else {
                panic!("one combat-move roll: {roll:?}")
            };
            let after = b.dist(0, 1);
            let (m, t) = (b.block(0), b.block(1));
            let overlap_x = (m.centre[0] - t.centre[0]).abs() < m.half_x + t.half_x - 0.02;
            let overlap_y = (m.centre[1] - t.centre[1]).abs() < m.half_y + t.half_y - 0.02;
            assert!(
                !(overlap_x && overlap_y),
                "stream {i}: the warband ends inside the archers"
            );
            if 2.0 * f32::from(r) >= gap {
                covered += 1;
                reached += u32::from(contact);
                assert!(!contact || after < 0.02, "contact means touching ({after})");
            } else {
                assert!(!contact, "stream {i}: {r} doubled does not cover {gap}");
                let moved = gap - after;
                assert!(
                    (moved - 2.0 * f32::from(r)).abs() < 0.05,
                    "stream {i}: a move short of the target closes the gap by its whole distance ({moved} of {})",
                    2 * r
                );
            }
        });
    }
    (covered, reached)
}

#[test]
fn a_combat_move_reaches_a_target_straight_ahead() {
    let (covered, reached) = reach(0.0, 8.0);
    assert!(covered > 50, "enough moves covered the gap ({covered})");
    assert_eq!(reached, covered);
}

#[test]
fn a_combat_move_reaches_a_target_off_to_one_side() {
    // The warbands' fronts overlap by a few inches: the gap is straight
    // ahead, and a move that covers it makes contact.
    let (covered, reached) = reach(8.0, 8.0);
    assert!(covered > 50, "enough moves covered the gap ({covered})");
    assert_eq!(
        reached, covered,
        "every move that covered the gap made contact"
    );
}

#[test]
fn a_combat_move_reaches_a_target_beyond_its_flank() {
    // No overlap at all: the nearest points are corner to corner.
    let (covered, reached) = reach(16.0, 6.0);
    assert!(covered > 20, "enough moves covered the gap ({covered})");
    assert_eq!(
        reached, covered,
        "every move that covered the gap made contact"
    );
}

/// A Roman century far off to the south, and two Germanic warbands one
/// behind the other to the north, the rear one's doctrine keeping lanes
/// or not.
fn column_of_warbands(keep_lanes: bool) -> muster::rulesets::standards_of_valor::setup::SovSetup {
    let romans = unit("century auxiliary 20x10 close regular 2", [30.0, 5.0]);
    let front = unit("front germanic_warrior 24x12 close regular 2", [30.0, 30.0]);
    let rear = unit("rear germanic_warrior 24x12 close regular 2", [30.0, 40.0]);
    let text = scenario_on("", &romans, &format!("{front}, {rear}"), "");
    let doctrine = format!(
        r#"doctrine = {{ doctrine = {{ name = "lanes", ruleset = "standards_of_valor" }}, keep_lanes = {keep_lanes} }}"#
    );
    setup_of(&text.replace(r#"doctrine = "wild_charge""#, &doctrine))
}

#[test]
fn a_unit_hidden_by_a_formed_friend_steps_out_from_behind_it_when_its_doctrine_keeps_lanes() {
    // Formed units block sight (L507, the default): the rear warband cannot
    // see the Romans past the front one. Keeping lanes, it steps out beside
    // the front warband's nearer end; not keeping them, it walks on behind.
    for keep_lanes in [true, false] {
        let setup = column_of_warbands(keep_lanes);
        with_seeded_battle(0x1A4E, &setup, 0, |b| {
            assert!(!b.sees(2, 0), "the front warband hides the Romans");
            b.activate(2);
            let stepped = b.trace.events.iter().any(|e| {
                matches!(e, TraceEvent::Change { unit, change, .. }
                    if unit == "rear" && change == "steps out from behind front")
            });
            assert_eq!(stepped, keep_lanes, "keep_lanes = {keep_lanes}");
            let sideways = (b.st.units[2].pos[0] - 30.0).abs();
            assert_eq!(sideways > 5.0, keep_lanes, "moved {sideways}\" sideways");
            assert_eq!(
                b.sees(2, 0),
                keep_lanes,
                "sees the Romans after its activation"
            );
        });
    }
}

/// A Roman century with a Routed warband in reach in front of it, the
/// Romans' doctrine charging `charge` ("eager" or "favourable").
fn routed_warband_in_reach(charge: &str) -> muster::rulesets::standards_of_valor::setup::SovSetup {
    let romans = unit("century auxiliary 20x10 close regular 2", [30.0, 10.0]);
    let fleeing = unit(
        "fleeing germanic_warrior 12x6 skirmish regular 2",
        [30.0, 20.0],
    );
    let far = unit("far germanic_warrior 24x12 close regular 2", [60.0, 44.0]);
    let text = scenario_on("", &romans, &format!("{fleeing}, {far}"), "");
    let doctrine = format!(
        r#"doctrine = {{ doctrine = {{ name = "c", ruleset = "standards_of_valor" }}, charge = "{charge}" }}"#
    );
    setup_of(&text.replace(r#"doctrine = "shieldwall""#, &doctrine))
}

/// Plays the Romans' activation with the warband Routed; returns whether
/// a Reaction test to hold back was rolled and whether the Romans charged
/// the fleeing warband.
fn activation_beside_a_fleeing_enemy(charge: &str, i: u64) -> (bool, bool) {
    use muster::rulesets::standards_of_valor::state::Cl;
    let setup = routed_warband_in_reach(charge);
    with_seeded_battle(0xF1EE, &setup, i, |b| {
        b.st.units[1].cl = Cl::Routed;
        b.activate(0);
        let events = &b.trace.events;
        let tested = events.iter().any(|e| {
            matches!(e, TraceEvent::Roll { who, purpose, .. }
                if who == "century" && purpose.contains("hold back from a fleeing enemy"))
        });
        let charged = events.iter().any(|e| {
            matches!(e, TraceEvent::Decision { unit, choice, .. }
                if unit == "century" && choice == "compulsory at fleeing")
        });
        (tested, charged)
    })
}

#[test]
fn a_fleeing_enemy_in_reach_compels_a_charge_unless_a_reaction_test_holds_the_unit_back() {
    // L546-553: units attempt to charge fleeing enemy forces in charging
    // range unless they pass a Reaction test. An eager doctrine does not
    // try to hold back; a careful one tests, and charges when it fails.
    let (mut held, mut compelled) = (0, 0);
    for i in 0..200 {
        let (tested, charged) = activation_beside_a_fleeing_enemy("favourable", i);
        assert!(tested, "stream {i}: the careful unit tests to hold back");
        held += u32::from(!charged);
        compelled += u32::from(charged);
        let (tested, charged) = activation_beside_a_fleeing_enemy("eager", i);
        assert!(
            !tested && charged,
            "stream {i}: the eager unit charges without a test"
        );
    }
    assert!(
        held > 20 && compelled > 20,
        "both outcomes: held {held}, compelled {compelled}"
    );
}

/// A Roman century 10" south of the Germans' camp (an objective the
/// Germans own whose capture ends the battle), the Romans' doctrine
/// charging `charge`; `defended`: a German warband stands in the camp.
fn century_before_the_german_camp(
    charge: &str,
    defended: bool,
) -> muster::rulesets::standards_of_valor::setup::SovSetup {
    let romans = unit("century auxiliary 20x10 close regular 2", [30.0, 10.0]);
    let at = if defended { [30.0, 24.0] } else { [60.0, 44.0] };
    let germans = unit("warband germanic_warrior 12x6 open regular 2", at);
    let camp = "\n[[objective]]\nname = \"the German camp\"\nat = [30, 24]\nradius = 3\nowner = \"Germans\"\nends_battle = true\n";
    let text = scenario_on("", &romans, &germans, "") + camp;
    let doctrine = format!(
        r#"doctrine = {{ doctrine = {{ name = "c", ruleset = "standards_of_valor" }}, charge = "{charge}" }}"#
    );
    setup_of(&text.replace(r#"doctrine = "shieldwall""#, &doctrine))
}

/// Plays the century's activation; returns whether it tested to hold back
/// from the camp, whether it charged into it, and whether it ended in it.
fn activation_before_the_camp(charge: &str, defended: bool, i: u64) -> (bool, bool, bool) {
    let setup = century_before_the_german_camp(charge, defended);
    with_seeded_battle(0xCA4F, &setup, i, |b| {
        b.activate(0);
        let events = &b.trace.events;
        let tested = events.iter().any(|e| {
            matches!(e, TraceEvent::Roll { who, purpose, .. }
                if who == "century" && purpose.contains("hold back from the enemy camp"))
        });
        let charged = events.iter().any(|e| {
            matches!(e, TraceEvent::Decision { unit, choice, .. }
                if unit == "century" && choice == "compulsory into objective the German camp")
        });
        let o = &b.setup.objectives[0];
        let inside = b.units_within(o, muster::base::Side::A) > 0;
        (tested, charged, inside)
    })
}

#[test]
fn an_undefended_enemy_camp_in_reach_compels_a_charge_into_it() {
    // L546-549: units attempt to charge an enemy baggage train or an
    // undefended enemy encampment within charging range unless they pass a
    // Reaction test. The charge is the unit's combat moves straight in.
    let (mut held, mut compelled, mut reached) = (0, 0, 0);
    for i in 0..200 {
        let (tested, charged, _) = activation_before_the_camp("favourable", false, i);
        assert!(tested, "stream {i}: the careful unit tests to hold back");
        held += u32::from(!charged);
        compelled += u32::from(charged);
        let (tested, charged, inside) = activation_before_the_camp("eager", false, i);
        assert!(
            !tested && charged,
            "stream {i}: the eager unit goes without a test"
        );
        reached += u32::from(inside);
        let (tested, charged, _) = activation_before_the_camp("eager", true, i);
        assert!(
            !tested && !charged,
            "stream {i}: a defended camp compels nothing"
        );
    }
    assert!(
        held > 20 && compelled > 20,
        "held {held}, compelled {compelled}"
    );
    // Two combat moves of twice the move die cover the 11" to the camp's
    // edge more often than not.
    assert!(reached > 100, "{reached} of 200 charges ended in the camp");
}
