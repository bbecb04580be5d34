//! The Standards of Valor worked examples (test vectors) that the modules'
//! unit tests and `sov_rules` do not already check, put through the real
//! rules code: the `Battle` methods on a scenario built from TOML text.
//! Where a rule rolls dice, each test plays many battle streams, reads the
//! rolls from the trace and checks that the code did what the text says for
//! that roll, and that every branch of the example came up at least once.
//! The last test keeps the documentation's table of worked examples
//! complete: every vector listed, every test it names present.

use super::sov_rules::{scenario_on, setup_of, with_seeded_battle};
use super::support::{rolls, within_4_sigma};
use muster::rules::{TraceEvent, VecTrace};
use muster::rulesets::standards_of_valor::battle::Battle;
use muster::rulesets::standards_of_valor::fire::FireKind;
use muster::rulesets::standards_of_valor::ladder::{p_pass, Die, TestResult};
use muster::rulesets::standards_of_valor::melee_dice::Formation;
use muster::rulesets::standards_of_valor::morale::FireTriggers;
use muster::rulesets::standards_of_valor::setup::{Fatigue, SovSetup};
use muster::rulesets::standards_of_valor::state::Cl;
use std::path::Path;

/// A scenario of the seed's figures: these terrain pieces, units of each
/// side (TOML inline tables) and options. The first side (south, facing
/// north) plays `shieldwall`, the second `wild_charge`.
fn scenario(terrain: &str, south: &[String], north: &[String], options: &str) -> String {
    scenario_on(terrain, &south.join(", "), &north.join(", "), options)
}

/// A Germanic warband far off at the north end of the table.
fn far_enemy() -> String {
    unit("enemy germanic_warrior 24x12 open regular 2", [36.0, 44.0])
}

/// Twelve Regular archers in one Close Order line centred on `[36, y]`.
fn archers_at(y: f32) -> String {
    unit("archers archer 12x12 close regular 2", [36.0, y])
}

/// A lone Regular warband of 12 at the south end, the enemy far off.
fn lone_warband() -> SovSetup {
    let warband = unit(
        "warband germanic_warrior 12x12 close regular 2",
        [36.0, 5.0],
    );
    setup_of(&scenario("", &[warband], &[far_enemy()], ""))
}

/// One unit from "label profile FIGURESxFILES formation quality LV"
/// (e.g. "aux auxiliary 20x10 close regular 2") and its centre.
pub(crate) fn unit(spec: &str, at: [f32; 2]) -> String {
    let words: Vec<&str> = spec.split_whitespace().collect();
    let [label, profile, size, formation, quality, lv] = words[..] else {
        panic!("unit spec {spec:?}");
    };
    let (figures, files) = size.split_once('x').expect("FIGURESxFILES");
    format!(
        r#"{{ profile = "{profile}", label = "{label}", figures = {figures}, files = {files}, formation = "{formation}", quality = "{quality}", lv = {lv}, at = [{}, {}] }}"#,
        at[0], at[1]
    )
}

