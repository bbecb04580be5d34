//! D&D War characters, captains, support and deployment choices during a
//! battle: joining a unit mid-battle (TV-22) and charging out of it, a
//! joined character's shots, action points for an extra move or the first
//! charge, supporting companies out of contact (G-24), the captain's
//! multiattack and action point, and the doctrine's ranks and general
//! placement. Each doctrine rule is shown both ways in a small situation.

use super::dnd_helpers::*;
use muster::rules::{Side, TraceEvent};
use muster::rulesets::dnd_war::state::Status;

/// `scenario` with an `[options]` table.
fn with_options(text: &str, options: &str) -> String {
    text.replacen("[[side]]", &format!("[options]\n{options}\n\n[[side]]"), 1)
}

fn character(profile: &str, label: &str, at: (f64, f64)) -> String {
    unit(profile, label, at, "")
}

fn joined(profile: &str, label: &str, host: &str) -> String {
    format!("[[side.units]]\nprofile = \"{profile}\"\nlabel = \"{label}\"\njoins = \"{host}\"\n")
}

#[test]
fn tv22_a_character_joins_with_4_inches_and_leaves_the_unit_2() {
    // Spearmen (S 6) stand at y 9..11; the fighter's 1" base at y 4..5, 4" away.
    for (rule, joins) in [("join_units = true", true), ("join_units = false", false)] {
        let red = unit("human_spearmen", "guard", (20.0, 10.0), "")
            + &character("human_fighter", "fighter", (20.0, 4.5));
        let d = dnd(&scenario(
            &red,
            &unit("orc_warriors", "mob", (20.0, 40.0), ""),
            rule,
            "",
        ));
        let (_, st, trace) = run(&d, 3, |c| c.movement_phase(Side::A));
        let moved = st.units[0].rect().centre.y - 10.0;
        if joins {
            assert_eq!(st.units[1].status(), Status::Joined, "{rule}");
            assert_eq!(st.units[0].hero, Some(1));
            assert!(
                moved > 1.0 && moved <= 2.0 + 1e-9,
                "the unit has 6 - 4 = 2 inches left, moved {moved}"
            );
            assert!(decisions(&trace, "join")[0].contains("walks 4.0 inches"));
        } else {
            assert_eq!(st.units[1].status(), Status::Ready, "{rule}");
            assert!(
                moved > 6.0,
                "no one joined: the unit double moves, moved {moved}"
            );
        }
    }
}

#[test]
fn leave_to_charge_sends_the_character_out_of_a_unit_that_stays() {
    for (rule, leaves) in [
        ("leave_to_charge = true", true),
        ("leave_to_charge = false", false),
    ] {
        let red = unit("human_spearmen", "guard", (20.0, 10.0), "")
            + &joined("human_fighter", "fighter", "guard");
        let blue = unit("orc_warriors", "mob", (20.0, 15.0), "facing = 180");
        let d = dnd(&scenario(&red, &blue, rule, ""));
        let (_, st, trace) = run(&d, 5, |c| {
            // The unit spent its standard action shooting, so it cannot charge.
            c.st.units[0].flags.shot = true;
            c.charge_phase(Side::A);
        });
        assert!(!st.units[0].flags.charged);
        if leaves {
            assert_ne!(st.units[1].status(), Status::Joined, "{rule}");
            assert_eq!(st.units[0].hero, None);
            assert!(decisions(&trace, "charge")[0].starts_with("leaves Red guard"));
        } else {
            assert_eq!(st.units[1].status(), Status::Joined, "{rule}");
            assert!(decisions(&trace, "charge").is_empty());
        }
    }
}

#[test]
fn a_joined_character_shoots_the_units_target_or_the_closest() {
    // Archers (highest_points) pick the dearer, farther unit; the ranger
    // must shoot it too. Spearmen do not shoot: the ranger picks the closest.
    let blue = unit("goblin_warriors", "near", (20.0, 24.0), "facing = 180")
        + &unit(
            "orc_warriors",
            "far",
            (24.0, 28.0),
            "facing = 180\ncompanies = 2\nfrontage = 2",
        );
    for (host, expect) in [
        ("human_archers", "Blue far"),
        ("human_spearmen", "Blue near"),
    ] {
        let red = unit(host, "line", (20.0, 10.0), "") + &joined("elf_ranger", "ranger", "line");
        let d = dnd(&scenario(
            &red,
            &blue,
            "shoot_priority = \"highest_points\"",
            "",
        ));
        let (_, st, trace) = run(&d, 2, |c| c.shooting_phase(Side::A));
        let targets = decisions(&trace, "shooting target");
        assert_eq!(
            targets.last().map(String::as_str),
            Some(expect),
            "{host}: {targets:?}"
        );
        assert!(st.units[1].flags.shot, "the ranger shot");
        assert_eq!(st.units[0].flags.shot, host == "human_archers", "{host}");
        assert_eq!(st.units[1].status(), Status::Joined);
    }
}

