//! Every States of Battle card in a small scripted situation (digest 5,
//! TV-12 to TV-30): the overlay plays one card against the scripted core
//! of `sob_script`, and the test reads off what the core was asked to do,
//! the MC that changed and the cards that moved. Cards that roll dice are
//! checked over many seeds against the rule applied to the traced rolls,
//! and each test asserts that every branch of the rule was seen.

use super::sob_script::{Act, Table, Unit};
use muster::geometry::Arc;
use muster::overlays::sob::battle::{CANCELLED, DRAWN, PLAYED, TRASHED, WASTED};
use muster::overlays::sob::cards::{event_row, order_row, Event, Order, Starter};
use muster::overlays::sob::core::{CoreEvent, FleeCause, ShotMods};
use muster::overlays::sob::doctrine::{OrdersOrder, When};
use muster::overlays::sob::events::army_morale_result;
use muster::overlays::sob::ledger::{Achievement, Flow};
use muster::overlays::sob::options::SobOptions;
use muster::rules::Side::{self, A, B};

fn unit(side: Side, name: &'static str, x: f64) -> Unit {
    Unit::new(side, name, x)
}

/// Takes every Starter card away from `s` (no Leadership or Manoeuvre
/// interferes with the card under test).
fn no_starters(t: &mut Table, s: Side) {
    t.b.starters[s.index()] = [0; 4];
}

fn orders_played(t: &Table, s: Side, o: Order) -> [u32; 5] {
    let row = order_row(o);
    [DRAWN, PLAYED, TRASHED, WASTED, CANCELLED].map(|c| t.cards(s, row, c))
}

// ---------------------------------------------------------------- Orders

#[test]
fn lull_is_trashed_by_steady_and_wasted_when_played_in_hand_order() {
    let mut t = Table::new(vec![unit(A, "a", 0.0), unit(B, "b", 30.0)], [12, 12], 1);
    t.game().play_order(A, Order::Lull);
    assert_eq!(t.b.orders[0].trash, vec![Order::Lull]);
    assert_eq!(orders_played(&t, A, Order::Lull), [0, 0, 1, 0, 0]);
    assert!(t.core.log.is_empty());

    t.setup.doctrines.0[0].orders_order = OrdersOrder::HandOrder;
    t.restart();
    t.game().play_order(A, Order::Lull);
    assert_eq!(t.b.orders[0].discard, vec![Order::Lull]);
    assert_eq!(orders_played(&t, A, Order::Lull), [0, 1, 0, 1, 0]);
    assert!(t.core.log.is_empty());
}

#[test]
fn move_takes_the_likeliest_charge_and_fights_its_first_round() {
    let units = vec![
        unit(A, "spears", 0.0).charging(3, 0.4, 5.0, 9.0),
        unit(A, "knights", 2.0).charging(3, 0.9, 5.0, 9.0),
        unit(A, "archers", 4.0),
        unit(B, "orcs", 10.0),
    ];
    let mut t = Table::new(units, [12, 12], 1);
    no_starters(&mut t, B);
    t.game().play_order(A, Order::Move);
    assert_eq!(
        t.core.log,
        vec![Act::Charge(1, 3), Act::FightRound(3, true)],
        "one unit only, the best charge, then the fight's first round"
    );
    assert!(t.b.moved_round[1] && !t.b.moved_round[0]);
    // The once-per-round limit: the next Move takes the other charger.
    t.core.log.clear();
    t.core.units[3].engaged = false;
    t.game().play_order(A, Order::Move);
    assert_eq!(t.core.log[0], Act::Charge(0, 3));
}

#[test]
fn a_failed_charge_leaves_the_unit_in_place_and_fights_nothing() {
    let mut charger = unit(A, "spears", 0.0).charging(1, 0.4, 8.0, 9.0);
    charger.charge_arc = None;
    let mut t = Table::new(vec![charger, unit(B, "orcs", 8.0)], [12, 12], 1);
    no_starters(&mut t, B);
    t.game().play_order(A, Order::Move);
    assert_eq!(t.core.log, vec![Act::Charge(0, 1)]);
    assert!(t.b.moved_round[0]);
    assert_eq!(
        t.flow(A, Flow::ThunderousCharge),
        [0, 0],
        "no contact, no Thunderous"
    );
}

#[test]
fn move_without_a_charge_advances_the_unit_furthest_from_the_enemy() {
    let units = vec![
        unit(A, "near", 20.0),
        unit(A, "far", 0.0),
        unit(B, "orcs", 30.0),
    ];
    let mut t = Table::new(units, [12, 12], 1);
    t.game().play_order(A, Order::Move);
    assert_eq!(t.core.log, vec![Act::Advance(1)]);
}

#[test]
fn move_first_rallies_the_most_valuable_fleeing_unit() {
    let mut cheap = unit(A, "cheap", 0.0);
    cheap.fleeing = true;
    let mut dear = unit(A, "dear", 5.0);
    dear.fleeing = true;
    dear.mcv = 3;
    let units = vec![cheap, dear, unit(A, "steady", 10.0), unit(B, "orcs", 40.0)];
    let mut t = Table::new(units, [12, 12], 1);
    t.game().play_order(A, Order::Move);
    // D8 (a): highest MCV; one compulsory rally attempt, then one activation.
    assert_eq!(t.core.log, vec![Act::Rally(1, true), Act::Advance(2)]);
    assert!(t.b.moved_round[1], "a rallied unit counts as moved");
}

#[test]
fn tv15_thunderous_charge_needs_the_last_two_inches_of_reach() {
    // S 6: R_max 9, window D >= 7 (TV-15).
    for (distance, thunderous) in [(7.5, true), (6.9, false), (7.0, true), (9.0, true)] {
        let units = vec![
            unit(A, "cavalry", 0.0).charging(1, 0.5, distance, 9.0),
            unit(B, "orcs", distance),
        ];
        let mut t = Table::new(units, [12, 12], 1);
        no_starters(&mut t, B);
        t.game().play_order(A, Order::Move);
        let want = if thunderous { [0, 2] } else { [0, 0] };
        assert_eq!(t.flow(A, Flow::ThunderousCharge), want, "D = {distance}");
        assert_eq!(t.mc(A), 12 + want[1]);
    }
    // Once only: a second Thunderous charge gains nothing.
    let units = vec![
        unit(A, "cavalry", 0.0).charging(2, 0.5, 8.0, 9.0),
        unit(A, "wolves", 1.0).charging(2, 0.5, 8.0, 9.0),
        unit(B, "orcs", 8.0),
    ];
    let mut t = Table::new(units, [12, 12], 1);
    no_starters(&mut t, B);
    t.game().play_order(A, Order::Move);
    t.game().play_order(A, Order::Move);
    assert_eq!(t.flow(A, Flow::ThunderousCharge), [0, 2]);
    assert!(
        !t.game().is_open(Achievement::ThunderousCharge, B),
        "global_once"
    );
}

