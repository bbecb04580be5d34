//! Each States of Battle doctrine rule (digest 8, D1-D24) both ways, in a
//! small scripted situation: the same table, two settings of one rule,
//! two different decisions. The default (`steady`) side of many rules is
//! also covered card by card in `sob_cards`.

use super::sob_script::{Act, Table, Unit};
use muster::overlays::sob::cards::{Event, Order};
use muster::overlays::sob::core::ShotMods;
use muster::overlays::sob::doctrine::{
    Activation, Fire, GoFirst, OrdersOrder, RallyPick, StratagemTags, Tutor, When,
};
use muster::rules::Side::{self, A, B};

fn unit(side: Side, name: &'static str, x: f64) -> Unit {
    Unit::new(side, name, x)
}

fn no_starters(t: &mut Table) {
    t.b.starters = [[0; 4]; 2];
}

#[test]
fn d1_go_first_if_a_charge_is_ready_always_or_never() {
    let units = vec![unit(A, "a", 0.0), unit(B, "b", 30.0)];
    let mut t = Table::new(units, [12, 12], 1);
    assert_eq!(t.game().choose_first(A), B, "no charge ready: second");
    t.core.units[0].charge = unit(A, "a", 0.0).charging(1, 0.6, 5.0, 9.0).charge;
    assert_eq!(t.game().choose_first(A), A, "a likely charge: first");
    t.setup.doctrines.0[0].go_first = GoFirst::Never;
    assert_eq!(t.game().choose_first(A), B);
    t.setup.doctrines.0[0].go_first = GoFirst::Always;
    t.core.units[0].charge = None;
    assert_eq!(t.game().choose_first(A), A);
}

#[test]
fn d2_tutor_by_the_situation_a_fixed_list_or_decline() {
    let mut fighting = unit(A, "fighting", 0.0);
    fighting.engaged = true;
    fighting.share_a = 0.9;
    let mut t = Table::new(vec![fighting, unit(B, "b", 1.0)], [12, 12], 1);
    t.core.fights = vec![0];
    // A favourable fight: Melee (no command group to move).
    assert_eq!(t.game().tutor_pick(A), Some(Order::Melee));
    t.restart();
    t.setup.doctrines.0[0].tutor = Tutor::Fixed;
    assert_eq!(t.game().tutor_pick(A), Some(Order::MoveCommandGroup));
    t.setup.doctrines.0[0].tutor = Tutor::Decline;
    assert_eq!(t.game().tutor_pick(A), None);
}

#[test]
fn d3_command_indecision_first_or_in_printed_order() {
    let mut t = Table::new(vec![unit(A, "a", 0.0), unit(B, "b", 30.0)], [12, 12], 1);
    let mut hand = vec![
        Event::RallyBack,
        Event::SuperstitionsAndOmens,
        Event::CommandIndecision,
    ];
    t.game().order_events(A, &mut hand);
    assert_eq!(
        hand,
        vec![
            Event::CommandIndecision,
            Event::SuperstitionsAndOmens,
            Event::RallyBack
        ]
    );
    t.setup.doctrines.0[0].indecision_first = false;
    let mut hand = vec![Event::RallyBack, Event::CommandIndecision];
    t.game().order_events(A, &mut hand);
    assert_eq!(hand, vec![Event::RallyBack, Event::CommandIndecision]);
}

#[test]
fn d6_orders_moves_first_hand_order_or_melee_first() {
    let mut t = Table::new(vec![unit(A, "a", 0.0), unit(B, "b", 30.0)], [12, 12], 1);
    let hand = vec![Order::MissileReload, Order::Melee, Order::Move];
    let order_of = |t: &mut Table| {
        t.b.hand_orders[0] = hand.clone();
        let mut out = Vec::new();
        while let Some(o) = t.game().next_order(A) {
            out.push(o);
        }
        out
    };
    assert_eq!(
        order_of(&mut t),
        vec![Order::Move, Order::Melee, Order::MissileReload]
    );
    t.setup.doctrines.0[0].orders_order = OrdersOrder::HandOrder;
    assert_eq!(order_of(&mut t), hand);
    t.setup.doctrines.0[0].orders_order = OrdersOrder::MeleeFirst;
    assert_eq!(
        order_of(&mut t),
        vec![Order::Melee, Order::Move, Order::MissileReload]
    );
}

