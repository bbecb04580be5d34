//! States of Battle card rules on a real D&D War battle state: a small
//! scenario written in the test, the overlay's [`Game`] over the D&D War
//! core ([`DndCore`]) after `start`, one card rule driven through it, and
//! the footprints, flows and trace read off afterwards. Covers the
//! Stratagem's single move, the spent Stand & Shoot floor of every
//! shooter, Move Command Group with an empty group, Thunderous Charge
//! after a Manoeuvre, and the army Army Morale checks.

use super::dnd_helpers::{changes, unit};
use muster::dice::Dice;
use muster::overlays::sob::battle::{Game, SobBattle, PLAYED, WASTED};
use muster::overlays::sob::cards::{event_row, order_row, Event, Order};
use muster::overlays::sob::ledger::Flow;
use muster::rules::Side::{A, B};
use muster::rules::{TraceEvent, VecTrace};
use muster::rulesets::dnd_war::ops::Ctx;
use muster::rulesets::dnd_war::sob_core::{DndCore, DndScales, OverlayMemos, SobOnDndWar};
use muster::rulesets::dnd_war::state::BattleState;
use muster::scenario::{load_scenario_text, ScenarioRules};
use std::path::Path;

/// A States of Battle scenario on D&D War with army building and
/// deployment zones off: `a` and `b` are each side's `[[side.units]]`,
/// `sa` and `sb` extra side keys (`sob_doctrine`, `orders`, ...), and
/// `options` more lines of the `[states_of_battle]` table (a Morale
/// Counter per 50 points, so that single units make an army).
pub fn sob_scenario(a: &str, b: &str, sa: &str, sb: &str, options: &str) -> String {
    format!(
        r#"[scenario]
name = "test"
ruleset = "states_of_battle"
core = "dnd_war"
army_building = false
deployment_depth = 0

[states_of_battle]
mc_points_per_counter = 50
{options}

[[side]]
name = "Red"
army_list = "dnd_core"
doctrine = {{ doctrine = {{ name = "red", ruleset = "dnd_war" }} }}
{sa}
{a}

[[side]]
name = "Blue"
army_list = "dnd_core"
doctrine = {{ doctrine = {{ name = "blue", ruleset = "dnd_war" }} }}
{sb}
{b}
"#
    )
}

pub fn load(text: &str) -> SobOnDndWar {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios/states_of_battle");
    match load_scenario_text("test.toml", text, Some(&dir)) {
        Ok(s) => match s.rules {
            ScenarioRules::StatesOfBattle(r) => *r,
            _ => panic!("not states_of_battle"),
        },
        Err(p) => panic!("{p}"),
    }
}

/// Runs `f` on battle `seed` of `r` after the overlay's `start` (decks,
/// Starter cards, Stratagem tags), tracing; returns what `f` returned and
/// the core's and the overlay's states afterwards.
pub fn play_on<R>(
    r: &SobOnDndWar,
    seed: u64,
    f: impl FnOnce(&mut Game<'_, DndCore<'_, VecTrace>>) -> R,
) -> (R, BattleState, SobBattle, VecTrace) {
    let mut st = BattleState::new(&r.core.setup);
    st.sob.record_events = true;
    let mut dice = Dice::for_battle(seed, 0);
    let mut trace = VecTrace::default();
    let mut memos = OverlayMemos::default();
    let mut b = SobBattle::default();
    let o = &r.sob.options;
    let scales = DndScales {
        to_hit_step: o.d20_to_hit_step,
        sas_need: o.sas_d20_need,
        turn_links: o.dnd_turn_action_links,
    };
    let out = {
        let ctx = Ctx {
            setup: &r.core.setup,
            st: &mut st,
            dice: &mut dice,
            doctrines: &r.core.doctrines,
            trace: &mut trace,
        };
        let mut core = DndCore::new(ctx, &r.points, scales, &mut memos);
        let mut game = Game {
            setup: &r.sob,
            b: &mut b,
            core: &mut core,
        };
        game.start();
        game.b.round = 1;
        f(&mut game)
    };
    (out, st, b, trace)
}

/// Fault: the Stratagem's free move marched (the core's advance double
/// moves a unit far from the enemy). L332: "a free move or reform (but
/// not a march or charge)": never farther than the unit's single move.
#[test]
fn a_stratagem_move_never_exceeds_the_units_single_move() {
    let text = sob_scenario(
        &unit("human_spearmen", "spears", (30.0, 6.0), ""),
        &unit("orc_warriors", "orcs", (30.0, 44.0), ""),
        "",
        "",
        "",
    );
    let r = load(&text);
    let start = BattleState::new(&r.core.setup).units[0].rect().centre;
    let (tagged, st, _, t) = play_on(&r, 1, |g| {
        g.start_turn(A);
        g.b.stratagem_moves = true;
        let tagged = g.b.stratagem_tag[0];
        g.stratagem_moves(A);
        tagged
    });
    assert!(tagged, "a quarter of one unit: the spearmen are tagged");
    let moved = (st.units[0].rect().centre - start).length();
    let speed = r.core.setup.profiles[r.core.setup.units[0].profile].speed;
    assert!(moved > 1.0, "the free move is made: {moved}");
    assert!(
        moved <= speed + 1e-9,
        "{moved} inches, more than a single move of {speed}: {:?}",
        changes(&t, "spears")
    );
    assert!(!st.units[0].flags.double_moved);
}

