//! Digest part A, section A3: worked examples and rule checks as tests.

use super::support::setup_from;
use muster::dice::RollMode;
use muster::geometry::grid::{Metric, Square};
use muster::rulesets::armies::combat::Defence;
use muster::rulesets::armies::input::validate::officer_count;
use muster::rulesets::armies::options::OfficerRounding;
use muster::rulesets::armies::state::{State, View};

/// A 30x30 meeting engagement: side A's units as given, side B as given.
fn scenario(options: &str, terrain: &str, a_units: &str, b_units: &str) -> String {
    format!(
        r#"
[scenario]
name = "vector"
ruleset = "armies"
engagement = "meeting"
[options]
{options}
[battlefield]
width = 30
depth = 30
{terrain}
[[side]]
name = "A"
army_list = "armies_core"
doctrine = "advance"
units = [{a_units}]
[[side]]
name = "B"
army_list = "armies_core"
doctrine = "advance"
units = [{b_units}]
"#
    )
}

const FAR_B: &str = r#"{ troop = "std_heavy_infantry", role = "commander", at = [[28, 28]] }"#;

fn sq(x: i16, y: i16) -> Square {
    Square::new(x, y)
}

#[test]
fn a_tv04_distances_use_the_1_2_1_metric() {
    let table = [
        ((1, 1), 1),
        ((2, 2), 3),
        ((3, 3), 4),
        ((4, 4), 6),
        ((2, 1), 2),
        ((3, 1), 3),
        ((3, 2), 4),
        ((4, 2), 5),
        ((5, 2), 6),
        ((5, 3), 6),
        ((5, 4), 7),
        ((6, 6), 9),
        ((4, 7), 9),
    ];
    for ((dx, dy), d) in table {
        assert_eq!(Metric::Diag121.dist(sq(0, 0), sq(dx, dy)), d, "({dx},{dy})");
        assert_eq!(Metric::Diag121.dist(sq(dx, dy), sq(0, 0)), d);
    }
}

#[test]
fn a_tv01_a_tv03_officer_counts() {
    assert_eq!(officer_count(18, OfficerRounding::Floor), 4);
    assert_eq!(officer_count(18, OfficerRounding::Ceil), 5);
    assert_eq!(officer_count(9, OfficerRounding::Floor), 2);
    assert_eq!(officer_count(3, OfficerRounding::Floor), 0);
}

fn leash_fixture(troop: &str) -> muster::rulesets::armies::setup::ArmiesSetup {
    // C at (10,2), officer O at (10,10) (d = 8), troop T at (10,12), a filler at (9,10).
    let a = format!(
        r#"{{ troop = "std_heavy_infantry", role = "commander", at = [[10, 2]] }},
           {{ troop = "std_heavy_infantry", role = "officer", at = [[10, 10]] }},
           {{ troop = "{troop}", at = [[10, 12]] }},
           {{ troop = "std_heavy_infantry", at = [[9, 10]] }}"#
    );
    setup_from(&scenario("", "", &a, FAR_B))
}

#[test]
fn a_tv05_to_a_tv08_leash_distances() {
    let cases = [
        ("std_heavy_infantry", (3, 2), true),
        ("std_heavy_infantry", (4, 3), false),
        ("std_heavy_infantry", (3, 3), true),
        ("std_medium_infantry", (4, 4), true),
        ("std_medium_infantry", (5, 4), false),
        ("std_light_infantry", (7, 6), true),
        ("std_light_infantry", (8, 6), false),
    ];
    for (troop, (dx, dy), holds) in cases {
        let setup = leash_fixture(troop);
        let state = State::new(&setup);
        let v = View {
            setup: &setup,
            state: &state,
        };
        let t = 2; // the troop T
        assert_eq!(
            v.leash_holds(t, Some((t, sq(10 + dx, 10 + dy)))),
            holds,
            "{troop} at offset ({dx},{dy})"
        );
    }
    // A-TV08: the officer unit's leash to the commander at (10,2).
    let setup = leash_fixture("std_heavy_infantry");
    let state = State::new(&setup);
    let v = View {
        setup: &setup,
        state: &state,
    };
    let o = 1;
    assert!(
        v.leash_holds(o, Some((o, sq(16, 7)))),
        "officer at (6,5) from the commander"
    );
    assert!(!v.leash_holds(o, Some((o, sq(16, 8)))), "officer at (6,6)");
    assert!(!v.leash_holds(o, Some((o, sq(19, 2)))), "officer at (9,0)");
}