#[test]
fn a_character_who_shot_does_not_strike_in_close_combat() {
    let red =
        unit("human_spearmen", "line", (20.0, 10.0), "") + &joined("elf_ranger", "ranger", "line");
    let blue = unit(
        "goblin_warriors",
        "mob",
        (20.0, 16.0),
        "facing = 180\ncompanies = 4\nfrontage = 1",
    );
    let d = dnd(&scenario(&red, &blue, "", ""));
    let rolls = |shot: bool| {
        let (_, _, trace) = run(&d, 9, |c| {
            engage(c, 0, 2);
            c.st.units[1].flags.shot = shot;
            c.strike(0, 2, false);
        });
        trace
            .events
            .iter()
            .filter(|e| matches!(e, TraceEvent::Roll { who, .. } if who.contains("ranger")))
            .count()
    };
    assert!(rolls(false) > 0, "the ranger strikes beside his unit");
    assert_eq!(rolls(true), 0, "after shooting he does not");
}

#[test]
fn ap_extra_move_double_moves_and_keeps_the_standard_action() {
    // 12" apart: a walk (6") leaves the enemy out of charge reach; an extra
    // move action bought with an AP closes in and the unit may still charge.
    for (doctrine, options, extra) in [
        ("ap_extra_move = true", "", true),
        ("ap_extra_move = false", "", false),
        (
            "ap_extra_move = true",
            "ap_uses_per_unit_per_round = 0",
            false,
        ),
    ] {
        let red = unit("human_spearmen", "guard", (20.0, 10.0), "")
            + &joined("human_fighter", "fighter", "guard");
        let blue = unit("orc_warriors", "mob", (20.0, 24.0), "facing = 180");
        let d = dnd(&with_options(&scenario(&red, &blue, doctrine, ""), options));
        let (_, st, _) = run(&d, 1, |c| c.movement_phase(Side::A));
        let moved = st.units[0].rect().centre.y - 10.0;
        let case = format!("{doctrine} {options}");
        if extra {
            assert!(moved > 6.0 + 1e-9, "{case}: moved {moved}");
            assert_eq!(st.units[1].ap_left, 1, "{case}");
            assert!(st.units[1].flags.round_ap);
            assert!(
                !st.units[0].flags.double_moved,
                "{case}: standard action kept"
            );
        } else {
            assert!(moved <= 6.0 + 1e-9, "{case}: moved {moved}");
            assert_eq!(st.units[1].ap_left, 2, "{case}");
        }
    }
}

#[test]
fn ap_act_first_lets_the_side_without_initiative_charge_first() {
    let red = unit("human_spearmen", "guard", (20.0, 10.0), "")
        + &joined("human_fighter", "fighter", "guard");
    let blue = unit("orc_warriors", "mob", (20.0, 15.0), "facing = 180")
        + &joined("orc_chieftain", "chief", "mob");
    for (red_rule, blue_rule, contested) in [
        ("ap_act_first = false", "ap_act_first = true", false),
        ("ap_act_first = true", "ap_act_first = true", true),
        ("ap_act_first = false", "ap_act_first = false", false),
    ] {
        let d = dnd(&scenario(&red, &blue, red_rule, blue_rule));
        // Red has the initiative: Blue charges late unless it acts first.
        let (_, st, trace) = run(&d, 4, |c| {
            c.st.initiative = Side::A;
            c.act_first_charges([Side::A, Side::B]);
        });
        let case = format!("{red_rule} / {blue_rule}");
        let rolled_off = trace.events.iter().any(
            |e| matches!(e, TraceEvent::Roll { purpose, .. } if purpose.starts_with("act-first")),
        );
        assert_eq!(rolled_off, contested, "{case}");
        let blue_spent = st.units[3].ap_left == 1;
        let red_spent = st.units[1].ap_left == 1;
        assert_eq!(blue_spent, blue_rule.ends_with("true"), "{case}");
        assert_eq!(red_spent, contested, "{case}: every AP offered is spent");
        let charges = decisions(&trace, "charge");
        if blue_rule.ends_with("true") {
            assert!(!charges.is_empty(), "{case}");
        } else {
            assert!(charges.is_empty(), "{case}");
        }
    }
}

