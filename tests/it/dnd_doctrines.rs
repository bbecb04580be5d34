//! D&D War doctrines, scenario files and army building: each doctrine rule
//! picks the expected action in a small situation written as a scenario;
//! characters and war machines do what the rules say; an illegal army or
//! deployment is rejected with the field and the reason.

use super::dnd_helpers::*;
use muster::rules::{Side, TraceEvent};
use muster::rulesets::dnd_war::state::Status;
use muster::scenario::load_scenario_text;

#[test]
fn take_initiative_false_hands_the_initiative_to_the_loser() {
    for (rule, keeps) in [("true", true), ("false", false)] {
        let text = scenario(
            &unit("human_spearmen", "a", (20.0, 10.0), ""),
            &unit("orc_warriors", "b", (20.0, 40.0), ""),
            &format!("take_initiative = {rule}"),
            &format!("take_initiative = {rule}"),
        );
        let d = dnd(&text);
        let (_, st, trace) = run(&d, 7, |c| c.roll_initiative());
        let TraceEvent::Roll { dice, .. } = &trace.events[0] else {
            panic!("the roll-off is traced first")
        };
        let winner = if dice[0] > dice[1] { Side::A } else { Side::B };
        assert_eq!(st.initiative == winner, keeps, "take_initiative = {rule}");
    }
}

#[test]
fn movement_hold_waits_and_advance_moves() {
    for (rule, moves) in [
        ("movement = \"advance\"", true),
        ("movement = \"hold\", hold_radius = 12", false),
    ] {
        let text = scenario(
            &unit("human_spearmen", "a", (20.0, 10.0), ""),
            &unit("orc_warriors", "b", (20.0, 40.0), ""),
            rule,
            "",
        );
        let d = dnd(&text);
        let (_, st, _) = run(&d, 1, |c| c.move_unit(0));
        let moved = st.units[0].rect().centre.y > 10.5;
        assert_eq!(moved, moves, "{rule}");
    }
}

#[test]
fn gunline_archers_stand_while_a_target_is_in_range() {
    for (gap, stands) in [(15.0, true), (35.0, false)] {
        let text = scenario(
            &unit("human_archers", "a", (20.0, 10.0), ""),
            &unit("orc_warriors", "b", (20.0, 12.0 + gap), ""),
            "movement = \"gunline\"",
            "",
        );
        let d = dnd(&text);
        let (_, st, t) = run(&d, 1, |c| c.move_unit(0));
        assert_eq!(
            st.units[0].rect().centre.y <= 10.0 + 1e-9,
            stands,
            "gap {gap}: {:?}",
            decisions(&t, "move")
        );
    }
}

#[test]
fn charge_min_sixths_sets_the_odds_needed() {
    // 6" away at speed 6 (reach d6 + 3): a d6 of 3 or more reaches (4 sixths).
    for (min, charges) in [(4, true), (5, false)] {
        let text = scenario(
            &unit("human_spearmen", "a", (20.0, 10.0), ""),
            &unit("orc_warriors", "b", (20.0, 10.0 + 1.0 + 6.0 + 1.0), ""),
            &format!("charge_min_sixths = {min}"),
            "",
        );
        let d = dnd(&text);
        let (best, _, _) = run(&d, 1, |c| c.best_charge(0));
        assert_eq!(best.is_some(), charges, "charge_min_sixths = {min}");
    }
}

#[test]
fn prefer_flank_rear_picks_the_exposed_flank_over_a_closer_front() {
    let blue = unit("orc_warriors", "front", (20.0, 16.0), "")
        + &unit("orc_warriors", "flank", (33.0, 17.0), "facing = 90");
    for (rule, pick) in [("true", 2usize), ("false", 1)] {
        let text = scenario(
            &unit(
                "human_knights",
                "a",
                (24.0, 10.0),
                "companies = 2\nfrontage = 2",
            ),
            &blue,
            &format!("prefer_flank_rear = {rule}, charge_min_sixths = 1"),
            "",
        );
        let d = dnd(&text);
        let (best, _, _) = run(&d, 1, |c| c.best_charge(0));
        assert_eq!(best, Some(pick), "prefer_flank_rear = {rule}");
    }
}

