//! Objectives on real battle states (D&D War, and States of Battle over
//! it): control and contest, the counters an owner forfeits when its
//! objective is seized, a capture that ends the battle, counters held at
//! the round limit, the doctrine's duty to go and hold an objective, and
//! the located errors of bad `[[objective]]` tables.

use super::dnd_helpers::{decisions, dnd, run, scenario, unit};
use super::sob_on_dnd::{load, play_on, sob_scenario};
use muster::geometry::Vec2;
use muster::overlays::sob::battle::End;
use muster::overlays::sob::ledger::Flow;
use muster::rules::Side::{A, B};
use muster::scenario::load_scenario_text;

/// A States of Battle test scenario with `objectives` (TOML tables) and
/// the round limit `rounds`: a Red spear unit at `red` and a Blue one at
/// `blue`, each worth the same counters.
fn with_objectives(red: (f64, f64), blue: (f64, f64), rounds: u32, objectives: &str) -> String {
    sob_scenario(
        &unit("human_spearmen", "spears", red, ""),
        &unit("human_spearmen", "spears", blue, ""),
        "",
        "",
        &format!("round_limit = {rounds}\n\n{objectives}"),
    )
}

const TOWN: &str = r#"[[objective]]
name = "town"
at = [36, 24]
radius = 6
owner = "Red"
mc = 2
"#;

#[test]
fn an_enemy_alone_in_range_seizes_the_town_and_its_owner_forfeits_the_counters_once() {
    let r = load(&with_objectives((10.0, 6.0), (36.0, 24.0), 15, TOWN));
    assert_eq!(
        r.sob.army_mc[0],
        r.sob.army_mc[1] + 2,
        "Red starts with the town's 2 counters"
    );
    let ((before, after, again), _, b, _) = play_on(&r, 1, |g| {
        let before = g.mc(A);
        g.settle();
        let after = g.mc(A);
        // Red comes back: contested, the holder stays Blue, nothing more forfeited.
        let red = 0;
        g.core.ctx.st.units[red].set_centre(Vec2::new(36.0, 19.0));
        let town = &g.setup.objectives[0];
        let counts = [A, B].map(|s| g.core.ctx.st.units_within(town, s));
        assert_eq!(counts, [1, 1], "both sides in range");
        g.settle();
        (before, after, g.mc(A))
    });
    assert_eq!(before - after, 2);
    assert_eq!(after, again);
    assert_eq!(b.holders.holder, [Some(B)]);
    assert_eq!(b.flow[0][Flow::ObjectiveSeized as usize][0], 2);
}

#[test]
fn the_owner_keeps_its_objective_while_the_enemy_is_out_of_range() {
    let r = load(&with_objectives((10.0, 6.0), (36.0, 40.0), 15, TOWN));
    let (mc, _, b, _) = play_on(&r, 1, |g| {
        g.settle();
        g.mc(A)
    });
    assert_eq!(mc, r.sob.army_mc[0]);
    assert_eq!(b.holders.holder, [Some(A)]);
}

#[test]
fn taking_an_objective_that_ends_the_battle_ends_it_and_the_taker_wins() {
    let keep = r#"[[objective]]
name = "keep"
at = [36, 24]
radius = 6
owner = "Red"
ends_battle = true
"#;
    let r = load(&with_objectives((10.0, 6.0), (36.0, 24.0), 15, keep));
    let (_, _, b, _) = play_on(&r, 1, |g| g.settle());
    assert_eq!(b.end, Some(End::ObjectiveTaken));
    assert_eq!(b.winner, Some(B));
}

#[test]
fn counters_held_at_the_round_limit_decide_between_equal_armies() {
    // Red holds a hill far from anyone; one round is too short for a fight.
    let hill = r#"[[objective]]
name = "hill"
at = [6, 6]
radius = 4
owner = "Red"
at_end = 3
"#;
    let r = load(&with_objectives((6.0, 6.0), (66.0, 44.0), 1, hill));
    let (_, _, b, _) = play_on(&r, 3, |g| g.play());
    assert_eq!(b.end, Some(End::RoundLimit));
    assert_eq!(b.holders.holder, [Some(A)]);
    assert_eq!(b.winner, Some(A), "equal counters, and Red holds the hill");
}

#[test]
fn a_unit_on_duty_walks_to_its_objective_and_then_holds_it() {
    let text = format!(
        "{}\n[[objective]]\nname = \"well\"\nat = [20, 24]\nradius = 4\nat_end = 1\n",
        scenario(
            &unit("human_spearmen", "spears", (20.0, 14.0), ""),
            &unit("orc_warriors", "orcs", (60.0, 40.0), ""),
            "objective_share = 100",
            "objective_share = 0",
        )
    );
    let d = dnd(&text);
    let (gaps, _, trace) = run(&d, 1, |c| {
        let goal = Vec2::new(20.0, 24.0);
        let mut gaps = vec![c.st.units[0].rect().centre.distance(goal)];
        for _ in 0..3 {
            c.st.units[0].flags = Default::default();
            c.move_unit(0);
            gaps.push(c.st.units[0].rect().centre.distance(goal));
        }
        gaps
    });
    assert!(gaps[1] < gaps[0], "it walks toward the well: {gaps:?}");
    assert!(gaps[3] <= 2.0, "it stands on the well: {gaps:?}");
    let moves = decisions(&trace, "move");
    assert!(
        moves.iter().any(|m| m == "hold objective well"),
        "{moves:?}"
    );
    assert!(
        moves.iter().all(|m| !m.contains("orcs")),
        "it never heads for the enemy: {moves:?}"
    );
}

