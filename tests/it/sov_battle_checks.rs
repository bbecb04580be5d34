//! Standards of Valor battle invariants checked against the real battle
//! state: battles of every shipped scenario are played activation by
//! activation, and what each activation's trace says is checked against
//! the state the activation started from (charges are declared at the
//! start of an activation, L2576):
//!
//! - no charge is declared, joined or compelled at an enemy the charger
//!   cannot see (L520-523, L2596: a charge needs a target in sight);
//! - a unit that has left the table never acts again;
//! - no message (a rally, a transferred activation) goes to or from a
//!   unit locked in hand-to-hand (L879-881; the one order allowed, to
//!   withdraw, no doctrine sends);
//! - a charge whose combat moves add up to the gap reaches its target
//!   (L2649), where nothing else can stop it: no terrain on the line, no
//!   other unit in the way, a target that stands and a charger that does
//!   not fall back under defensive fire.
//!
//! Each check is proved by a made-up trace that breaks it.
//! `MUSTER_SLOW_TESTS=1` (CI) plays 200 battles per scenario, else 30.

use super::sov_rules::with_seeded_battle;
use super::support::{assert_none_found, rolls, shipped_sov_setup, shipped_sov_setups};
use muster::dice::Dice;
use muster::rules::{NoTrace, TraceEvent, VecTrace};
use muster::rulesets::standards_of_valor::battle::Battle;
use muster::rulesets::standards_of_valor::field;
use muster::rulesets::standards_of_valor::setup::SovSetup;
use muster::rulesets::standards_of_valor::state::{Gone, State};

fn battles() -> u64 {
    if std::env::var("MUSTER_SLOW_TESTS").is_ok_and(|v| v == "1") {
        200
    } else {
        30
    }
}

/// The state an activation started from, on the scenario's set-up.
struct Before<'a> {
    setup: &'a SovSetup,
    state: State,
}

impl Before<'_> {
    /// Runs `f` on a battle over a copy of the state (no dice are rolled).
    fn with<R>(&self, f: impl FnOnce(&Battle<'_, NoTrace>) -> R) -> R {
        let mut state = self.state.clone();
        let mut dice = Dice::for_battle(0, 0);
        let b = Battle {
            setup: self.setup,
            st: &mut state,
            dice: &mut dice,
            trace: &mut NoTrace,
        };
        f(&b)
    }

    /// The index of the unit labelled `label`.
    fn unit(&self, label: &str) -> Option<usize> {
        self.with(|b| (0..b.st.units.len()).find(|&u| b.label(u) == label))
    }
}

/// The unit, decision and choice of `e` when it is a decision.
fn decision_of(e: &TraceEvent) -> Option<(&String, &String, &String)> {
    match e {
        TraceEvent::Decision {
            unit,
            decision,
            choice,
            ..
        } => Some((unit, decision, choice)),
        _ => None,
    }
}

/// Who each charge in `events` comes from and goes to: declared
/// ("favourable at Y", "compulsory at Y") or joined ("joins X's assault on Y").
fn charges(events: &[TraceEvent]) -> Vec<(String, String)> {
    events
        .iter()
        .filter_map(|e| match (e, decision_of(e)) {
            (_, Some((unit, decision, choice))) if decision == "charge" => {
                let (_, target) = choice.rsplit_once(" at ")?;
                Some((unit.clone(), target.to_string()))
            }
            (TraceEvent::Change { unit, change, .. }, _) if change.starts_with("joins ") => {
                let (_, target) = change.rsplit_once(" assault on ")?;
                Some((unit.clone(), target.to_string()))
            }
            _ => None,
        })
        .collect()
}

/// Every charge of the activation at an enemy its charger could not see.
fn charges_out_of_sight(before: &Before<'_>, events: &[TraceEvent]) -> Vec<String> {
    charges(events)
        .into_iter()
        .filter(|(from, to)| {
            let (Some(u), Some(t)) = (before.unit(from), before.unit(to)) else {
                return true;
            };
            !before.with(|b| b.sees(u, t))
        })
        .map(|(from, to)| format!("{from} charges {to}, which it cannot see"))
        .collect()
}

/// Whether event `e` is unit `label` acting: activating, deciding, firing,
/// moving or making contact.
fn acts(e: &TraceEvent, label: &str) -> bool {
    match e {
        TraceEvent::Decision { unit, .. } => unit == label,
        TraceEvent::Change { unit, change, .. } if unit == label => [
            "activates",
            "takes a transferred",
            "fires ",
            "moves ",
            "contacts ",
            "joins ",
        ]
        .iter()
        .any(|w| change.starts_with(w)),
        _ => false,
    }
}