#[test]
fn fear_min_courage_keeps_low_courage_units_off_fear_causers() {
    for (min, charges) in [(5, false), (-20, true)] {
        let text = scenario(
            &unit("human_spearmen", "a", (20.0, 10.0), ""),
            &unit("troll", "troll", (20.0, 15.0), ""),
            &format!("fear_min_courage = {min}, charge_min_sixths = 1"),
            "",
        );
        let d = dnd(&text);
        let (best, _, _) = run(&d, 1, |c| c.best_charge(0));
        assert_eq!(best.is_some(), charges, "fear_min_courage = {min}");
    }
}

#[test]
fn shoot_priority_picks_closest_most_damaged_or_dearest() {
    let blue = unit(
        "orc_warriors",
        "near",
        (20.0, 24.0),
        "companies = 4\nfrontage = 4",
    ) + &unit(
        "orc_warriors",
        "damaged",
        (40.0, 27.0),
        "companies = 4\nfrontage = 4",
    ) + &unit(
        "orc_warriors",
        "dear",
        (60.0, 27.0),
        "companies = 4\nfrontage = 4\ncaptain = true\nstandard = true",
    );
    for (rule, pick) in [
        ("closest", 1usize),
        ("most_damaged", 2),
        ("highest_points", 3),
    ] {
        let text = scenario(
            &unit(
                "human_archers",
                "a",
                (40.0, 10.0),
                "companies = 4\nfrontage = 4",
            ),
            &blue,
            &format!("shoot_priority = \"{rule}\""),
            "",
        );
        let d = dnd(&text);
        let (t, _, _) = run(&d, 1, |c| {
            c.st.units[2].body.remove(10);
            c.shooting_target(0)
        });
        assert_eq!(t, Some(pick), "shoot_priority = {rule}");
    }
}

#[test]
fn shoot_before_charging_false_holds_fire_for_a_charge() {
    for (rule, shoots) in [("true", true), ("false", false)] {
        let text = scenario(
            &unit("human_archers", "a", (20.0, 10.0), ""),
            &unit("orc_warriors", "b", (20.0, 15.0), ""),
            &format!("shoot_before_charging = {rule}, charge_min_sixths = 1"),
            "",
        );
        let d = dnd(&text);
        let (_, st, _) = run(&d, 1, |c| c.shooting_phase(Side::A));
        assert_eq!(
            st.units[0].flags.shot, shoots,
            "shoot_before_charging = {rule}"
        );
    }
}

/// Spearmen with a fighter against orcs with a chieftain, engaged.
#[test]
fn challenges_are_issued_accepted_or_declined_by_doctrine() {
    for (accept, taken) in [("always", true), ("never", false)] {
        let d = duel(
            "issue_challenges = true",
            &format!("issue_challenges = false, accept_challenges = \"{accept}\""),
        );
        let (pair, st, _) = run(&d, 1, |c| {
            c.st.initiative = Side::A;
            engage(c, 0, 2);
            let f = c.fight_of(0);
            c.challenges(&f)
        });
        assert_eq!(pair.is_some(), taken, "accept_challenges = {accept}");
        // Declined: the chieftain is sent to the back for the turn.
        assert_eq!(st.units[3].shamed_on_turn == 1, !taken);
    }
    let d = duel("issue_challenges = false", "issue_challenges = false");
    let (pair, _, _) = run(&d, 1, |c| {
        engage(c, 0, 2);
        let f = c.fight_of(0);
        c.challenges(&f)
    });
    assert_eq!(pair, None, "nobody challenges");
}

#[test]
fn character_dice_pct_aims_dice_at_the_enemy_character() {
    for (pct, aimed) in [(50, true), (0, false)] {
        let d = duel(&format!("character_dice_pct = {pct}"), "");
        let (_, _, t) = run(&d, 1, |c| {
            engage(c, 0, 2);
            c.strike(0, 2, false)
        });
        assert_eq!(
            !decisions(&t, "close-combat dice").is_empty(),
            aimed,
            "pct {pct}"
        );
    }
}

#[test]
fn action_points_rescue_a_failed_test_only_when_the_doctrine_spends_them() {
    for (rule, rescued) in [("tests", true), ("never", false)] {
        let d = duel(&format!("action_points = \"{rule}\""), "");
        // TV-42: a character with 2 AP in a unit at +6 faces DC 15 and
        // rolls 7; 2 AP make the die 9, a pass.
        let (pass, st, _) = run(&d, 1, |c| c.ap_rescue(0, 7, 6, 15, false));
        assert_eq!(pass, rescued, "action_points = {rule}");
        assert_eq!(st.units[1].ap_left, if rescued { 0 } else { 2 });
    }
}