/// Two charges on one target in one turn, with the given arcs; returns
/// A's Pincer MC gained.
fn pincer(first: Arc, second: Arc, next_turn: bool) -> u32 {
    let mut a = unit(A, "left", 0.0).charging(2, 0.9, 3.0, 9.0);
    a.charge_arc = Some(first);
    let mut b = unit(A, "right", 1.0).charging(2, 0.8, 3.0, 9.0);
    b.charge_arc = Some(second);
    let mut t = Table::new(vec![a, b, unit(B, "orcs", 3.0)], [12, 12], 1);
    no_starters(&mut t, B);
    t.game().play_order(A, Order::Move);
    if next_turn {
        t.game().start_turn(B);
        t.game().start_turn(A);
    }
    t.game().play_order(A, Order::Move);
    assert_eq!(
        t.core
            .log
            .iter()
            .filter(|a| matches!(a, Act::Charge(..)))
            .count(),
        2
    );
    t.flow(A, Flow::PincerMovement)[1]
}

#[test]
fn tv16_pincer_movement_needs_opposite_flanks_or_flank_and_rear_in_one_turn() {
    assert_eq!(pincer(Arc::Left, Arc::Right, false), 2);
    assert_eq!(pincer(Arc::Left, Arc::Front, false), 0);
    assert_eq!(pincer(Arc::Right, Arc::Rear, false), 2);
    assert_eq!(pincer(Arc::Left, Arc::Right, true), 0, "not across turns");
}

#[test]
fn tv29_move_command_group_reaches_twelve_inches_round_the_general() {
    let mut general = unit(A, "general", 0.0);
    general.named = true;
    general.general = true;
    let mut moved = unit(A, "moved", 3.0);
    moved.pos.1 = 1.0;
    let units = vec![
        general,
        unit(A, "at 11.9", 11.9),
        unit(A, "at 12.1", -12.1),
        moved,
        unit(B, "orcs", 40.0),
    ];
    let mut t = Table::new(units, [12, 12], 1);
    no_starters(&mut t, B);
    t.b.moved_round[3] = true;
    t.game().play_order(A, Order::MoveCommandGroup);
    let mut advanced: Vec<usize> = t
        .core
        .log
        .iter()
        .filter_map(|a| match a {
            Act::Advance(u) => Some(*u),
            _ => None,
        })
        .collect();
    advanced.sort_unstable();
    assert_eq!(
        advanced,
        vec![0, 1],
        "the general and the unit at 11.9\" only"
    );

    // Targeted at no named character: a plain Move (one unit).
    let mut captain = unit(A, "captain", 0.0);
    captain.named = false;
    let units = vec![captain, unit(A, "near", 2.0), unit(B, "orcs", 40.0)];
    let mut t = Table::new(units, [12, 12], 1);
    no_starters(&mut t, B);
    t.game().play_order(A, Order::MoveCommandGroup);
    assert_eq!(t.core.log.len(), 1);
}

#[test]
fn melee_fights_every_fight_winning_ones_first_and_is_wasted_without_fights() {
    let mut losing = unit(A, "losing", 0.0);
    losing.engaged = true;
    losing.share_a = 0.3;
    let mut winning = unit(A, "winning", 10.0);
    winning.engaged = true;
    winning.share_a = 0.8;
    let mut t = Table::new(vec![losing, winning, unit(B, "orcs", 1.0)], [12, 12], 1);
    no_starters(&mut t, B);
    t.core.fights = vec![0, 1];
    // The forecast is positive, so steady plays it rather than trash it.
    t.game().play_order(A, Order::Melee);
    assert_eq!(
        t.core.log,
        vec![Act::FightRound(1, false), Act::FightRound(0, false)]
    );
    assert_eq!(orders_played(&t, A, Order::Melee), [0, 1, 0, 0, 0]);

    t.core.fights.clear();
    t.core.log.clear();
    t.setup.doctrines.0[0].orders_order = OrdersOrder::HandOrder;
    t.game().play_order(A, Order::Melee);
    assert!(t.core.log.is_empty());
    assert_eq!(orders_played(&t, A, Order::Melee), [0, 2, 0, 1, 0]);
}

#[test]
fn steady_trashes_a_melee_that_forecasts_a_loss() {
    let mut losing = unit(A, "losing", 0.0);
    losing.engaged = true;
    losing.share_a = 0.2;
    let mut t = Table::new(vec![losing, unit(B, "orcs", 1.0)], [12, 12], 1);
    t.core.fights = vec![0];
    t.game().play_order(A, Order::Melee);
    assert!(t.core.log.is_empty());
    assert_eq!(orders_played(&t, A, Order::Melee), [0, 0, 1, 0, 0]);
}

/// A table of a spent missile unit (0), a spent war machine (1), an
/// unspent missile unit (2) and an enemy (3).
fn spent_table() -> Table {
    let mut archers = unit(A, "archers", 0.0);
    archers.missile = true;
    let mut ballista = unit(A, "ballista", 5.0);
    ballista.machine = true;
    let mut crossbows = unit(A, "crossbows", 8.0);
    crossbows.missile = true;
    let mut t = Table::new(
        vec![archers, ballista, crossbows, unit(B, "orcs", 30.0)],
        [12, 12],
        1,
    );
    t.b.spent[0] = true;
    t.b.spent[1] = true;
    t
}

#[test]
fn missile_reload_unspends_missile_units_and_machines_engines_of_war_only_machines() {
    let mut t = spent_table();
    t.game().play_order(A, Order::MissileReload);
    assert_eq!(&t.b.spent[..3], &[false, false, false]);
    assert_eq!(
        t.core.log,
        vec![Act::Reload(1)],
        "the core reloads the machine"
    );

    let mut t = spent_table();
    t.game().play_order(A, Order::EnginesOfWarReload);
    assert_eq!(&t.b.spent[..3], &[true, false, false]);
    assert_eq!(t.core.log, vec![Act::Reload(1)]);

    // Nothing spent: the card is wasted.
    let mut t = spent_table();
    t.b.spent.fill(false);
    t.game().play_order(A, Order::MissileReload);
    assert_eq!(orders_played(&t, A, Order::MissileReload), [0, 1, 0, 1, 0]);

    // missile_reload_scope = machines_only (changelog 2.1).
    let options = SobOptions {
        missile_reload_scope: muster::overlays::sob::options::ReloadScope::MachinesOnly,
        ..SobOptions::default()
    };
    let mut t = spent_table();
    t.setup.options = options;
    t.game().play_order(A, Order::MissileReload);
    assert_eq!(&t.b.spent[..2], &[true, false]);
}

