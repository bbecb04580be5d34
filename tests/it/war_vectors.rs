//! This Means WAR! worked examples (digest B3: B-TV01-B-TV29) through the
//! real rules code: phase numbers, the order of the count, initiative-attack
//! damage and its split, % killed and surviving, the morale bands at their
//! edges, morale targets, and what each state does.

use super::support::{data, war_setup_from};
use muster::dice::Dice;
use muster::rules::{NoTrace, Side};
use muster::rulesets::means_war::arith::*;
use muster::rulesets::means_war::battle::{Battle, Hit, Scratch};
use muster::rulesets::means_war::morale::*;
use muster::rulesets::means_war::options::*;
use muster::rulesets::means_war::phases::{order, Actor, PhaseEvent};
use muster::rulesets::means_war::setup::WarSetup;
use muster::rulesets::means_war::state::{Presence, View};

const PIKEMEN: (i32, i32) = (3, 1); // UQ 1.5 in half points, init +1
const SWORDSMEN: (i32, i32) = (6, 6); // UQ 3, init +6
const PIKE_DAMAGE: i64 = 783_750;

#[test]
fn b_tv01_to_04_phase_numbers() {
    let r = PhaseRounding::HalfUp;
    assert_eq!(
        action_phase(PIKEMEN.0, PIKEMEN.1, r),
        11,
        "B-TV01: 10.5 rounds to 11"
    );
    assert_eq!(
        action_phase(SWORDSMEN.0, SWORDSMEN.1, r),
        14,
        "B-TV02: 11 - 3 + 6 = 14, not the printed 9"
    );
    assert_eq!(
        initiative_phase(16, PIKEMEN.0, PIKEMEN.1, r),
        19,
        "B-TV03: d20 + 3"
    );
    assert_eq!(
        initiative_phase(4, SWORDSMEN.0, SWORDSMEN.1, r),
        13,
        "B-TV04: d20 + 9"
    );
    // Rounding up would agree with HalfUp on these half steps (so it is
    // no option); Floor does not.
    assert_eq!(
        action_phase(PIKEMEN.0, PIKEMEN.1, PhaseRounding::HalfUp),
        11
    );
    assert_eq!(action_phase(PIKEMEN.0, PIKEMEN.1, PhaseRounding::Floor), 10);
}

fn count(events: &[(i32, Actor, (i32, i32))]) -> Vec<(i32, Actor)> {
    let mut evs: Vec<PhaseEvent> = events
        .iter()
        .enumerate()
        .map(|(i, &(number, actor, (uq_x2, init_mod)))| PhaseEvent {
            number,
            actor,
            uq_x2,
            init_mod,
            seq: i as u16,
        })
        .collect();
    order(&mut evs, &mut Dice::for_battle(1, 0));
    evs.iter().map(|e| (e.number, e.actor)).collect()
}

fn hero(h: u16) -> Actor {
    Actor::Hero {
        side: Side::A,
        hero: h,
    }
}

fn ip(g: u16) -> Actor {
    Actor::Initiative {
        group: g,
        unit: None,
        routed: false,
    }
}

fn ap(g: u16) -> Actor {
    Actor::Action { group: g }
}

#[test]
fn b_tv05_and_06_the_count_with_pcs_and_npcs() {
    // PCs 22, 14, 13, 8, 5 (heroes 0-4) and the NPC 18 (hero 5); pikemen group 0, swordsmen group 1.
    let base = |sword_ap: i32| {
        vec![
            (19, ip(0), PIKEMEN),
            (11, ap(0), PIKEMEN),
            (13, ip(1), SWORDSMEN),
            (sword_ap, ap(1), SWORDSMEN),
            (22, hero(0), (0, 0)),
            (14, hero(1), (0, 0)),
            (13, hero(2), (0, 0)),
            (8, hero(3), (0, 0)),
            (5, hero(4), (0, 0)),
            (18, hero(5), (0, 0)),
        ]
    };
    // B-TV05: the printed AP 9 (action_phase_override).
    assert_eq!(
        count(&base(9)),
        vec![
            (22, hero(0)),
            (19, ip(0)),
            (18, hero(5)),
            (14, hero(1)),
            (13, hero(2)),
            (13, ip(1)),
            (11, ap(0)),
            (9, ap(1)),
            (8, hero(3)),
            (5, hero(4)),
        ]
    );
    // B-TV06: the formula's AP 14.
    assert_eq!(
        count(&base(14)),
        vec![
            (22, hero(0)),
            (19, ip(0)),
            (18, hero(5)),
            (14, hero(1)),
            (14, ap(1)),
            (13, hero(2)),
            (13, ip(1)),
            (11, ap(0)),
            (8, hero(3)),
            (5, hero(4)),
        ]
    );
}