#[test]
fn d7_activation_best_charge_highest_mcv_or_random() {
    let dear = Unit {
        mcv: 3,
        ..unit(A, "dear", 0.0)
    };
    let charger = unit(A, "charger", 5.0).charging(2, 0.9, 5.0, 9.0);
    let units = vec![dear, charger, unit(B, "b", 10.0)];
    let mut t = Table::new(units.clone(), [12, 12], 1);
    no_starters(&mut t);
    t.game().play_order(A, Order::Move);
    assert_eq!(t.core.log[0], Act::Charge(1, 2));
    let mut t = Table::new(units.clone(), [12, 12], 1);
    no_starters(&mut t);
    t.setup.doctrines.0[0].activation = Activation::HighestMcv;
    t.game().play_order(A, Order::Move);
    assert_eq!(
        t.core.log[0],
        Act::Advance(0),
        "the MCV 3 unit, which cannot charge"
    );
    // Random: both units are picked over a few seeds.
    let mut picked = [false; 2];
    for seed in 0..30 {
        let mut t = Table::new(units.clone(), [12, 12], seed);
        no_starters(&mut t);
        t.setup.doctrines.0[0].activation = Activation::Random;
        t.game().play_order(A, Order::Move);
        match t.core.log[0] {
            Act::Advance(0) => picked[0] = true,
            Act::Charge(1, _) => picked[1] = true,
            ref other => panic!("{other:?}"),
        }
    }
    assert_eq!(picked, [true; 2]);
}

#[test]
fn d8_rally_the_most_valuable_or_the_one_closest_to_the_edge() {
    let dear = Unit {
        mcv: 3,
        fleeing: true,
        edge: 10.0,
        ..unit(A, "dear", 0.0)
    };
    let edgy = Unit {
        fleeing: true,
        edge: 1.0,
        ..unit(A, "edgy", 5.0)
    };
    let units = vec![dear, edgy, unit(B, "b", 40.0)];
    let mut t = Table::new(units, [12, 12], 1);
    t.game().play_order(A, Order::Move);
    assert_eq!(t.core.log[0], Act::Rally(0, true));
    t.setup.doctrines.0[0].rally_pick = RallyPick::ClosestToEdge;
    t.restart();
    t.core.units[0].fleeing = true;
    t.game().play_order(A, Order::Move);
    assert_eq!(t.core.log[0], Act::Rally(1, true));
}

#[test]
fn d5_omens_judged_always_or_never() {
    for (omens, gd, rolls) in [
        (When::Judged, 6, false),
        (When::Always, 6, true),
        (When::Never, 12, false),
        (When::Judged, 8, true),
    ] {
        let mut t = Table::new(vec![unit(A, "a", 0.0), unit(B, "b", 30.0)], [12, 12], 1);
        no_starters(&mut t);
        t.setup.doctrines.0[0].omens = omens;
        t.b.gd_now[0] = gd;
        t.game().play_event(A, Event::SuperstitionsAndOmens);
        assert_eq!(!t.core.rolls().is_empty(), rolls, "{omens:?} d{gd}");
    }
}

#[test]
fn d10_command_group_on_the_character_with_most_units_or_the_general() {
    let general = Unit {
        named: true,
        general: true,
        ..unit(A, "general", 0.0)
    };
    let hero = Unit {
        named: true,
        ..unit(A, "hero", 40.0)
    };
    let units = vec![
        general,
        hero,
        unit(A, "near hero 1", 42.0),
        unit(A, "near hero 2", 44.0),
        unit(B, "b", 100.0),
    ];
    let mut t = Table::new(units, [12, 12], 1);
    assert_eq!(t.game().command_group(A).map(|g| g.0), Some(1));
    t.setup.doctrines.0[0].group_most_units = false;
    assert_eq!(t.game().command_group(A).map(|g| g.0), Some(0));
}

#[test]
fn d11_sneaky_critters_always_or_never() {
    let units = vec![unit(A, "a", 0.0), unit(B, "b", 30.0)];
    let mut t = Table::new(units.clone(), [12, 12], 1);
    t.setup.doctrines.0[1].sneaky_critters = When::Never;
    t.game().play_event(A, Event::SneakyCritters);
    assert!(t.core.log.is_empty());
    let mut t = Table::new(units, [12, 12], 1);
    t.setup.doctrines.0[1].sneaky_critters = When::Always;
    t.game().play_event(A, Event::SneakyCritters);
    assert_eq!(t.core.log, vec![Act::Advance(1)]);
}

/// Archers of A that can be charged by B's knights; one fire window in
/// `active`'s turn; whether the archers fired.
fn fires(fire: Fire, active: Side, charger: bool) -> bool {
    let archers = Unit {
        missile: true,
        shoot_at: Some(1),
        ..unit(A, "archers", 0.0)
    };
    let mut knights = unit(B, "knights", 8.0);
    if charger {
        knights = knights.charging(0, 0.5, 8.0, 9.0);
    }
    let mut t = Table::new(vec![archers, knights], [12, 12], 1);
    t.setup.doctrines.0[0].fire = fire;
    t.game().start_turn(active);
    t.game().fire_window();
    t.core.log.iter().any(|a| matches!(a, Act::Shoot(0, ..)))
}