#[test]
fn action_points_turn_a_charge_one_into_two_for_tests_and_charges() {
    for (rule, face) in [("tests_and_charges", 2), ("tests", 1)] {
        let d = duel(&format!("action_points = \"{rule}\""), "");
        let (got, _, _) = run(&d, 1, |c| c.ap_charge_roll(0, 1));
        assert_eq!(got, face, "action_points = {rule}");
    }
}

#[test]
fn a_joined_character_lends_courage_and_the_general_reaches_12_inches() {
    let red = unit("human_spearmen", "guard", (20.0, 10.0), "")
        + "[[side.units]]\nprofile = \"human_fighter\"\nlabel = \"fighter\"\njoins = \"guard\"\ngeneral = true\n"
        + &unit("goblin_warriors", "near", (32.0, 10.0), "")
        + &unit("goblin_warriors", "far", (60.0, 10.0), "");
    let d = dnd(&scenario(
        &red,
        &unit("orc_warriors", "b", (20.0, 40.0), ""),
        "",
        "",
    ));
    let (bonus, _, _) = run(&d, 1, |c| [0, 2, 3].map(|u| c.courage_bonus(u)));
    // Human +3, fighter +3 + heroic tier 1 = 4; goblins +1 (L452).
    assert_eq!(bonus, [4, 4, 1]);
}

#[test]
fn a_unit_with_a_character_is_immune_to_hope_is_lost() {
    let d = duel("", "");
    let (_, st, _) = run(&d, 1, |c| {
        // 32 spearmen lose 17: below half, Hope is Lost! would take the rest.
        c.inflict(0, 17, Default::default(), 0)
    });
    assert_eq!(st.units[0].body.alive, 15);
    assert_eq!(st.units[0].status(), Status::Ready);
}

#[test]
fn a_character_left_alone_stands_where_his_unit_was() {
    let d = duel("", "");
    let (_, st, _) = run(&d, 1, |c| {
        c.inflict(0, 32, Default::default(), 0);
    });
    assert_eq!(st.units[0].status(), Status::Destroyed);
    assert_eq!(
        st.units[1].status(),
        Status::Ready,
        "the fighter now stands alone"
    );
    assert!(
        st.units[1]
            .rect()
            .centre
            .distance(st.units[0].rect().centre)
            < 1e-9
    );
}

#[test]
fn a_character_dies_when_damage_reaches_his_hit_points() {
    let d = duel("", "");
    // Damage 4 a hit against the chieftain's 32 hp: 7 hits leave him alive, 8 kill him.
    let (_, st, _) = run(&d, 1, |c| {
        let dmg = muster::rulesets::dnd_war::setup::Damage {
            dice: 0,
            sides: 0,
            bonus: 4,
        };
        c.inflict(3, 7, dmg, 3);
        assert_eq!(c.st.units[3].status(), Status::Joined);
        c.inflict(3, 1, dmg, 3)
    });
    assert_eq!(st.units[3].status(), Status::Destroyed);
    assert_eq!(st.units[2].hero, None);
    assert_eq!(
        st.points_destroyed[0], 400,
        "4 x XP(1) for the character (G-46)"
    );
}

#[test]
fn a_stone_burst_of_radius_1_5_covers_eight_models_of_a_tray_line() {
    let d = dnd(&scenario(
        &unit("dwarf_stone_thrower", "stone", (20.0, 4.0), "models = 3"),
        &unit(
            "orc_warriors",
            "b",
            (20.0, 40.0),
            "companies = 4\nfrontage = 4",
        ),
        "",
        "",
    ));
    let (n, _, _) = run(&d, 1, |c| {
        let centre = c.st.units[1].rect().centre;
        c.models_under(1, centre, 1.5)
    });
    // 1" pitch, 16 x 2 models: the bases within 1.5" of the point between
    // the two rows are the 4 nearest of each row (4e's burst 1 is 3 x 3 squares).
    assert_eq!(n, 8);
}

#[test]
fn machines_reload_in_movement_and_fire_once_per_turn() {
    let d = dnd(&scenario(
        &unit("elf_bolt_thrower", "bolt", (20.0, 4.0), "models = 2"),
        &unit("orc_warriors", "b", (20.0, 30.0), ""),
        "",
        "",
    ));
    let (_, st, _) = run(&d, 1, |c| {
        assert!(c.may_shoot(0), "machines start loaded (G-42)");
        c.shooting_phase(Side::A);
        assert!(!c.st.units[0].loaded);
        assert!(!c.may_shoot(0));
        c.st.end_turn();
        c.st.turn = 2;
        c.movement_phase(Side::A);
    });
    assert!(st.units[0].loaded, "reloaded in its movement phase");
}

