//! Standards of Valor worked examples and exact probabilities through the
//! real rules code (the pure dice, weapon, cost and ratio vectors are unit
//! tests of their modules): the cost formula's examples as a scenario
//! prices them, fire from the text's archer example against its exact
//! outcome distribution, a rally and a communication test against their
//! exact chances, the charge test's Threat Levels, a mirror match that
//! must come out even, facing a flank threat (facing turns and wheels), a
//! message that skips a command level, going around friends and
//! passing through them, fleeing through friends, and formed units
//! blocking sight under their option.

use super::support::within_4_sigma;
use muster::dice::Dice;
use muster::rules::{TraceEvent, VecTrace};
use muster::rulesets::standards_of_valor::battle::{Battle, Scratch};
use muster::rulesets::standards_of_valor::field::{self, Facing};
use muster::rulesets::standards_of_valor::fire::FireKind;
use muster::rulesets::standards_of_valor::fire_dice::fire_distribution;
use muster::rulesets::standards_of_valor::ladder::{p_major_fail, p_pass, Die};
use muster::rulesets::standards_of_valor::melee_dice::Formation;
use muster::rulesets::standards_of_valor::setup::SovSetup;
use muster::rulesets::standards_of_valor::state::Cl;
use muster::scenario::{load_scenario_text, ScenarioRules};
use std::path::Path;

/// A scenario of the seed's figures with these units (TOML inline tables)
/// and options.
fn scenario(romans: &str, germans: &str, options: &str) -> String {
    scenario_on("", romans, germans, options)
}

/// As [`scenario`], on a table with these terrain pieces (inline tables).
pub(crate) fn scenario_on(terrain: &str, romans: &str, germans: &str, options: &str) -> String {
    let battlefield = format!("width = 72\ndepth = 48\nterrain = [{terrain}]");
    sov_scenario(&battlefield, romans, germans, options)
}

/// A scenario of the seed's figures: the `[battlefield]` table's lines,
/// the Romans' (`shieldwall`) and the Germans' (`wild_charge`) units as
/// TOML inline tables, and the `[options]` lines.
pub(crate) fn sov_scenario(
    battlefield: &str,
    romans: &str,
    germans: &str,
    options: &str,
) -> String {
    format!(
        r#"
[scenario]
name = "test"
ruleset = "standards_of_valor"

[options]
{options}

[battlefield]
{battlefield}

[[side]]
name = "Romans"
army_list = "sov_seed_figures"
doctrine = "shieldwall"
units = [{romans}]

[[side]]
name = "Germans"
army_list = "sov_seed_figures"
doctrine = "wild_charge"
units = [{germans}]
"#
    )
}

pub(crate) fn setup_of(text: &str) -> SovSetup {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"));
    let s = load_scenario_text("test.toml", text, Some(dir)).unwrap_or_else(|e| panic!("{e}"));
    match s.rules {
        ScenarioRules::StandardsOfValor(r) => r.setup,
        _ => panic!("not Standards of Valor"),
    }
}

const LEGIONARIES: &str = r#"{ profile = "legionary", figures = 20, files = 10, formation = "close", quality = "veteran", lv = 2, at = [36, 8] }"#;
const WARRIORS: &str = r#"{ profile = "germanic_warrior", figures = 24, formation = "open", quality = "regular", lv = 2, at = [36, 40] }"#;

#[test]
fn the_cost_examples_price_the_scenarios_units() {
    // L3513-3517: BC 32 with the example's short sword (FP D6), CM 4, Veteran QM 4: 512 a figure.
    let s = setup_of(&scenario(
        LEGIONARIES,
        WARRIORS,
        "short_sword_cost = \"example\"",
    ));
    assert_eq!(s.units[0].points, 20 * 512);
    // L3519: the Germanic warrior, BC 31, CM 2, Regular QM 3: 186 a figure.
    assert_eq!(s.units[1].points, 24 * 186);
    // The table's short sword (FP D8, 16): BC 34, 544 a figure.
    let s = setup_of(&scenario(LEGIONARIES, WARRIORS, ""));
    assert_eq!(s.units[0].points, 20 * 544);
    // The tables' cost columns: short sword 16, pilum 6 (not 2): BC 38, 608.
    let s = setup_of(&scenario(LEGIONARIES, WARRIORS, "cost_model = \"table\""));
    assert_eq!(s.units[0].points, 20 * 608);
}