#[test]
fn cast_spells_is_wasted_on_a_core_without_spells_and_played_on_one_with_them() {
    let mut t = Table::new(vec![unit(A, "a", 0.0), unit(B, "b", 30.0)], [12, 12], 1);
    t.game().play_order(A, Order::CastSpells);
    assert_eq!(t.core.log, vec![Act::CastSpells(A)]);
    assert_eq!(orders_played(&t, A, Order::CastSpells), [0, 1, 0, 1, 0]);
    t.core.spells = true;
    t.game().play_order(A, Order::CastSpells);
    assert_eq!(orders_played(&t, A, Order::CastSpells), [0, 2, 0, 1, 0]);
}

#[test]
fn brilliant_tactician_acts_as_the_card_the_situation_calls_for() {
    // A favourable fight and no command group: it acts as Melee (D2 a).
    let mut fighting = unit(A, "fighting", 0.0);
    fighting.engaged = true;
    fighting.share_a = 0.9;
    let mut t = Table::new(
        vec![fighting, unit(A, "idle", 20.0), unit(B, "orcs", 1.0)],
        [12, 12],
        1,
    );
    no_starters(&mut t, B);
    t.core.fights = vec![0];
    t.game().play_order(A, Order::BrilliantTactician);
    assert_eq!(t.core.log, vec![Act::FightRound(0, false)]);
    assert!(t
        .decisions()
        .contains(&("brilliant tactician".into(), "melee".into())));
    // No fights: it acts as Move.
    t.core.fights.clear();
    t.core.log.clear();
    t.game().play_order(A, Order::BrilliantTactician);
    assert_eq!(t.core.log, vec![Act::Advance(1)]);
}

// ---------------------------------------------------------------- Events

#[test]
fn tv10_tv11_army_morale_applies_under_three_quarters_and_follows_the_rolls() {
    // m = 10 of 13 against 13: 40 < 39 is false, so nothing is rolled.
    let mut t = Table::new(vec![unit(A, "a", 0.0), unit(B, "b", 30.0)], [13, 13], 1);
    no_starters(&mut t, B);
    t.b.tracks[0].lose(3);
    t.game().play_event(A, Event::ArmyMorale);
    assert!(t.core.rolls().is_empty());
    assert_eq!(t.cards(A, event_row(Event::ArmyMorale), WASTED), 1);

    // m = 9 (Shaken, h = 1): every outcome matches the rule on the rolls.
    let mut seen = [false; 3];
    for seed in 0..300 {
        let mut t = Table::new(vec![unit(A, "a", 0.0), unit(B, "b", 30.0)], [13, 13], seed);
        no_starters(&mut t, B);
        t.b.tracks[0].lose(4);
        t.game().play_event(A, Event::ArmyMorale);
        t.game().settle();
        let rolls = t.core.rolls();
        assert_eq!(rolls.len(), 2);
        let (x, y) = (i32::from(rolls[0].1), i32::from(rolls[1].1));
        let delta = army_morale_result(x, y, 1);
        assert_eq!(i64::from(t.mc(A)) - 9, delta, "x {x} y {y}");
        seen[(delta + 1) as usize] = true;
    }
    assert_eq!(seen, [true; 3], "-1, 0 and +1 all occurred");
}

#[test]
fn tv28_command_indecision_discards_the_lull_and_does_nothing_to_an_empty_hand() {
    let mut t = Table::new(vec![unit(A, "a", 0.0), unit(B, "b", 30.0)], [12, 12], 1);
    no_starters(&mut t, B);
    t.b.hand_orders[0] = vec![Order::Move, Order::Lull, Order::Melee];
    t.game().play_event(A, Event::CommandIndecision);
    assert_eq!(t.b.hand_orders[0], vec![Order::Move, Order::Melee]);
    assert_eq!(t.b.orders[0].discard, vec![Order::Lull]);

    t.b.hand_orders[0].clear();
    t.game().play_event(A, Event::CommandIndecision);
    assert_eq!(t.cards(A, event_row(Event::CommandIndecision), WASTED), 1);
}

#[test]
fn crushing_and_ineffective_missilery_shift_the_owners_shots_for_the_round() {
    let mut t = spent_table();
    no_starters(&mut t, B);
    let mut orc_archers = unit(B, "orc archers", 40.0);
    orc_archers.missile = true;
    t.core.units.push(orc_archers);
    t.setup.mcv.push(1);
    t.restart();
    t.b.spent[0] = true;
    t.game().play_event(A, Event::CrushingMissilery);
    assert!(!t.b.spent[0], "Crushing Missilery also reloads");
    assert_eq!(t.game().shot_mods(0, false).to_hit_steps, 1);
    assert_eq!(t.game().shot_mods(4, false).to_hit_steps, 0, "owner only");
    t.game().play_event(A, Event::IneffectiveMissilery);
    assert_eq!(t.game().shot_mods(0, false).to_hit_steps, 0, "both cancel");
    // all_units scope: the opponent's shots shift too.
    t.setup.options.crushing_scope = muster::overlays::sob::options::CardScope::AllUnits;
    assert_eq!(t.game().shot_mods(4, true).to_hit_steps, 1);
    assert!(t.game().shot_mods(4, true).top_band_only);
}

#[test]
fn inspiring_leader_is_kept_then_gains_two_when_the_general_slays_in_a_challenge() {
    let mut general = unit(A, "general", 0.0);
    general.named = true;
    general.general = true;
    general.mcv = 2;
    let mut chief = unit(B, "chief", 1.0);
    chief.named = true;
    chief.mcv = 2;
    let mut t = Table::new(vec![general, chief], [12, 12], 1);
    no_starters(&mut t, B);
    t.setup.doctrines.0[0].heroic_challenge = When::Never;
    t.game().play_event(A, Event::InspiringLeader);
    assert!(t.b.inspiring_held[0]);
    assert_eq!(t.mc(A), 12);
    t.resolve(&[CoreEvent::Challenge {
        challenger: 0,
        acceptor: 1,
        edge: 0.5,
        slain: Some(1),
    }]);
    assert_eq!(t.flow(A, Flow::InspiringLeader), [0, 2]);
    assert!(!t.b.inspiring_held[0]);
    assert_eq!(t.b.events[0].trash, vec![Event::InspiringLeader]);
}

