//! The D&D War digest's worked examples (section 8) that concern the rules'
//! arithmetic, tables and measurements, one test per vector (`tv01`...).
//! Vectors that need a battle in progress are with the battles: TV-06 and
//! TV-16 in `dnd_battle`, TV-22 in `dnd_characters`, TV-46 and the army
//! parity of TV-41 in `dnd_doctrines`.

use muster::geometry::rect::{pivot_cost, wheel_cost};
use muster::geometry::terrain::reach_along;
use muster::geometry::{Area, Cover, Rect, Shape, Vec2};
use muster::rules::Side;
use muster::rulesets::dnd_war::army::{self, BattleSize, Rarity};
use muster::rulesets::dnd_war::body::{Body, Command};
use muster::rulesets::dnd_war::courage::{self, CourageSources, PanicModifiers};
use muster::rulesets::dnd_war::distances::{
    charge_reach, charge_sixths, double_move_allowed, flee_distance, long_charge,
};
use muster::rulesets::dnd_war::hits::{self, need, NON_CHARACTER_FLOOR};
use muster::rulesets::dnd_war::machines::{self, Misfire, Scatter};
use muster::rulesets::dnd_war::resolution::{self, SideScore};
use muster::rulesets::dnd_war::traits::{model_strength, race, rider_strength, Size};
use std::f64::consts::{FRAC_PI_2, FRAC_PI_4, PI};

fn infantry(companies: u16, short: u16, files: u8, command: Command) -> Body {
    Body::companies(companies, short, 8, 4, files, command)
}

const CAPTAIN: Command = Command {
    captain: true,
    standard: false,
    musician: false,
};

#[test]
fn to_hit_formula_matches_every_cell_of_the_seed_chart() {
    let chart = super::support::data("dnd_to_hit_chart.txt");
    let mut rows = chart.lines().filter(|l| l.starts_with('+'));
    let mut cells = 0;
    for atk in 1..=20 {
        let row = rows.next().expect("20 rows");
        let mut fields = row.split_whitespace();
        assert_eq!(fields.next(), Some(format!("+{atk}").as_str()));
        for (ac, cell) in (11..=30).zip(fields) {
            let printed: i32 = cell.trim_end_matches('+').parse().unwrap();
            assert_eq!(
                need(atk, ac, NON_CHARACTER_FLOOR),
                printed,
                "atk +{atk} vs AC {ac}"
            );
            cells += 1;
        }
    }
    assert_eq!(cells, 400);
}

#[test]
fn tv01_elf_archer_dice_count() {
    // C1 full (captain + 3 elves in front, 4 behind), C2 half strength, side by side.
    let unit = infantry(2, 4, 2, CAPTAIN);
    let front = unit.front_row_models();
    let second = unit.second_row_models();
    assert_eq!((front, second), (8, 4));
    // Every company sees; one die per elf; the captain multiattacks with A 2.
    let captain = u32::from(muster::rulesets::dnd_war::body::CAPTAIN_ATTACKS);
    assert_eq!(unit.shooting_dice(true, 1.0, 1, captain), 13, "on a hill");
    assert_eq!(
        unit.shooting_dice(false, 1.0, 1, captain),
        9,
        "on level ground"
    );
}

#[test]
fn tv02_to_hit_lookup_and_roll() {
    let n = need(16, 25, NON_CHARACTER_FLOOR);
    assert_eq!(n, 9);
    let rolls = [3, 6, 8, 8, 9, 9, 9, 10, 11, 11, 13, 15, 19];
    assert_eq!(rolls.iter().filter(|&&r| r >= n).count(), 9);
    assert_eq!(
        need(16, 25, 2),
        9,
        "the captain's floor does not matter at 9+"
    );
    assert!((13.0 * hits::p_hit(n) - 7.8).abs() < 1e-9);
}