#[test]
fn a_tv09_cascade_when_the_officer_is_gone() {
    // C (5,12), O (5,5), T (9,5): with O gone, T keeps its leash only if it is Light Infantry.
    for (troop, stays) in [
        ("std_heavy_infantry", false),
        ("std_medium_infantry", false),
        ("std_light_infantry", true),
    ] {
        let a = format!(
            r#"{{ troop = "std_heavy_infantry", role = "commander", at = [[5, 12]] }},
               {{ troop = "std_heavy_infantry", role = "officer", at = [[5, 5]] }},
               {{ troop = "{troop}", at = [[9, 5]] }},
               {{ troop = "std_heavy_infantry", at = [[5, 4]] }}"#
        );
        let setup = setup_from(&scenario("", "", &a, FAR_B));
        let mut state = State::new(&setup);
        state.units[1].alive = false;
        let v = View {
            setup: &setup,
            state: &state,
        };
        assert_eq!(v.leash_holds(2, None), stays, "{troop}");
    }
}

fn moves_of(setup: &muster::rulesets::armies::setup::ArmiesSetup, u: usize) -> Vec<Square> {
    let state = State::new(setup);
    let v = View {
        setup,
        state: &state,
    };
    let mut out = Vec::new();
    v.legal_moves(u, 0, &mut out);
    out
}