/// Fault: a spent bolt thrower's Stand & Shoot hit on its normal need; the
/// infantry and the stone thrower raise it to the top band (6+ on a d6,
/// `sas_d20_need` = 18 on the d20). Every bolt of the chain keeps it.
#[test]
fn a_spent_bolt_throwers_stand_and_shoot_hits_only_on_the_top_band() {
    let text = sob_scenario(
        &unit("elf_bolt_thrower", "bolts", (30.0, 6.0), "models = 2"),
        &unit("orc_warriors", "orcs", (30.0, 16.0), "companies = 2"),
        "sob_doctrine = \"reckless\"",
        "",
        "",
    );
    let r = load(&text);
    let (mut bolts, mut hitting) = (0u32, 0u32);
    for seed in 0..600 {
        let (_, _, b, t) = play_on(&r, seed, |g| {
            g.start_turn(B);
            g.b.spent[0] = true;
            g.charge_reactions(1, 0);
        });
        assert!(
            b.sas_turn[0],
            "seed {seed}: the reckless side always stands and shoots"
        );
        for c in changes(&t, "bolts") {
            let Some(rest) = c.strip_prefix("fires a bolt at ") else {
                continue;
            };
            bolts += 1;
            let hits: u32 = rest
                .rsplit(", ")
                .next()
                .and_then(|h| h.strip_suffix(" hits"))
                .and_then(|h| h.parse().ok())
                .expect("the bolt's hits are traced");
            hitting += u32::from(hits > 0);
        }
    }
    assert_eq!(bolts, 600, "one bolt per Stand & Shoot");
    // Hitting needs an 18+ on the first d20: 15%; the normal need would
    // hit far more often. 4 sigma at 600 shots is about 0.06.
    let share = f64::from(hitting) / f64::from(bolts);
    assert!(
        (share - 0.15).abs() < 0.06,
        "{hitting} of {bolts} bolts hit: the top band is not applied"
    );
}

/// Fault: Move Command Group on a named character with no unit able to act
/// within his radius activated nothing and was wasted. L289: "exactly the
/// same as a Move card"; it still acts as a Move.
#[test]
fn move_command_group_with_no_unit_in_range_acts_as_a_move() {
    let general = "[[side.units]]\nprofile = \"human_fighter\"\nlabel = \"Aldric\"\nat = [10, 6]\ngeneral = true\n";
    let spears = unit("human_spearmen", "spears", (60.0, 6.0), "");
    let text = sob_scenario(
        &format!("{general}{spears}"),
        &unit("orc_warriors", "orcs", (36.0, 44.0), ""),
        "",
        "",
        "",
    );
    let r = load(&text);
    let start = BattleState::new(&r.core.setup).units[1].rect().centre;
    let (_, st, b, t) = play_on(&r, 1, |g| {
        g.start_turn(A);
        // The general moved earlier this round; the spearmen stand 50"
        // away, beyond his 12".
        g.b.moved_round[0] = true;
        g.play_order(A, Order::MoveCommandGroup);
    });
    let row = order_row(Order::MoveCommandGroup);
    assert_eq!(b.cards[0][row][PLAYED], 1);
    assert_eq!(b.cards[0][row][WASTED], 0, "the card was wasted");
    assert!(b.moved_round[1], "the spearmen are activated as by a Move");
    assert!(
        (st.units[1].rect().centre - start).length() > 1.0,
        "{:?}",
        changes(&t, "spears")
    );
}

/// Fault: Thunderous Charge was judged on the distance at declaration,
/// before the target's Manoeuvre moved it away; it is judged on the
/// charge actually made. Spearmen (S 6, R_max 9, window D >= 7) declare
/// on orcs 5" away; the orcs always Manoeuvre 3" back (and never cancel the
/// Move with Leadership), so the
/// charge is made from about 8": when it reaches, it is Thunderous.
#[test]
fn thunderous_charge_is_judged_on_the_charge_made_after_a_manoeuvre() {
    let text = sob_scenario(
        &unit("human_spearmen", "spears", (30.0, 10.0), ""),
        &unit("orc_warriors", "orcs", (30.0, 17.0), ""),
        "",
        "sob_doctrine = { doctrine = { name = \"dodge\", ruleset = \"states_of_battle\" }, manoeuvre = \"always\", leadership = \"never\" }",
        "",
    );
    let r = load(&text);
    let before = {
        let st = BattleState::new(&r.core.setup);
        st.distance(0, 1)
    };
    assert!((4.0..7.0).contains(&before), "declared from {before}");
    let mut contacts = 0;
    for seed in 0..60 {
        let (made, st, b, t) = play_on(&r, seed, |g| {
            g.start_turn(A);
            g.play_order(A, Order::Move);
            g.b.charges_turn.len()
        });
        let manoeuvred = b.cards[1][muster::overlays::sob::cards::starter_row(
            muster::overlays::sob::cards::Starter::Manoeuvre,
        )][PLAYED];
        assert_eq!(
            manoeuvred, 1,
            "seed {seed}: the orcs step back: {:?}",
            t.events
        );
        let travel: f64 = changes(&t, "orcs")
            .iter()
            .find_map(|c| {
                c.strip_prefix("manoeuvres ")?
                    .strip_suffix(" inches away")?
                    .parse()
                    .ok()
            })
            .expect("the Manoeuvre is traced");
        assert!(
            before + travel >= 7.0,
            "seed {seed}: from {before} + {travel}"
        );
        if made == 0 || !st.engaged(0) {
            continue;
        }
        contacts += 1;
        assert_eq!(
            b.flow[0][Flow::ThunderousCharge as usize],
            [0, 2],
            "seed {seed}: a charge made from 7\" or more reached"
        );
    }
    assert!(contacts > 0, "some charges reach");
}