/// A fresh battle on `setup` with battle stream `i`.
fn with_battle<R>(setup: &SovSetup, i: u64, f: impl FnOnce(&mut Battle<'_, VecTrace>) -> R) -> R {
    with_seeded_battle(11, setup, i, f)
}

/// A fresh traced battle on `setup`: stream `i` of `seed`.
pub(crate) fn with_seeded_battle<R>(
    seed: u64,
    setup: &SovSetup,
    i: u64,
    f: impl FnOnce(&mut Battle<'_, VecTrace>) -> R,
) -> R {
    let mut scratch = Scratch::new(setup);
    let mut dice = Dice::for_battle(seed, i);
    let mut trace = VecTrace::default();
    let mut b = Battle {
        setup,
        st: &mut scratch.state,
        dice: &mut dice,
        trace: &mut trace,
    };
    f(&mut b)
}

/// The effect word of the fire line of a trace.
fn fire_effect(events: &[TraceEvent]) -> &'static str {
    for e in events {
        if let TraceEvent::Change { change, .. } = e {
            if change.contains(" fires ") || change.starts_with("fires ") {
                for word in ["NoEffect", "Suppress", "Effective"] {
                    if change.contains(&format!(": {word}")) {
                        return word;
                    }
                }
            }
        }
    }
    panic!("no fire line")
}

#[test]
fn the_archer_example_fires_with_its_exact_distribution() {
    // L2424-2427: 12 Regular archers with short bows in one line (FP 12:
    // a D12 Firepower die, the text's one data point) at a Close Order unit
    // in light armour behind a Shield Wall, 9" away: band 3 (D8), +1 Shield
    // Wall, -1 close formation: D8 (digest 14.4: P 0.2656 / 0.4063 / 0.3281).
    let archers = r#"{ profile = "archer", figures = 12, files = 12, formation = "close", quality = "regular", lv = 2, at = [36, 10] }"#;
    let target = r#"{ profile = "auxiliary", figures = 20, files = 10, formation = "close", quality = "regular", lv = 2, at = [36, 20.5] }"#;
    let setup = setup_of(&scenario(archers, target, ""));
    let n = super::support::trials();
    let mut counts = [0u64; 3];
    for i in 0..n {
        let word = with_battle(&setup, i, |b| {
            b.st.units[1].shield_wall = true;
            assert!((b.dist(0, 1) - 9.0).abs() < 1e-4);
            b.fire(0, 1, FireKind::Action, false);
            fire_effect(&b.trace.events)
        });
        let k = ["NoEffect", "Suppress", "Effective"]
            .iter()
            .position(|w| *w == word);
        counts[k.expect("an effect")] += 1;
    }
    within_4_sigma("no effect", counts[0], n, 0.265625);
    within_4_sigma("suppression only", counts[1], n, 0.40625);
    within_4_sigma("fully effective", counts[2], n, 0.328125);
}

#[test]
fn a_rally_and_a_communication_test_hit_their_exact_chances() {
    // T16 (L990-993): a Regular LV2 unit at Broken, rallied by its Veteran
    // LV1 commander within 6": QD D8 > 2 + 1 on 4-8, P 5/8, to Shaken.
    let cmdr = r#"{ profile = "cohort_command", label = "hq", figures = 3, formation = "open", quality = "veteran", lv = 1, at = [36, 3] }"#;
    let unit = r#"{ profile = "auxiliary", label = "aux", figures = 20, files = 10, formation = "close", quality = "regular", lv = 2, parent = "hq", at = [36, 8] }"#;
    let setup = setup_of(&scenario(&format!("{cmdr}, {unit}"), WARRIORS, ""));
    let n = super::support::trials();
    let rallied = (0..n)
        .filter(|&i| {
            with_battle(&setup, i, |b| {
                b.st.units[1].cl = Cl::Broken;
                b.rally(0, 1);
                b.st.units[1].cl == Cl::Shaken
            })
        })
        .count() as u64;
    within_4_sigma("rally", rallied, n, 5.0 / 8.0);
    // T12 (L871-873): the sender's D10 against max(LV 1, 2) + ceil(7/6) = 4
    // at 13": passes on 5-10, P 6/10 (a Veteran sender; the text's is Regular).
    let far = unit.replace("[36, 8]", "[36, 16]");
    let setup = setup_of(&scenario(&format!("{cmdr}, {far}"), WARRIORS, ""));
    let passed = (0..n)
        .filter(|&i| {
            with_battle(&setup, i, |b| {
                assert!((b.st.units[1].pos[1] - b.st.units[0].pos[1] - 13.0).abs() < 1e-4);
                b.communicate(0, 1)
            })
        })
        .count() as u64;
    within_4_sigma("communication", passed, n, 6.0 / 10.0);
    // T13, T92 (L875, L915): the same message from the commander to a unit
    // one level further down (its parent is `aux`), 13" away, skips a
    // level: the sender's die is one type lower, D8, against 4: P 4/8.
    let sub = r#"{ profile = "archer", label = "company", figures = 10, formation = "open", quality = "regular", lv = 2, parent = "aux", at = [36, 16] }"#;
    let far = far.replace("[36, 16]", "[50, 8]");
    let setup = setup_of(&scenario(&format!("{cmdr}, {far}, {sub}"), WARRIORS, ""));
    let passed = (0..n)
        .filter(|&i| {
            with_battle(&setup, i, |b| {
                assert_eq!(
                    (b.levels_below(0, 2), b.levels_below(1, 2)),
                    (Some(2), Some(1))
                );
                let through = b.communicate(0, 2);
                let faces = b.trace.events.iter().find_map(|e| match e {
                    TraceEvent::Roll { die, .. } => Some(*die),
                    _ => None,
                });
                assert_eq!(faces, Some(8), "one type below the sender's D10");
                through
            })
        })
        .count() as u64;
    within_4_sigma("communication past a level", passed, n, 4.0 / 8.0);
}

#[test]
fn the_charge_test_adds_its_threat_levels() {
    // L2596-2642: a Steady (+1) Skirmish unit (+2 against Close Order)
    // charging: TL 3; Confident Open Order cavalry against a Close Order
    // Testudo with its Shield Wall up, from the front: +1 (open v close)
    // +1 (cavalry v shield wall) +2 (a Phalanx from the front; a Testudo is
    // a Phalanx protected all round, L3066-3074) = 4.
    let skirm = r#"{ profile = "archer", figures = 10, formation = "skirmish", quality = "regular", lv = 2, at = [36, 30] }"#;
    let turma = r#"{ profile = "turma", figures = 16, files = 8, formation = "open", quality = "regular", lv = 2, at = [14, 30] }"#;
    let setup = setup_of(&scenario(LEGIONARIES, &format!("{skirm}, {turma}"), ""));
    with_battle(&setup, 0, |b| {
        b.st.units[1].cl = Cl::Steady;
        assert_eq!(b.charge_tl(1, 0), Some(3));
        b.st.units[0].shield_wall = true;
        assert_eq!(b.charge_tl(2, 0), Some(4));
        b.st.units[2].cl = Cl::Inspired;
        assert_eq!(b.charge_tl(2, 0), None, "Inspired units pass automatically");
    });
}

#[test]
fn the_mirror_match_comes_out_even() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("scenarios/standards_of_valor/mirror_cohort.toml");
    let scenario = muster::scenario::load_scenario(&path).expect("mirror loads");
    let n = 3000;
    let wins = scenario.rules.with(Wins(n));
    let decided = wins[0] + wins[1];
    within_4_sigma(
        "first side's share of decided battles",
        wins[0],
        decided,
        0.5,
    );
}