fn problems(text: &str) -> String {
    match load_scenario_text("army.toml", text, Some(&dir())) {
        Ok(_) => panic!("accepted"),
        Err(p) => p.to_string(),
    }
}

fn built(a: &str, b: &str) -> String {
    scenario(a, b, "", "")
        .replace("army_building = false", "level = 1\nsize = \"small\"")
        .replace("deployment_depth = 0", "deployment_depth = 12")
}

#[test]
fn check_rejects_an_army_over_budget_with_the_amount() {
    let big = (0..4)
        .map(|k| {
            unit(
                "human_spearmen",
                &format!("s{k}"),
                (8.0 + 16.0 * k as f64, 6.0),
                "companies = 4\nfrontage = 4",
            )
        })
        .collect::<String>();
    let ok = unit("orc_warriors", "o1", (20.0, 42.0), "")
        + &unit("orc_warriors", "o2", (50.0, 42.0), "");
    let p = problems(&built(&big, &ok));
    assert!(
        p.contains("the army costs 3200 points, 200 over the level-1 small budget of 3000"),
        "{p}"
    );
    assert!(p.contains("side[0]"), "{p}");
}

#[test]
fn check_rejects_too_few_common_and_too_many_rare_formations() {
    let trolls = (0..3)
        .map(|k| {
            unit(
                "troll",
                &format!("t{k}"),
                (10.0 + 10.0 * k as f64, 42.0),
                "",
            )
        })
        .collect::<String>();
    let red = unit("human_spearmen", "a", (20.0, 6.0), "")
        + &unit("human_spearmen", "b", (40.0, 6.0), "");
    let p = problems(&built(&red, &trolls));
    assert!(
        p.contains("0 common formations; a small battle needs at least 2"),
        "{p}"
    );
    assert!(
        p.contains("3 rare formations; a small battle allows at most 1"),
        "{p}"
    );
}

#[test]
fn check_rejects_unequal_characters_and_misplaced_units() {
    let red = unit("human_spearmen", "a", (20.0, 6.0), "")
        + "[[side.units]]\nprofile = \"human_fighter\"\nlabel = \"f\"\njoins = \"a\"\n"
        + &unit("human_spearmen", "b", (20.0, 20.0), "")
        + &unit("human_archers", "c", (21.0, 6.0), "battle_standard = true");
    let blue = unit("orc_warriors", "o1", (20.0, 42.0), "")
        + &unit("orc_warriors", "o2", (50.0, 42.0), "");
    let p = problems(&built(&red, &blue));
    assert!(p.contains("same characters at the same levels"), "{p}");
    assert!(p.contains("outside its deployment zone"), "{p}");
    assert!(p.contains("overlaps `a`"), "{p}");
    assert!(
        p.contains("battle standard must be carried by a character"),
        "{p}"
    );
}