/// Army Morale's army (L308, option `army_morale_army`): by default the
/// card checks only the drawer's army, so a leading drawer's card does
/// nothing; under `trailing` the army that trails (here the opponent's)
/// rolls GD against GD and may lose or gain a counter.
#[test]
fn army_morale_checks_the_drawers_army_or_the_army_that_trails() {
    let four = "companies = 4\nfrontage = 2";
    for (option, checks_opponent) in [("", false), ("army_morale_army = \"trailing\"", true)] {
        let text = sob_scenario(
            &unit("human_spearmen", "spears", (30.0, 6.0), four),
            &unit("orc_warriors", "orcs", (30.0, 44.0), four),
            "",
            "",
            option,
        );
        let r = load(&text);
        let mut changed = 0;
        for seed in 0..40 {
            let (mc_b, _, b, _) = play_on(&r, seed, |g| {
                // Blue trails: one counter against Red's full army.
                let m = g.mc(B);
                g.b.tracks[1].lose(m - 1);
                g.start_turn(A);
                g.play_event(A, Event::ArmyMorale);
                g.settle();
                g.mc(B)
            });
            let row = event_row(Event::ArmyMorale);
            assert_eq!(b.cards[0][row][PLAYED], 1);
            let wasted = b.cards[0][row][WASTED] == 1;
            assert_eq!(wasted, !checks_opponent, "{option}: seed {seed}");
            assert_eq!(
                b.flow[0][Flow::ArmyMorale as usize],
                [0, 0],
                "Red never rolls"
            );
            let flow = b.flow[1][Flow::ArmyMorale as usize];
            changed += u32::from(flow != [0, 0]);
            assert_eq!(i64::from(mc_b), 1 - i64::from(flow[0]) + i64::from(flow[1]));
        }
        assert_eq!(changed > 0, checks_opponent, "{option}: {changed} changes");
    }
}

/// Favour of the Gods on roll-offs is the doctrine's `favour_roll_off`
/// (D15), apart from `favour` (the core's throws): the shipped `steady`
/// re-rolls a roll-off lost by 3 or more, a doctrine with 0 never does.
#[test]
fn favour_on_roll_offs_follows_the_doctrines_favour_roll_off() {
    use muster::overlays::sob::cards::Starter;
    let never = "sob_doctrine = { doctrine = { name = \"x\", ruleset = \"states_of_battle\" }, favour = \"always\", favour_roll_off = 0 }";
    for (sa, margin) in [("sob_doctrine = \"steady\"", 3), (never, 0)] {
        let text = sob_scenario(
            &unit("human_spearmen", "spears", (30.0, 6.0), ""),
            &unit("orc_warriors", "orcs", (30.0, 44.0), ""),
            sa,
            "sob_doctrine = { doctrine = { name = \"y\", ruleset = \"states_of_battle\" }, favour_roll_off = 0 }",
            "",
        );
        let r = load(&text);
        assert_eq!(r.sob.doctrines[A].favour_roll_off, margin);
        let mut used = 0;
        for seed in 0..60 {
            let (_, _, b, t) = play_on(&r, seed, |g| g.roll_gd_off());
            let first: Vec<u8> = t
                .events
                .iter()
                .filter_map(|e| match e {
                    TraceEvent::Roll { purpose, kept, .. } if purpose == "Generalship roll-off" => {
                        Some(*kept)
                    }
                    _ => None,
                })
                .collect();
            let lost_by = i32::from(first[1]) - i32::from(first[0]);
            let spent = 2 - b.starters[0][Starter::FavourOfTheGods.index()];
            let wanted = margin > 0 && lost_by >= i32::from(margin);
            assert_eq!(
                spent,
                u8::from(wanted),
                "{sa}: seed {seed}, lost by {lost_by}"
            );
            assert_eq!(b.starters[1][Starter::FavourOfTheGods.index()], 2);
            used += u32::from(spent);
        }
        assert_eq!(used > 0, margin > 0);
    }
}
