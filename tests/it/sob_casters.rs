//! Casters under States of Battle on D&D War, on a real battle state: a
//! Move card then a Cast Spells card (digest 5.5: each caster not fleeing
//! and not engaged casts with the shooting procedure, range included).
//! The core doctrine brings a caster within its spell's range instead of
//! into melee: a lone caster with a target holds and casts rather than
//! charges; a unit with a caster joined closes to the spell's range even
//! when its own longer-ranged attack already reaches. A Cast Spells card
//! of a side whose casters are all gone is trashed like a Lull (D4, D6).
//! With Cast Spells in hand and no charge to make, a Move card brings a
//! caster without a target into range (`casters_forward`, D7).

use super::dnd_helpers::unit;
use super::sob_on_dnd::{load, play_on, sob_scenario};
use muster::overlays::sob::battle::{SobBattle, PLAYED, TRASHED, WASTED};
use muster::overlays::sob::cards::{order_row, Order};
use muster::overlays::sob::core::CoreActions;
use muster::rules::Side::A;
use muster::rules::TraceEvent;
use muster::rulesets::dnd_war::state::{BattleState, Status};

/// Blue never cancels Red's cards nor steps out of a charge, so that the
/// cards resolve as Red's doctrine plays them.
const BLUE_PASSIVE: &str = "sob_doctrine = { doctrine = { name = \"passive\", ruleset = \"states_of_battle\" }, leadership = \"never\", manoeuvre = \"never\" }";

/// Red plays a Move, then a Cast Spells, in its turn; returns the battle
/// state, the overlay's card counts and the trace after.
fn move_then_cast(text: &str, seed: u64) -> (BattleState, SobBattle, Vec<TraceEvent>) {
    let r = load(text);
    let (_, st, b, t) = play_on(&r, seed, |g| {
        g.core.start_round(1);
        g.start_turn(A);
        g.play_order(A, Order::Move);
        g.settle();
        g.play_order(A, Order::CastSpells);
    });
    (st, b, t.events)
}

/// Whether Red's one Cast Spells card was played and cast a spell.
fn cast(b: &SobBattle) -> bool {
    let row = &b.cards[0][order_row(Order::CastSpells)];
    assert_eq!(row[PLAYED], 1, "the card is played");
    row[WASTED] == 0
}

/// Fault: a lone cleric (Lance of Faith, range 5") 2-4" from orcs charged
/// them on the Move (a sure charge) and, engaged, cast nothing on the
/// Cast Spells that followed. A caster with a target holds and casts.
#[test]
fn a_lone_caster_with_a_target_casts_instead_of_charging() {
    let text = sob_scenario(
        &unit("human_cleric", "cleric", (36.0, 20.0), ""),
        &unit("orc_warriors", "orcs", (36.0, 25.5), "companies = 2"),
        "",
        BLUE_PASSIVE,
        "",
    );
    let gap = BattleState::new(&load(&text).core.setup).distance(0, 1);
    assert!((1.0..5.0).contains(&gap), "the orcs are in range: {gap}");
    for seed in 0..20 {
        let (st, b, trace) = move_then_cast(&text, seed);
        assert!(!st.engaged(0), "seed {seed}: the cleric charged: {trace:?}");
        assert!(cast(&b), "seed {seed}: nothing cast: {trace:?}");
    }
}

/// Fault: goblin archers (bows, 15") with a shaman joined (range 10") held
/// on a gunline 13" from the enemy, where their bows reach and his spell
/// does not, so Cast Spells never cast. The unit closes to the spell's
/// range; its bows still reach from there.
#[test]
fn a_unit_with_a_caster_closes_to_the_spells_range() {
    let archers = unit(
        "goblin_archers",
        "archers",
        (36.0, 10.0),
        "companies = 2\nfrontage = 2",
    );
    let shaman =
        "[[side.units]]\nprofile = \"goblin_shaman\"\nlabel = \"shaman\"\njoins = \"archers\"\n";
    let red = "name = \"red\", ruleset = \"dnd_war\" }";
    let text = sob_scenario(
        &format!("{archers}{shaman}"),
        &unit("human_spearmen", "spears", (36.0, 25.0), "companies = 2"),
        "",
        BLUE_PASSIVE,
        "",
    )
    .replacen(red, &format!("{red}, movement = \"gunline\""), 1);
    let gap = BattleState::new(&load(&text).core.setup).distance(0, 2);
    assert!(
        (11.0..15.0).contains(&gap),
        "bows reach, the spell not: {gap}"
    );
    for seed in 0..20 {
        let (st, b, trace) = move_then_cast(&text, seed);
        let now = st.distance(0, 2);
        assert!(now <= 10.0, "seed {seed}: still {now}\" away: {trace:?}");
        assert!(!st.engaged(0), "seed {seed}: {trace:?}");
        assert!(cast(&b), "seed {seed}: nothing cast: {trace:?}");
    }
}