/// Every act in the activation of a unit that had left the table, before
/// it began or earlier in it.
fn acts_after_leaving(before: &Before<'_>, events: &[TraceEvent]) -> Vec<String> {
    let mut found = Vec::new();
    let gone_before = before.with(|b| {
        (0..b.st.units.len())
            .filter(|&u| !b.st.units[u].on_table())
            .map(|u| b.label(u))
            .collect::<Vec<_>>()
    });
    let mut gone = gone_before;
    for e in events {
        if let Some(who) = gone.iter().find(|l| acts(e, l)) {
            found.push(format!("{who}, off the table, acts: {e}"));
        }
        if let TraceEvent::Change { unit, change, .. } = e {
            if change.starts_with("leaves the table") {
                gone.push(unit.clone());
            }
        }
    }
    found
}

/// Whether `e` is a commander's decision to send a message.
fn is_message(e: &TraceEvent) -> bool {
    decision_of(e).is_some_and(|(_, d, _)| d == "rally" || d == "transfers")
}

/// Every message (rally, transfer) of the activation to or from a unit
/// locked in hand-to-hand when it began.
fn messages_into_melee(before: &Before<'_>, events: &[TraceEvent]) -> Vec<String> {
    let locked = |label: &str| {
        before
            .unit(label)
            .is_some_and(|u| before.state.units[u].locked_with.is_some())
    };
    events
        .iter()
        .filter(|e| is_message(e))
        .filter_map(decision_of)
        .filter(|(from, _, to)| locked(from) || locked(to))
        .map(|(from, what, to)| format!("{from} {what} {to}: one of them is in hand-to-hand"))
        .collect()
}

/// Whether `who` has a change line in `events` that starts with `text`.
fn changed(events: &[TraceEvent], who: &str, text: &str) -> bool {
    events.iter().any(
        |e| matches!(e, TraceEvent::Change { unit, change, .. } if unit == who && change.starts_with(text)),
    )
}

/// The inches of the combat moves `who` rolled in `events` (2 x the die).
fn combat_moves(events: &[TraceEvent], who: &str) -> f32 {
    rolls(events, who, "combat move")
        .into_iter()
        .map(|(_, kept)| 2.0 * f32::from(kept))
        .sum()
}

/// The charges of the activation that nothing but the dice could stop
/// (no terrain on the line, no other unit in the way, a target that stood
/// in its shape, a charger that kept its shape and neither went around a
/// friend nor fell back under defensive fire) whose combat moves covered
/// the gap, and
/// whether each made contact.
fn charges_in_reach(before: &Before<'_>, events: &[TraceEvent]) -> Vec<(String, String, bool)> {
    let declared = events
        .iter()
        .filter_map(decision_of)
        .filter(|(_, decision, _)| *decision == "charge")
        .filter_map(|(unit, _, choice)| {
            Some((unit.clone(), choice.rsplit_once(" at ")?.1.to_string()))
        });
    declared
        .filter_map(|(from, to)| {
            let (u, t) = (before.unit(&from)?, before.unit(&to)?);
            let clear = before.with(|b| unobstructed(b, u, t));
            // A target that withdrew, or changed shape (an integrity loss
            // makes a skirmish group measured from its centre, L514), moved
            // its mark; a charger that went around a friend took a longer way,
            // and one that lost integrity is measured from its centre.
            let stood = ["withdraws", "loses integrity", "makes room"]
                .iter()
                .all(|w| !changed(events, &to, w));
            let pressed = [
                "falls back under defensive fire",
                "goes around",
                "loses integrity",
            ]
            .iter()
            .all(|w| !changed(events, &from, w));
            let gap = before.with(|b| b.dist(u, t));
            let covered = combat_moves(events, &from) >= gap + 0.05;
            let reached = changed(events, &from, &format!("contacts {to}"))
                || changed(events, &to, "leaves the table");
            (clear && stood && pressed && covered).then_some((from, to, reached))
        })
        .collect()
}