struct Wins(u64);

impl muster::scenario::WithRuleset for Wins {
    type Output = [u64; 2];
    fn run<R: muster::rules::Ruleset>(self, ruleset: &R) -> [u64; 2] {
        let mut wins = [0; 2];
        for i in 0..self.0 {
            let rec = muster::engine::play_one(ruleset, 1, i, &mut muster::rules::NoTrace);
            if let Some(w) = rec.winner {
                wins[w.index()] += 1;
            }
        }
        wins
    }
}

#[test]
fn suppression_overflows_into_integrity_and_destroys_skirmishers_in_melee() {
    // T24 (L1095): a Close Order unit with 3 markers hit again stays at 3
    // and drops to Open, then to Skirmish. T25 (L2784): a Skirmish unit
    // with 3 markers taking another in hand-to-hand is removed.
    let setup = setup_of(&scenario(LEGIONARIES, WARRIORS, ""));
    with_battle(&setup, 0, |b| {
        for _ in 0..3 {
            b.suppress(0, false);
        }
        assert_eq!(b.st.units[0].suppression, 3);
        b.suppress(0, false);
        assert_eq!(b.st.units[0].suppression, 3);
        assert_eq!(b.st.units[0].formation.name(), "open");
        b.suppress(0, false);
        assert_eq!(b.st.units[0].formation.name(), "skirmish");
        assert!(b.st.units[0].on_table());
        b.suppress(0, true);
        assert!(!b.st.units[0].on_table(), "removed as casualties");
    });
}

