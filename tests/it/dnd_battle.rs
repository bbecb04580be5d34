//! D&D War operations in small situations built in code (no scenario file
//! yet), and a game-level invariant check over many battles.

use muster::dice::Dice;
use muster::geometry::{Arc, Board, Vec2};
use muster::rules::{BySide, NoTrace, Side, TraceEvent, Tracer, VecTrace};
use muster::rulesets::dnd_war::body::{Body, Command};
use muster::rulesets::dnd_war::doctrine::DndDoctrine;
use muster::rulesets::dnd_war::ops::charge::ChargeOutcome;
use muster::rulesets::dnd_war::ops::Ctx;
use muster::rulesets::dnd_war::options::DndOptions;
use muster::rulesets::dnd_war::setup::{Attack, Damage, Defence, DndSetup, Profile, UnitSpec};
use muster::rulesets::dnd_war::state::{BattleState, Status};
use muster::rulesets::dnd_war::traits::{Psychology, Size, UnitType};

fn warriors(id: &str, courage: i32) -> Profile {
    Profile {
        id: id.into(),
        name: id.into(),
        unit_type: UnitType::Infantry,
        size: Size::Medium,
        monster: false,
        mount: None,
        courage,
        speed: 6.0,
        initiative: 2,
        resilience: 1,
        defences: [16, 14, 14, 14],
        melee: Attack {
            bonus: 6,
            vs: Defence::Ac,
            inches: 1.0,
            damage: Damage::default(),
            spell: false,
        },
        ranged: None,
        psychology: Psychology::default(),
        capacity: 8,
        row_width: 4,
        points: 200,
        level: 1,
        hp: None,
        attacks: 1,
        ap: 0,
        machine: None,
        class_rule: None,
    }
}

fn archers() -> Profile {
    Profile {
        ranged: Some(Attack {
            bonus: 6,
            vs: Defence::Ac,
            inches: 20.0,
            damage: Damage::default(),
            spell: false,
        }),
        ..warriors("archers", 6)
    }
}

fn unit(
    label: &str,
    side: Side,
    profile: usize,
    companies: u16,
    at: (f64, f64),
    bearing: f64,
) -> UnitSpec {
    UnitSpec {
        label: label.into(),
        side,
        profile,
        body: Body::companies(companies, 0, 8, 4, 2, Command::default()),
        centre: Vec2::new(at.0, at.1),
        bearing,
        battle_standard: false,
        points: 200 * u32::from(companies),
        joins: None,
        general: false,
        reserve: false,
        overrides: None,
    }
}

fn setup(profiles: Vec<Profile>, units: Vec<UnitSpec>) -> DndSetup {
    DndSetup {
        options: DndOptions::default(),
        board: Board {
            width: 72.0,
            depth: 48.0,
        },
        terrain: vec![],
        profiles,
        units,
        side_names: ["Red".into(), "Blue".into()],
        deployment_depth: 12.0,
        objectives: vec![],
    }
}

fn doctrines() -> BySide<DndDoctrine> {
    BySide([DndDoctrine::balanced(), DndDoctrine::balanced()])
}