#[test]
fn a_tv11_maximum_diagonal_moves() {
    for (troop, mv_steps) in [
        ("std_heavy_infantry", 1),
        ("std_medium_infantry", 2),
        ("std_light_infantry", 3),
        ("dwarven_goatriders", 4),
        ("gnome_skyknights", 5),
    ] {
        let a = format!(r#"{{ troop = "{troop}", role = "commander", at = [[5, 5]] }}"#);
        let setup = setup_from(&scenario("", "", &a, FAR_B));
        let moves = moves_of(&setup, 0);
        let k = mv_steps as i16;
        assert!(
            moves.contains(&sq(5 + k, 5 + k)),
            "{troop} reaches {k} diagonal steps"
        );
        assert!(
            !moves.contains(&sq(6 + k, 6 + k)),
            "{troop} does not reach {} diagonal steps",
            k + 1
        );
    }
}

#[test]
fn a_tv12_a_tv13_blocking_and_corner_squeeze() {
    let a = r#"{ troop = "std_medium_infantry", role = "commander", at = [[0, 0]] }, { troop = "std_heavy_infantry", at = [[1, 0]] }"#;
    let strict = setup_from(&scenario("", "", a, FAR_B));
    assert!(
        !moves_of(&strict, 0).contains(&sq(1, 1)),
        "BlockIfEither blocks the squeeze"
    );
    let lenient = setup_from(&scenario(
        "diagonal_squeeze = \"BlockIfBoth\"",
        "",
        a,
        FAR_B,
    ));
    assert!(
        moves_of(&lenient, 0).contains(&sq(1, 1)),
        "BlockIfBoth lets it pass"
    );
    let a = r#"{ troop = "std_medium_infantry", role = "commander", at = [[0, 0]] }, { troop = "std_heavy_infantry", at = [[2, 0]] }"#;
    let moves = moves_of(&setup_from(&scenario("", "", a, FAR_B)), 0);
    assert!(moves.contains(&sq(1, 0)));
    assert!(
        !moves.contains(&sq(2, 0)) && !moves.contains(&sq(3, 0)),
        "cannot end on or pass through a unit"
    );
}

#[test]
fn a_tv14_aerial_units_fly_over_and_stack() {
    let a = r#"{ troop = "gnome_skyknights", role = "commander", at = [[0, 0]] }, { troop = "std_heavy_infantry", at = [[2, 0]] }, { troop = "std_heavy_infantry", at = [[3, 1]] }"#;
    let b = r#"{ troop = "std_heavy_infantry", role = "commander", at = [[8, 0]] }"#;
    let setup = setup_from(&scenario("min_deploy_distance = 0", "", a, b));
    assert!(
        moves_of(&setup, 0).contains(&sq(8, 0)),
        "ends on top of the enemy at (8,0)"
    );
    let state = State::new(&setup);
    let v = View {
        setup: &setup,
        state: &state,
    };
    assert_eq!(v.dist(sq(8, 0), state.units[3].pos), 0);
}

#[test]
fn a_tv15_difficult_terrain_halves_the_move() {
    for (troop, reach) in [
        ("std_light_infantry", 2),
        ("std_medium_infantry", 1),
        ("std_heavy_infantry", 1),
        ("dwarven_goatriders", 3),
    ] {
        let a = format!(r#"{{ troop = "{troop}", role = "commander", at = [[10, 10]] }}"#);
        let terrain = r#"terrain = [{ kind = "difficult", from = [0, 0], to = [20, 20] }]"#;
        let moves = moves_of(&setup_from(&scenario("", terrain, &a, FAR_B)), 0);
        assert!(
            moves.contains(&sq(10 + reach, 10)),
            "{troop} reaches {reach}"
        );
        assert!(
            !moves.contains(&sq(11 + reach, 10)),
            "{troop} stops at {reach}"
        );
    }
}

#[test]
fn a_tv16_bladedancers_split_their_move() {
    let a = r#"{ troop = "elven_bladedancers", role = "commander", at = [[10, 10]] }"#;
    let moves = moves_of(&setup_from(&scenario("", "", a, FAR_B)), 0);
    assert!(moves.contains(&sq(12, 12)), "2 E then 2 N");
    assert!(moves.contains(&sq(11, 13)), "2 NE then 1 NW (cost 1+2+1)");
    assert!(moves.contains(&sq(10, 12)), "1 NE then 1 NW (cost 3)");
    assert!(moves.contains(&sq(10, 14)), "4 N is a plain one-leg move");
    let plain = r#"{ troop = "dwarven_goatriders", role = "commander", at = [[10, 10]] }"#;
    assert!(
        !moves_of(&setup_from(&scenario("", "", plain, FAR_B)), 0).contains(&sq(11, 13)),
        "a one-leg mover cannot"
    );
}

fn modes_fixture() -> muster::rulesets::armies::setup::ArmiesSetup {
    // A: 0 heavy archers (C), 1 light infantry, 2 boulder giants, 3 orc shocktroops.
    // B: 4 heavy infantry (C), 5 light archers, 6 boarriders, 7 bladedancers, 8 bladedancers on high ground.
    let a = r#"{ troop = "std_heavy_archers", role = "commander", at = [[2, 2]] },
               { troop = "std_light_infantry", role = "officer", at = [[3, 2]] },
               { troop = "boulder_giants", at = [[4, 2]] },
               { troop = "elite_orcish_shocktroops", at = [[5, 2]] }"#;
    let b = r#"{ troop = "std_heavy_infantry", role = "commander", at = [[20, 20]] },
               { troop = "std_light_archers", role = "officer", at = [[21, 20]] },
               { troop = "halfling_boarriders", at = [[22, 20]] },
               { troop = "elven_bladedancers", at = [[23, 20]] },
               { troop = "elven_bladedancers", at = [[23, 22]] }"#;
    let terrain = r#"terrain = [{ kind = "high_ground", at = [[23, 22]] }]"#;
    setup_from(&scenario("", terrain, a, b))
}

#[test]
fn a_tv19_to_a_tv23_roll_modes() {
    let setup = modes_fixture();
    let mut state = State::new(&setup);
    let dis = |f| Defence::Roll {
        faces: f,
        mode: RollMode::Disadvantage { extra: 1 },
    };
    let normal = |f| Defence::Roll {
        faces: f,
        mode: RollMode::Normal,
    };
    {
        let v = View {
            setup: &setup,
            state: &state,
        };
        assert_eq!(
            v.defence(0, 4),
            dis(8),
            "A-TV19: heavy infantry vs archers at disadvantage"
        );
        assert_eq!(
            v.defence(1, 5),
            Defence::AutoOne,
            "A-TV20: ranged defender rolls 1"
        );
        assert_eq!(
            v.defence(1, 6),
            normal(4),
            "A-TV20: boarriders defend normally"
        );
        assert_eq!(
            v.defence(2, 4),
            normal(8),
            "A-TV21: giants impose no disadvantage"
        );
        assert_eq!(
            v.defence(4, 2),
            normal(12),
            "A-TV21: giants defend with a normal d12"
        );
        assert_eq!(
            v.attack_mode(3),
            RollMode::Advantage { extra: 1 },
            "A-TV22: shocktroops at 7"
        );
        assert_eq!(
            v.defence(1, 7),
            Defence::Roll {
                faces: 8,
                mode: RollMode::Advantage { extra: 1 }
            },
            "A-TV23: bladedancers vs melee"
        );
        assert_eq!(v.defence(0, 7), dis(8), "A-TV23: bladedancers vs archers");
        assert_eq!(
            v.defence(0, 8),
            normal(8),
            "A-TV23: high ground cancels the disadvantage"
        );
    }
    state.units[3].morale = 5;
    assert_eq!(
        View {
            setup: &setup,
            state: &state
        }
        .attack_mode(3),
        RollMode::Advantage { extra: 1 },
        "A-TV22 at 5"
    );
    state.units[3].morale = 4;
    assert_eq!(
        View {
            setup: &setup,
            state: &state
        }
        .attack_mode(3),
        RollMode::Normal,
        "A-TV22 below 5"
    );
}

#[test]
fn a_tv25_aerial_targets_need_ranged_or_aerial_attackers() {
    let a = r#"{ troop = "std_heavy_infantry", role = "commander", at = [[2, 2]] }, { troop = "std_light_archers", at = [[3, 2]] }"#;
    let b = r#"{ troop = "gnome_skyknights", role = "commander", at = [[20, 20]] }"#;
    let setup = setup_from(&scenario("", "", a, b));
    let v_state = State::new(&setup);
    let v = View {
        setup: &setup,
        state: &v_state,
    };
    assert!(
        !v.can_attack_from(0, sq(19, 20), 2),
        "heavy infantry adjacent may not"
    );
    assert!(
        v.can_attack_from(1, sq(18, 20), 2),
        "light archers within 2 may"
    );
    assert!(!v.can_attack_from(1, sq(17, 20), 2), "but not at 3");
}

#[test]
fn a_tv27_no_melee_across_a_fortified_edge() {
    let a = r#"{ troop = "std_medium_infantry", role = "commander", at = [[2, 2]] }, { troop = "std_light_archers", at = [[3, 2]] }"#;
    let b = r#"{ troop = "std_heavy_infantry", role = "commander", at = [[20, 20]] }"#;
    let forts = r#"fortifications = [{ kind = "wall", at = [[20, 20]] }]"#;
    let setup = setup_from(&scenario("", forts, a, b));
    let state = State::new(&setup);
    let v = View {
        setup: &setup,
        state: &state,
    };
    assert!(
        !v.can_attack_from(0, sq(20, 19), 2),
        "melee from outside is not allowed"
    );
    assert!(v.can_attack_from(1, sq(20, 18), 2), "archers may shoot in");
    assert_eq!(
        v.defence(1, 2),
        Defence::Roll {
            faces: 8,
            mode: RollMode::Disadvantage { extra: 1 }
        }
    );
    assert_eq!(v.fort_bonus(sq(20, 20)), 2);
    assert!(!v.can_batter(1), "A-TV28: archers cannot damage a wall");
}