#[test]
fn tv03_resilience_one_and_skirmisher_panic() {
    assert_eq!(hits::minions_removed(9, 1), 9);
    let drow = Body::loose(20, Command::default());
    assert!(courage::shooting_panic_triggered(
        9,
        u32::from(drow.company_size())
    ));
    let m = PanicModifiers {
        shooting_casualties: Some(9),
        company_size: 4,
        ..Default::default()
    };
    assert_eq!(courage::panic_dc(m, false), 14);
    let bigger = PanicModifiers {
        bigger_enemy_near: true,
        ..m
    };
    assert_eq!(courage::panic_dc(bigger, false), 16);
}

#[test]
fn tv04_resilience_two() {
    assert_eq!(hits::minions_removed(7, 2), 3);
    assert_eq!(hits::minions_removed(8, 2), 4);
    assert_eq!(hits::minions_removed(1, 2), 0);
}

#[test]
fn tv05_to_hit_spot_checks() {
    let f = NON_CHARACTER_FLOOR;
    let cases = [
        (1, 11, 10),
        (1, 22, 20),
        (1, 30, 20),
        (3, 11, 8),
        (4, 11, 8),
        (11, 30, 19),
        (20, 30, 10),
        (20, 11, 8),
        (26, 40, 14),
        (30, 12, 8),
    ];
    for (atk, def, expect) in cases {
        assert_eq!(need(atk, def, f), expect, "+{atk} vs {def}");
    }
    // The digest prints this vector as (+20, 15) with "raw 5"; 15 - 20 is
    // -5, so the vector it means is AC 25 (raw 5).
    assert_eq!(need(20, 25, 2), 5, "a character has no 8+ floor");
    assert_eq!(need(20, 25, f), 8);
    assert_eq!(need(20, 15, 2), 2, "a natural 1 still misses");
}

#[test]
fn tv07_casualty_order() {
    let command = Command {
        captain: true,
        standard: true,
        musician: true,
    };
    // Command company 8, company B 8, depleted D 5 (3 short).
    let mut unit = infantry(3, 3, 3, command);
    assert_eq!(unit.alive, 21);
    assert_eq!(unit.partial(), 5);
    unit.remove(7);
    assert_eq!(
        (unit.n_companies(), unit.partial()),
        (2, 6),
        "D gone, B at 6"
    );
    assert!(unit.command_alive().standard && unit.command_alive().musician);
    let mut unit = infantry(3, 3, 3, command);
    unit.remove(20);
    assert_eq!(
        (unit.n_companies(), unit.alive),
        (1, 1),
        "the command company at 1"
    );
    assert!(
        unit.hope_is_lost(),
        "last company at half strength or below"
    );
    let left = unit.command_alive();
    assert!(
        left.captain && !left.standard && !left.musician,
        "the captain goes last"
    );
}

#[test]
fn tv08_hope_is_lost_at_half_strength() {
    let mut unit = infantry(1, 0, 1, Command::default());
    unit.remove(3);
    assert!(!unit.hope_is_lost(), "5 of 8 stand");
    unit.remove(1);
    assert!(unit.hope_is_lost(), "4 of 8 is half strength");
    let mut cavalry = Body::companies(1, 0, 2, 2, 1, Command::default());
    cavalry.remove(1);
    assert!(
        cavalry.hope_is_lost(),
        "cavalry: the last company at 1 model"
    );
    assert!(
        !Body::loose(2, Command::default()).hope_is_lost(),
        "skirmishers are exempt"
    );
}

fn courage_of(name: &str) -> i32 {
    race(name).expect("listed race").courage
}

#[test]
fn tv09_to_tv11_courage_bonuses() {
    let humans = CourageSources {
        unit: courage_of("human") + Size::Medium.courage(),
        musician: true,
        ..Default::default()
    };
    assert_eq!(humans.bonus(), 4);
    assert!((courage::p_pass(4, courage::DC_RALLY) - 0.60).abs() < 1e-12);
    let elf_fighter = courage::base_bonus(courage_of("elf"), 0, courage::tier_bonus(8));
    let with_elf = CourageSources {
        best_character: Some(elf_fighter),
        ..humans
    };
    assert_eq!(with_elf.bonus(), 8);
    let human_fighter = courage::base_bonus(courage_of("human"), 0, courage::tier_bonus(6));
    let elves = CourageSources {
        unit: courage_of("elf"),
        best_character: Some(human_fighter),
        ..Default::default()
    };
    assert_eq!(elves.bonus(), 6);
    assert!(
        race("eladrin").unwrap().invented,
        "unlisted races are marked invented"
    );
}