#[test]
fn ties_between_armies_follow_the_tie_break() {
    // IP before AP, then higher UQ, then higher init.
    let got = count(&[
        (10, ap(0), (3, 0)),
        (10, ip(1), (3, 0)),
        (10, ip(2), (6, 0)),
        (10, ip(3), (6, 2)),
    ]);
    assert_eq!(
        got,
        vec![(10, ip(3)), (10, ip(2)), (10, ip(1)), (10, ap(0))]
    );
}

#[test]
fn b_tv07_late_initiative_phase() {
    assert_eq!(ia_pct(13, 9, 100), 20, "printed AP 9: a 20 % attack");
    assert_eq!(
        ia_pct(13, 14, 100),
        0,
        "AP 14: no attack, move or forgo only"
    );
}

#[test]
fn b_tv08_b_tv12_b_tv13_b_tv15_b_tv16_b_tv17_damage_arithmetic() {
    let pct = ia_pct(19, 11, 100);
    assert_eq!(pct, 40, "B-TV08");
    assert_eq!(
        attack_damage(PIKE_DAMAGE, pct, 2760, 2760, 1),
        313,
        "B-TV08: floor(313.5)"
    );
    assert_eq!(milli_pct(500, 5000), 10_000, "B-TV12: 10 % killed");
    // B-TV13: 40 % killed leaves 60 % surviving, which deals 60 % (the text says 40 %).
    assert_eq!(attack_damage(1_000_000, 100, 600, 1000, 1), 600);
    assert_eq!(
        attack_damage(PIKE_DAMAGE, 40, 2760 - 690, 2760, 1),
        235,
        "B-TV15"
    );
    // B-TV16: UQ 6, init 0: AP 5; a d20 of 20 gives IP 26 and 105 %, capped at 100.
    let r = PhaseRounding::HalfUp;
    assert_eq!(action_phase(12, 0, r), 5);
    assert_eq!(ia_pct(initiative_phase(20, 12, 0, r), 5, 100), 100);
    assert_eq!(ia_pct(initiative_phase(20, 12, 0, r), 5, 1000), 105);
    assert_eq!(ia_pct(11, 11, 100), 0, "B-TV17: IP = AP allows no attack");
}

#[test]
fn b_tv24_routed_unit_attacks_at_triple_damage() {
    let r = PhaseRounding::HalfUp;
    let routed_ip = initiative_phase(20, PIKEMEN.0, PIKEMEN.1, r);
    assert_eq!(routed_ip, 23);
    let pct = ia_pct(routed_ip, 11, 100);
    assert_eq!(pct, 60);
    assert_eq!(attack_damage(PIKE_DAMAGE, pct, 2760, 2760, 3), 1410);
}

#[test]
fn b_tv26_movement_shares() {
    use MoraleState::*;
    let f = ApMoveFraction::Half;
    for (state, m2, m4) in [
        (Normal, (1, 1), (2, 2)),
        (Retreat, (3, 1), (6, 2)),
        (Withdraw, (3, 1), (6, 2)),
        (Rout, (5, 5), (10, 10)),
    ] {
        assert_eq!(move_budgets(2, state, f), m2, "{state:?} M=2");
        assert_eq!(move_budgets(4, state, f), m4, "{state:?} M=4");
    }
    // Retreat doubles and rout quintuples the movement only with the Half split.
    assert_eq!(
        move_budgets(4, Retreat, f).0 + move_budgets(4, Retreat, f).1,
        8
    );
    assert_eq!(move_budgets(4, Rout, f).0 + move_budgets(4, Rout, f).1, 20);
}

