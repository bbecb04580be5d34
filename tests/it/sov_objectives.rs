//! Standards of Valor objectives on real battle states (`Battle` on
//! scenarios built from TOML text, and the shipped scenarios): control and
//! contest of an objective (Broken units do not count), a capture that ends
//! the battle and the taker wins, the points of an objective held added to
//! the score at the turn limit and the grade of the win, the duty the
//! doctrine's `objective_share` gives, the victory conditions of the two
//! seed scenarios shipped (Hold the Line, Ambush!) on hand-built positions,
//! and the located error of an objective off the table.

use super::sov_examples::unit;
use super::sov_rules::{scenario_on, setup_of, with_seeded_battle};
use muster::base::{BattleRecord, Side};
use muster::dice::Dice;
use muster::rules::{Ruleset, TraceEvent, VecTrace};
use muster::rulesets::standards_of_valor::battle::{play_battle, Battle, Scratch};
use muster::rulesets::standards_of_valor::setup::SovSetup;
use muster::rulesets::standards_of_valor::state::{Cl, Gone, END_OBJECTIVE_TAKEN, END_REASONS};
use muster::rulesets::standards_of_valor::victory::GRADES;
use muster::rulesets::standards_of_valor::StandardsOfValor;
use muster::scenario::load_scenario_text;
use std::path::Path;

const CROSSROADS: &str = r#"
[[objective]]
name = "the crossroads"
at = [36, 24]
radius = 3
control = "majority"
at_end = 1000
"#;

const ROMAN_CAMP: &str = r#"
[[objective]]
name = "the Roman camp"
at = [36, 6]
radius = 4
owner = "Romans"
ends_battle = true
"#;

/// Romans (`shieldwall`) and Germans (`wild_charge`) of the seed's figures
/// on an open 72" x 48" table, with these objectives (TOML tables).
pub(crate) fn scenario(romans: &[String], germans: &[String], objectives: &str) -> String {
    let text = scenario_on("", &romans.join(", "), &germans.join(", "), "");
    format!("{text}\n{objectives}")
}

pub(crate) fn legion(at: [f32; 2]) -> String {
    unit("legion legionary 20x10 close veteran 2", at)
}

pub(crate) fn warband(label: &str, at: [f32; 2]) -> String {
    unit(
        &format!("{label} germanic_warrior 24x12 open regular 2"),
        at,
    )
}