#[test]
fn tv12_break_test_dcs() {
    assert_eq!(courage::break_dc(3, 0), 13);
    assert!((courage::p_pass(6, 13) - 0.70).abs() < 1e-12);
    assert_eq!(courage::break_dc(3, 1), 15);
    assert_eq!(courage::break_dc(3, 2), 17);
    // Only a natural 20 passes against a bigger terror causer; 2 AP turn 18 into 20.
    assert_eq!(courage::ap_to_pass(18, 6, 17, true), Some(2));
    assert_eq!(courage::ap_to_pass(20, 6, 17, true), Some(0));
}

#[test]
fn tv13_shooting_panic_dcs() {
    let dc = |cas: u32, size: u32, bigger: bool, stubborn: bool| {
        courage::panic_dc(
            PanicModifiers {
                shooting_casualties: Some(cas),
                company_size: size,
                bigger_enemy_near: bigger,
                ..Default::default()
            },
            stubborn,
        )
    };
    assert!(!courage::shooting_panic_triggered(7, 8));
    assert_eq!(dc(8, 8, false, false), 12);
    assert_eq!(dc(16, 8, false, false), 14);
    assert_eq!(dc(16, 8, true, false), 16);
    assert_eq!(dc(16, 8, false, true), 12);
    assert_eq!(dc(4, 4, false, false), 12);
    assert_eq!(dc(9, 4, false, false), 14);
}

#[test]
fn tv14_other_panic_dcs() {
    assert_eq!(courage::panic_dc(PanicModifiers::default(), false), 13);
    let fleeing = PanicModifiers {
        fleeing_companies_near: 5,
        ..Default::default()
    };
    assert_eq!(courage::panic_dc(fleeing, false), 21);
    assert_eq!(courage::panic_dc(fleeing, true), 13);
}

#[test]
fn tv15_musician_breaks_a_draw() {
    let a = SideScore {
        hits: 5,
        musician: true,
        ..Default::default()
    };
    let b = SideScore {
        hits: 5,
        ..Default::default()
    };
    let r = resolution::resolve(&a, &b);
    assert_eq!((r.winner, r.margin), (Some(Side::A), 1));
    assert_eq!(courage::break_dc(r.margin, 0), 11);
    let both = resolution::resolve(&a, &a);
    assert_eq!(both.winner, None, "musicians on both sides: a draw");
}

#[test]
fn tv17_to_tv20_unit_strength() {
    assert_eq!(16 * model_strength(Size::Medium, false), 16);
    assert_eq!(rider_strength(Size::Medium, Size::Large), 4);
    assert_eq!(
        10 * model_strength(Size::Large, false) + 4,
        24,
        "cavalry count the mount only"
    );
    assert_eq!(10 * model_strength(Size::Large, false), 20);
    assert_eq!(3 * model_strength(Size::Large, true), 9);
    assert_eq!(model_strength(Size::Huge, true), 5);
}

#[test]
fn tv21_difficult_terrain() {
    let swamp = Area {
        name: "swamp".into(),
        shape: Shape::Polygon(vec![
            Vec2::new(3.0, -10.0),
            Vec2::new(40.0, -10.0),
            Vec2::new(40.0, 10.0),
            Vec2::new(3.0, 10.0),
        ]),
        difficult: true,
        blocks_sight: false,
        cover: Cover::None,
        elevation: 0,
        obstacle: false,
    };
    let east = Vec2::new(1.0, 0.0);
    let areas = [swamp];
    assert!((reach_along(Vec2::ZERO, east, 6.0, &areas) - 4.5).abs() < 1e-6);
    assert!((reach_along(Vec2::new(10.0, 0.0), east, 6.0, &areas) - 3.0).abs() < 1e-6);
}