#[test]
fn b_tv18_to_20_band_edges() {
    use Band::*;
    for (t, r, want) in [
        (70, 40, Rally),
        (70, 41, Normal),
        (70, 70, Normal),
        (70, 71, FallBack),
        (70, 99, FallBack),
        (70, 100, Resurgance),
        (20, 50, FallBack),
        (20, 51, Withdraw),
        (20, 70, Withdraw),
        (20, 71, Retreat),
        (20, 80, Retreat),
        (20, 81, Surrender),
        (20, 90, Surrender),
        (20, 91, Rout),
        (100, 20, Resurgance),
        (100, 21, Rally),
        (100, 70, Rally),
        (100, 71, Normal),
    ] {
        assert_eq!(band(r, t), want, "T = {t}, r = {r}");
    }
}

#[test]
fn b_tv23_b_tv27_b_tv28_state_changes() {
    use MoraleState::*;
    use Transition::*;
    let w = StateUpdate::WorseReplaces;
    assert_eq!(
        ordinary(Normal, Band::Withdraw, w, true),
        Enter(FallBack),
        "B-TV23"
    );
    assert_eq!(ordinary(Normal, Band::Withdraw, w, false), Enter(Withdraw));
    assert_eq!(
        ordinary(Retreat, Band::Rally, w, false),
        Enter(Normal),
        "B-TV27"
    );
    assert_eq!(
        ordinary(Retreat, Band::FallBack, w, false),
        Stay,
        "a milder failure does not replace"
    );
    assert_eq!(
        ordinary(Retreat, Band::FallBack, StateUpdate::LatestReplaces, false),
        Enter(FallBack)
    );
    assert_eq!(ordinary(FallBack, Band::Normal, w, false), Stay);
    assert_eq!(
        ordinary(Withdraw, Band::Resurgance, w, false),
        Resurge { exempt: false }
    );
    let pf = RestrictedMapping::PassFail;
    assert_eq!(
        while_routed(10, 10, false, pf),
        Enter(Retreat),
        "B-TV27: a pass ends the rout"
    );
    assert_eq!(
        while_routed(11, 10, true, pf),
        Enter(Surrender),
        "a fail while surrounded"
    );
    assert_eq!(
        while_routed(11, 10, false, pf),
        Stay,
        "a fail otherwise: still routed"
    );
    let bands = RestrictedMapping::Bands;
    assert_eq!(
        while_routed(10, 10, false, bands),
        Stay,
        "Bands: a pass is not enough"
    );
    assert_eq!(while_routed(100, 10, false, bands), Enter(Retreat));
    assert_eq!(
        while_routed(75, 10, true, bands),
        Enter(Surrender),
        "f = 65 is the surrender band"
    );
    // B-TV28: base T 10, +50 for being attacked.
    assert_eq!(surrendered_attacked(60, 60, pf), Resurge { exempt: true });
    assert_eq!(surrendered_attacked(61, 60, pf), Enter(Rout));
    assert_eq!(surrendered_attacked(100, 60, pf), Resurge { exempt: true });
}

#[test]
fn b_tv21_b_tv22_morale_targets_and_the_sign() {
    let (k, f) = (MoraleSign::KillsMinusLosses, TargetRounding::Floor);
    let losses = milli_pct(782, 6900);
    assert_eq!(losses, 11_333);
    assert_eq!(target(0, losses, -20, k, f), 38, "B-TV21");
    assert_eq!(
        target(0, losses, -20, MoraleSign::LiteralLossesMinusKills, f),
        61,
        "the literal reading rises with losses"
    );
    assert_eq!(target(0, losses, -20, k, TargetRounding::Nearest), 39);
    let kills = milli_pct(313, 6900);
    assert_eq!(kills, 4_536);
    assert_eq!(target(kills, 0, 10, k, f), 84, "B-TV22");
}