#[test]
fn fright_checks_start_at_half_and_test_at_the_ratio() {
    // T20 (L787): 10 troopers seeing 4 foot skirmishers rout: 0.4, no test.
    // T21: seeing 5 cavalry rout (counted 10): ratio 1, TL 1: a Regular LV2
    // unit keeps its level on a D8 above 3, P 5/8.
    let troopers = r#"{ profile = "auxiliary", label = "troopers", figures = 10, files = 10, formation = "close", quality = "regular", lv = 2, at = [36, 8] }"#;
    let foot = r#"{ profile = "archer", label = "runners", figures = 4, formation = "skirmish", quality = "regular", lv = 2, at = [10, 8] }"#;
    let horse = r#"{ profile = "turma", label = "riders", figures = 5, formation = "skirmish", quality = "regular", lv = 2, at = [10, 8] }"#;
    let far = r#"{ profile = "germanic_warrior", figures = 24, formation = "open", quality = "regular", lv = 2, at = [36, 44] }"#;
    let tested = |events: &[TraceEvent]| {
        events.iter().any(|e| {
            matches!(e, TraceEvent::Roll { who, purpose, .. } if who == "troopers" && purpose == "fright check")
        })
    };
    let setup = setup_of(&scenario(&format!("{troopers}, {foot}"), far, ""));
    with_battle(&setup, 0, |b| {
        b.st.units[1].cl = Cl::Routed;
        b.fright_checks();
        assert!(!tested(&b.trace.events), "4 of 10 is under half");
    });
    let setup = setup_of(&scenario(&format!("{troopers}, {horse}"), far, ""));
    let n = super::support::trials() / 10;
    let held = (0..n)
        .filter(|&i| {
            with_battle(&setup, i, |b| {
                b.st.units[1].cl = Cl::Routed;
                b.fright_checks();
                assert!(tested(&b.trace.events), "5 cavalry count 10");
                b.st.units[0].cl == Cl::Confident
            })
        })
        .count() as u64;
    within_4_sigma("fright check at TL 1", held, n, 5.0 / 8.0);
}

#[test]
fn confidence_levels_fall_one_or_two() {
    // T18 (L1163): a Steady unit failing by one level is Shaken, by two Broken.
    assert_eq!(Cl::Steady.lowered(1), Cl::Shaken);
    assert_eq!(Cl::Steady.lowered(2), Cl::Broken);
    assert_eq!(Cl::Broken.lowered(2), Cl::Routed);
    // A rally never goes above the fatigue's level (L1134).
    assert_eq!(Cl::Shaken.raised(Cl::Steady), Cl::Steady);
    assert_eq!(Cl::Steady.raised(Cl::Steady), Cl::Steady);
}

/// The effect counts of `n` fire actions of unit 0 at unit 1.
fn fire_counts(setup: &SovSetup, n: u64, shield_wall: bool) -> [u64; 3] {
    let mut counts = [0u64; 3];
    for i in 0..n {
        let word = with_battle(setup, i, |b| {
            b.st.units[1].shield_wall = shield_wall;
            b.fire(0, 1, FireKind::Action, false);
            fire_effect(&b.trace.events)
        });
        let k = ["NoEffect", "Suppress", "Effective"]
            .iter()
            .position(|w| *w == word);
        counts[k.expect("an effect")] += 1;
    }
    counts
}