#[test]
fn tv12_superstitions_and_omens_double_or_lose_the_orders_hand() {
    let mut seen = [false; 3];
    for seed in 0..200 {
        let mut t = Table::new(vec![unit(A, "a", 0.0), unit(B, "b", 30.0)], [12, 12], seed);
        no_starters(&mut t, B);
        t.b.hand_orders[0] = t.b.orders[0].draw.split_off(13);
        t.game().play_event(A, Event::SuperstitionsAndOmens);
        let rolls = t.core.rolls();
        assert_eq!(rolls.len(), 2, "d10 >= d8: steady rolls (D5 a)");
        let (x, y) = (rolls[0].1, rolls[1].1);
        let hand = t.b.hand_orders[0].len();
        if x > y {
            assert_eq!(hand, 6);
            seen[0] = true;
        } else if x < y {
            assert_eq!(hand, 0);
            assert_eq!(t.b.orders[0].discard.len(), 3);
            seen[1] = true;
        } else {
            assert_eq!(hand, 3, "a tie does nothing (omens_tie = nothing)");
            seen[2] = true;
        }
    }
    assert_eq!(seen, [true; 3]);
    // A d6 General does not roll (D5 a: neutral odds).
    let mut t = Table::new(vec![unit(A, "a", 0.0), unit(B, "b", 30.0)], [12, 12], 1);
    t.b.gd_now[0] = 6;
    t.game().play_event(A, Event::SuperstitionsAndOmens);
    assert!(t.core.rolls().is_empty());
}

#[test]
fn sneaky_critters_is_a_move_for_the_opponent_and_declined_when_it_risks_a_unit() {
    let units = vec![
        unit(A, "a", 0.0),
        unit(B, "wolves", 30.0).charging(0, 0.9, 8.0, 9.0),
    ];
    let mut t = Table::new(units.clone(), [12, 12], 1);
    no_starters(&mut t, A);
    t.game().play_event(A, Event::SneakyCritters);
    assert_eq!(t.core.log[0], Act::Charge(1, 0), "B moves in A's turn");
    assert_eq!(t.flow(B, Flow::ThunderousCharge), [0, 2]);

    // B's fleeing MCV 2 unit one flee move from the edge: steady declines.
    let mut units = units;
    let mut routed = unit(B, "routed", 60.0);
    routed.fleeing = true;
    routed.mcv = 2;
    routed.edge = 3.0;
    routed.rally_passes = false;
    units.push(routed);
    let mut t = Table::new(units, [12, 12], 1);
    t.game().play_event(A, Event::SneakyCritters);
    assert!(t.core.log.is_empty());
    assert_eq!(t.cards(A, event_row(Event::SneakyCritters), WASTED), 1);
}

#[test]
fn rally_back_tries_every_fleeing_unit() {
    let mut one = unit(A, "one", 0.0);
    one.fleeing = true;
    let mut two = unit(A, "two", 5.0);
    two.fleeing = true;
    two.rally_passes = false;
    let mut t = Table::new(vec![one, two, unit(B, "orcs", 40.0)], [12, 12], 1);
    t.game().play_event(A, Event::RallyBack);
    assert_eq!(t.core.log, vec![Act::Rally(0, true), Act::Rally(1, true)]);
    assert!(t.b.moved_round[0] && !t.b.moved_round[1]);
}

#[test]
fn tv30_undisciplined_missilery_fires_every_unspent_shooter_at_the_nearest_enemy() {
    let mut a1 = unit(A, "A1", 0.0);
    a1.missile = true;
    a1.shoot_at = Some(3);
    let mut a2 = unit(A, "A2", 2.0);
    a2.missile = true;
    let mut spent = unit(A, "crossbows", 4.0);
    spent.missile = true;
    spent.shoot_at = Some(3);
    let mut t = Table::new(vec![a1, a2, spent, unit(B, "orcs", 14.0)], [12, 12], 1);
    t.b.spent[2] = true;
    t.game().play_event(A, Event::UndisciplinedMissilery);
    assert_eq!(t.core.log, vec![Act::Shoot(0, 3, ShotMods::default())]);
    assert!(t.b.spent[0]);
    assert!(!t.b.spent[1], "no target: stays unspent");
}

// ---------------------------------------------------------------- Starters

#[test]
fn tv13_leadership_cancels_on_a_higher_gd_roll_and_is_used_up_either_way() {
    let mut seen = [false; 2];
    for seed in 0..100 {
        let units = vec![
            unit(A, "a", 0.0),
            unit(B, "b", 30.0).charging(0, 0.9, 5.0, 9.0),
        ];
        let mut t = Table::new(units, [12, 12], seed);
        t.game().start_turn(B);
        t.core.log.clear();
        // B's charging Move: A's steady doctrine answers with Leadership.
        t.game().play_order(B, Order::Move);
        let rolls = t.core.rolls();
        assert_eq!(rolls[0].0, "Leadership (GD)");
        let (x, y) = (rolls[0].1, rolls[1].1);
        assert_eq!(
            t.b.starters[0][Starter::Leadership.index()],
            2,
            "one of three used"
        );
        let cancelled = x > y;
        assert_eq!(
            t.cards(B, order_row(Order::Move), CANCELLED),
            u32::from(cancelled)
        );
        assert_eq!(t.core.log.is_empty(), cancelled, "x {x} y {y}");
        seen[usize::from(cancelled)] = true;
    }
    assert_eq!(seen, [true; 2]);
}

#[test]
fn manoeuvre_steps_the_target_out_of_a_declared_charge() {
    // The charger reaches 9"; the target is 8" away and moves 6: 8 + 3 > 9.
    let units = vec![
        unit(A, "knights", 0.0).charging(1, 0.5, 8.0, 9.0),
        unit(B, "orcs", 8.0),
    ];
    let mut t = Table::new(units, [12, 12], 1);
    t.setup.doctrines.0[1].leadership = When::Never;
    t.game().play_order(A, Order::Move);
    assert_eq!(t.core.log[0], Act::HalfMoveAway(1, 0));
    assert_eq!(t.core.log[1], Act::Charge(0, 1));
    assert_eq!(
        t.b.starters[1][Starter::Manoeuvre.index()],
        1,
        "one of two used"
    );
}

#[test]
fn tv24_stand_and_shoot_fresh_then_spent_hits_only_on_the_top_band() {
    let mut archers = unit(B, "archers", 8.0);
    archers.missile = true;
    archers.shoot_at = Some(0);
    let units = vec![unit(A, "knights", 0.0).charging(1, 0.5, 4.0, 9.0), archers];
    let mut t = Table::new(units, [12, 12], 1);
    no_starters(&mut t, B);
    t.game().play_order(A, Order::Move);
    assert_eq!(t.core.log[0], Act::Shoot(1, 0, ShotMods::default()));
    assert!(t.b.spent[1]);

    // Spent archers: steady holds (D13 a); Always shoots on the top band.
    let mut archers = unit(B, "archers", 8.0);
    archers.missile = true;
    archers.shoot_at = Some(0);
    let units = vec![unit(A, "knights", 0.0).charging(1, 0.5, 4.0, 9.0), archers];
    let mut t = Table::new(units, [12, 12], 1);
    no_starters(&mut t, B);
    t.b.spent[1] = true;
    t.game().play_order(A, Order::Move);
    assert!(!t.core.log.iter().any(|a| matches!(a, Act::Shoot(..))));
    t.setup.doctrines.0[1].stand_and_shoot = When::Always;
    t.restart();
    no_starters(&mut t, B);
    t.b.spent[1] = true;
    t.core.units[0].engaged = false;
    t.core.units[1].engaged = false;
    t.game().play_order(A, Order::Move);
    let top = ShotMods {
        to_hit_steps: 0,
        top_band_only: true,
    };
    assert_eq!(t.core.log[0], Act::Shoot(1, 0, top));
}