/// Whether `u`'s shortest way to `t` crosses no terrain and no other unit.
fn unobstructed(b: &Battle<'_, NoTrace>, u: usize, t: usize) -> bool {
    let (mover, target) = (b.block(u), b.block(t));
    let way = field::closing_vector(&mover, b.skirmishing(u), &target, b.skirmishing(t));
    let from = mover.centre;
    let to = [from[0] + way[0], from[1] + way[1]];
    let half = (mover.half_x, mover.half_y);
    let others = (0..b.st.units.len()).filter(|&o| o != u && o != t && b.st.units[o].on_table());
    !b.setup.terrain.touches(from, to)
        && others
            .into_iter()
            .all(|o| field::first_touch(from, to, half, &b.block(o)).is_none())
}

/// Every charge in reach ([`charges_in_reach`]) that made no contact.
fn charges_that_fall_short(before: &Before<'_>, events: &[TraceEvent]) -> Vec<String> {
    charges_in_reach(before, events)
        .into_iter()
        .filter(|(_, _, reached)| !reached)
        .map(|(from, to, _)| {
            format!("{from}'s combat moves cover the gap to {to} but it never arrives")
        })
        .collect()
}

type Check = fn(&Before<'_>, &[TraceEvent]) -> Vec<String>;
const CHECKS: [(&str, Check); 4] = [
    ("charge out of sight", charges_out_of_sight),
    ("act after leaving", acts_after_leaving),
    ("message into melee", messages_into_melee),
    ("charge falls short", charges_that_fall_short),
];

#[test]
fn every_activation_of_every_shipped_scenario_keeps_the_rules() {
    let mut found = Vec::new();
    let mut seen = [0usize; 4];
    for (name, setup) in shipped_sov_setups() {
        let setup = &setup;
        for i in 0..battles() {
            with_seeded_battle(1, setup, i, |b| {
                b.opening_panic_tests();
                let mut over = false;
                while !over {
                    b.st.turn += 1;
                    let mut open: Option<(Before<'_>, usize)> = None;
                    let mut check =
                        |b: &Battle<'_, VecTrace>, open: &mut Option<(Before<'_>, usize)>| {
                            let Some((before, from)) = open.take() else {
                                return;
                            };
                            let events = &b.trace.events[from..];
                            seen[0] += 1;
                            seen[1] += charges(events).len();
                            seen[2] += events.iter().filter(|e| is_message(e)).count();
                            seen[3] += charges_in_reach(&before, events).len();
                            for (what, check) in CHECKS {
                                for v in check(&before, events) {
                                    found.push(format!("{name} battle {i}: {what}: {v}"));
                                }
                            }
                        };
                    b.play_turn_watched(|b| {
                        check(b, &mut open);
                        let before = Before {
                            setup,
                            state: b.st.clone(),
                        };
                        open = Some((before, b.trace.events.len()));
                    });
                    check(b, &mut open);
                    b.turn_end();
                    over = b.decide(b.st.turn >= setup.options.turn_limit).is_some();
                }
            });
        }
    }
    assert!(
        seen[0] > 1000 && seen[1] > 100 && seen[2] > 100 && seen[3] > 100,
        "activations, charges, messages, charges in reach: {seen:?}"
    );
    assert_none_found(&found, seen[0], "activations break a rule");
}

/// The state of `cohort_vs_warband` at deployment, changed by `change`.
fn made_up(change: impl FnOnce(&Battle<'_, VecTrace>, &mut State)) -> (SovSetup, State) {
    let setup = shipped_sov_setup("cohort_vs_warband");
    let mut state = with_seeded_battle(1, &setup, 0, |b| b.st.clone());
    with_seeded_battle(1, &setup, 0, |b| change(b, &mut state));
    (setup, state)
}

fn decision(unit: &str, decision: &str, choice: &str) -> TraceEvent {
    TraceEvent::Decision {
        round: 1,
        side: String::new(),
        unit: unit.into(),
        decision: decision.into(),
        choice: choice.into(),
        rule: decision.into(),
    }
}

fn change(unit: &str, change: &str) -> TraceEvent {
    TraceEvent::Change {
        round: 1,
        unit: unit.into(),
        change: change.into(),
    }
}

/// Index of unit `label` in `b`.
fn index(b: &Battle<'_, VecTrace>, label: &str) -> usize {
    (0..b.st.units.len())
        .find(|&u| b.label(u) == label)
        .unwrap()
}

#[test]
fn the_sight_check_catches_a_charge_past_a_formed_unit() {
    // warband_3 straight ahead of the century, 8" away; the auxilia, a
    // formed unit, stand between them in one version (L507, L520).
    let events = [decision("warband_3", "charge", "eager at century_I")];
    let place = |between: bool| {
        made_up(|b, st| {
            let (c, w, a) = (
                index(b, "century_I"),
                index(b, "warband_3"),
                index(b, "auxilia"),
            );
            st.units[c].pos = [36.0, 20.0];
            st.units[w].pos = [36.0, 28.0];
            st.units[a].pos = if between { [36.0, 24.0] } else { [10.0, 4.0] };
        })
    };
    let (setup, state) = place(false);
    let clear = Before {
        setup: &setup,
        state,
    };
    assert!(charges_out_of_sight(&clear, &events).is_empty());
    let (setup, state) = place(true);
    let hidden = Before {
        setup: &setup,
        state,
    };
    assert_eq!(charges_out_of_sight(&hidden, &events).len(), 1);
    let joined = [change(
        "warband_3",
        "joins warband_2's assault on century_I",
    )];
    assert_eq!(charges_out_of_sight(&hidden, &joined).len(), 1);
}

#[test]
fn the_leaving_check_catches_a_unit_that_acts_off_the_table() {
    let (setup, state) = made_up(|b, st| {
        st.units[index(b, "turma")].gone = Some(Gone::FledOff);
    });
    let before = Before {
        setup: &setup,
        state,
    };
    let fine = [change("sagittarii", "activates (CO, suppression 0)")];
    assert!(acts_after_leaving(&before, &fine).is_empty());
    let gone = [change("turma", "activates (CO, suppression 0)")];
    assert_eq!(acts_after_leaving(&before, &gone).len(), 1);
    let later = [
        change("sagittarii", "leaves the table (destroyed)"),
        decision("sagittarii", "charge", "eager at warband_1"),
    ];
    assert_eq!(acts_after_leaving(&before, &later).len(), 1);
}

#[test]
fn the_melee_check_catches_a_rally_into_hand_to_hand() {
    let events = [decision("tribune", "rally", "century_I")];
    let lock = |locked: bool| {
        made_up(|b, st| {
            let (c, w) = (index(b, "century_I"), index(b, "warband_3"));
            if locked {
                st.units[c].locked_with = Some(w as u16);
                st.units[w].locked_with = Some(c as u16);
            }
        })
    };
    let (setup, state) = lock(false);
    assert!(messages_into_melee(
        &Before {
            setup: &setup,
            state
        },
        &events
    )
    .is_empty());
    let (setup, state) = lock(true);
    let before = Before {
        setup: &setup,
        state,
    };
    assert_eq!(messages_into_melee(&before, &events).len(), 1);
    let transfer = [decision("tribune", "transfers", "century_I")];
    assert_eq!(messages_into_melee(&before, &transfer).len(), 1);
}

fn combat_move(unit: &str, kept: u8) -> TraceEvent {
    TraceEvent::Roll {
        round: 1,
        who: unit.into(),
        purpose: "combat move".into(),
        die: 6,
        dice: vec![kept],
        kept,
        modifier: 0,
    }
}

#[test]
fn the_reach_check_catches_a_charge_that_covers_the_gap_and_stops() {
    // warband_3 8" in front of the century, nothing between: a combat
    // move of 12" must bring it into contact.
    let (setup, state) = made_up(|b, st| {
        st.units[index(b, "century_I")].pos = [36.0, 20.0];
        st.units[index(b, "warband_3")].pos = [36.0, 32.0];
    });
    let before = Before {
        setup: &setup,
        state,
    };
    let gap = before.with(|b| {
        b.dist(
            before.unit("warband_3").unwrap(),
            before.unit("century_I").unwrap(),
        )
    });
    assert!((gap - 8.0).abs() < 0.01, "{gap}");
    let charge = decision("warband_3", "charge", "eager at century_I");
    let short = [charge.clone(), combat_move("warband_3", 6)];
    assert_eq!(charges_that_fall_short(&before, &short).len(), 1);
    let arrived = [
        charge.clone(),
        combat_move("warband_3", 6),
        change("warband_3", "contacts century_I"),
    ];
    assert!(charges_that_fall_short(&before, &arrived).is_empty());
    let too_short = [charge.clone(), combat_move("warband_3", 3)];
    assert!(
        charges_that_fall_short(&before, &too_short).is_empty(),
        "6\" of 8\": not checked"
    );
    let withdrew = [
        charge,
        change("century_I", "withdraws"),
        combat_move("warband_3", 6),
    ];
    assert!(
        charges_that_fall_short(&before, &withdrew).is_empty(),
        "the target moved"
    );
}