/// Fault: a side whose casters were all gone played its Cast Spells
/// cards, which did nothing and came back in later hands. A dead Cast
/// Spells is trashed like a Lull (D4 values it as little; D6 a trashes
/// Lulls).
#[test]
fn a_cast_spells_card_of_a_side_whose_casters_are_gone_is_trashed() {
    let cleric = unit("human_cleric", "cleric", (20.0, 6.0), "");
    let spears = unit("human_spearmen", "spears", (36.0, 6.0), "");
    let text = sob_scenario(
        &format!("{cleric}{spears}"),
        &unit("orc_warriors", "orcs", (36.0, 40.0), ""),
        "",
        BLUE_PASSIVE,
        "",
    );
    let (_, _, b, _) = play_on(&load(&text), 1, |g| {
        g.core.ctx.st.units[0].set_status(Status::Destroyed);
        g.start_turn(A);
        g.play_order(A, Order::CastSpells);
    });
    let row = &b.cards[0][order_row(Order::CastSpells)];
    assert_eq!(row[TRASHED], 1, "{row:?}");
    assert_eq!(row[PLAYED], 0, "{row:?}");
}

/// Red's Move card with Cast Spells in hand: a lone cleric whose spell
/// (5") does not reach the orcs 9" off, and spearmen further back. Returns
/// the unit activated and the cleric's distance to the orcs after.
fn move_with_cast_spells_in_hand(casters_forward: bool, seed: u64) -> (String, f64) {
    let cleric = unit("human_cleric", "cleric", (36.0, 16.0), "");
    let spears = unit("human_spearmen", "spears", (12.0, 4.0), "");
    let red = format!(
        "sob_doctrine = {{ doctrine = {{ name = \"red\", ruleset = \"states_of_battle\" }}, casters_forward = {casters_forward} }}"
    );
    let text = sob_scenario(
        &format!("{cleric}{spears}"),
        &unit("orc_warriors", "orcs", (36.0, 27.0), "companies = 2"),
        &red,
        BLUE_PASSIVE,
        "",
    );
    let (_, st, _, t) = play_on(&load(&text), seed, |g| {
        g.core.start_round(1);
        g.start_turn(A);
        g.b.hand_orders[0] = vec![Order::CastSpells];
        g.play_order(A, Order::Move);
    });
    let activated = t
        .events
        .iter()
        .find_map(|e| match e {
            TraceEvent::Decision {
                decision,
                choice,
                rule,
                ..
            } if decision == "activate" => Some(format!("{choice} ({rule})")),
            _ => None,
        })
        .unwrap_or_default();
    (activated, st.distance(0, 2))
}

/// Fault: a Move card with no charge to make advanced the unit furthest
/// from contact, however far the side's casters stood from a target, so
/// that most Cast Spells cards cast nothing. With Cast Spells in hand the
/// doctrine (`casters_forward`, D7) first brings a caster without a
/// target forward, to within his spell's range.
#[test]
fn a_move_card_brings_a_caster_without_a_target_into_range() {
    for seed in 0..10 {
        let (activated, gap) = move_with_cast_spells_in_hand(true, seed);
        assert_eq!(activated, "Red cleric (red.casters_forward)");
        assert!(gap <= 5.0, "seed {seed}: still {gap}\" away");
        let (activated, gap) = move_with_cast_spells_in_hand(false, seed);
        assert!(activated.starts_with("Red spears"), "{activated}");
        assert!(gap > 5.0, "seed {seed}: {gap}");
    }
}
