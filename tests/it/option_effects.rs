//! Every value of every rule option of every registered ruleset changes
//! some traced battle (or the notes a scenario prints as it loads): played against the default on the ruleset's shipped
//! scenarios (common battle streams), at least one battle's trace differs.
//! An option that acts only in conditions no shipped scenario has says so
//! in its help and names a test scenario under `tests/data/` that has
//! them; the check then runs there. An option that only checks scenarios
//! as they load (its help says "when it loads") acts when it refuses one.
//! An option that changes nothing is a reading the user cannot see, and a
//! defect; the few no battle we could build shows acting are listed in
//! `NEVER_SEEN` with the reason, and must stay inert while listed.
//!
//! `MUSTER_SLOW_TESTS=1` (CI) plays 100 battles per scenario, else 30.

use super::shipped_files::option_values;
use super::support::shipped_scenarios;
use muster::engine::play_one;
use muster::registry::{self, RulesetSpec, WithRuleset};
use muster::rules::options::{OptionSpec, OptionValues};
use muster::rules::{Ruleset, TraceEvent, VecTrace};
use muster::scenario::{load_scenario, load_scenario_text, Scenario};
use std::path::{Path, PathBuf};

fn battles() -> u64 {
    if std::env::var("MUSTER_SLOW_TESTS").is_ok_and(|v| v == "1") {
        100
    } else {
        30
    }
}

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// The traces of the first battles of a scenario, at seed 7.
struct Traces;

impl WithRuleset for Traces {
    type Output = Vec<Vec<TraceEvent>>;
    fn run<R: Ruleset>(self, ruleset: &R) -> Self::Output {
        (0..battles())
            .map(|i| {
                let mut trace = VecTrace::default();
                play_one(ruleset, 7, i, &mut trace);
                trace.events
            })
            .collect()
    }
}

/// The scenario at `path` with `name = value` set in the ruleset's options
/// table; None when that value makes this scenario invalid.
fn with_option(spec: &dyn RulesetSpec, path: &Path, name: &str, value: &str) -> Option<Scenario> {
    let base = std::fs::read_to_string(path).unwrap();
    let table = spec.options_table().trim_matches(['[', ']']);
    let mut doc: toml_edit::DocumentMut = base.parse().expect("a scenario parses");
    let parsed: toml_edit::DocumentMut = format!("v = {value}").parse().expect("a TOML value");
    doc.entry(table).or_insert(toml_edit::table())[name] = parsed["v"].clone();
    load_scenario_text("option.toml", &doc.to_string(), path.parent()).ok()
}

/// Whether `name = value` changes a traced battle of the scenario at `path`
/// against the scenario's own setting of it, or the notes printed when it
/// loads; for an option that checks
/// scenarios as they load (its help says "when it loads"), also whether it
/// refuses this one.
fn changes_a_battle(spec: &dyn RulesetSpec, path: &Path, name: &str, value: &str) -> bool {
    let Some(changed) = with_option(spec, path, name, value) else {
        let option = spec.options().iter().find(|o| o.name == name);
        return option.is_some_and(|o| o.help.contains("when it loads"));
    };
    let own = load_scenario(path).unwrap_or_else(|p| panic!("{p}"));
    own.notes != changed.notes || own.rules.with(Traces) != changed.rules.with(Traces)
}

/// The test scenario an option's help names for the conditions it needs.
fn named_test_scenario(help: &str) -> Option<PathBuf> {
    let at = help.find("tests/data/")?;
    let end = help[at..].find(".toml")? + at + ".toml".len();
    Some(root().join(&help[at..end]))
}

/// The values tried for each option: every value of a choice or flag
/// but the default; an integer's ends, half and twice its default (it acts
/// when any of them changes a battle).
fn tried_values(option: &OptionSpec) -> Vec<String> {
    let mut values: Vec<String> = option_values(std::slice::from_ref(option))
        .into_iter()
        .map(|(_, v)| v)
        .filter(|v| v.trim_matches('"') != option.default)
        .collect();
    if let (OptionValues::Int { min, max }, Ok(d)) = (&option.values, option.default.parse::<i64>())
    {
        values.extend(
            [d / 2, d * 2]
                .iter()
                .filter(|v| (*min..=*max).contains(*v) && **v != d)
                .map(|v| v.to_string()),
        );
    }
    values
}

/// The option values of ruleset `name` that change no traced battle.
fn inert_values(name: &str) -> Vec<String> {
    let spec = registry::RULESETS
        .iter()
        .find(|s| s.kind().name() == name)
        .expect("registered");
    let scenarios = shipped_scenarios(spec.kind().name());
    let mut inert = Vec::new();
    for option in spec.options() {
        let acts = |value: &String| {
            scenarios
                .iter()
                .any(|p| changes_a_battle(*spec, p, option.name, value))
                || named_test_scenario(option.help)
                    .is_some_and(|p| changes_a_battle(*spec, &p, option.name, value))
        };
        let values = tried_values(option);
        let inert_here: Vec<&String> = match option.values {
            OptionValues::Int { .. } if values.iter().any(acts) => Vec::new(),
            OptionValues::Int { .. } => values.iter().collect(),
            _ => values.iter().filter(|v| !acts(v)).collect(),
        };
        inert.extend(
            inert_here
                .into_iter()
                .map(|v| format!("{} = {v}", option.name)),
        );
    }
    inert
}

/// Option values no battle we could build shows acting, each with the
/// reason. Each must still be inert: when one starts acting, its entry
/// goes.
const NEVER_SEEN: &[(&str, &str, &str)] = &[(
    "states_of_battle",
    "simultaneous_rout = \"both_lose\"",
    "both armies reach 0 counters in one resolution only when one card's \
     events cost both sides their last counter; none of the shipped \
     scenarios, nor the reference scenario cut to 1 counter a side, shows \
     it in 4,000 battles since a charger destroyed by Stand & Shoot no \
     longer costs its side a counter on every Melee card",
)];

/// Fails with the list of `name`'s option values that change nothing.
fn every_option_acts(name: &str) {
    let mut inert = inert_values(name);
    for (ruleset, value, why) in NEVER_SEEN.iter().filter(|e| e.0 == name) {
        let at = inert.iter().position(|v| v == value);
        assert!(
            at.is_some(),
            "{ruleset} {value} now acts: remove it from NEVER_SEEN ({why})"
        );
        inert.retain(|v| v != value);
    }
    assert!(
        inert.is_empty(),
        "these {name} option values change no traced battle of the shipped scenarios \
         (wire them, remove them, or name a test scenario in their help): {inert:#?}"
    );
}

#[test]
fn armies() {
    every_option_acts("armies");
}

#[test]
fn means_war() {
    every_option_acts("means_war");
}

#[test]
fn dnd_war() {
    every_option_acts("dnd_war");
}

#[test]
fn states_of_battle() {
    every_option_acts("states_of_battle");
}

#[test]
fn standards_of_valor() {
    every_option_acts("standards_of_valor");
}