#[test]
fn check_names_the_file_line_and_field_of_a_bad_profile() {
    let dir = std::env::temp_dir().join(format!("muster-dnd-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let list = dir.join("list.toml");
    std::fs::write(
        &list,
        "[army_list]\nname = \"x\"\nruleset = \"dnd_war\"\n\n[[profile]]\nid = \"a\"\nname = \"A\"\nrace = \"elff\"\ntype = \"infantry\"\nsize = \"medium\"\nlevel = 1\nspeed = 6\ninitiative = 1\nac = 15\nfortitude = 13\nreflex = 13\nwill = 13\nmelee = { bonus = 6, vs = \"armour\" }\n",
    )
    .unwrap();
    let err = muster::scenario::check_file(&list).unwrap_err().to_string();
    std::fs::remove_dir_all(&dir).ok();
    assert!(err.contains("list.toml:8"), "{err}");
    assert!(
        err.contains("unknown race `elff`") && err.contains("elf"),
        "{err}"
    );
    assert!(err.contains("profile[0].melee.vs"), "{err}");
}

#[test]
fn combat_order_picks_the_biggest_or_the_most_favourable_fight_first() {
    let red = unit(
        "human_spearmen",
        "small",
        (10.0, 10.0),
        "companies = 2\nfrontage = 2",
    ) + &unit(
        "human_spearmen",
        "big",
        (50.0, 10.0),
        "companies = 4\nfrontage = 4",
    );
    let blue = unit("goblin_warriors", "g1", (10.0, 13.0), "facing = 180")
        + &unit(
            "orc_warriors",
            "o1",
            (50.0, 14.0),
            "companies = 6\nfrontage = 4\nfacing = 180",
        );
    for (rule, first) in [("biggest", "Red big"), ("favourable", "Red small")] {
        let d = dnd(&scenario(
            &red,
            &blue,
            &format!("combat_order = \"{rule}\""),
            "",
        ));
        let (_, _, t) = run(&d, 3, |c| {
            c.st.initiative = Side::A;
            engage(c, 0, 2);
            engage(c, 1, 3);
            c.close_combat_phase();
        });
        let resolved: Vec<&str> = t
            .events
            .iter()
            .filter_map(|e| match e {
                TraceEvent::Change { unit, change, .. }
                    if change.starts_with("combat resolution") =>
                {
                    Some(unit.as_str())
                }
                _ => None,
            })
            .collect();
        assert_eq!(
            resolved.first().copied(),
            Some(first),
            "combat_order = {rule}: {resolved:?}"
        );
    }
}

#[test]
fn pursue_false_never_follows_a_broken_enemy() {
    let red = unit(
        "human_knights",
        "knights",
        (20.0, 10.0),
        "companies = 4\nfrontage = 4",
    );
    let blue = unit("goblin_warriors", "gobs", (20.0, 13.0), "facing = 180");
    for (rule, may) in [("true", true), ("false", false)] {
        let d = dnd(&scenario(&red, &blue, &format!("pursue = {rule}"), ""));
        let pursued = (0..40).any(|seed| {
            let (_, _, t) = run(&d, seed, |c| {
                engage(c, 0, 1);
                c.close_combat_phase();
            });
            !decisions(&t, "pursue").is_empty()
        });
        assert_eq!(pursued, may, "pursue = {rule}");
    }
}

#[test]
fn tv46_a_move_action_is_speed_inches_and_range_is_inches() {
    // Speed 6, one move action: the unit walks exactly 6" toward an enemy 14" away.
    let d = dnd(&scenario(
        &unit("human_archers", "a", (20.0, 10.0), ""),
        &unit("orc_warriors", "b", (20.0, 10.0 + 1.0 + 14.0 + 1.0), ""),
        "",
        "",
    ));
    let (_, st, _) = run(&d, 1, |c| c.move_unit(0));
    assert!(
        (st.units[0].rect().centre.y - 16.0).abs() < 1e-6,
        "{}",
        st.units[0].rect().centre.y
    );
    // Range 20: a target 20" away can be shot, one 20.5" away cannot.
    for (gap, ok) in [(20.0, true), (20.5, false)] {
        let d = dnd(&scenario(
            &unit("human_archers", "a", (20.0, 10.0), ""),
            &unit("orc_warriors", "b", (20.0, 10.0 + 1.0 + gap + 1.0), ""),
            "",
            "",
        ));
        let (can, _, _) = run(&d, 1, |c| c.can_target(0, 1));
        assert_eq!(can, ok, "gap {gap}");
    }
}

#[test]
fn a_unit_whose_enemies_are_gone_re_engages_the_fight() {
    let red = unit(
        "human_knights",
        "knights",
        (20.0, 10.0),
        "companies = 2\nfrontage = 2",
    ) + &unit("human_spearmen", "spears", (44.0, 10.0), "");
    let blue = unit("goblin_warriors", "gobs", (20.0, 13.0), "facing = 180")
        + &unit("orc_warriors", "orcs", (44.0, 13.0), "facing = 180");
    let d = dnd(&scenario(&red, &blue, "", ""));
    let (_, st, t) = run(&d, 1, |c| {
        engage(c, 0, 2);
        engage(c, 1, 2);
        engage(c, 1, 3);
        let f = c.fight_of(0);
        c.inflict(2, 8, Default::default(), 2);
        assert!(!c.st.engaged(0), "the goblins are gone");
        c.re_engage(f);
    });
    assert!(st.contact(0, 3).is_some(), "the knights re-engage the orcs");
    assert!(t.events.iter().any(
        |e| matches!(e, TraceEvent::Change { change, .. } if change.starts_with("re-engages"))
    ));
}