#[test]
fn tv24_a_unit_fires_once_per_turn_even_after_a_reload() {
    let mut archers = unit(A, "archers", 0.0);
    archers.missile = true;
    archers.shoot_at = Some(1);
    let mut t = Table::new(vec![archers, unit(B, "orcs", 20.0)], [12, 12], 1);
    t.game().fire_window();
    assert_eq!(t.core.log.len(), 1);
    t.game().play_order(A, Order::MissileReload);
    assert!(!t.b.spent[0]);
    t.game().fire_window();
    assert_eq!(t.core.log.len(), 1, "reloaded but already fired this turn");
    t.game().start_turn(B);
    t.game().fire_window();
    assert_eq!(
        t.core.log[1],
        Act::Shoot(0, 1, ShotMods::default()),
        "fires in B's turn"
    );
}

#[test]
fn tv14_stratagem_counts_down_and_trashes_cast_spells_for_plus_four() {
    let mut seen = [false; 2];
    for seed in 0..60 {
        let mut t = Table::new(vec![unit(A, "a", 0.0), unit(B, "b", 30.0)], [12, 12], seed);
        t.game().stratagem_roll(A);
        let r = t.core.rolls()[0].1;
        let success = r >= 8;
        assert_eq!(t.b.stratagem_done[0], success);
        assert_eq!(t.b.stratagem_die[0], if success { 8 } else { 7 });
        seen[usize::from(success)] = true;
    }
    assert_eq!(seen, [true; 2]);

    // A wizard within 12" of the general, Cast Spells in hand and a d8 GD
    // (P(8+ alone) = 1/8 < 1/2): the card is trashed and 4 added.
    let mut general = unit(A, "general", 0.0);
    general.general = true;
    general.named = true;
    let mut wizard = unit(A, "wizard", 10.0);
    wizard.wizard = true;
    wizard.named = true;
    let mut t = Table::new(vec![general, wizard, unit(B, "b", 40.0)], [12, 12], 3);
    t.b.gd_now[0] = 8;
    t.b.hand_orders[0] = vec![Order::Move, Order::CastSpells];
    t.game().stratagem_roll(A);
    assert_eq!(t.b.hand_orders[0], vec![Order::Move]);
    assert_eq!(t.b.orders[0].trash, vec![Order::CastSpells]);
    let r = t.core.rolls()[0].1;
    assert_eq!(t.b.stratagem_done[0], r + 4 >= 8);
}

#[test]
fn stratagem_success_moves_the_tagged_units_after_the_turn() {
    let units = vec![
        unit(A, "slow", 0.0),
        unit(A, "fast", 1.0),
        unit(A, "medium", 2.0),
        unit(A, "other", 3.0),
        unit(B, "b", 40.0),
    ];
    let mut t = Table::new(units, [12, 12], 1);
    t.core.units[1].speed = 12.0;
    t.restart();
    // Four units: a quarter is one, the fastest (D17 a).
    assert_eq!(&t.b.stratagem_tag[..4], &[false, true, false, false]);
    t.b.stratagem_moves = true;
    t.game().stratagem_moves(A);
    assert_eq!(
        t.core.log,
        vec![Act::FreeMove(1)],
        "a free move, not an advance"
    );
}

#[test]
fn favour_of_the_gods_rerolls_a_roll_off_lost_by_three_or_more() {
    let mut seen = [false; 2];
    for seed in 0..60 {
        let mut t = Table::new(vec![unit(A, "a", 0.0), unit(B, "b", 30.0)], [12, 12], seed);
        no_starters(&mut t, B);
        let (a, _) = t.game().roll_gd_off();
        let rolls = t.core.rolls();
        let lost_by = i32::from(rolls[1].1) - i32::from(rolls[0].1);
        let rerolled = lost_by >= 3;
        assert_eq!(rolls.len(), 2 + usize::from(rerolled));
        let left = Starter::FavourOfTheGods.count() - u8::from(rerolled);
        assert_eq!(t.b.starters[0][Starter::FavourOfTheGods.index()], left);
        if rerolled {
            assert_eq!(a, rolls[2].1, "the re-roll stands");
        }
        seen[usize::from(rerolled)] = true;
    }
    assert_eq!(seen, [true; 2]);
}

// ---------------------------------------------------------------- Achievements and losses

fn pair(mcv_a: u32, mcv_b: u32) -> Table {
    let mut a = unit(A, "a", 0.0);
    a.mcv = mcv_a;
    let mut b = unit(B, "b", 1.0);
    b.mcv = mcv_b;
    Table::new(vec![a, b], [12, 12], 1)
}

#[test]
fn tv20_first_blood_ignores_own_casualties() {
    let mut t = pair(1, 1);
    t.resolve(&[CoreEvent::Slain {
        victim: 1,
        by: 1,
        count: 1,
    }]);
    assert!(t.game().is_open(Achievement::FirstBlood, B));
    t.resolve(&[CoreEvent::Slain {
        victim: 1,
        by: 0,
        count: 1,
    }]);
    assert_eq!((t.mc(A), t.mc(B)), (13, 12));
    t.resolve(&[CoreEvent::Slain {
        victim: 0,
        by: 1,
        count: 2,
    }]);
    assert_eq!(t.mc(B), 12, "closed for both (global_once)");
}

#[test]
fn tv17_salvo_needs_two_machines_on_one_target_in_the_own_turn() {
    let units = |_: ()| {
        let mut bolt = unit(A, "bolt thrower", 0.0);
        bolt.machine = true;
        let mut stone = unit(A, "stone thrower", 1.0);
        stone.machine = true;
        vec![bolt, stone, unit(B, "X", 20.0), unit(B, "Y", 22.0)]
    };
    let slay = |t: &mut Table, by: usize, victim: usize| {
        t.resolve(&[CoreEvent::Slain {
            victim,
            by,
            count: 1,
        }]);
    };
    let mut t = Table::new(units(()), [12, 12], 1);
    slay(&mut t, 0, 2);
    slay(&mut t, 1, 2);
    assert_eq!(t.flow(A, Flow::Salvo), [0, 1]);

    let mut t = Table::new(units(()), [12, 12], 1);
    slay(&mut t, 0, 2);
    slay(&mut t, 1, 3);
    assert_eq!(t.flow(A, Flow::Salvo), [0, 0], "different targets");

    let mut t = Table::new(units(()), [12, 12], 1);
    t.game().start_turn(B);
    slay(&mut t, 0, 2);
    slay(&mut t, 1, 2);
    assert_eq!(t.flow(A, Flow::Salvo), [0, 0], "in the opponent's turn");
}

