//! Standards of Valor battles keep their geometry, checked on the real
//! battle state at the end of every turn of battles of every shipped
//! scenario: no two formed units on the table overlap unless they are
//! locked in the same hand-to-hand (L1612-1621: no move ends inside
//! another unit). Skirmishers are left out: the text measures to a
//! skirmish group's rough centre (L514), so a charge that reaches one
//! ends over its figures. The check is proved by a made-up state that
//! breaks it, and the room rules behind it (reforms, facing turns,
//! integrity losses, withdrawals) each by a state of their own.
//!
//! `MUSTER_SLOW_TESTS=1` (CI) plays 200 battles per scenario, else 30.

use super::sov_examples::unit;
use super::sov_rules::{scenario_on, setup_of, with_seeded_battle};
use super::support::{assert_none_found, shipped_sov_setup, shipped_sov_setups};
use muster::rules::{TraceEvent, Tracer, VecTrace};
use muster::rulesets::standards_of_valor::battle::Battle;
use muster::rulesets::standards_of_valor::doctrine::Charge;
use muster::rulesets::standards_of_valor::field;
use muster::rulesets::standards_of_valor::melee_dice::{Formation, Mount};
use muster::rulesets::standards_of_valor::setup::SovSetup;
use muster::scenario::load_scenario_text;

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
fn no_two_units_overlap_unless_locked_together() {
    let mut found = Vec::new();
    let mut turns = 0;
    for (name, setup) in shipped_sov_setups() {
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
                        found.push(format!("{name} battle {i} turn {}: {pair:?}", b.st.turn));
                    }
                    over = b.decide(b.st.turn >= limit).is_some();
                }
            });
        }
    }
    assert!(turns > 100);
    assert_none_found(&found, turns, "turns end with units overlapping");
}

#[test]
fn the_overlap_check_catches_two_units_on_one_spot() {
    let setup = shipped_sov_setup("cohort_vs_warband");
    with_seeded_battle(1, &setup, 0, |b| {
        for (k, unit) in b.st.units.iter_mut().enumerate() {
            unit.pos = [100.0 * k as f32, 24.0];
        }
        assert_eq!(overlapping_pair(b), None, "units far apart");
        b.st.units[1].pos = b.st.units[2].pos;
        assert!(overlapping_pair(b).is_some(), "two units on one spot");
    });
}