#[test]
fn front_companies_out_of_contact_support_and_partial_ones_as_the_doctrine_says() {
    // Four spearmen companies in one rank (x 12..28); one orc company
    // touches the front. Centred on company 0 it touches only it; shifted
    // 1" right it touches 3 models of company 0 and 1 of company 1.
    for (x, rule, support, fighting_front) in [
        (14.0, "partial_companies_support = true", 3, 4),
        (15.0, "partial_companies_support = true", 3, 3),
        (15.0, "partial_companies_support = false", 2, 4),
    ] {
        let red = unit(
            "human_spearmen",
            "line",
            (20.0, 10.0),
            "companies = 4\nfrontage = 4",
        );
        let blue = unit("orc_warriors", "mob", (x, 12.05), "facing = 180");
        let d = dnd(&scenario(&red, &blue, rule, ""));
        let ((s, f), _, _) = run(&d, 1, |c| {
            engage(c, 0, 1);
            (c.supporting_companies(0), c.fighting_models(0, 1))
        });
        assert_eq!(s, support, "x = {x}, {rule}");
        // Spearmen have reach 1: the front row only (G-03).
        assert_eq!(f, fighting_front, "x = {x}, {rule}");
    }
}

#[test]
fn support_is_counted_at_contact_on_the_charge_turn() {
    let red = unit(
        "human_spearmen",
        "line",
        (20.0, 10.0),
        "companies = 4\nfrontage = 2",
    );
    let blue = unit(
        "orc_warriors",
        "mob",
        (20.0, 14.0),
        "facing = 180\ncompanies = 2\nfrontage = 2",
    );
    let d = dnd(&scenario(&red, &blue, "", ""));
    let (_, st, _) = run(&d, 6, |c| {
        for seed in 0..20 {
            *c.dice = muster::dice::Dice::for_battle(seed, 0);
            if matches!(
                c.charge(1, 0),
                muster::rulesets::dnd_war::ops::charge::ChargeOutcome::Contact { .. }
            ) {
                return;
            }
        }
        panic!("no charge reached in 20 tries");
    });
    // Counted before the charge attacks, for both sides: the spearmen's two
    // rear companies, the orcs' none.
    assert_eq!(st.units[0].support_counted, Some(2));
    assert_eq!(st.units[1].support_counted, Some(0));
}

#[test]
fn a_captain_multiattacks_and_rescues_a_test_with_his_action_point() {
    let red = unit(
        "human_spearmen",
        "line",
        (20.0, 10.0),
        "companies = 2\nfrontage = 2\ncaptain = true",
    );
    let blue = unit(
        "goblin_warriors",
        "mob",
        (20.0, 13.0),
        "facing = 180\ncompanies = 2\nfrontage = 2",
    );
    let d = dnd(&scenario(&red, &blue, "", ""));
    let ((dice, rescued, again), st, _) = run(&d, 1, |c| {
        engage(c, 0, 1);
        (
            c.captain_dice(0, 1),
            c.ap_rescue(0, 9, 4, 14, false),
            c.ap_rescue(0, 9, 4, 14, false),
        )
    });
    assert_eq!(dice, 2, "the captain's A 2 against minions (L238)");
    assert!(rescued, "1 AP turns 9 + 4 into 14");
    assert!(!again, "the captain has only one AP");
    assert_eq!(st.units[0].captain_ap, 0);
}

#[test]
fn doctrine_ranks_and_general_placement_change_the_deployment() {
    let red = unit(
        "human_spearmen",
        "small",
        (14.0, 10.0),
        "companies = 2\nfrontage = 2",
    ) + &unit(
        "human_spearmen",
        "big",
        (40.0, 10.0),
        "companies = 4\nfrontage = 4",
    ) + &character("human_fighter", "general", (26.0, 4.0))
        + "general = true\n";
    let blue = unit("orc_warriors", "mob", (20.0, 40.0), "");
    let d = dnd(&scenario(
        &red,
        &blue,
        "ranks = 2, general_placement = \"largest_unit\"",
        "",
    ));
    let u = &d.setup.units;
    assert_eq!(u[1].body.front_companies(), 2, "4 companies, 2 ranks deep");
    assert_eq!(u[0].body.front_companies(), 1, "2 companies, 2 ranks deep");
    assert_eq!(u[2].joins, Some(1), "the general joins the biggest unit");
    let d = dnd(&scenario(&red, &blue, "", ""));
    assert_eq!(d.setup.units[1].body.front_companies(), 4);
    assert_eq!(d.setup.units[2].joins, None);
}