/// A fresh traced battle on `setup`.
pub(crate) fn on<R>(setup: &SovSetup, f: impl FnOnce(&mut Battle<'_, VecTrace>) -> R) -> R {
    with_seeded_battle(0x0B_1EC7, setup, 0, f)
}

fn index(setup: &SovSetup, label: &str) -> usize {
    setup
        .units
        .iter()
        .position(|u| u.label == label)
        .expect("unit")
}

fn seized(events: &[TraceEvent], side: &str, text: &str) -> bool {
    events.iter().any(|e| {
        matches!(e, TraceEvent::Change { unit, change, .. } if unit == side && change.contains(text))
    })
}

#[test]
fn the_side_with_more_units_in_range_takes_a_majority_objective_and_broken_units_do_not_count() {
    let s = setup_of(&scenario(
        &[legion([36.0, 8.0])],
        &[warband("wa", [36.0, 44.0]), warband("wb", [10.0, 44.0])],
        CROSSROADS,
    ));
    let (legion, wa, wb) = (index(&s, "legion"), index(&s, "wa"), index(&s, "wb"));
    let events = on(&s, |b| {
        let holder = |b: &Battle<'_, VecTrace>| b.st.holders.holder[0];
        b.update_objectives();
        assert_eq!(holder(b), None, "nobody in range");
        // The legion's front edge 3" from the centre: any part within the radius.
        b.st.units[legion].pos = [36.0, 20.0];
        b.update_objectives();
        assert_eq!(holder(b), Some(Side::A));
        b.st.units[wa].pos = [36.0, 28.5];
        let o = &b.setup.objectives[0];
        assert_eq!([Side::A, Side::B].map(|s| b.units_within(o, s)), [1, 1]);
        b.update_objectives();
        assert_eq!(holder(b), Some(Side::A), "a tie leaves it with its holder");
        b.st.units[wb].pos = [40.0, 27.5];
        b.update_objectives();
        assert_eq!(holder(b), Some(Side::B), "two against one");
        // Broken units are no longer willing to fight (L1152, L1257).
        b.st.units[wa].cl = Cl::Broken;
        b.st.units[wb].cl = Cl::Broken;
        let o = &b.setup.objectives[0];
        assert_eq!([Side::A, Side::B].map(|s| b.units_within(o, s)), [1, 0]);
        b.update_objectives();
        assert_eq!(holder(b), Some(Side::A));
        assert_eq!(b.st.taken_by, None, "holding it ends nothing");
        std::mem::take(&mut b.trace.events)
    });
    assert!(seized(
        &events,
        "Romans",
        "takes objective the crossroads from nobody"
    ));
    assert!(seized(
        &events,
        "Germans",
        "takes objective the crossroads from Romans"
    ));
    assert!(seized(
        &events,
        "Romans",
        "takes objective the crossroads from Germans"
    ));
}

#[test]
fn taking_the_enemy_camp_ends_the_battle_at_once_and_the_taker_wins() {
    // A warband already in the Roman camp, no Roman there: the first update
    // (after the first activation) hands the camp, and the battle, to it.
    let s = setup_of(&scenario(
        &[legion([60.0, 8.0])],
        &[warband("raiders", [36.0, 10.0])],
        ROMAN_CAMP,
    ));
    let mut scratch = Scratch::new(&s);
    let mut dice = Dice::for_battle(5, 0);
    let mut trace = VecTrace::default();
    let mut record = BattleRecord::default();
    play_battle(&s, &mut scratch, &mut dice, &mut trace, &mut record);
    assert_eq!(
        END_REASONS[usize::from(END_OBJECTIVE_TAKEN)],
        "objective_taken"
    );
    assert_eq!(record.end_reason, END_OBJECTIVE_TAKEN);
    assert_eq!(record.winner, Some(Side::B));
    assert_eq!(record.rounds_played, 1);
    assert!(seized(
        &trace.events,
        "Germans",
        "takes objective the Roman camp from Romans: the battle ends"
    ));
    // The grade: a capture that ends the battle is a decisive win.
    let decisive = GRADES.iter().position(|&g| g == "decisive_win").unwrap();
    let lost = GRADES.iter().position(|&g| g == "decisive_loss").unwrap();
    let per_side = GRADES.len();
    assert_eq!(record.side_counts.len(), 2 * per_side);
    assert_eq!(record.side_counts[lost], 1, "Romans: a decisive loss");
    assert_eq!(
        record.side_counts[per_side + decisive],
        1,
        "Germans: a decisive win"
    );
}

#[test]
fn an_owner_in_its_camp_keeps_it_while_the_enemy_stands_in_it_too() {
    let s = setup_of(&scenario(
        &[legion([36.0, 5.0])],
        &[warband("raiders", [36.0, 10.0])],
        ROMAN_CAMP,
    ));
    on(&s, |b| {
        b.update_objectives();
        assert_eq!(
            b.st.holders.holder[0],
            Some(Side::A),
            "contested: no change"
        );
        assert_eq!(b.st.taken_by, None);
        // Routed, the legion no longer holds it.
        b.st.units[0].cl = Cl::Routed;
        b.update_objectives();
        assert_eq!(b.st.taken_by, Some(Side::B));
        assert_eq!(b.decide(false), Some((Some(Side::B), END_OBJECTIVE_TAKEN)));
    });
}

#[test]
fn an_objective_held_at_the_turn_limit_adds_its_points_and_grades_the_win() {
    let s = setup_of(&scenario(
        &[legion([36.0, 20.0])],
        &[warband("wa", [36.0, 44.0])],
        CROSSROADS,
    ));
    on(&s, |b| {
        assert_eq!(b.scores(), [0.0, 0.0]);
        b.update_objectives();
        assert_eq!(b.scores(), [1000.0, 0.0]);
        let (winner, reason) = b.decide(true).expect("the turn limit decides");
        assert_eq!(
            (winner, END_REASONS[usize::from(reason)]),
            (Some(Side::A), "turn_limit_points")
        );
        assert!(
            b.decisive(Side::A, reason),
            "1,000 against nothing: twice or more"
        );
        // 1,000 points against 1 warrior's worth more than 500: a moderate win.
        let per_figure = f64::from(b.setup.units[0].points) / 20.0;
        b.st.units[0].figures -= 2;
        let germans = b.scores()[1];
        assert_eq!(germans, 2.0 * per_figure);
        let (winner, reason) = b.decide(true).unwrap();
        if 1000.0 >= 1.25 * germans {
            assert_eq!(winner, Some(Side::A));
            assert_eq!(b.decisive(Side::A, reason), 1000.0 >= 2.0 * germans);
        }
    });
}

#[test]
fn the_objective_share_sends_the_nearest_units_to_the_objective() {
    let text = scenario(
        &[
            legion([36.0, 8.0]),
            unit("aux auxiliary 20x10 close regular 2", [10.0, 8.0]),
        ],
        &[warband("wa", [60.0, 40.0])],
        CROSSROADS,
    );
    let mut s = setup_of(&text);
    s.sides[0].doctrine.objective_share = 50;
    let moved = on(&s, |b| {
        assert_eq!(b.duty_goal(0), Some(0), "the legion is the nearer half");
        assert_eq!(b.duty_goal(1), None);
        b.activate(0);
        b.st.units[0].pos
    });
    assert!(
        moved[1] > 8.0 && (moved[0] - 36.0).abs() < 0.01,
        "{moved:?}"
    );
    s.sides[0].doctrine.objective_share = 0;
    on(&s, |b| assert_eq!(b.duty_goal(0), None));
    // Without objectives the share does nothing.
    let mut plain = setup_of(&scenario(
        &[legion([36.0, 8.0])],
        &[warband("wa", [60.0, 40.0])],
        "",
    ));
    plain.sides[0].doctrine.objective_share = 100;
    on(&plain, |b| assert_eq!(b.duty_goal(0), None));
    assert!(StandardsOfValor { setup: plain }
        .tally_shape()
        .side_tables
        .is_empty());
    assert_eq!(
        StandardsOfValor { setup: s }.tally_shape().side_tables[0].file,
        "victory.csv"
    );
}

fn shipped(name: &str) -> SovSetup {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("scenarios/standards_of_valor")
        .join(name);
    setup_of(&std::fs::read_to_string(path).expect("shipped scenario"))
}

#[test]
fn hold_the_line_red_wins_by_taking_the_fort_and_blue_by_holding_it_at_the_limit() {
    let s = shipped("hold_the_line.toml");
    assert_eq!(s.options.turn_limit, 6);
    let (tribune, auxilia, warband) = (
        index(&s, "tribune"),
        index(&s, "auxilia"),
        index(&s, "warband_3"),
    );
    on(&s, |b| {
        b.update_objectives();
        assert_eq!(b.st.holders.holder[0], Some(Side::A), "Blue holds its fort");
        let (winner, reason) = b.decide(true).unwrap();
        assert_eq!(
            winner,
            Some(Side::A),
            "held at the limit, nothing lost: Blue's 1,000 points"
        );
        assert!(b.decisive(Side::A, reason));
        // A warband in the fort while the auxiliaries stand: contested, still Blue's.
        b.st.units[warband].pos = [36.0, 9.0];
        b.update_objectives();
        assert_eq!(b.st.taken_by, None);
        // The garrison gone or Broken: the fort falls and Red wins at once.
        b.remove(tribune, Gone::Destroyed);
        b.st.units[auxilia].cl = Cl::Broken;
        b.update_objectives();
        assert_eq!(b.decide(false), Some((Some(Side::B), END_OBJECTIVE_TAKEN)));
        assert!(b.decisive(Side::B, END_OBJECTIVE_TAKEN));
    });
}

#[test]
fn ambush_red_wins_by_capturing_the_wagons_once_the_escort_is_driven_off() {
    let s = shipped("ambush.toml");
    let (auxilia, red_turma) = (index(&s, "auxilia"), index(&s, "red_turma"));
    on(&s, |b| {
        b.update_objectives();
        assert_eq!(
            b.st.holders.holder[0],
            Some(Side::A),
            "the wagons are Blue's"
        );
        assert_eq!(
            b.scores(),
            [1000.0, 0.0],
            "held at the limit they are worth 1,000"
        );
        b.st.units[red_turma].pos = [36.0, 22.0];
        b.st.units[auxilia].pos = [36.0, 12.0];
        b.update_objectives();
        assert_eq!(b.st.taken_by, None, "the escort stands by the wagons");
        b.st.units[auxilia].cl = Cl::Broken;
        b.update_objectives();
        assert_eq!(b.decide(false), Some((Some(Side::B), END_OBJECTIVE_TAKEN)));
    });
}

#[test]
fn an_objective_off_the_table_is_refused_at_its_field() {
    let text = scenario(
        &[legion([36.0, 8.0])],
        &[warband("wa", [36.0, 40.0])],
        "[[objective]]\nname = \"far\"\nat = [100, 24]\nradius = 3\nat_end = 10\n",
    );
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"));
    let err = match load_scenario_text("test.toml", &text, Some(dir)) {
        Ok(_) => panic!("accepted"),
        Err(p) => p.to_string(),
    };
    for wanted in [
        "objective[0].at",
        "is off the table",
        "the table is 72 x 48 inches",
    ] {
        assert!(err.contains(wanted), "missing `{wanted}` in:\n{err}");
    }
}