/// A made-up state on a 72" x 48" table: the south side's units
/// (`shieldwall`) and the north side's (`wild_charge`), as [`unit`] specs
/// with centres; battle stream 0, traced.
fn with_units<R>(
    south: &[(&str, [f32; 2])],
    north: &[(&str, [f32; 2])],
    f: impl FnOnce(&mut Battle<'_, VecTrace>) -> R,
) -> R {
    with_setup(south, north, |_| {}, f)
}

/// [`with_units`] with the set-up changed by `change` first.
fn with_setup<R>(
    south: &[(&str, [f32; 2])],
    north: &[(&str, [f32; 2])],
    change: impl FnOnce(&mut SovSetup),
    f: impl FnOnce(&mut Battle<'_, VecTrace>) -> R,
) -> R {
    let side = |units: &[(&str, [f32; 2])]| {
        let specs: Vec<String> = units.iter().map(|(s, at)| unit(s, *at)).collect();
        specs.join(", ")
    };
    let mut setup = setup_of(&scenario_on("", &side(south), &side(north), ""));
    change(&mut setup);
    with_seeded_battle(0x5EED_0041, &setup, 0, f)
}

/// The index of the unit labelled `label`.
fn index<T: Tracer>(b: &Battle<'_, T>, label: &str) -> usize {
    (0..b.st.units.len())
        .find(|&u| b.label(u) == label)
        .unwrap()
}

/// Whether `who` has a change line containing `text`.
fn changed(events: &[TraceEvent], who: &str, text: &str) -> bool {
    events.iter().any(
        |e| matches!(e, TraceEvent::Change { unit, change, .. } if unit == who && change.contains(text)),
    )
}

const CENTURY: &str = "century legionary 20x10 close veteran 2";
const AUXILIA: &str = "auxilia auxiliary 20x10 close regular 2";

#[test]
fn an_integrity_loss_steps_the_least_way_clear_of_a_neighbour() {
    // The century (2 ranks deep in Close Order) has the auxilia 0.5"
    // behind it; in Open Order it is deeper and would stand in them.
    let far = [("wb", [8.0, 44.0])];
    let south = [(CENTURY, [36.0, 10.0]), (AUXILIA, [36.0, 7.5])];
    with_units(
        &south,
        &far.map(|(_, at)| ("wb germanic_warrior 24x6 open regular 2", at)),
        |b| {
            let (c, a) = (index(b, "century"), index(b, "auxilia"));
            assert_eq!(overlapping_pair(b), None, "the made-up state starts clear");
            let before = b.st.units[c].pos;
            b.lose_integrity(c);
            assert_eq!(b.st.units[c].formation, Formation::Open);
            assert_eq!(overlapping_pair(b), None, "the wider century makes room");
            let moved = b.st.units[c].pos[1] - before[1];
            assert!(
                moved > 0.0 && moved < 2.0,
                "it steps forward, away from the auxilia: {moved}"
            );
            assert_eq!(b.st.units[a].pos, [36.0, 7.5], "the neighbour stays");
            assert!(changed(&b.trace.events, "century", "makes room"));
        },
    );
}

#[test]
fn a_fall_back_stops_short_of_a_friend_or_goes_around_it() {
    let far = [("wb germanic_warrior 24x6 open regular 2", [8.0, 44.0])];
    let south = [(CENTURY, [36.0, 20.0]), (AUXILIA, [36.0, 14.0])];
    with_units(&south, &far, |b| {
        let c = index(b, "century");
        b.move_away(c, [36.0, 8.0]);
        assert_eq!(overlapping_pair(b), None);
        assert!(b.st.units[c].pos[1] < 20.0, "it moved");
        assert!(changed(&b.trace.events, "century", "goes around auxilia"));
    });
}

#[test]
fn a_reform_is_tried_only_where_the_new_block_has_room() {
    // Archers broken into Skirmish reform into Open Order (their start)
    // with nobody near; with a friend where their Open block would stand
    // they step out first.
    let far = [("wb germanic_warrior 24x6 open regular 2", [8.0, 44.0])];
    let reform = |friend: [f32; 2]| {
        let south = [
            ("arc archer 20x10 open regular 2", [60.0, 8.0]),
            ("pal auxiliary 20x10 close regular 2", [30.0, 4.0]),
        ];
        with_units(&south, &far, |b| {
            let a = index(b, "arc");
            b.to_skirmish(a);
            let p = index(b, "pal");
            b.st.units[p].pos = friend;
            let s = &b.st.units[a];
            let (f, files) = field::raise_integrity(s.formation, s.files, Mount::Foot);
            let open = b.block_as(a, files, f, s.facing);
            let blocked = !b.has_room(a, &open);
            b.activate(a);
            let events = &b.trace.events;
            let first = |p: &dyn Fn(&TraceEvent) -> bool| events.iter().position(p);
            let tried = first(
                &|e| matches!(e, TraceEvent::Roll { who, purpose, .. } if who == "arc" && purpose == "reform"),
            );
            let moved = first(
                &|e| matches!(e, TraceEvent::Change { unit, change, .. } if unit == "arc" && change.contains("steps out")),
            );
            assert_eq!(overlapping_pair(b), None);
            (
                blocked,
                tried.is_some(),
                moved.is_some_and(|m| tried.map_or(true, |t| m < t)),
            )
        })
    };
    assert_eq!(
        reform([30.0, 4.0]),
        (false, true, false),
        "room: they reform at once"
    );
    assert_eq!(
        reform([60.0, 10.0]),
        (true, true, true),
        "no room: they step out first, and reform where they have room"
    );
}

#[test]
fn a_facing_turn_is_made_only_where_the_turned_block_has_room() {
    // A warband on the turma's right flank, in reach of a charge: the
    // turma faces it, a quarter turn in which every trooper turns where he
    // stands; its ranks are deeper than its files are wide, so the turned
    // block, 8 ranks of 2.5", is 2" wider across the table than its 8
    // files of 2.25". With the auxilia standing just off its left end it
    // does not turn. The Romans never charge here, so the turma does
    // not ride at the warband instead.
    let enemy = [("wb germanic_warrior 24x6 open regular 2", [52.0, 10.0])];
    let turma = "turma turma 16x8 open regular 2";
    let face = |auxilia: [f32; 2]| {
        let south = [(turma, [36.0, 10.0]), (AUXILIA, [12.0, 4.0])];
        let never = |s: &mut SovSetup| s.sides[0].doctrine.charge = Charge::Never;
        with_setup(&south, &enemy, never, |b| {
            let (t, a) = (index(b, "turma"), index(b, "auxilia"));
            b.st.units[a].pos = auxilia;
            let before = b.block(t);
            b.activate(t);
            let after = b.block(t);
            assert_eq!(overlapping_pair(b), None);
            let turned = changed(&b.trace.events, "turma", "faces east");
            (turned, (after.half_x - before.half_x).abs() > 0.5)
        })
    };
    assert_eq!(face([12.0, 4.0]), (true, true), "room: it faces the threat");
    assert_eq!(
        face([21.8, 10.0]),
        (false, false),
        "no room: it does not turn"
    );
}

#[test]
fn a_placed_scenario_refuses_units_that_overlap_or_hang_off_the_table() {
    let text = |at: [f32; 2]| {
        scenario_on(
            "",
            &[unit(CENTURY, [36.0, 10.0]), unit(AUXILIA, at)].join(", "),
            &unit("wb germanic_warrior 24x6 open regular 2", [36.0, 40.0]),
            "",
        )
    };
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let problem = |at| {
        load_scenario_text("test.toml", &text(at), Some(dir))
            .err()
            .map(|e| e.to_string())
    };
    assert_eq!(problem([24.0, 10.0]), None, "side by side is fine");
    let overlap = problem([40.0, 10.0]).expect("overlap refused");
    assert!(
        overlap.contains("`auxilia`") && overlap.contains("overlaps `century`"),
        "{overlap}"
    );
    assert!(overlap.contains("move `at`"), "{overlap}");
    let edge = problem([2.0, 10.0]).expect("over the edge refused");
    assert!(edge.contains("hangs 3.0\" over the edge"), "{edge}");
}