/// Plays `f` on a fresh battle of `setup`.
fn with_battle<R>(setup: &WarSetup, seed: u64, f: impl FnOnce(&mut Battle<'_, NoTrace>) -> R) -> R {
    let mut scratch = Scratch::new(setup);
    scratch.state.reset(setup);
    let mut dice = Dice::for_battle(seed, 0);
    let mut trace = NoTrace;
    let mut b = Battle {
        setup,
        st: &mut scratch.state,
        reach: &mut scratch.reach,
        hits: &mut scratch.hits,
        candidates: &mut scratch.candidates,
        dice: &mut dice,
        trace: &mut trace,
    };
    f(&mut b)
}

/// The 10 pikemen's 40 % initiative attacks spread 3/3/2/2 over the 4 swordsmen.
fn example_hits() -> Vec<Hit> {
    (0..10)
        .map(|p| Hit {
            attacker: p,
            target: 10 + [0, 1, 2, 3, 0, 1, 2, 3, 0, 1][p],
            pct: 40,
            mult: 1,
            pooled: false,
        })
        .collect()
}

#[test]
fn b_tv09_to_11_b_tv21_the_example_round() {
    let setup = war_setup_from(&data("war3_example_round.toml"));
    assert_eq!(setup.options.ia_allocation, IaAllocation::PooledEven);
    with_battle(&setup, 1, |b| {
        b.hits.extend(
            example_hits()
                .into_iter()
                .map(|h| Hit { pooled: true, ..h }),
        );
        b.resolve_hits();
        for s in 10..14 {
            assert_eq!(b.st.units[s].hp, 6900 - 782, "B-TV09: 3130 / 4 = 782 each");
        }
        let v = View {
            setup: b.setup,
            state: &*b.st,
        };
        assert_eq!(v.losses_milli(10), 11_333, "B-TV11: 11.3 % killed");
        assert_eq!(
            milli_pct(v.state.units[10].hp, v.state.units[10].max_hp),
            88_666,
            "88.7 % surviving"
        );
        assert_eq!(
            b.damage_of(10, 100, 1),
            1737,
            "B-TV11: floor(1959.375 x 6118/6900)"
        );
        let v = View {
            setup: b.setup,
            state: &*b.st,
        };
        assert_eq!(
            v.morale_target(10, 0),
            38,
            "B-TV21: outnumbered, 11.333 % losses"
        );
    });
}

#[test]
fn b_tv10_per_unit_targets() {
    let mut setup = war_setup_from(&data("war3_example_round.toml"));
    setup.options.ia_allocation = IaAllocation::PerUnitTarget;
    with_battle(&setup, 1, |b| {
        b.hits.extend(example_hits());
        b.resolve_hits();
        let taken: Vec<i64> = (10..14).map(|s| 6900 - b.st.units[s].hp).collect();
        assert_eq!(taken, vec![939, 939, 626, 626]);
        // Each pikeman wrote 313 / 6900 = 4.536 % on its target.
        assert_eq!(b.st.units[0].kills_milli, 4_536);
        let v = View {
            setup: b.setup,
            state: &*b.st,
        };
        // B-TV22 for a pikeman (own losses 0, the enemy outnumbered: +10).
        assert_eq!(v.morale_target(0, 0), 84);
    });
}

#[test]
fn b_tv25_routed_targets_take_double() {
    let setup = war_setup_from(&data("war3_example_round.toml"));
    with_battle(&setup, 1, |b| {
        b.st.units[10].morale = MoraleState::Rout;
        b.hits.extend(
            example_hits()
                .into_iter()
                .map(|h| Hit { pooled: true, ..h }),
        );
        b.resolve_hits();
        assert_eq!(6900 - b.st.units[10].hp, 1564);
        assert_eq!(6900 - b.st.units[11].hp, 782);
    });
}

#[test]
fn b_tv14_resurgance() {
    let setup = war_setup_from(&data("war3_resurgance.toml"));
    with_battle(&setup, 1, |b| {
        let v = View {
            setup: b.setup,
            state: &*b.st,
        };
        assert_eq!(v.losses_milli(0), 50_000, "50 % killed");
        assert_eq!(b.damage_of(0, 100, 1), 500, "output 50 %");
        let before = View {
            setup: b.setup,
            state: &*b.st,
        }
        .modifiers(0);
        b.apply(0, Transition::Resurge { exempt: false });
        let v = View {
            setup: b.setup,
            state: &*b.st,
        };
        assert_eq!(v.state.units[0].max_hp, 2500, "redefined as a 2500-hp unit");
        assert_eq!(v.losses_milli(0), 0, "0 % killed");
        assert_eq!(v.modifiers(0), before + 10, "+10 to later checks");
        assert_eq!(b.damage_of(0, 100, 1), 1000, "full output again");
        assert_eq!(b.land(1, 0, 2499), 2499);
        assert_eq!(b.st.units[0].presence, Presence::OnBoard);
        b.land(1, 0, 1);
        assert_eq!(
            b.st.units[0].presence,
            Presence::Destroyed,
            "2500 more destroy it"
        );
    });
    // With resurgence_resets_damage_scaling = false the output stays at 50 %.
    let mut setup = war_setup_from(&data("war3_resurgance.toml"));
    setup.options.resurgence_resets_damage_scaling = false;
    with_battle(&setup, 1, |b| {
        b.apply(0, Transition::Resurge { exempt: false });
        assert_eq!(b.damage_of(0, 100, 1), 500);
    });
}

#[test]
fn b_tv29_fall_back_recovers_after_a_full_undamaged_round() {
    let setup = war_setup_from(&data("war3_resurgance.toml"));
    with_battle(&setup, 1, |b| {
        b.st.round = 3;
        b.apply(0, Transition::Enter(MoraleState::FallBack));
        b.end_of_round();
        assert_eq!(
            b.st.units[0].morale,
            MoraleState::FallBack,
            "round 3: it fell back this round"
        );
        b.st.round = 4;
        b.land(1, 0, 10);
        b.end_of_round();
        assert_eq!(
            b.st.units[0].morale,
            MoraleState::FallBack,
            "round 4: damaged"
        );
        b.st.round = 5;
        b.end_of_round();
        assert_eq!(
            b.st.units[0].morale,
            MoraleState::Normal,
            "normal from round 6"
        );
    });
}

#[test]
fn a_unit_that_routs_takes_free_attacks_from_adjacent_enemies() {
    let setup = war_setup_from(&data("war3_resurgance.toml"));
    with_battle(&setup, 1, |b| {
        let hp = b.st.units[0].hp;
        let expected = attack_damage(1_959_375, 100, 6900, 6900, 2);
        b.apply(0, Transition::Enter(MoraleState::Rout));
        assert_eq!(
            hp - b.st.units[0].hp.max(0),
            expected.min(hp),
            "first-attack damage, doubled"
        );
        assert_eq!(
            b.st.units[0].presence,
            Presence::Destroyed,
            "3918 > 2500 hp left"
        );
    });
}

#[test]
fn the_worked_example_file_runs_end_to_end() {
    let setup = war_setup_from(&data("war3_example_round.toml"));
    let ruleset = muster::rulesets::means_war::MeansWar { setup };
    let record = muster::engine::play_one(&ruleset, 1, 0, &mut NoTrace);
    assert!(record.rounds_played >= 1);
    assert_eq!(record.units.len(), 14);
    assert_eq!(record.unit_events.len(), 14 * 8);
}

/// A two-unit battle: unit 0 of side A at `a`, unit 1 (Swordsmen) of side B at `b`.
fn duel(a: [i64; 2], b: [i64; 2]) -> WarSetup {
    let text = data("war3_resurgance.toml")
        .replace(
            "at = [[5, 1]], start_damage = 2500",
            &format!("at = [[{}, {}]]", a[0], a[1]),
        )
        .replace("at = [[5, 2]]", &format!("at = [[{}, {}]]", b[0], b[1]));
    war_setup_from(&text)
}

#[test]
fn b_g24_a_routing_unit_at_its_edge_leaves_the_battle() {
    let setup = duel([5, 0], [5, 1]);
    with_battle(&setup, 1, |b| {
        b.st.units[0].morale = MoraleState::Rout;
        b.st.units[0].router = 1;
        b.run_away(0, 5, true, 60);
        assert_eq!(b.st.units[0].presence, Presence::Fled);
        assert!(b.hits.is_empty());
    });
}

#[test]
fn b_g30_a_routing_unit_attacks_the_enemy_in_its_way_at_triple_damage() {
    use muster::geometry::grid::Square;
    use muster::rulesets::means_war::movement::flee;
    let setup = duel([5, 1], [5, 2]);
    with_battle(&setup, 1, |b| {
        // Straight away from a point due south is straight into the enemy at (5,2).
        let view = View {
            setup: b.setup,
            state: &*b.st,
        };
        let flight = flee(&view, 0, Square::new(5, -10), 5);
        assert_eq!(flight.blocked_by, Some(1));
        assert!(!flight.fled);
        assert_eq!(
            flight.end,
            Square::new(5, 1),
            "it stops next to the blocker"
        );
    });
    // Routed by the enemy at (5,0), it runs north into the enemy at (5,2)
    // and queues its x3 initiative attack on it.
    let text = data("war3_resurgance.toml")
        .replace("at = [[5, 1]], start_damage = 2500", "at = [[5, 1]]")
        .replace(
            "units = [{ troop = \"swordsmen\", at = [[5, 2]] }]",
            "units = [{ troop = \"swordsmen\", at = [[5, 0], [5, 2]] }]",
        );
    let setup = war_setup_from(&text);
    with_battle(&setup, 1, |b| {
        b.st.units[0].morale = MoraleState::Rout;
        b.st.units[0].router = 1;
        assert_eq!(b.st.units[1].pos, Square::new(5, 0));
        let moved = b.run_away(0, 5, true, 60);
        assert!(!moved, "blocked at once");
        assert_eq!(b.hits.len(), 1);
        assert_eq!(
            (b.hits[0].target, b.hits[0].pct, b.hits[0].mult),
            (2, 60, 3)
        );
    });
    let setup = duel([5, 3], [5, 4]);
    with_battle(&setup, 1, |b| {
        // Unit 0 runs from the enemy at (5,4) toward its own edge: straight south.
        b.st.units[0].morale = MoraleState::Rout;
        b.run_away(0, 2, true, 60);
        assert_eq!(
            b.st.units[0].pos,
            Square::new(5, 1),
            "two squares straight away"
        );
    });
}

#[test]
fn b_g23_a_surrender_next_to_an_enemy_that_did_not_attack_is_captured() {
    let setup = duel([5, 1], [5, 2]);
    with_battle(&setup, 1, |b| {
        b.st.round = 2;
        b.apply(0, Transition::Enter(MoraleState::Surrender));
        assert_eq!(
            b.st.units[0].presence,
            Presence::OnBoard,
            "nobody had attacked it: no exploit offer"
        );
        b.end_of_round();
        assert_eq!(b.st.units[0].presence, Presence::Captured);
    });
}

#[test]
fn exploiting_a_surrender_triggers_the_plus_50_check() {
    let setup = duel([5, 1], [5, 2]);
    with_battle(&setup, 3, |b| {
        // The enemy damaged it since its last action phase, so it may exploit
        // (press_the_attack: always_exploit).
        b.land(1, 0, 10);
        let checks_before: u32 = b.st.units[0].outcomes.iter().sum();
        b.apply(0, Transition::Enter(MoraleState::Surrender));
        let checks_after: u32 = b.st.units[0].outcomes.iter().sum();
        assert_eq!(checks_after, checks_before + 1, "exactly one +50 check");
        let unit = &b.st.units[0];
        // 10 + 1959 (first-attack damage) taken: 3031 of 5000 hp left. The check
        // has two outcomes: Resurgance (fights to the death) or Rout, whose
        // doubled free attack (3918) destroys it.
        if unit.presence == Presence::OnBoard {
            assert_eq!(unit.morale, MoraleState::Normal);
            assert!(unit.exempt, "a resurgent surrender fights to the death");
            assert_eq!((unit.hp, unit.max_hp), (3031, 3031));
        } else {
            assert_eq!(unit.presence, Presence::Destroyed);
            assert_eq!(unit.morale, MoraleState::Rout);
        }
    });
}