#[test]
fn tv18_heroic_moment_by_side_totals_any_pair_and_shooting_panic() {
    // Goblins (1) beat Dwarves (3): +2.
    let mut t = Table::new(
        vec![
            Unit {
                mcv: 1,
                ..unit(A, "goblins", 0.0)
            },
            Unit {
                mcv: 3,
                ..unit(A, "trolls", 1.0)
            },
            Unit {
                mcv: 3,
                ..unit(B, "dwarves", 2.0)
            },
        ],
        [12, 12],
        1,
    );
    let fight = |t: &mut Table, winners: &[usize]| {
        for &w in winners {
            t.core
                .events
                .push(CoreEvent::FightResolved { unit: w, won: true });
        }
        t.resolve(&[CoreEvent::FightResolved {
            unit: 2,
            won: false,
        }]);
    };
    fight(&mut t, &[0]);
    assert_eq!(t.flow(A, Flow::HeroicMoment), [0, 2]);
    assert_eq!(t.flow(B, Flow::CombatDefeat), [1, 0]);

    // Goblins and Trolls (4) beat Dwarves (3): no under side_totals ...
    t.restart();
    fight(&mut t, &[0, 1]);
    assert_eq!(t.flow(A, Flow::HeroicMoment), [0, 0]);
    // ... yes under any_pair.
    t.setup.options.heroic_moment_compare = muster::overlays::sob::options::HeroicCompare::AnyPair;
    t.restart();
    fight(&mut t, &[0, 1]);
    assert_eq!(t.flow(A, Flow::HeroicMoment), [0, 2]);

    // Archers (1) make Knights (3) flee from shooting panic: +2.
    let mut t = Table::new(
        vec![
            Unit {
                mcv: 1,
                missile: true,
                ..unit(A, "archers", 0.0)
            },
            Unit {
                mcv: 3,
                ..unit(B, "knights", 20.0)
            },
        ],
        [12, 12],
        1,
    );
    t.resolve(&[CoreEvent::Fled {
        unit: 1,
        cause: FleeCause::ShootingPanic,
        causer: Some(0),
    }]);
    assert_eq!(t.flow(A, Flow::HeroicMoment), [0, 2]);
}

fn challenge_table(acceptor_named: bool) -> Table {
    let wizard = Unit {
        mcv: 2,
        named: true,
        ..unit(A, "wizard", 0.0)
    };
    let general = Unit {
        mcv: 2,
        named: acceptor_named,
        general: acceptor_named,
        ..unit(B, "general", 1.0)
    };
    let mut t = Table::new(vec![wizard, general], [12, 12], 1);
    t.setup.doctrines.0[0].heroic_challenge = When::Always;
    t
}

#[test]
fn tv19_heroic_challenge_gains_two_costs_two_and_closes() {
    let duel = |t: &mut Table, slain: Option<usize>| {
        t.core.events.push(CoreEvent::Challenge {
            challenger: 0,
            acceptor: 1,
            edge: 0.7,
            slain,
        });
        if let Some(s) = slain {
            t.core.events.push(CoreEvent::Removed {
                unit: s,
                fled_off: false,
            });
        }
        t.game().settle();
    };
    // The Wizard is slain: -2 and -2 (MCV) = -4, and it closes.
    let mut t = challenge_table(true);
    duel(&mut t, Some(0));
    assert_eq!(t.mc(A), 8);
    assert!(!t.game().is_open(Achievement::HeroicChallenge, A));
    // The general is slain: A +2, B -2 (MCV).
    let mut t = challenge_table(true);
    duel(&mut t, Some(1));
    assert_eq!((t.mc(A), t.mc(B)), (14, 10));
    // A captain (not named) accepts: it cannot be Heroic.
    let mut t = challenge_table(false);
    duel(&mut t, Some(1));
    assert_eq!((t.mc(A), t.mc(B)), (12, 10));
    assert!(t.game().is_open(Achievement::HeroicChallenge, A));
}

#[test]
fn tv21_losses_per_defeat_and_mcv_once() {
    let mut t = pair(2, 3);
    t.core.units.push(Unit {
        mcv: 1,
        ..unit(A, "second", 2.0)
    });
    t.setup.mcv.push(1);
    t.restart();
    // U (MCV 2) loses a round and passes its break test: -1.
    t.resolve(&[
        CoreEvent::FightResolved {
            unit: 0,
            won: false,
        },
        CoreEvent::FightResolved { unit: 1, won: true },
    ]);
    assert_eq!(t.mc(A), 11);
    // Next round U is annihilated: -1 -2 = -3.
    t.core.units[0].in_battle = false;
    t.resolve(&[
        CoreEvent::FightResolved {
            unit: 0,
            won: false,
        },
        CoreEvent::FightResolved { unit: 1, won: true },
        CoreEvent::Removed {
            unit: 0,
            fled_off: false,
        },
        CoreEvent::Removed {
            unit: 0,
            fled_off: false,
        },
    ]);
    assert_eq!(t.mc(A), 8, "the MCV is paid once");
    // A B unit with MCV 3 flees off the board: -3.
    t.resolve(&[CoreEvent::Removed {
        unit: 1,
        fled_off: true,
    }]);
    assert_eq!(t.mc(B), 9);
    assert_eq!(t.flow(B, Flow::FledOffTable), [3, 0]);
    // Two A units on the losing side of one fight: -2 (per_unit).
    let mut t = pair(1, 1);
    t.core.units.push(Unit {
        mcv: 1,
        ..unit(A, "second", 2.0)
    });
    t.setup.mcv.push(1);
    t.restart();
    for (u, won) in [(0, false), (2, false), (1, true)] {
        t.core
            .events
            .push(CoreEvent::FightResolved { unit: u, won });
    }
    t.game().settle();
    assert_eq!(t.mc(A), 10);
}

