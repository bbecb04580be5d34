//! Shared helpers of the D&D War tests: a small scenario written inline
//! (army building and deployment zones off), loading it, running one
//! operation on a fresh battle with a trace, reading decisions, engaging
//! two units by hand, and the duel of two units with a character each.

use muster::dice::Dice;
use muster::geometry::Arc;
use muster::rules::{TraceEvent, Tracer, VecTrace};
use muster::rulesets::dnd_war::ops::Ctx;
use muster::rulesets::dnd_war::state::{BattleState, Engagement};
use muster::rulesets::dnd_war::DndWar;
use muster::scenario::{load_scenario_text, ScenarioRules};
use std::path::Path;

pub fn dir() -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios/dnd_war")
}

/// A scenario with army building and deployment zones off: `a` and `b`
/// are the `[[side.units]]` tables of each side, `da`/`db` doctrine tables.
pub fn scenario(a: &str, b: &str, da: &str, db: &str) -> String {
    let extra = |d: &str| {
        if d.is_empty() {
            String::new()
        } else {
            format!(", {d}")
        }
    };
    let (da, db) = (extra(da), extra(db));
    format!(
        r#"[scenario]
name = "test"
ruleset = "dnd_war"
army_building = false
deployment_depth = 0

[[side]]
name = "Red"
army_list = "dnd_core"
doctrine = {{ doctrine = {{ name = "red", ruleset = "dnd_war" }}{da} }}
{a}

[[side]]
name = "Blue"
army_list = "dnd_core"
doctrine = {{ doctrine = {{ name = "blue", ruleset = "dnd_war" }}{db} }}
{b}
"#
    )
}

pub fn dnd(text: &str) -> DndWar {
    match load_scenario_text("test.toml", text, Some(&dir())) {
        Ok(s) => match s.rules {
            ScenarioRules::DndWar(d) => *d,
            _ => panic!("not dnd_war"),
        },
        Err(p) => panic!("{p}"),
    }
}

pub fn unit(profile: &str, label: &str, at: (f64, f64), extra: &str) -> String {
    format!(
        "[[side.units]]\nprofile = \"{profile}\"\nlabel = \"{label}\"\nat = [{}, {}]\n{extra}\n",
        at.0, at.1
    )
}

/// Runs `f` on a fresh battle of `d` (battle `seed`), tracing.
pub fn run<R>(
    d: &DndWar,
    seed: u64,
    f: impl FnOnce(&mut Ctx<'_, VecTrace>) -> R,
) -> (R, BattleState, VecTrace) {
    let mut st = BattleState::new(&d.setup);
    let mut dice = Dice::for_battle(seed, 0);
    let mut trace = VecTrace::default();
    let r = {
        let mut ctx = Ctx {
            setup: &d.setup,
            st: &mut st,
            dice: &mut dice,
            doctrines: &d.doctrines,
            trace: &mut trace,
        };
        ctx.st.turn = 1;
        f(&mut ctx)
    };
    (r, st, trace)
}

/// The trace's change lines of units whose label ends with `who`.
pub fn changes(t: &VecTrace, who: &str) -> Vec<String> {
    t.events
        .iter()
        .filter_map(|e| match e {
            TraceEvent::Change { unit, change, .. } if unit.ends_with(who) => Some(change.clone()),
            _ => None,
        })
        .collect()
}

pub fn decisions(t: &VecTrace, what: &str) -> Vec<String> {
    t.events
        .iter()
        .filter_map(|e| match e {
            TraceEvent::Decision {
                decision, choice, ..
            } if decision == what => Some(choice.clone()),
            _ => None,
        })
        .collect()
}

pub fn engage<T: Tracer>(c: &mut Ctx<'_, T>, a: usize, b: usize) {
    c.st.engagements.push(Engagement {
        units: [a, b],
        arc_on: [Arc::Front, Arc::Front],
        overlap: 8.0,
    });
}

pub fn duel(da: &str, db: &str) -> DndWar {
    let four = "companies = 4\nfrontage = 2";
    let red = unit("human_spearmen", "guard", (20.0, 10.0), four)
        + "[[side.units]]\nprofile = \"human_fighter\"\nlabel = \"fighter\"\njoins = \"guard\"\n";
    let blue = unit(
        "orc_warriors",
        "mob",
        (20.0, 16.0),
        &format!("{four}\nfacing = 180"),
    )
        + "[[side.units]]\nprofile = \"orc_chieftain\"\nlabel = \"chief\"\njoins = \"mob\"\n";
    dnd(&scenario(&red, &blue, da, db))
}