/// Runs `f` on a fresh context for battle `seed`, recording into `trace`.
fn traced_ctx<T: Tracer, R>(
    s: &DndSetup,
    seed: u64,
    trace: &mut T,
    f: impl FnOnce(&mut Ctx<'_, T>) -> R,
) -> (R, BattleState) {
    let mut st = BattleState::new(s);
    let mut dice = Dice::for_battle(seed, 0);
    let d = doctrines();
    let mut ctx = Ctx {
        setup: s,
        st: &mut st,
        dice: &mut dice,
        doctrines: &d,
        trace,
    };
    let r = f(&mut ctx);
    (r, st)
}

/// Runs `f` on a fresh context for battle `seed`, without a trace.
fn with_ctx<R>(
    s: &DndSetup,
    seed: u64,
    f: impl FnOnce(&mut Ctx<'_, NoTrace>) -> R,
) -> (R, BattleState) {
    traced_ctx(s, seed, &mut NoTrace, f)
}

/// The charge attacks of a frontal charge from `gap` inches: (pool size,
/// need, the extra-attack dice rolled), read from the trace.
fn charge_pool(gap: f64, seed: u64) -> Option<(u32, u32, u32)> {
    let s = setup(
        vec![warriors("red", 3), warriors("blue", 3)],
        vec![
            unit("chargers", Side::A, 0, 2, (30.0, 10.0), 0.0),
            unit("line", Side::B, 1, 2, (30.0, 12.0 + gap), 180.0),
        ],
    );
    let mut trace = VecTrace::default();
    let (outcome, _) = traced_ctx(&s, seed, &mut trace, |c| c.charge(0, 1));
    if !matches!(outcome, ChargeOutcome::Contact { .. }) {
        return None;
    }
    let mut extra = 0;
    let mut pool = None;
    for e in &trace.events {
        if let TraceEvent::Roll { purpose, kept, .. } = e {
            if purpose == "extra charge attacks" {
                extra += u32::from(*kept);
            } else if let Some(rest) = purpose.strip_prefix("close combat: ") {
                let words: Vec<&str> = rest.split_whitespace().collect();
                let n: u32 = words[0].parse().unwrap();
                let need: u32 = words[3].trim_end_matches([',', '+']).parse().unwrap();
                pool = Some((n, need));
            }
        }
    }
    pool.map(|(n, need)| (n, need, extra))
}

#[test]
fn tv29_long_charge_adds_plus_one_and_extra_dice() {
    // Two companies side by side (8 front-row models) charge from 4 inches:
    // +1 to hit (+6 vs AC 16 needs 10, +7 needs 9) and 1d3 per company.
    let mut seen = 0;
    for seed in 0..40 {
        if let Some((n, need, extra)) = charge_pool(4.0, seed) {
            seen += 1;
            assert_eq!(need, 9, "seed {seed}: +1 to hit");
            assert!((2..=6).contains(&extra), "two d3s, got {extra}");
            assert_eq!(n, 8 + extra, "8 front-row models plus the extra dice");
        }
    }
    assert!(seen > 20);
    // From exactly 2.0 inches: no bonus, no extra dice.
    for seed in 0..40 {
        if let Some((n, need, extra)) = charge_pool(2.0, seed) {
            assert_eq!((n, need, extra), (8, 10, 0));
        }
    }
}

#[test]
fn a_flank_charge_contacts_the_flank_and_strikes() {
    // Blue faces north; Red comes from the east, facing west.
    let s = setup(
        vec![warriors("red", 3), warriors("blue", 3)],
        vec![
            unit("east", Side::A, 0, 2, (40.0, 20.0), 270.0),
            unit("line", Side::B, 1, 2, (30.0, 20.0), 0.0),
        ],
    );
    let mut contacts = 0;
    for seed in 0..200 {
        let (outcome, st) = with_ctx(&s, seed, |c| c.charge(0, 1));
        match outcome {
            ChargeOutcome::Contact { long } => {
                contacts += 1;
                assert!(long, "from 2 inches plus: the long-charge bonus");
                let e = st.engagements[0];
                assert_eq!(e.arc_on, [Arc::Front, Arc::Right]);
                assert!(
                    st.units[0].rect().distance(st.units[1].rect()) < 1e-6,
                    "flush contact"
                );
                assert!(st.units[0].flags.charged);
            }
            ChargeOutcome::RolledOne | ChargeOutcome::OutOfReach => {}
            other => panic!("unexpected {other:?}"),
        }
    }
    // Gap 2 inches (8 + 2 wide): S 6 needs 2+ on the d6 with the 1 failing: 5/6.
    assert!((140..=190).contains(&contacts), "{contacts} of 200");
}

#[test]
fn tv06_a_unit_that_shot_cannot_strike() {
    let s = setup(
        vec![archers(), warriors("blue", 3)],
        vec![
            unit("archers", Side::A, 0, 1, (30.0, 10.0), 0.0),
            unit("line", Side::B, 1, 1, (30.0, 25.0), 180.0),
        ],
    );
    let ((), st) = with_ctx(&s, 1, |c| {
        assert!(c.can_target(0, 1));
        c.shoot(0, 1);
        // Put them in contact and let the archers try to strike.
        c.st.units[1].translate(Vec2::new(0.0, -13.0));
        c.st.engagements
            .push(muster::rulesets::dnd_war::state::Engagement {
                units: [0, 1],
                arc_on: [Arc::Front, Arc::Front],
                overlap: 4.0,
            });
        assert_eq!(
            c.strike(0, 1, false),
            0,
            "the standard action went on shooting"
        );
    });
    assert!(st.units[0].flags.shot);
}

#[test]
fn tv16_a_failed_terror_test_stops_the_charge_without_fleeing() {
    let mut dragon = warriors("terror", 3);
    dragon.psychology.terror = true;
    let s = setup(
        vec![warriors("goblins", -10), dragon],
        vec![
            unit("goblins", Side::A, 0, 1, (30.0, 10.0), 0.0),
            unit("dragon", Side::B, 1, 1, (30.0, 16.0), 180.0),
        ],
    );
    // A -10 courage bonus never reaches DC 16.
    let (outcome, st) = with_ctx(&s, 3, |c| c.charge(0, 1));
    assert_eq!(outcome, ChargeOutcome::Feared);
    assert_eq!(st.units[0].status(), Status::Ready, "it does not flee");
    assert!(!st.units[0].flags.charged, "and spends no action");
    assert!(st.engagements.is_empty());
}

#[test]
fn broken_units_flee_away_and_count_for_the_winner() {
    // Elite warriors against a lone weak company, already in contact.
    let mut elite = warriors("elite", 6);
    elite.melee.bonus = 20;
    elite.defences[0] = 40;
    let s = setup(
        vec![elite, warriors("levy", -10)],
        vec![
            UnitSpec {
                body: Body::companies(
                    2,
                    0,
                    8,
                    4,
                    2,
                    Command {
                        standard: true,
                        ..Command::default()
                    },
                ),
                ..unit("elite", Side::A, 0, 2, (30.0, 10.0), 0.0)
            },
            unit("levy", Side::B, 1, 2, (30.0, 12.0), 180.0),
        ],
    );
    let mut fled_or_gone = 0;
    for seed in 0..50 {
        let ((), st) = with_ctx(&s, seed, |c| {
            c.st.engagements
                .push(muster::rulesets::dnd_war::state::Engagement {
                    units: [0, 1],
                    arc_on: [Arc::Front, Arc::Front],
                    overlap: 8.0,
                });
            let f = c.fight_of(0);
            c.fight(f);
        });
        let levy = &st.units[1];
        assert_ne!(
            levy.status(),
            Status::Ready,
            "a -10 unit losing heavily always breaks"
        );
        assert!(
            !(levy.fleeing() && st.engaged(1) && levy.caught_by.is_none()),
            "fleeing units leave combat"
        );
        if levy.status() != Status::Fleeing {
            assert_eq!(st.points_destroyed[0], 400);
        }
        fled_or_gone += 1;
    }
    assert_eq!(fled_or_gone, 50);
}

#[test]
fn invariants_hold_over_many_battles() {
    let s = setup(
        vec![warriors("red", 3), archers(), warriors("blue", 5)],
        vec![
            unit("left", Side::A, 0, 3, (20.0, 8.0), 0.0),
            unit("archers", Side::A, 1, 2, (40.0, 6.0), 0.0),
            unit("right", Side::A, 0, 3, (56.0, 8.0), 0.0),
            unit("left", Side::B, 2, 3, (20.0, 40.0), 180.0),
            unit("centre", Side::B, 2, 3, (38.0, 40.0), 180.0),
            unit("right", Side::B, 2, 2, (56.0, 40.0), 180.0),
        ],
    );
    let fielded = |side: Side| -> u32 {
        s.units
            .iter()
            .filter(|u| u.side == side)
            .map(|u| u.points)
            .sum()
    };
    let n = if std::env::var("MUSTER_SLOW_TESTS").is_ok_and(|v| v == "1") {
        10_000
    } else {
        1_000
    };
    let mut decided = 0;
    let mut wiped = 0;
    let mut pts = [0u32; 2];
    for seed in 0..n {
        let (outcome, st) = with_ctx(&s, seed, |c| {
            c.play_battle(|st| {
                for (i, u) in st.units.iter().enumerate() {
                    assert!(
                        !(u.fleeing() && st.engaged(i) && u.caught_by.is_none()),
                        "battle {seed}: unit {i} fleeing and engaged without being caught"
                    );
                    assert!(u.body.alive <= s.units[i].body.alive);
                }
            })
        });
        assert!(
            st.points_destroyed[0] <= fielded(Side::B)
                && st.points_destroyed[1] <= fielded(Side::A)
        );
        assert!(outcome.turns <= 6);
        decided += u32::from(outcome.winner.is_some());
        wiped += u32::from(outcome.reason == muster::rulesets::dnd_war::turn::EndReason::Wiped);
        pts[0] += st.points_destroyed[0];
        pts[1] += st.points_destroyed[1];
    }
    assert!(decided > 0, "some battles have a winner");
    assert!(
        wiped > 0 && pts[0] > 0 && pts[1] > 0,
        "units are destroyed on both sides"
    );
}