#[test]
fn tv22_the_loss_trigger_options() {
    use muster::overlays::sob::options::LossTrigger::{self, *};
    // (loses and passes, loses and fails, fails a shooting panic)
    let cases: [(LossTrigger, [u32; 3]); 3] = [
        (CombatDefeat, [1, 1, 0]),
        (BreakAnyCause, [0, 1, 1]),
        (DefeatAndPanic, [1, 1, 1]),
    ];
    for (trigger, want) in cases {
        let run = |events: &[CoreEvent]| {
            let mut t = pair(1, 1);
            t.setup.options.loss_trigger = trigger;
            t.restart();
            t.core.events.extend_from_slice(events);
            t.game().settle();
            12 - t.mc(A)
        };
        let lost = CoreEvent::FightResolved {
            unit: 0,
            won: false,
        };
        let won = CoreEvent::FightResolved { unit: 1, won: true };
        let broke = CoreEvent::Fled {
            unit: 0,
            cause: FleeCause::Break,
            causer: None,
        };
        let panic = CoreEvent::Fled {
            unit: 0,
            cause: FleeCause::ShootingPanic,
            causer: Some(1),
        };
        let got = [run(&[lost, won]), run(&[lost, won, broke]), run(&[panic])];
        assert_eq!(got, want, "{trigger:?}");
    }
}

#[test]
fn tv23_changes_are_netted_and_a_simultaneous_rout_is_a_draw() {
    // P1 at 1 loses a fight (-1) in which its general wins a Heroic
    // Challenge (+2): net +1, the game goes on.
    let general = Unit {
        mcv: 2,
        named: true,
        general: true,
        ..unit(A, "general", 0.0)
    };
    let chief = Unit {
        mcv: 2,
        named: true,
        ..unit(B, "chief", 1.0)
    };
    let mut t = Table::new(vec![general, chief], [1, 12], 1);
    t.setup.doctrines.0[0].heroic_challenge = When::Always;
    t.resolve(&[
        CoreEvent::Challenge {
            challenger: 0,
            acceptor: 1,
            edge: 0.7,
            slain: Some(1),
        },
        CoreEvent::FightResolved {
            unit: 0,
            won: false,
        },
    ]);
    assert_eq!(t.mc(A), 2);
    assert!(!t.game().over());

    // P1 at 1, P2 at 2: P1 loses (-1) while a P2 unit of MCV 2 is destroyed.
    let mut t = pair(1, 2);
    t.b.tracks[0] = muster::overlays::sob::morale::MoraleTrack::new(
        1,
        t.setup.options.remainder,
        t.setup.options.gains,
        t.setup.options.gain_cap,
    );
    t.b.tracks[1].lose(10);
    t.core.units[1].in_battle = false;
    t.resolve(&[
        CoreEvent::FightResolved {
            unit: 0,
            won: false,
        },
        CoreEvent::Removed {
            unit: 1,
            fled_off: false,
        },
    ]);
    assert_eq!((t.mc(A), t.mc(B)), (0, 0));
    assert!(t.game().over());
    assert_eq!(t.b.winner, None, "a draw");
}

#[test]
fn a_charges_first_round_is_one_resolution_whose_defeat_costs_at_once() {
    let units = vec![
        unit(A, "knights", 0.0).charging(1, 0.9, 4.0, 9.0),
        unit(B, "orcs", 4.0),
    ];
    let mut t = Table::new(units, [12, 12], 1);
    no_starters(&mut t, B);
    t.core.react(|act, units, events| {
        if let Act::FightRound(..) = act {
            events.push(CoreEvent::Slain {
                victim: 1,
                by: 0,
                count: 3,
            });
            events.push(CoreEvent::FightResolved { unit: 0, won: true });
            events.push(CoreEvent::FightResolved {
                unit: 1,
                won: false,
            });
            events.push(CoreEvent::Fled {
                unit: 1,
                cause: FleeCause::Break,
                causer: None,
            });
            units[1].fleeing = true;
        }
    });
    t.game().play_order(A, Order::Move);
    // First Blood +1 for A; the defeat -1 for B.
    assert_eq!((t.mc(A), t.mc(B)), (13, 11));
    assert_eq!(t.flow(B, Flow::CombatDefeat), [1, 0]);
    assert!(t.core.units[1].fleeing);
}

// ---------------------------------------------------------------- State of Battle triggers

use muster::overlays::sob::morale::SobState;
use muster::overlays::sob::triggers::{Effect, StateTrigger};

fn triggered(effect: Effect, state: SobState) -> Table {
    let mut reserve = unit(A, "reserve", -10.0);
    reserve.in_battle = false;
    let mut t = Table::new(
        vec![unit(A, "a", 0.0), unit(B, "b", 30.0), reserve],
        [12, 12],
        1,
    );
    t.setup.triggers = vec![StateTrigger {
        side: A,
        state,
        effect,
    }];
    t.restart();
    t
}

/// Side A loses `k` counters in one resolution.
fn lose(t: &mut Table, k: i64) {
    t.game().add(A, Flow::ArmyMorale, -k);
    t.game().settle();
}

#[test]
fn a_steal_trigger_fires_once_when_the_state_is_first_reached() {
    // 12 counters: [3,3,3,3]; Shaken at 9.
    let mut t = triggered(Effect::Steal(2), SobState::Shaken);
    lose(&mut t, 2);
    assert_eq!((t.mc(A), t.mc(B)), (10, 12), "still Emboldened");
    lose(&mut t, 1);
    assert_eq!(
        (t.mc(A), t.mc(B)),
        (11, 10),
        "Shaken: steals 2 (and is lifted back)"
    );
    assert_eq!(t.flow(A, Flow::StateTrigger), [0, 2]);
    assert_eq!(t.flow(B, Flow::StateTrigger), [2, 0]);
    lose(&mut t, 3);
    assert_eq!((t.mc(A), t.mc(B)), (8, 10), "once only");
}

#[test]
fn a_fall_that_skips_a_state_fires_its_triggers_and_routed_fires_nothing() {
    let mut t = triggered(Effect::Push { opponent: true }, SobState::Bloodied);
    lose(&mut t, 7);
    // A is Bloodied (5 left); B is pushed from Emboldened to Shaken: -3.
    assert_eq!(t.mc(B), 9);
    assert_eq!(t.game().state(B), SobState::Shaken);

    let mut t = triggered(Effect::Steal(3), SobState::Desperate);
    lose(&mut t, 12);
    assert_eq!((t.mc(A), t.mc(B)), (0, 12), "a routed army steals nothing");
    assert!(t.game().over());
}

#[test]
fn a_push_on_self_and_a_push_on_a_desperate_army() {
    let mut t = triggered(Effect::Push { opponent: false }, SobState::Shaken);
    lose(&mut t, 3);
    assert_eq!(t.mc(A), 6, "pushed from Shaken (9) into Bloodied (6)");
    let mut t = triggered(Effect::Push { opponent: true }, SobState::Shaken);
    t.b.tracks[1].lose(10);
    lose(&mut t, 3);
    assert_eq!(t.mc(B), 2, "a Desperate opponent is not pushed");
}