#[test]
fn a_d_and_d_war_battle_ends_when_an_objective_that_ends_it_is_taken() {
    let text = format!(
        "{}\n[[objective]]\nname = \"bridge\"\nat = [36, 24]\nradius = 5\nends_battle = true\n",
        scenario(
            &unit("human_knights", "knights", (36.0, 14.0), ""),
            &unit("orc_warriors", "orcs", (70.0, 46.0), ""),
            "objective_share = 100",
            "objective_share = 0, movement = \"hold\"",
        )
    );
    let d = dnd(&text);
    let (outcome, _, _) = run(&d, 1, |c| c.play_battle(|_| {}));
    assert_eq!(
        outcome.reason,
        muster::rulesets::dnd_war::turn::EndReason::ObjectiveTaken
    );
    assert_eq!(outcome.winner, Some(A));
}

fn problems(text: &str) -> String {
    match load_scenario_text("test.toml", text, Some(&super::dnd_helpers::dir())) {
        Ok(_) => panic!("accepted"),
        Err(p) => p.to_string(),
    }
}

#[test]
fn bad_objectives_are_refused_with_their_field_and_a_fix() {
    let base = scenario(
        &unit("human_spearmen", "spears", (20.0, 6.0), ""),
        &unit("orc_warriors", "orcs", (20.0, 40.0), ""),
        "",
        "",
    );
    let bad = format!(
        "{base}\n[[objective]]\nname = \"far\"\nat = [90, 24]\nradius = 4\nat_end = 1\n\n\
         [[objective]]\nname = \"idle\"\nat = [30, 24]\nradius = 4\n\n\
         [[objective]]\nname = \"town\"\nat = [30, 10]\nradius = 4\nowner = \"Green\"\nmc = 2\n"
    );
    let text = problems(&bad);
    for wanted in [
        "objective[0].at",
        "is off the table",
        "the table is 72 x 48 inches",
        "objective `idle` does nothing",
        "objective[2].owner",
        "`Green` is not a side",
        "objective[2].mc",
        "no Morale Counters",
    ] {
        assert!(text.contains(wanted), "missing `{wanted}` in:\n{text}");
    }
}

/// Per battle: the End events of its trace and the objectives taken.
struct Ends(u64);

impl muster::scenario::WithRuleset for Ends {
    type Output = Vec<(usize, usize)>;
    fn run<R: muster::rules::Ruleset>(self, ruleset: &R) -> Self::Output {
        (0..self.0)
            .map(|battle| {
                let mut trace = muster::rules::VecTrace::default();
                muster::engine::play_one(ruleset, 1, battle, &mut trace);
                let ends = trace
                    .events
                    .iter()
                    .filter(|e| matches!(e, muster::rules::TraceEvent::End { .. }))
                    .count();
                let taken = trace
                    .events
                    .iter()
                    .filter(|e| {
                        matches!(e, muster::rules::TraceEvent::Change { change, .. }
                            if change.starts_with("takes objective "))
                    })
                    .count();
                (ends, taken)
            })
            .collect()
    }
}

/// Every battle of every shipped scenario ends by exactly one recorded
/// reason, and in every shipped scenario with objectives they change
/// hands (the test build's core audits each change against its own count
/// of the units in range).
#[test]
fn every_shipped_battle_ends_once_and_objectives_are_fought_for() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios");
    let mut with_objectives = 0;
    for dir in std::fs::read_dir(&root).expect("scenarios") {
        let dir = dir.expect("entry").path();
        let Ok(entries) = std::fs::read_dir(&dir) else {
            continue;
        };
        for entry in entries {
            let path = entry.expect("entry").path();
            if path.extension().map_or(true, |e| e != "toml") {
                continue;
            }
            let text = std::fs::read_to_string(&path).expect("readable");
            let scenario = muster::scenario::load_scenario(&path).expect("shipped scenario");
            let battles = scenario.rules.with(Ends(40));
            for (k, (ends, _)) in battles.iter().enumerate() {
                assert_eq!(*ends, 1, "{}: battle {k} ends {ends} times", path.display());
            }
            if text.contains("[[objective]]") {
                with_objectives += 1;
                let taken: usize = battles.iter().map(|b| b.1).sum();
                assert!(taken > 0, "{}: no objective changed hands", path.display());
            }
        }
    }
    assert!(
        with_objectives >= 4,
        "{with_objectives} shipped scenarios have objectives"
    );
}

#[test]
fn objective_pick_unheld_sends_a_unit_past_an_objective_its_side_holds() {
    // Red holds the near well; the far shrine is nobody's.
    let objectives = "\n[[objective]]\nname = \"well\"\nat = [20, 18]\nradius = 4\nowner = \"Red\"\nat_end = 1\n\n\
                      [[objective]]\nname = \"shrine\"\nat = [20, 34]\nradius = 4\nat_end = 1\n";
    let goals = |pick: &str| {
        let text = format!(
            "{}{objectives}",
            scenario(
                &unit("human_spearmen", "spears", (20.0, 8.0), ""),
                &unit("orc_warriors", "orcs", (66.0, 44.0), ""),
                &format!("objective_share = 100, objective_pick = \"{pick}\""),
                "objective_share = 0",
            )
        );
        let d = dnd(&text);
        let (_, _, trace) = run(&d, 1, |c| {
            c.st.units[0].flags = Default::default();
            c.move_unit(0)
        });
        decisions(&trace, "move")
    };
    assert!(
        goals("nearest")[0].ends_with("toward objective well"),
        "{:?}",
        goals("nearest")
    );
    assert!(
        goals("unheld")[0].ends_with("toward objective shrine"),
        "{:?}",
        goals("unheld")
    );
}