#[test]
fn tv23_tv24_pivot_and_wheel_costs() {
    for (speed, quarter, half) in [(6.0, 2.0, 3.0), (7.0, 2.0, 4.0), (4.0, 1.0, 2.0)] {
        assert_eq!(pivot_cost(speed, FRAC_PI_2), quarter, "S {speed} 90");
        assert_eq!(pivot_cost(speed, PI), half, "S {speed} 180");
    }
    assert_eq!(format!("{:.2}", wheel_cost(8.0, FRAC_PI_4)), "6.28");
    assert_eq!(format!("{:.2}", wheel_cost(4.0, FRAC_PI_2)), "6.28");
}

#[test]
fn tv25_double_move_block() {
    assert!(!double_move_allowed(5.9));
    assert!(!double_move_allowed(6.0));
    assert!(double_move_allowed(6.1));
}

#[test]
fn tv26_flee_distance() {
    assert_eq!(flee_distance(3, 4, 6.0, true), 7.0);
    assert_eq!(flee_distance(3, 4, 7.0, true), 9.0);
    assert_eq!(flee_distance(1, 2, 4.0, true), 0.0);
    assert_eq!(flee_distance(1, 2, 4.0, false), -1.0);
}

#[test]
fn tv27_war_machine_speed() {
    assert_eq!(machines::machine_speed(7.0, 1, 2), 3.5);
}

#[test]
fn tv28_charge_distance() {
    assert_eq!(charge_reach(4, 6.0), Some(7.0));
    assert_eq!(charge_reach(1, 6.0), None, "a 1 fails even at 1 inch");
    assert_eq!(charge_reach(2, 3.0), Some(2.0));
    assert_eq!(charge_reach(6, 10.0), Some(13.0), "1d6 + 7");
    assert_eq!(charge_sixths(6.0, 7.0), 3);
    // The digest's success table, row by row.
    let table: [(f64, [u32; 11]); 6] = [
        (3.0, [5, 4, 3, 2, 1, 0, 0, 0, 0, 0, 0]),
        (4.0, [5, 5, 4, 3, 2, 1, 0, 0, 0, 0, 0]),
        (5.0, [5, 5, 5, 4, 3, 2, 1, 0, 0, 0, 0]),
        (6.0, [5, 5, 5, 5, 4, 3, 2, 1, 0, 0, 0]),
        (7.0, [5, 5, 5, 5, 5, 4, 3, 2, 1, 0, 0]),
        (8.0, [5, 5, 5, 5, 5, 5, 4, 3, 2, 1, 0]),
    ];
    for (speed, row) in table {
        assert_eq!(charge_sixths(speed, 1.0), 5);
        for (i, expect) in row.iter().enumerate() {
            let d = (i + 2) as f64;
            assert_eq!(charge_sixths(speed, d), *expect, "S {speed} at {d}");
        }
    }
}

#[test]
fn tv29_long_charge_bonus() {
    // The dice themselves are checked in a charge (dnd_battle.rs).
    assert!(long_charge(4.0));
    assert!(!long_charge(2.0), "exactly 2 inches earns nothing");
}

#[test]
fn tv30_strike_back_after_a_charge() {
    assert_eq!(hits::attacks_left(8, 3, false), 5);
    assert_eq!(hits::attacks_left(8, 3, true), 0);
}

#[test]
fn tv31_to_tv33_combat_resolution() {
    let a = SideScore {
        hits: 6,
        best_unit_support: 3,
        standard: true,
        flank: true,
        unit_strength: 30,
        ..Default::default()
    };
    let b = SideScore {
        hits: 4,
        battle_standard: true,
        standard: true,
        unit_strength: 20,
        ..Default::default()
    };
    let r = resolution::resolve(&a, &b);
    assert_eq!(r.totals, [18, 8]);
    assert_eq!((r.winner, r.margin), (Some(Side::A), 10));
    assert_eq!(courage::break_dc(r.margin, 0), 20);
    assert!((courage::p_pass(4, 20) - 0.25).abs() < 1e-12);
    let opp = SideScore::default();
    let support = |n| {
        resolution::total(
            &SideScore {
                best_unit_support: n,
                ..opp
            },
            &opp,
        )
    };
    assert_eq!(support(8), 14);
    let arcs = |flank, rear| resolution::total(&SideScore { flank, rear, ..opp }, &opp);
    assert_eq!(
        (arcs(true, false), arcs(false, true), arcs(true, true)),
        (2, 4, 6)
    );
}