#[test]
fn soft_cover_shifts_the_range_die() {
    // The archer example again, the target now in scrub (soft cover, +1,
    // L573): D8 +1 Shield Wall -1 close formation +1 cover = D10, the die
    // the text itself used (digest 14.4: P 0.3708 / 0.3667 / 0.2625).
    let archers = r#"{ profile = "archer", figures = 12, files = 12, formation = "close", quality = "regular", lv = 2, at = [36, 10] }"#;
    let target = r#"{ profile = "auxiliary", figures = 20, files = 10, formation = "close", quality = "regular", lv = 2, at = [36, 20.5] }"#;
    let scrub = r#"{ name = "scrub", kind = "scrub", circle = { x = 36, y = 20.5, radius = 3 } }"#;
    let setup = setup_of(&scenario_on(scrub, archers, target, ""));
    let n = super::support::trials() / 2;
    let counts = fire_counts(&setup, n, true);
    let exact = fire_distribution(&[Die::D8, Die::D12], Die::D10);
    within_4_sigma("no effect", counts[0], n, exact[0]);
    within_4_sigma("suppression only", counts[1], n, exact[1]);
    within_4_sigma("fully effective", counts[2], n, exact[2]);
    assert!((exact[0] - 0.3708).abs() < 1e-4 && (exact[2] - 0.2625).abs() < 1e-4);
}

#[test]
fn woods_block_sight_and_charges() {
    // L556: woods block sight through them; a unit inside sees out. Units
    // shoot and charge only what they see (L2588).
    let archers = r#"{ profile = "archer", figures = 12, files = 12, formation = "close", quality = "regular", lv = 2, at = [36, 6] }"#;
    let target = r#"{ profile = "germanic_warrior", figures = 24, formation = "open", quality = "regular", lv = 2, at = [36, 16.5] }"#;
    let wood =
        r#"{ name = "wood", kind = "woods", polygon = [[30, 9], [42, 9], [42, 11], [30, 11]] }"#;
    let setup = setup_of(&scenario_on(wood, archers, target, ""));
    with_battle(&setup, 0, |b| {
        assert!(!b.can_shoot_at(0, 1, false), "the wood is between");
        assert_eq!(b.fire(0, 1, FireKind::Action, false), 0);
    });
    let setup = setup_of(&scenario(archers, target, ""));
    with_battle(&setup, 0, |b| {
        assert!(b.can_shoot_at(0, 1, false), "in sight")
    });
}

#[test]
fn woods_stop_close_order_and_slow_the_rest() {
    // L1443-1467: woods are impassable to Close Order foot, difficult (3
    // inches an inch) for Open Order. A Close Order century advancing 6"
    // stops at the edge 2" ahead; an Open Order one gets 2 + 4/3 inches.
    let wood =
        r#"{ name = "wood", kind = "woods", polygon = [[0, 12], [72, 12], [72, 30], [0, 30]] }"#;
    for (formation, expect) in [("close", 2.0f32), ("open", 2.0 + 4.0 / 3.0)] {
        let unit = format!(
            r#"{{ profile = "auxiliary", figures = 20, files = 10, formation = "{formation}", quality = "regular", lv = 2, at = [36, 10] }}"#
        );
        let setup = setup_of(&scenario_on(wood, &unit, WARRIORS, ""));
        with_battle(&setup, 0, |b| {
            b.step_toward(0, 1, 6.0, 1.0);
            let moved = b.st.units[0].pos[1] - 10.0;
            assert!((moved - expect).abs() < 0.05, "{formation}: moved {moved}");
        });
    }
}

#[test]
fn tune_finds_a_units_even_size_and_bad_parents_are_located() {
    let dir = std::env::temp_dir().join(format!("muster-sov-tune-{}", std::process::id()));
    let scenario = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("scenarios/standards_of_valor/foot_vs_horse.toml");
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_muster"))
        .args([
            "tune",
            scenario.to_str().unwrap(),
            "--unit",
            "turma_1",
            "--param",
            "figures",
        ])
        .args([
            "--range",
            "1..16",
            "--battles",
            "200",
            "--quiet",
            "--force",
            "--out",
        ])
        .arg(&dir)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let csv = std::fs::read_to_string(dir.join("tune.csv")).expect("tune.csv");
    assert!(csv.contains("side.0.units.0.figures"), "{csv}");
    std::fs::remove_dir_all(&dir).ok();
    // A parent naming no unit of the side is refused, with the nearest label.
    let text = std::fs::read_to_string(&scenario)
        .unwrap()
        .replace("parent = \"turma_1\"", "parent = \"turma_9\"");
    let err = load_scenario_text("bad.toml", &text, scenario.parent())
        .unwrap_err()
        .to_string();
    assert!(
        err.contains("parent `turma_9` names no other unit of this side"),
        "{err}"
    );
    assert!(err.contains("did you mean `turma_1`"), "{err}");
}