#[test]
fn generalship_die_and_standing_modifiers_follow_the_state() {
    let mut t = triggered(Effect::GeneralshipDie(12), SobState::Shaken);
    lose(&mut t, 3);
    assert_eq!(t.b.gd_now[0], 12);

    let mut t = triggered(Effect::Missile(-1), SobState::Shaken);
    assert_eq!(t.game().shot_mods(0, false).to_hit_steps, 0);
    lose(&mut t, 3);
    assert_eq!(t.game().shot_mods(0, false).to_hit_steps, -1);
    assert_eq!(
        t.game().shot_mods(1, false).to_hit_steps,
        0,
        "the side's own shots"
    );
    t.game().add(A, Flow::ArmyMorale, 1);
    t.game().settle();
    assert_eq!(
        t.game().shot_mods(0, false).to_hit_steps,
        0,
        "lifted: it stops"
    );

    // Roll-off: every A throw is 2 lower while Shaken (never below 1).
    for seed in 0..20 {
        let mut t = triggered(Effect::RollOff(-2), SobState::Shaken);
        t.core.dice = muster::dice::Dice::for_battle(seed, 0);
        lose(&mut t, 3);
        let b = t.b.starters;
        t.b.starters = [[0; 4]; 2];
        let (a, _) = t.game().roll_gd_off();
        t.b.starters = b;
        let raw = t.core.rolls()[0].1;
        assert_eq!(a, raw.saturating_sub(2).max(1));
    }
}

#[test]
fn reinforcements_arrive_at_the_start_of_the_next_round_or_wait() {
    let mut t = triggered(Effect::Reinforcements(vec![2]), SobState::Shaken);
    lose(&mut t, 3);
    assert_eq!(t.b.awaiting, vec![2]);
    assert!(!t.core.units[2].in_battle, "not in the same resolution");
    t.core.units[2].blocked = true;
    t.game().reinforcements_arrive();
    assert_eq!(t.b.awaiting, vec![2], "its spot is taken: it waits");
    t.core.units[2].blocked = false;
    t.game().reinforcements_arrive();
    assert!(t.b.awaiting.is_empty());
    assert!(t.core.units[2].in_battle);
}

#[test]
fn reinforcements_on_their_way_keep_an_army_from_elimination() {
    let mut t = triggered(Effect::Reinforcements(vec![2]), SobState::Shaken);
    lose(&mut t, 3);
    t.core.units[0].in_battle = false;
    t.game().check_elimination();
    assert!(!t.game().over(), "the reserve is on its way");
    t.b.awaiting.clear();
    t.game().check_elimination();
    assert_eq!(t.b.winner, Some(B));
}

#[test]
fn favour_of_the_gods_is_offered_to_the_core_and_counted_when_used() {
    let dear = Unit {
        mcv: 2,
        ..unit(A, "dear", 0.0)
    };
    let mut t = Table::new(
        vec![dear, unit(A, "cheap", 1.0), unit(B, "orcs", 40.0)],
        [12, 12],
        1,
    );
    // D15 a: the core may re-roll the failed throws of MCV 2+ units.
    assert_eq!(t.core.favour, [2, 2]);
    assert_eq!(t.core.favour_wanted, vec![true, false, false]);
    // The core reports a use: the overlay counts it and one card is left.
    t.resolve(&[CoreEvent::Favour { side: A }]);
    assert_eq!(t.b.starters[0][Starter::FavourOfTheGods.index()], 1);
    assert_eq!(
        t.cards(
            A,
            muster::overlays::sob::cards::starter_row(Starter::FavourOfTheGods),
            PLAYED
        ),
        1
    );
    // A roll-off use is told to the core.
    assert!(t.game().use_starter(A, Starter::FavourOfTheGods));
    assert_eq!(t.core.favour[0], 0);
    // Never: nothing is offered.
    t.setup.doctrines.0[0].favour = When::Never;
    t.restart();
    assert_eq!(t.core.favour_wanted, vec![false, false, false]);
}

// ---------------------------------------------------------------- Deployment by roll-offs (7.1)

#[test]
fn deployment_roll_offs_make_the_loser_place_and_the_first_done_nudges() {
    let mut seen_nudges = false;
    for seed in 0..40 {
        let mut t = Table::deploying(2, 4, seed);
        t.game().deploy();
        // Each untied roll-off: the loser places (D24 a).
        let rolls: Vec<u8> = t.core.rolls().iter().map(|r| r.1).collect();
        let mut placers = Vec::new();
        for pair in rolls.chunks(2) {
            if pair[0] != pair[1] {
                placers.push(if pair[0] > pair[1] { B } else { A });
            }
        }
        let deploys: Vec<Side> = t
            .core
            .log
            .iter()
            .filter_map(|a| match a {
                Act::Deploy(u) => Some(t.core.units[*u].side),
                _ => None,
            })
            .collect();
        assert_eq!(deploys.len(), 6, "every unit once");
        assert_eq!(&deploys[..placers.len()], &placers[..], "seed {seed}");
        // After the roll-offs, one side places the rest, each followed by a
        // nudge of the side that finished first.
        let finished = if deploys[..placers.len()].iter().filter(|&&s| s == A).count() == 2 {
            A
        } else {
            B
        };
        let rest = 6 - placers.len();
        let nudges = t
            .core
            .log
            .iter()
            .filter(|a| **a == Act::Nudge(finished))
            .count();
        assert_eq!(nudges, rest);
        seen_nudges |= rest > 0;
    }
    assert!(seen_nudges);
}

#[test]
fn a_move_repairs_a_disabled_war_machine_when_no_charge_is_on() {
    let mut stone = unit(A, "stone thrower", 0.0);
    stone.machine = true;
    stone.disabled = true;
    let units = vec![stone, unit(A, "spears", 10.0), unit(B, "orcs", 40.0)];
    let mut t = Table::new(units.clone(), [12, 12], 1);
    t.game().play_order(A, Order::Move);
    assert_eq!(t.core.log, vec![Act::Repair(0)]);
    assert!(!t.core.units[0].disabled && t.b.moved_round[0]);
    // A charge comes first; a machine that is not disabled never moves.
    let mut units = units;
    units[1] = units[1].clone().charging(2, 0.9, 5.0, 9.0);
    let mut t = Table::new(units, [12, 12], 1);
    no_starters(&mut t, B);
    t.game().play_order(A, Order::Move);
    assert_eq!(t.core.log[0], Act::Charge(1, 2));
    t.core.units[0].disabled = false;
    t.core.log.clear();
    t.game().play_order(A, Order::Move);
    assert!(
        t.core.log.is_empty(),
        "nothing left to activate: {:?}",
        t.core.log
    );
}