#[test]
fn tv34_overkill() {
    let opp = SideScore::default();
    let overkill = |n| resolution::total(&SideScore { overkill: n, ..opp }, &opp);
    assert_eq!(overkill(3), 3);
    assert_eq!(overkill(9), 5);
    assert_eq!(overkill(0), 0, "outside a challenge no overkill is counted");
}

#[test]
fn tv35_bolt_thrower_chain() {
    let needs: Vec<i32> = (0..6)
        .map(|k| need(10 - 2 * k, 13, NON_CHARACTER_FLOOR))
        .collect();
    assert_eq!(needs, [8, 8, 8, 9, 11, 13]);
    let mut rolls = [12, 8, 7].into_iter();
    let chain = hits::bolt_chain(|| rolls.next().unwrap(), 10, 13, true, 6);
    assert_eq!((chain.hits, chain.rolls), (2, 3));
    let chain = hits::bolt_chain(|| 20, 10, 13, true, 6);
    assert_eq!((chain.hits, chain.rolls), (6, 6), "no 7th roll");
    let chain = hits::bolt_chain(|| 20, 10, 13, false, 6);
    assert_eq!(chain.hits, 1, "no secondary attacks on skirmishers");
    // The exact distribution, from the chain's own need numbers.
    let dist = super::dnd_probabilities::bolt_distribution(10, 13, 6);
    let expect = [
        0.35, 0.2275, 0.147875, 0.10985, 0.0823875, 0.0494325, 0.032955,
    ];
    for (k, (p, e)) in dist.iter().zip(expect).enumerate() {
        assert!((p - e).abs() < 1e-9, "P({k} hits) = {p}, digest {e}");
    }
    let mean: f64 = dist.iter().enumerate().map(|(k, p)| k as f64 * p).sum();
    assert!((mean - 1.6272).abs() < 1e-4);
    let seven = super::dnd_probabilities::bolt_distribution(10, 13, 7);
    assert!((seven[6] - 0.0231).abs() < 5e-5 && (seven[7] - 0.0099).abs() < 5e-5);
}

#[test]
fn tv36_stone_thrower_scatter() {
    assert_eq!(machines::scatter(1, 6, 0.0), Scatter::Misfire);
    assert_eq!(machines::scatter(7, 5, 0.0), Scatter::OnTarget);
    assert_eq!(
        machines::scatter(7, 2, 90.0),
        Scatter::Off {
            inches: 7.0,
            bearing: 90.0
        }
    );
    assert_eq!(machines::misfire(1), Misfire::Destroyed);
    assert_eq!(machines::misfire(3), Misfire::Disabled);
    assert_eq!(machines::misfire(4), Misfire::NoShot);
    assert!(
        !machines::stone_aim_legal(11.0, 48.0),
        "an aim point 11 inches away is illegal"
    );
    assert!(machines::stone_aim_legal(12.0, 48.0));
    // Per-shot rates over every (d10, scatter face) pair.
    let mut counts = [0u32; 3];
    for d10 in 1..=10 {
        for face in 1..=6 {
            counts[match machines::scatter(d10, face, 0.0) {
                Scatter::Misfire => 0,
                Scatter::OnTarget => 1,
                Scatter::Off { .. } => 2,
            }] += 1;
        }
    }
    assert_eq!(counts, [6, 18, 36], "0.10 / 0.30 / 0.60 of 60");
}