/// Whether the trace mentions `what` anywhere.
fn traced(events: &[TraceEvent], what: &str) -> bool {
    events.iter().any(|e| format!("{e:?}").contains(what))
}

/// Whether units `a` and `b` overlap on the table.
fn overlap(b: &Battle<'_, VecTrace>, x: usize, y: usize) -> bool {
    let (p, q) = (b.block(x), b.block(y));
    (p.centre[0] - q.centre[0]).abs() < p.half_x + q.half_x - 0.02
        && (p.centre[1] - q.centre[1]).abs() < p.half_y + q.half_y - 0.02
}

#[test]
fn a_unit_turns_to_face_a_threat_on_its_flank() {
    // L963-965, L1580-1583: facing is a Reform without a test. Cavalry
    // level with the legionaries' line, 6" off its east end, could charge
    // its flank (L2801-2804); nothing threatens its front, so it turns east.
    let turma = r#"{ profile = "turma", figures = 16, files = 8, formation = "open", quality = "regular", lv = 2, at = [56, 8] }"#;
    let setup = setup_of(&scenario(LEGIONARIES, turma, ""));
    with_battle(&setup, 0, |b| {
        assert_eq!(b.aspect(1, 0), 1, "the turma is off the legion's flank");
        b.activate(0);
        assert_eq!(b.st.units[0].facing, Facing::East);
        assert_eq!(b.aspect(1, 0), 0, "now it would charge the front");
        assert!(traced(&b.trace.events, "faces east toward"));
    });
    // With a second enemy able to charge its front, it keeps facing north.
    let both = format!("{turma}, {}", WARRIORS.replace("[36, 40]", "[36, 20]"));
    let setup = setup_of(&scenario(LEGIONARIES, &both, ""));
    with_battle(&setup, 0, |b| {
        b.activate(0);
        assert_eq!(b.st.units[0].facing, Facing::North);
    });
}

#[test]
fn a_facing_turn_makes_the_depth_the_front_and_a_narrow_unit_wheels() {
    // L1580-1583: in a facing turn every trooper turns, so the legionaries'
    // 10 files by 2 ranks become 2 files by 10 ranks on the same ground.
    let turma = r#"{ profile = "turma", figures = 16, files = 8, formation = "open", quality = "regular", lv = 2, at = [56, 8] }"#;
    let setup = setup_of(&scenario(LEGIONARIES, turma, ""));
    with_battle(&setup, 0, |b| {
        let before = b.block(0);
        b.activate(0);
        assert_eq!(b.st.units[0].facing, Facing::East);
        assert_eq!(b.st.units[0].files, 2, "the old depth is the new front");
        let after = b.block(0);
        assert!((after.half_x - before.half_x).abs() < 1e-5);
        assert!((after.half_y - before.half_y).abs() < 1e-5);
    });
    // L1589-1593, L1575: three files of auxiliaries (a 3" front) wheel:
    // the arc, 4.71", fits in their 6" move. A Reaction test at TL 0 (LV 2
    // on a D8): a pass pivots them on the inner front corner keeping three
    // files; a failure halts them half way (shown as no turn, the action
    // lost); a major failure (a 1) also costs an integrity level.
    let narrow = r#"{ profile = "auxiliary", figures = 6, files = 3, formation = "close", quality = "regular", lv = 2, at = [36, 8] }"#;
    let setup = setup_of(&scenario(narrow, turma, ""));
    let (n, mut counts) = (800, [0u64; 3]);
    for i in 0..n {
        with_battle(&setup, i, |b| {
            let wheeled = field::wheeled(&b.block(0), Facing::East);
            b.activate(0);
            let s = &b.st.units[0];
            let k = if s.facing == Facing::East {
                assert_eq!(s.files, 3, "a wheel keeps the frontage");
                assert_eq!(s.pos, wheeled.centre);
                assert!(traced(&b.trace.events, "wheels east toward"));
                0
            } else {
                assert_eq!(s.facing, Facing::North);
                assert!(traced(&b.trace.events, "fails to wheel"));
                1 + usize::from(s.formation == Formation::Open)
            };
            counts[k] += 1;
        });
    }
    within_4_sigma("wheels", counts[0], n, p_pass(Die::D8, 2));
    within_4_sigma("major failures", counts[2], n, p_major_fail(Die::D8, 2));
}