#[test]
fn d12_fire_holding_for_chargers_at_once_or_in_own_turn() {
    assert!(
        !fires(Fire::HoldForChargers, A, true),
        "holds for Stand & Shoot"
    );
    assert!(fires(Fire::HoldForChargers, A, false));
    assert!(fires(Fire::Asap, A, true));
    assert!(fires(Fire::Asap, B, false), "in the opponent's turn too");
    assert!(!fires(Fire::OwnTurn, B, false));
    assert!(fires(Fire::OwnTurn, A, true));
}

#[test]
fn d13_stand_and_shoot_never() {
    let archers = Unit {
        missile: true,
        shoot_at: Some(0),
        ..unit(B, "archers", 8.0)
    };
    let units = vec![unit(A, "knights", 0.0).charging(1, 0.5, 4.0, 9.0), archers];
    let mut t = Table::new(units, [12, 12], 1);
    no_starters(&mut t);
    t.setup.doctrines.0[1].stand_and_shoot = When::Never;
    t.game().play_order(A, Order::Move);
    assert_eq!(t.core.log[0], Act::Charge(0, 1));
}

#[test]
fn d14_leadership_judged_always_or_never() {
    // A plain Move with no charge: steady lets it pass, Always cancels it.
    let units = vec![unit(A, "a", 0.0), unit(B, "b", 30.0)];
    let mut t = Table::new(units.clone(), [12, 12], 1);
    t.game().play_order(A, Order::Move);
    assert!(t.core.rolls().is_empty());
    let mut t = Table::new(units.clone(), [12, 12], 1);
    t.setup.doctrines.0[1].leadership = When::Always;
    t.game().play_order(A, Order::Move);
    assert_eq!(t.core.rolls()[0].0, "Leadership (GD)");
    // Never: not even against Move Command Group.
    let mut t = Table::new(units, [12, 12], 1);
    t.setup.doctrines.0[1].leadership = When::Never;
    t.game().play_order(A, Order::MoveCommandGroup);
    assert!(t.core.rolls().is_empty());
}

#[test]
fn d15_favour_on_a_roll_off_by_its_own_setting_never_or_any_loss() {
    for seed in 0..40 {
        let mut t = Table::new(vec![unit(A, "a", 0.0), unit(B, "b", 30.0)], [12, 12], seed);
        // `favour` rules the core's throws only.
        t.setup.doctrines.0[0].favour = When::Always;
        t.setup.doctrines.0[1].favour = When::Always;
        t.setup.doctrines.0[0].favour_roll_off = 0;
        t.setup.doctrines.0[1].favour_roll_off = 0;
        t.game().roll_gd_off();
        assert_eq!(t.core.rolls().len(), 2);
    }
    let mut rerolls = 0;
    for seed in 0..40 {
        let mut t = Table::new(vec![unit(A, "a", 0.0), unit(B, "b", 30.0)], [12, 12], seed);
        t.setup.doctrines.0[0].favour_roll_off = 1;
        t.setup.doctrines.0[1].favour_roll_off = 0;
        t.game().roll_gd_off();
        let rolls = t.core.rolls();
        let lost = rolls[1].1 > rolls[0].1;
        assert_eq!(rolls.len(), 2 + usize::from(lost), "seed {seed}");
        rerolls += usize::from(lost);
    }
    assert!(rerolls > 0);
}

#[test]
fn d16_manoeuvre_judged_never_or_always() {
    // Reach 9, gap 4, half a move 3: 4 + 3 < 9, so stepping back would
    // not escape; steady keeps the card, Always uses it anyway.
    let units = vec![
        unit(A, "knights", 0.0).charging(1, 0.5, 4.0, 9.0),
        unit(B, "orcs", 4.0),
    ];
    for (manoeuvre, used) in [
        (When::Judged, false),
        (When::Always, true),
        (When::Never, false),
    ] {
        let mut t = Table::new(units.clone(), [12, 12], 1);
        t.setup.doctrines.0[1].manoeuvre = manoeuvre;
        t.setup.doctrines.0[1].leadership = When::Never;
        t.game().play_order(A, Order::Move);
        let stepped = t.core.log.contains(&Act::HalfMoveAway(1, 0));
        assert_eq!(stepped, used, "{manoeuvre:?}");
    }
}