/// A fresh battle on `setup` with battle stream `i`, traced.
fn with_battle<R>(setup: &SovSetup, i: u64, f: impl FnOnce(&mut Battle<'_, VecTrace>) -> R) -> R {
    with_seeded_battle(0x5EED_0002, setup, i, f)
}

/// Index of the first roll `who` made for `purpose`.
fn roll_index(events: &[TraceEvent], who: &str, purpose: &str) -> Option<usize> {
    events.iter().position(
        |e| matches!(e, TraceEvent::Roll { who: w, purpose: p, .. } if w == who && p == purpose),
    )
}

/// Figures `unit` lost in `events` (its "loses N figures" lines).
fn losses(events: &[TraceEvent], unit: &str) -> u16 {
    events
        .iter()
        .filter_map(|e| match e {
            TraceEvent::Change {
                unit: u, change, ..
            } if u == unit => change
                .strip_prefix("loses ")
                .and_then(|rest| rest.split(' ').next())
                .filter(|_| change.contains(" figures ("))
                .and_then(|n| n.parse::<u16>().ok()),
            _ => None,
        })
        .sum()
}

/// Whether `unit` has a change line containing `text`.
fn changed(events: &[TraceEvent], unit: &str, text: &str) -> bool {
    events.iter().any(|e| {
        matches!(e, TraceEvent::Change { unit: u, change, .. } if u == unit && change.contains(text))
    })
}

/// The Confidence Level a test at `target` leaves a unit at `from` in,
/// by the text: kept above the target, one lower at or below it, two
/// lower at half or less (L1180-1183).
fn after_test(from: Cl, roll: u8, target: i32) -> Cl {
    let r = i32::from(roll);
    if target <= 0 || r > target {
        from
    } else if 2 * r <= target {
        from.lowered(2)
    } else {
        from.lowered(1)
    }
}

fn moved(a: [f32; 2], b: [f32; 2]) -> f32 {
    (a[0] - b[0]).hypot(a[1] - b[1])
}

#[test]
fn t11_leader_killed_suppresses_rerolls_lv_and_tests_confidence() {
    // L365-374: when the leader falls the unit takes a suppression marker,
    // a D6 gives the new leader's LV (1-2 one worse, 3-5 the same, 6 one
    // better) and the unit tests Confidence at the leader row's TL (Medium
    // MM: 3, L1208-1234). Leaders fall only with the last figure by
    // default (L2438), so the sensitivity option lets one fall to fire.
    let archers = archers_at(10.0);
    let target = unit("century auxiliary 4x4 close regular 2", [36.0, 14.0]);
    let text = scenario("", &[archers], &[target], "leader_loss = \"proportional\"");
    let setup = setup_of(&text);
    let (mut by_d6, mut by_result) = ([0u32; 3], [0u32; 3]);
    for i in 0..20_000 {
        with_battle(&setup, i, |b| {
            assert_eq!(b.st.units[1].cl, Cl::Confident);
            b.fire(0, 1, FireKind::Action, false);
            let ev = &b.trace.events;
            let new_leader = rolls(ev, "century", "new leader");
            let Some(&(die, r)) = new_leader.first() else {
                return;
            };
            assert_eq!((die, new_leader.len()), (6, 1));
            let (lv, k) = match r {
                1 | 2 => (3, 0),
                3..=5 => (2, 1),
                _ => (1, 2),
            };
            by_d6[k] += 1;
            let s = &b.st.units[1];
            assert_eq!(s.lv, lv, "D6 {r}");
            assert_eq!(s.suppression, 2, "the fire's marker and the leader's");
            let tests = rolls(ev, "century", "confidence (fire)");
            assert_eq!(tests.len(), 1, "one test at the highest TL");
            let (qd, c) = tests[0];
            assert_eq!(qd, 8);
            let target = i32::from(lv) + 3;
            let want = after_test(Cl::Confident, c, target);
            assert_eq!(s.cl, want, "new LV {lv}, roll {c} v {target}");
            by_result[(Cl::Confident as usize) - (want as usize)] += 1;
        });
    }
    assert!(by_d6.iter().all(|&n| n > 0), "every D6 branch: {by_d6:?}");
    assert!(
        by_result.iter().all(|&n| n > 0),
        "pass, fail, major: {by_result:?}"
    );
}

#[test]
fn t14_communication_within_six_inches_needs_no_roll() {
    // L883-886: within 6" the message passes without a roll; beyond, the
    // sender rolls (L871).
    for (gap, rolled) in [(6.0f32, false), (6.5, true)] {
        let cmdr = unit("hq cohort_command 3x3 open veteran 1", [36.0, 3.0]);
        let sub = unit("aux auxiliary 20x10 close green 3", [36.0, 3.0 + gap]);
        let far = unit(
            "warband germanic_warrior 24x12 open regular 2",
            [36.0, 44.0],
        );
        let setup = setup_of(&scenario("", &[cmdr, sub], &[far], ""));
        for i in 0..200 {
            with_battle(&setup, i, |b| {
                let ok = b.communicate(0, 1);
                let n = rolls(&b.trace.events, "hq", "communication").len();
                assert_eq!(n == 1, rolled, "gap {gap}");
                if !rolled {
                    assert!(ok, "direct contact always passes");
                }
            });
        }
    }
}

#[test]
fn t17_first_casualty_at_medium_motivation_tests_at_tl_one() {
    // L1180-1183 and the table at L1208: a Regular LV2 unit at ST on a
    // Medium mission takes casualties from fire: TL 1 (the text's example
    // says +2; its own table says 1), target 3 on the D8: 4+ stays ST,
    // 2-3 SH, 1 BR.
    let unit0 = unit("century auxiliary 20x10 close regular 2", [36.0, 10.0]);
    let far = unit(
        "warband germanic_warrior 24x12 open regular 2",
        [36.0, 44.0],
    );
    let mut setup = setup_of(&scenario("", &[unit0], &[far], ""));
    setup.sides[0].fatigue = Fatigue::Tired;
    let mut seen = [0u32; 3];
    for i in 0..400 {
        with_battle(&setup, i, |b| {
            assert_eq!(b.st.units[0].cl, Cl::Steady);
            let triggers = FireTriggers {
                casualties: true,
                ..FireTriggers::default()
            };
            b.fire_confidence(0, triggers);
            let tests = rolls(&b.trace.events, "century", "confidence (fire)");
            assert_eq!(tests.len(), 1);
            let (die, r) = tests[0];
            assert_eq!(die, 8);
            let want = match r {
                4..=8 => Cl::Steady,
                2 | 3 => Cl::Shaken,
                _ => Cl::Broken,
            };
            assert_eq!(b.st.units[0].cl, want, "roll {r}");
            seen[Cl::Steady as usize - want as usize] += 1;
        });
    }
    assert!(seen.iter().all(|&n| n > 0), "{seen:?}");
}

#[test]
fn t19_a_shaken_unit_that_refuses_to_advance_loses_the_action() {
    // L1271-1276 and L1291: a Shaken unit tests (TL 2) to advance; a
    // failure loses the action, and the second action may not try the
    // same again. A pass moves it its normal move (6" for D6).
    let setup = lone_warband();
    let mut seen = [0u32; 3];
    for i in 0..400 {
        with_battle(&setup, i, |b| {
            b.st.units[0].cl = Cl::Shaken;
            b.activate(0);
            let tests = rolls(&b.trace.events, "warband", "shaken unit advances");
            let went = b.st.units[0].pos[1] - 5.0;
            let pass = |r: u8| r > 2 + 2;
            let (_, first) = tests[0];
            if !pass(first) {
                assert_eq!(tests.len(), 1, "not tried again");
                assert!(went.abs() < 1e-4, "no move: {went}");
                seen[0] += 1;
            } else {
                assert_eq!(tests.len(), 2, "the second action tests again");
                let second = pass(tests[1].1);
                let want = if second { 12.0 } else { 6.0 };
                assert!((went - want).abs() < 1e-3, "moved {went}, want {want}");
                seen[1 + usize::from(second)] += 1;
            }
        });
    }
    assert!(seen.iter().all(|&n| n > 0), "{seen:?}");
}

/// Troopers (a Regular LV2 century of 10), five routed horsemen (counted
/// 10: ratio 1, TL 1, L787) and these other units.
fn fright_setup(friends: &[[f32; 2]], enemy: [f32; 2]) -> SovSetup {
    let mut south = vec![
        unit("troopers auxiliary 10x10 close regular 2", [36.0, 8.0]),
        unit("riders turma 5x5 skirmish regular 2", [10.0, 30.0]),
    ];
    for (k, at) in friends.iter().enumerate() {
        let label = format!("friend{k}");
        south.push(unit(
            &format!("{label} auxiliary 10x10 close regular 2"),
            *at,
        ));
    }
    let foe = unit("enemy germanic_warrior 6x6 open regular 2", enemy);
    setup_of(&scenario("", &south, &[foe], ""))
}

/// The troopers' fright checks over `n` streams: each roll against
/// `target`, by the text; returns how often each roll came up.
fn fright_rolls(setup: &SovSetup, n: u64, target: i32) -> [u32; 9] {
    let mut seen = [0u32; 9];
    for i in 0..n {
        with_battle(setup, i, |b| {
            b.st.units[1].cl = Cl::Routed;
            b.fright_checks();
            let tests = rolls(&b.trace.events, "troopers", "fright check");
            assert_eq!(tests.len(), 1);
            let (die, r) = tests[0];
            assert_eq!(die, 8);
            let want = after_test(Cl::Confident, r, target);
            assert_eq!(b.st.units[0].cl, want, "roll {r} v {target}");
            seen[usize::from(r)] += 1;
        });
    }
    seen
}

#[test]
fn t22_formed_friends_on_both_sides_lower_the_fright_tl_by_two() {
    // L789: one formed friend adjacent on each side, TL 1 - 2: the
    // target is LV 2 - 1 = 1, so only a 1 fails (2 and 3 would fail at
    // the unmodified TL).
    let setup = fright_setup(&[[24.0, 8.0], [48.0, 8.0]], [36.0, 46.0]);
    let seen = fright_rolls(&setup, 400, 1);
    assert!(seen[1] > 0 && seen[2] > 0 && seen[3] > 0, "{seen:?}");
}

#[test]
fn t23_the_end_of_the_line_with_an_enemy_on_its_open_flank_tests_unchanged() {
    // L789: one friend beside it (-1) and an enemy within 12" on the open
    // flank (+1): TL 1, target 3 (a 3 fails, a 4 passes).
    let setup = fright_setup(&[[24.0, 8.0]], [50.0, 8.0]);
    let seen = fright_rolls(&setup, 400, 3);
    assert!(seen[1] > 0 && seen[3] > 0 && seen[4] > 0, "{seen:?}");
}

#[test]
fn t26_a_superior_transfers_with_both_its_actions() {
    // L921-924: with its two actions a superior may hand a full activation
    // to two subordinates (within 6", no communication roll, L885); each
    // acts at once, although both have activated already.
    let under = |u: String| u.replace(" }", ", parent = \"tribune\" }");
    let tribune = unit("tribune cohort_command 3x3 open veteran 1", [36.0, 6.0]);
    let left = under(unit("left legionary 20x10 close veteran 2", [31.0, 8.0]));
    let right = under(unit("right auxiliary 20x10 close regular 2", [41.5, 8.0]));
    let foe = unit("foe germanic_warrior 24x6 open green 2", [36.0, 20.0]);
    let mut setup = setup_of(&scenario("", &[tribune, left, right], &[foe], ""));
    setup.sides[0].doctrine.transfers = true;
    with_battle(&setup, 0, |b| {
        b.st.units[1].activated = true;
        b.st.units[2].activated = true;
        b.activate(0);
        let ev = &b.trace.events;
        assert!(rolls(ev, "tribune", "communication").is_empty());
        for who in ["left", "right"] {
            assert!(changed(ev, who, "takes a transferred activation"), "{who}");
        }
    });
}

#[test]
fn t27_two_normal_moves_of_a_d6_unit_cover_twelve_inches() {
    // L1351-1357: a normal move is the base mobility in inches per action,
    // with no roll: a D6 unit moving with both actions goes 12".
    let setup = lone_warband();
    for i in 0..20 {
        with_battle(&setup, i, |b| {
            b.activate(0);
            let went = b.st.units[0].pos[1] - 5.0;
            assert!((went - 12.0).abs() < 1e-3, "moved {went}");
            let rolled = b
                .trace
                .events
                .iter()
                .any(|e| matches!(e, TraceEvent::Roll { who, .. } if who == "warband"));
            assert!(!rolled, "a normal move rolls nothing");
        });
    }
}

#[test]
fn t28_t29_combat_moves_double_the_die_and_stop_at_the_goal() {
    // L1359-1368: each combat move rolls the move die and doubles it; the
    // unit moves the full distance unless that reaches its goal, where it
    // stops. The example's goal is 15" off: 4 then 6 moves 8" and arrives
    // (T28); 4 then 3 moves 14" and ends 1" short (T29).
    let mover = unit(
        "warband germanic_warrior 12x12 close regular 2",
        [36.0, 5.0],
    );
    let goal = archers_at(21.0);
    let setup = setup_of(&scenario("", &[mover], &[goal], ""));
    let (mut t28, mut t29) = (false, false);
    for i in 0..1000 {
        with_battle(&setup, i, |b| {
            assert!((b.dist(0, 1) - 15.0).abs() < 1e-4);
            let first = b.combat_move(0, 1);
            let y1 = b.st.units[0].pos[1];
            let second = b.combat_move(0, 1);
            let y2 = b.st.units[0].pos[1];
            let moves = rolls(&b.trace.events, "warband", "combat move");
            let [(6, r1), (6, r2)] = moves[..] else {
                panic!("two D6 rolls: {moves:?}")
            };
            let (d1, d2) = (2.0 * f32::from(r1), 2.0 * f32::from(r1 + r2));
            assert!(!first, "no D6 reaches 15\" at once");
            assert!((y1 - 5.0 - d1).abs() < 1e-3, "first move {r1}");
            assert_eq!(second, d2 >= 15.0, "rolls {r1}, {r2}");
            assert!((y2 - 5.0 - d2.min(15.0)).abs() < 1e-3, "rolls {r1}, {r2}");
            t28 |= (r1, r2) == (4, 6);
            t29 |= (r1, r2) == (4, 3);
            if (r1, r2) == (4, 3) {
                assert!((b.dist(0, 1) - 1.0).abs() < 1e-3, "1\" short");
            }
        });
    }
    assert!(t28 && t29, "both examples came up");
}

#[test]
fn t47_close_order_cavalry_in_the_open_at_band_two_is_a_d4() {
    // L2378-2380: band 2 is a D6; Close Order -1 and a mounted target -1:
    // D4 (clamped). At band 3 (D8) both shifts show: D4 in Close Order,
    // D6 in Open Order.
    let archers = archers_at(10.0);
    for (y, formation, want) in [
        (18.5f32, "close", Die::D4),
        (22.5, "close", Die::D4),
        (22.5, "open", Die::D6),
    ] {
        // 16 horse in 8 files: 2 ranks of 2" (Close) or 2.5" (Open).
        let turma = unit(
            &format!("turma turma 16x8 {formation} regular 2"),
            [36.0, y],
        );
        let setup = setup_of(&scenario("", std::slice::from_ref(&archers), &[turma], ""));
        with_battle(&setup, 0, |b| {
            let d = b.dist(0, 1);
            let band = (d / 4.0).ceil();
            assert!(band == if y < 20.0 { 2.0 } else { 3.0 }, "{d}");
            assert_eq!(b.range_die(0, 1, false), Some(want), "{formation} at {d}");
        });
    }
}

/// Two Regular LV2 blocks of 20 in 10 files in contact: the auxiliaries
/// (south) and the warband (north); both sides follow through or neither.
fn locked_setup(north_formation: &str, follow_through: bool) -> SovSetup {
    let aux = unit("aux auxiliary 20x10 close regular 2", [36.0, 20.0]);
    let spec = format!("warband germanic_warrior 20x10 {north_formation} regular 2");
    let warband = unit(&spec, [36.0, 23.0]);
    let mut setup = setup_of(&scenario("", &[aux], &[warband], ""));
    for side in &mut setup.sides {
        side.doctrine.follow_through = follow_through;
    }
    setup
}

fn lock(b: &mut Battle<'_, VecTrace>) {
    b.st.units[0].locked_with = Some(1);
    b.st.units[1].locked_with = Some(0);
}

const LABELS: [&str; 2] = ["aux", "warband"];

/// Locks the pair of `setup`, lets `prepare` set it up, fights one round
/// and hands the battle to `check`, in each of 3000 battles.
fn locked_rounds(
    setup: &SovSetup,
    prepare: impl Fn(&mut Battle<'_, VecTrace>),
    mut check: impl FnMut(&mut Battle<'_, VecTrace>),
) {
    for i in 0..3000 {
        with_battle(setup, i, |b| {
            lock(b);
            prepare(b);
            b.fight(0, 1, false);
            check(b);
        });
    }
}

#[test]
fn t70_a_lost_scrum_falls_back_and_loses_levels() {
    // L2776-2779: the lower scrum score (casualties inflicted + ranks, 2
    // each here) tests Confidence at the rounded-down ratio; on a tie with
    // no charge this turn the unit not activated tests at TL 0 (the docs'
    // reading). A failure falls back
    // max(6", base move) = 6" and costs a level; a major failure two levels
    // and one integrity level. (From Confident, so the loser never becomes
    // Broken: the next test takes that case.)
    let setup = locked_setup("close", false);
    let mut seen = [0u32; 3];
    locked_rounds(
        &setup,
        |_| {},
        |b| {
            // Where `locked_setup` stands the pair.
            let before = [[36.0, 20.0], [36.0, 23.0]];
            let ev = &b.trace.events;
            let inflicted = [losses(ev, "warband"), losses(ev, "aux")];
            let score = inflicted.map(|c| u32::from(c) + 2);
            let (loser, tl) = if score[0] == score[1] {
                (1, 0)
            } else {
                let l = usize::from(score[1] < score[0]);
                (l, (score[1 - l] / score[l]) as i32)
            };
            let tests = rolls(ev, LABELS[loser], "scrum test");
            assert_eq!(tests.len(), 1, "{} tests: {score:?}", LABELS[loser]);
            assert!(rolls(ev, LABELS[1 - loser], "scrum test").is_empty());
            let (_, r) = tests[0];
            let want = after_test(Cl::Confident, r, 2 + tl);
            let s = &b.st.units[loser];
            assert_eq!(s.cl, want, "roll {r} at TL {tl}");
            let drop = Cl::Confident as usize - want as usize;
            let went = moved(before[loser], s.pos);
            match drop {
                0 => {
                    assert!(s.locked_with.is_some() && went < 1e-4);
                    assert_eq!(s.formation, Formation::Close);
                }
                _ => {
                    assert!(s.locked_with.is_none(), "no longer locked");
                    assert!((went - 6.0).abs() < 1e-3, "fell back {went}");
                    let f = if drop == 2 {
                        Formation::Open
                    } else {
                        Formation::Close
                    };
                    assert_eq!(s.formation, f, "drop {drop}");
                }
            }
            seen[drop] += 1;
        },
    );
    assert!(seen.iter().all(|&n| n > 0), "{seen:?}");
}

#[test]
fn t70_a_loser_made_broken_by_the_scrum_test_routs_and_flees() {
    // L2779: a loser whose Confidence test leaves it Broken drops to Routed
    // at once and flees in Skirmish with a combat move instead of falling
    // back; the winner does not follow it as a loser would.
    let setup = locked_setup("close", true);
    let mut seen = [0u32; 2];
    let shaken = |b: &mut Battle<'_, VecTrace>| {
        for k in 0..2 {
            b.st.units[k].cl = Cl::Shaken;
        }
    };
    locked_rounds(&setup, shaken, |b| {
        let ev = &b.trace.events;
        let Some(l) = (0..2).find(|&k| !rolls(ev, LABELS[k], "scrum test").is_empty()) else {
            return;
        };
        let s = &b.st.units[l];
        if !s.on_table() || s.cl > Cl::Broken {
            return;
        }
        assert_eq!(s.cl, Cl::Routed, "a Broken loser routs");
        assert_eq!(s.formation, Formation::Skirmish);
        assert!(s.locked_with.is_none() && b.st.units[1 - l].locked_with.is_none());
        assert_eq!(
            rolls(ev, LABELS[l], "combat move (flee)").len(),
            1,
            "it flees"
        );
        assert!(!changed(ev, LABELS[l], "falls back"));
        assert!(rolls(ev, LABELS[l], "follow-through").is_empty());
        seen[usize::from(changed(ev, LABELS[1 - l], "follows through"))] += 1;
    });
    assert!(seen.iter().all(|&n| n > 0), "{seen:?}");
}

#[test]
fn t72_follow_through_tests_at_plus_one_or_plus_two() {
    // L2876-2882: after the enemy pulls back the winner may follow through
    // on a Reaction test at TL +2 (+1 when the enemy was destroyed); a pass
    // removes all its suppression markers and makes an extra combat move.
    let mut seen = [[0u32; 2]; 2];
    for destroyed in [false, true] {
        let setup = locked_setup(if destroyed { "skirmish" } else { "close" }, true);
        for i in 0..3000 {
            with_battle(&setup, i, |b| {
                lock(b);
                b.st.units[0].suppression = 2;
                if destroyed {
                    // Three markers: any hit in hand-to-hand removes it (L2784).
                    b.st.units[1].suppression = 3;
                } else {
                    b.st.units[1].suppression = 2;
                }
                b.fight(0, 1, false);
                let ev = &b.trace.events;
                let gone = !b.st.units[1].on_table();
                if gone != destroyed {
                    return;
                }
                // The winner: the unit that did not test the scrum.
                let w = if destroyed {
                    0
                } else {
                    match (0..2).find(|&k| !rolls(ev, LABELS[k], "scrum test").is_empty()) {
                        Some(l) if b.st.units[l].locked_with.is_none() => 1 - l,
                        _ => return,
                    }
                };
                let tests = rolls(ev, LABELS[w], "follow-through");
                let (die, r) = tests[0];
                assert_eq!(die, 8);
                let tl = if destroyed { 1 } else { 2 };
                let pass = r > 2 + tl;
                let s = &b.st.units[w];
                assert_eq!(s.suppression == 0, pass, "roll {r} at TL {tl}");
                assert_eq!(changed(ev, LABELS[w], "follows through"), pass);
                let after = roll_index(ev, LABELS[w], "follow-through").unwrap();
                let purpose = if destroyed {
                    "combat move (follow-through)"
                } else {
                    "combat move"
                };
                let chase = rolls(&ev[after..], LABELS[w], purpose);
                assert_eq!(chase.len(), usize::from(pass), "the extra combat move");
                // Only the winner follows through (L2876).
                assert!(rolls(ev, LABELS[1 - w], "follow-through").is_empty());
                seen[usize::from(destroyed)][usize::from(pass)] += 1;
            });
        }
    }
    assert!(seen.iter().flatten().all(|&n| n > 0), "{seen:?}");
}

#[test]
fn t73_defensive_fire_casualties_set_the_chargers_reaction_tl() {
    // L2830-2838: Final Defensive Fire has no suppression result; if it
    // kills, the charger tests Reaction at TL +1 a casualty (2 casualties
    // on a Regular LV2 unit: target 4 on the D8) or goes back to where its
    // charge started with a suppression marker; a pass lets it make the
    // second combat move.
    let archers = archers_at(10.0);
    // 24 in 12 files of Open Order: 3" deep; 14" between the fronts, so no
    // first combat move (at most 12") reaches.
    let warband = unit(
        "warband germanic_warrior 24x12 open regular 2",
        [36.0, 26.0],
    );
    let setup = setup_of(&scenario("", &[archers], &[warband], ""));
    let (mut two, mut none) = ([0u32; 2], 0u32);
    for i in 0..20_000 {
        with_battle(&setup, i, |b| {
            let start = b.st.units[1].pos;
            b.assault(1, 0);
            let ev = &b.trace.events;
            let fdf = ev.iter().position(|e| {
                matches!(e, TraceEvent::Change { unit, change, .. }
                    if unit == "archers" && change.starts_with("fires "))
            });
            let Some(fdf) = fdf else { return };
            let Some(k) = roll_index(ev, "warband", "stand under defensive fire") else {
                // No casualties, no test and no marker: up to the second
                // combat move, nothing happens to the charger.
                let next = roll_index(&ev[fdf..], "warband", "combat move");
                let window = &ev[fdf..next.map_or(ev.len(), |n| fdf + n)];
                assert_eq!(losses(window, "warband"), 0, "casualties force the test");
                assert!(!changed(window, "warband", "suppression"), "no suppression");
                none += 1;
                return;
            };
            let cas = losses(&ev[..k], "warband");
            assert!(k > fdf && cas > 0);
            let (die, r) = rolls(ev, "warband", "stand under defensive fire")[0];
            assert_eq!(die, 8);
            let pass = i32::from(r) > 2 + i32::from(cas);
            let moves_after = rolls(&ev[k..], "warband", "combat move").len();
            let next = ev[k + 1..].iter().find_map(|e| match e {
                TraceEvent::Roll { who, purpose, .. } if who == "warband" => Some(purpose.as_str()),
                _ => None,
            });
            if pass {
                assert_eq!(next, Some("combat move"), "the second combat move");
            } else {
                let s = &b.st.units[1];
                assert_eq!(moves_after, 0);
                assert!(moved(s.pos, start) < 1e-4, "back where it started");
                assert_eq!(s.suppression, 1, "then one marker");
            }
            if cas == 2 {
                two[usize::from(pass)] += 1;
            }
        });
    }
    assert!(two[0] > 0 && two[1] > 0 && none > 0, "{two:?} {none}");
}

#[test]
fn t80_the_leadership_table_rows_fail_one_time_in_four() {
    // L3527: Elite LV3, Regular LV2 and Untrained LV1 are the same leader:
    // each fails a test at TL 0 with P 1/4 (3/12 = 2/8 = 1/4).
    let units = [
        unit("elite auxiliary 10x10 close elite 3", [12.0, 8.0]),
        unit("regular auxiliary 10x10 close regular 2", [36.0, 8.0]),
        unit("untrained auxiliary 10x10 close untrained 1", [60.0, 8.0]),
    ];
    let far = far_enemy();
    let setup = setup_of(&scenario("", &units, &[far], ""));
    for (die, lv) in [(Die::D12, 3), (Die::D8, 2), (Die::D4, 1)] {
        assert!((p_pass(die, lv) - 0.75).abs() < 1e-12);
    }
    let n = super::support::trials() / 10;
    let mut fails = [0u64; 3];
    with_battle(&setup, 0, |b| {
        for _ in 0..n {
            for (u, f) in fails.iter_mut().enumerate() {
                let pass = b.reaction(u, 0, "leadership") == TestResult::Pass;
                *f += u64::from(!pass);
            }
        }
    });
    for (name, f) in ["elite", "regular", "untrained"].into_iter().zip(fails) {
        within_4_sigma(name, f, n, 0.25);
    }
}

#[test]
fn t87_a_wall_covers_only_against_fire_across_it() {
    // L574-576: behind a wall a unit has hard cover (+2 on the Range die,
    // L573) against fire from the far side, none against fire from behind.
    // Both archers shoot from 10.75" (band 3, D8) at an Open Order target
    // 1.5" behind the wall.
    let wall = r#"{ name = "wall", kind = "wall", polygon = [[26, 19.5], [46, 19.5], [46, 20.5], [26, 20.5]] }"#;
    let front = unit("front archer 12x12 close regular 2", [36.0, 10.0]);
    let behind = unit("behind archer 12x12 close regular 2", [36.0, 34.0]);
    let target = unit(
        "warband germanic_warrior 12x12 open regular 2",
        [36.0, 22.0],
    );
    for (terrain, across) in [(wall, Die::D12), ("", Die::D8)] {
        let south = [front.clone(), behind.clone()];
        let setup = setup_of(&scenario(
            terrain,
            &south,
            std::slice::from_ref(&target),
            "",
        ));
        with_battle(&setup, 0, |b| {
            assert!((b.dist(0, 2) - 10.75).abs() < 1e-4 && (b.dist(1, 2) - 10.75).abs() < 1e-4);
            assert_eq!(b.range_die(0, 2, false), Some(across), "across the wall");
            assert_eq!(b.range_die(1, 2, false), Some(Die::D8), "from behind");
        });
    }
}

/// The rows of the `## Worked examples` table of the ruleset's page:
/// (vector id, last cell).
fn worked_examples(page: &str) -> Vec<(String, String)> {
    let mut inside = false;
    let mut rows = Vec::new();
    for line in page.lines() {
        if line.starts_with("## ") {
            inside = line == "## Worked examples";
            continue;
        }
        let Some(row) = line.strip_prefix("| T").filter(|_| inside) else {
            continue;
        };
        let cells: Vec<&str> = row.trim_end().trim_end_matches('|').split(" | ").collect();
        let id = format!("T{}", cells[0].trim());
        let last = cells.last().map_or("", |c| c.trim()).to_string();
        rows.push((id, last));
    }
    rows
}

/// The names between backticks in `cell`.
fn backticked(cell: &str) -> Vec<&str> {
    cell.split('`').skip(1).step_by(2).collect()
}

fn sources(dir: &Path, keep: &dyn Fn(&Path) -> bool, out: &mut String) {
    for entry in std::fs::read_dir(dir).expect("a source folder") {
        let path = entry.expect("an entry").path();
        if path.is_dir() {
            sources(&path, keep, out);
        } else if path.extension().is_some_and(|e| e == "rs") && keep(&path) {
            out.push_str(&std::fs::read_to_string(&path).expect("a source file"));
        }
    }
}

/// The problems of a worked-examples table against the test sources.
fn table_problems(rows: &[(String, String)], code: &str) -> Vec<String> {
    let mut problems = Vec::new();
    for n in 1..=92 {
        let id = format!("T{n}");
        match rows.iter().filter(|(r, _)| *r == id).count() {
            1 => {}
            k => problems.push(format!("{id} is listed {k} times")),
        }
    }
    for (id, cell) in rows {
        if cell.starts_with("not simulated: ") {
            continue;
        }
        let names = backticked(cell);
        if names.is_empty() {
            problems.push(format!(
                "{id}: neither a test nor `not simulated: <reason>`"
            ));
        }
        for name in names {
            if !code.contains(&format!("fn {name}(")) {
                problems.push(format!("{id}: no `fn {name}` in the ruleset or its tests"));
            }
        }
    }
    problems
}

#[test]
fn worked_examples_table_is_complete() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let page = std::fs::read_to_string(root.join("docs/rulesets/standards_of_valor.md"))
        .expect("the ruleset page");
    let rows = worked_examples(&page);
    let mut code = String::new();
    sources(
        &root.join("src/rulesets/standards_of_valor"),
        &|_| true,
        &mut code,
    );
    let sov_test = |p: &Path| {
        p.file_name()
            .and_then(|n| n.to_str())
            .is_some_and(|n| n.starts_with("sov_"))
    };
    sources(&root.join("tests/it"), &sov_test, &mut code);
    let problems = table_problems(&rows, &code);
    assert!(problems.is_empty(), "{}", problems.join("\n"));
    // The check itself: a missing row and a test name that is not there.
    let mut broken = rows.clone();
    broken.retain(|(id, _)| id != "T5");
    broken[0].1 = "`no_such_test_fn`".to_string();
    let problems = table_problems(&broken, &code);
    assert!(problems.iter().any(|p| p.starts_with("T5 is listed 0")));
    assert!(problems.iter().any(|p| p.contains("no_such_test_fn")));
}