#[test]
fn formed_units_go_around_friends_and_skirmishers_pass_through_open_ones() {
    // L1612-1618: a Close Order unit behind the legionaries, advancing on
    // the enemy, may not pass through them: it steps around their end.
    let behind = r#"{ profile = "auxiliary", figures = 20, files = 10, formation = "close", quality = "regular", lv = 2, at = [36, 2] }"#;
    let setup = setup_of(&scenario(&format!("{LEGIONARIES}, {behind}"), WARRIORS, ""));
    with_battle(&setup, 0, |b| {
        b.step_toward(1, 2, 12.0, 1.0);
        assert!(!overlap(b, 0, 1), "it ended inside its friend");
        assert!((b.st.units[1].pos[0] - 36.0).abs() >= 5.0, "it went around");
        assert!(traced(&b.trace.events, "goes around"));
    });
    // Skirmishers pass straight through friendly Open Order troops...
    let open = LEGIONARIES.replace("\"close\"", "\"open\"");
    let skirm = r#"{ profile = "archer", figures = 10, formation = "skirmish", quality = "regular", lv = 2, at = [36, 2] }"#;
    let setup = setup_of(&scenario(&format!("{open}, {skirm}"), WARRIORS, ""));
    with_battle(&setup, 0, |b| {
        b.step_toward(1, 2, 16.0, 1.0);
        assert!(
            (b.st.units[1].pos[0] - 36.0).abs() < 1e-3,
            "straight through"
        );
        assert!(b.st.units[1].pos[1] > 12.0, "{:?}", b.st.units[1].pos);
        assert!(!overlap(b, 0, 1));
    });
    // ...but stop short rather than end inside them.
    with_battle(&setup, 0, |b| {
        b.step_toward(1, 2, 8.0, 1.0);
        assert!(!overlap(b, 0, 1), "{:?}", b.st.units[1].pos);
    });
}

#[test]
fn fleeing_through_friends_makes_them_test_and_moves_on_past_them() {
    // L1619-1621: a Routed unit fleeing through a friend makes the friend
    // test Confidence, and is moved on until clear of it.
    let ahead = r#"{ profile = "auxiliary", figures = 20, files = 10, formation = "open", quality = "regular", lv = 2, at = [36, 20] }"#;
    let setup = setup_of(&scenario(&format!("{LEGIONARIES}, {ahead}"), WARRIORS, ""));
    with_battle(&setup, 0, |b| {
        b.st.units[1].cl = Cl::Routed;
        b.flee_to(1, [36.0, 9.0]);
        assert!(traced(&b.trace.events, "fleeing friends pass through"));
        assert!(!overlap(b, 0, 1), "moved on past the legionaries");
        assert!(b.st.units[1].pos[1] < 8.0);
    });
}

#[test]
fn formed_units_block_sight_under_their_option() {
    // L507, L520: under `formed_units_block_sight` (the default), archers
    // behind a Close Order line cannot see (so shoot at) the warband
    // beyond it; a Skirmish screen does not block; with the option off
    // nothing but woods blocks sight.
    let archers = r#"{ profile = "archer", figures = 10, files = 10, formation = "open", quality = "regular", lv = 2, at = [36, 2] }"#;
    let near = WARRIORS.replace("[36, 40]", "[36, 16]");
    let line = format!("{archers}, {LEGIONARIES}");
    let screen = format!(
        "{archers}, {}",
        LEGIONARIES.replace("\"close\"", "\"skirmish\"")
    );
    for (romans, option, sees) in [
        (&line, "", false),
        (&screen, "", true),
        (&line, "formed_units_block_sight = false", true),
    ] {
        let setup = setup_of(&scenario(romans, &near, option));
        with_battle(&setup, 0, |b| {
            assert_eq!(b.sees(0, 2), sees, "{romans} / {option}");
            assert_eq!(b.can_shoot_at(0, 2, false), sees, "in range");
        });
    }
}