#[test]
fn d17_stratagem_tags_fastest_missile_or_highest_mcv() {
    let units = vec![
        Unit {
            speed: 9.0,
            ..unit(A, "fast", 0.0)
        },
        Unit {
            missile: true,
            ..unit(A, "archers", 1.0)
        },
        Unit {
            mcv: 3,
            ..unit(A, "dear", 2.0)
        },
        unit(A, "plain", 3.0),
        unit(B, "b", 30.0),
    ];
    let tagged = |tags: StratagemTags| {
        let mut t = Table::new(units.clone(), [12, 12], 1);
        t.setup.doctrines.0[0].stratagem_tags = tags;
        t.restart();
        (0..4).find(|&u| t.b.stratagem_tag[u])
    };
    assert_eq!(tagged(StratagemTags::Fastest), Some(0));
    assert_eq!(tagged(StratagemTags::Missile), Some(1));
    assert_eq!(tagged(StratagemTags::HighestMcv), Some(2));
}

/// Whether side A keeps its one Cast Spells card through the Stratagem
/// roll (GD d8 against the die's 8: the roll alone succeeds 1 time in 8),
/// its wizard beside the general aiming at `target`, under `plus4`.
fn keeps_cast_spells(plus4: When, target: Option<usize>) -> bool {
    let general = Unit {
        general: true,
        named: true,
        ..unit(A, "general", 0.0)
    };
    let wizard = Unit {
        wizard: true,
        named: true,
        shoot_at: target,
        ..unit(A, "wizard", 5.0)
    };
    let mut t = Table::new(vec![general, wizard, unit(B, "b", 40.0)], [12, 12], 1);
    t.setup.doctrines.0[0].stratagem_plus4 = plus4;
    t.b.gd_now[0] = 8;
    t.b.hand_orders[0] = vec![Order::CastSpells];
    t.game().stratagem_roll(A);
    t.b.hand_orders[0] == vec![Order::CastSpells]
}

#[test]
fn d18_stratagem_plus_four_never() {
    assert!(keeps_cast_spells(When::Never, None), "kept");
}

#[test]
fn d18_stratagem_plus_four_judged_only_when_cast_spells_has_no_target() {
    // D18 (a): trash Cast Spells for +4 iff the roll alone succeeds with
    // P < 0.5 and the card has no good target this turn.
    assert!(!keeps_cast_spells(When::Judged, None), "no target: trashed");
    assert!(keeps_cast_spells(When::Judged, Some(2)), "a target: kept");
}

#[test]
fn d19_heroic_challenge_judged_by_the_edge() {
    use muster::overlays::sob::core::CoreEvent;
    use muster::overlays::sob::ledger::Flow;
    for (heroic, edge, gain) in [
        (When::Judged, 0.7, 2),
        (When::Judged, 0.5, 0),
        (When::Never, 0.9, 0),
        (When::Always, 0.1, 2),
    ] {
        let champion = Unit {
            named: true,
            ..unit(A, "champion", 0.0)
        };
        let chief = Unit {
            named: true,
            ..unit(B, "chief", 1.0)
        };
        let mut t = Table::new(vec![champion, chief], [12, 12], 1);
        t.setup.doctrines.0[0].heroic_challenge = heroic;
        t.core.events.push(CoreEvent::Challenge {
            challenger: 0,
            acceptor: 1,
            edge,
            slain: Some(1),
        });
        t.game().settle();
        assert_eq!(
            t.flow(A, Flow::HeroicChallenge)[1],
            gain,
            "{heroic:?} {edge}"
        );
    }
}

#[test]
fn d24_deployment_the_roll_off_winner_places_himself_when_told() {
    for seed in 0..10 {
        let mut t = Table::deploying(2, 2, seed);
        t.setup.doctrines.0[0].deploy_opponent_first = false;
        t.setup.doctrines.0[1].deploy_opponent_first = false;
        t.game().deploy();
        let rolls = t.core.rolls();
        let pair = rolls
            .chunks(2)
            .find(|p| p[0].1 != p[1].1)
            .expect("an untied roll-off");
        let winner = if pair[0].1 > pair[1].1 { A } else { B };
        let first = t.core.log.iter().find_map(|a| match a {
            Act::Deploy(u) => Some(t.core.units[*u].side),
            _ => None,
        });
        assert_eq!(first, Some(winner), "seed {seed}");
    }
}

#[test]
fn undisciplined_missilery_ignores_doctrine_but_crushing_scope_follows_the_option() {
    // D26: no choice; the shot has the round's modifiers.
    let archers = Unit {
        missile: true,
        shoot_at: Some(1),
        ..unit(A, "archers", 0.0)
    };
    let mut t = Table::new(vec![archers, unit(B, "b", 10.0)], [12, 12], 1);
    t.setup.doctrines.0[0].fire = Fire::OwnTurn;
    t.b.crushing[0] = true;
    t.game().play_event(A, Event::UndisciplinedMissilery);
    let crushing = ShotMods {
        to_hit_steps: 1,
        top_band_only: false,
    };
    assert_eq!(t.core.log, vec![Act::Shoot(0, 1, crushing)]);
}