#[test]
fn tv37_battle_budget() {
    let b = |l, s| army::budget(l, s, true).unwrap();
    assert_eq!(
        [
            BattleSize::Small,
            BattleSize::Medium,
            BattleSize::Large,
            BattleSize::Huge
        ]
        .map(|s| b(5, s)),
        [6000, 12000, 18000, 24000]
    );
    assert_eq!(b(15, BattleSize::Medium), 72000);
    assert_eq!(b(25, BattleSize::Medium), 420000);
    assert_eq!(b(20, BattleSize::Small), 84000);
    assert_eq!(
        army::budget(20, BattleSize::Small, false),
        Some(840000),
        "printed misprint"
    );
    assert_eq!(army::budget(24, BattleSize::Large, false), Some(5445000));
    assert_eq!(army::budget(30, BattleSize::Medium, false), Some(1740000));
    assert_eq!(b(30, BattleSize::Small), 570000);
    assert_eq!(army::budget(31, BattleSize::Small, true), None);
    for e in army::ERRATA {
        assert_eq!(army::budget(e.level, e.size, true), Some(e.corrected));
        assert_eq!(army::budget(e.level, e.size, false), Some(e.printed));
    }
}

#[test]
fn tv38_formation_limits() {
    assert_eq!(
        army::formation_limits(BattleSize::Medium, Rarity::Common),
        (3, None)
    );
    assert_eq!(
        army::formation_limits(BattleSize::Medium, Rarity::Special),
        (0, Some(4))
    );
    assert_eq!(
        army::formation_limits(BattleSize::Medium, Rarity::Rare),
        (0, Some(2))
    );
    assert_eq!(army::magic_item_count(BattleSize::Medium), 3);
    assert_eq!(
        army::formation_limits(BattleSize::Huge, Rarity::Common),
        (5, None)
    );
    assert_eq!(
        army::formation_limits(BattleSize::Huge, Rarity::Special),
        (0, Some(6))
    );
    assert_eq!(
        army::formation_limits(BattleSize::Huge, Rarity::Rare),
        (0, Some(4))
    );
    assert_eq!(army::magic_item_count(BattleSize::Huge), 5);
}

#[test]
fn tv39_magic_items() {
    assert_eq!(army::magic_item_cost(15), Some(1200));
    assert_eq!(army::battle_banner_cost(15, false), Some(2400));
    assert_eq!(army::battle_banner_cost(15, true), Some(1200));
}

#[test]
fn tv40_company_price() {
    assert_eq!(
        [1, 11, 21].map(|l| army::company_price(8, l).unwrap()),
        [200, 1200, 6400]
    );
    assert_eq!(army::tier_shift(army::tier(15)), 10);
    assert_eq!(army::tier_shift(army::tier(25)), 20);
}

#[test]
fn tv42_action_points_on_a_break_test() {
    assert_eq!(courage::ap_to_pass(7, 6, 15, false), Some(2));
    assert!(courage::passes(9, 6, 15));
}

#[test]
fn tv43_multiattack() {
    assert_eq!(hits::multiattack_dice(3, 1, 0), 4, "Twin Strike, A 3");
    assert_eq!(hits::multiattack_dice(3, 1, 1), 5, "with Rapid Shot");
}

#[test]
fn tv44_rider_or_mount() {
    let rider: Vec<bool> = (1..=6).map(hits::strikes_rider).collect();
    assert_eq!(rider, [false, false, false, false, true, true]);
}

#[test]
fn tv45_closest_point_distances() {
    let elves = Rect::new(Vec2::new(20.0, 10.0), 0.0, 8.0, 2.0);
    let spider = Rect::new(Vec2::new(21.0, 16.0), 180.0, 2.0, 2.0);
    assert!(
        (elves.distance(&spider) - 4.0).abs() < 1e-9,
        "within 4 inches"
    );
    let drow = Rect::new(Vec2::new(20.0, 14.0), 180.0, 8.0, 2.0);
    let gap = elves.distance(&drow);
    assert!((gap - 2.0).abs() < 1e-9);
    assert!(
        !long_charge(gap),
        "a charge from exactly 2.0 inches earns no bonus"
    );
}

#[test]
fn tv47_reach() {
    assert!(
        hits::within_reach(0.0, 1.0, false),
        "the front row in base contact"
    );
    assert!(
        !hits::within_reach(1.0, 1.0, false),
        "the second row is 1 inch back"
    );
    assert!(
        hits::within_reach(1.0, 1.0, true),
        "the inclusive reading lets it fight"
    );
    assert!(
        hits::within_reach(1.0, 2.0, false),
        "reach 2 adds the second row"
    );
}
