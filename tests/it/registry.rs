//! What the registry promises every ruleset on it: its name and aliases
//! name it, `muster rules` lists each of its options, its shipped scenarios
//! (the folder `scenarios/<name>/`) load as that ruleset and play, every
//! value of every option is accepted and plays on its reference scenario,
//! and a ruleset named but not registered is refused with a clear message.

use super::support::shipped_scenarios;
use muster::engine::play_one;
use muster::registry::{self, RulesetSpec, WithRuleset};
use muster::rules::{NoTrace, Ruleset, RulesetKind};
use muster::scenario::{load_scenario, load_scenario_text};
use std::path::Path;

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// Plays a few battles of a scenario; each lasts at least a round.
struct PlaysFew(String);

impl WithRuleset for PlaysFew {
    type Output = ();
    fn run<R: Ruleset>(self, ruleset: &R) {
        for i in 0..5 {
            let record = play_one(ruleset, 2, i, &mut NoTrace);
            assert!(record.rounds_played >= 1, "{}: battle {i}", self.0);
        }
    }
}

#[test]
fn every_registered_ruleset_is_named_by_its_name_and_aliases() {
    assert!(registry::RULESETS.len() >= 4);
    for spec in registry::RULESETS {
        let kind = spec.kind();
        assert_eq!(RulesetKind::from_name(kind.name()), Some(kind));
        for alias in kind.aliases() {
            assert_eq!(RulesetKind::from_name(alias), Some(kind), "{alias}");
        }
        assert_eq!(registry::spec(kind).map(|s| s.kind()), Some(kind));
    }
}

#[test]
fn every_registered_ruleset_ships_scenarios_of_its_own_that_play() {
    for spec in registry::RULESETS {
        let scenarios = shipped_scenarios(spec.kind().name());
        assert!(!scenarios.is_empty(), "{}: no scenario", spec.kind().name());
        let reference = root().join(spec.reference().scenario);
        assert!(scenarios.contains(&reference), "{}", reference.display());
        for path in scenarios {
            let scenario = load_scenario(&path).unwrap_or_else(|p| panic!("{p}"));
            assert_eq!(scenario.kind, spec.kind(), "{}", path.display());
            scenario.rules.with(PlaysFew(path.display().to_string()));
        }
    }
}

#[test]
fn rules_lists_every_option_of_every_registered_ruleset() {
    for spec in registry::RULESETS {
        let name = spec.kind().name();
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_muster"))
            .args(["rules", name])
            .output()
            .unwrap();
        assert!(out.status.success(), "muster rules {name}");
        let text = String::from_utf8_lossy(&out.stdout);
        assert!(text.contains(spec.options_table()), "{name}");
        for option in spec.options() {
            let line = format!("\n{} = {}\n", option.name, option.default);
            assert!(text.contains(&line), "`muster rules {name}` lacks {line}");
        }
    }
}

/// The reference scenario's text with `name = value` set in the ruleset's
/// options table (replacing the scenario's own value of it, if any).
fn with_option(spec: &dyn RulesetSpec, base: &str, name: &str, value: &str) -> String {
    let table = spec.options_table().trim_matches(['[', ']']);
    let mut doc: toml_edit::DocumentMut = base.parse().expect("a shipped scenario parses");
    let parsed: toml_edit::DocumentMut = format!("v = {value}").parse().expect("a TOML value");
    let entry = doc.entry(table).or_insert(toml_edit::table());
    entry[name] = parsed["v"].clone();
    doc.to_string()
}

#[test]
fn every_value_of_every_option_is_accepted_and_plays() {
    for spec in registry::RULESETS {
        let path = root().join(spec.reference().scenario);
        let base = std::fs::read_to_string(&path).unwrap();
        for (name, value) in super::shipped_files::option_values(spec.options()) {
            let text = with_option(*spec, &base, name, &value);
            let what = format!("{} {name} = {value}", spec.kind().name());
            match load_scenario_text("option.toml", &text, path.parent()) {
                Ok(scenario) => scenario.rules.with(PlaysFew(what)),
                // A value may make this scenario invalid (officers too few
                // under another rounding, no Morale Counters at the largest
                // ratio): then each problem is located and says what to do.
                Err(problems) => assert!(
                    problems
                        .0
                        .iter()
                        .all(|p| p.line > 1 && !p.field.is_empty() && p.hint.is_some()),
                    "{what}: {problems}"
                ),
            }
        }
    }
}

#[test]
fn a_ruleset_named_but_not_registered_is_refused_clearly() {
    let unregistered: Vec<RulesetKind> = RulesetKind::ALL
        .into_iter()
        .filter(|k| registry::spec(*k).is_none())
        .collect();
    for kind in unregistered {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_muster"))
            .args(["rules", kind.name()])
            .output()
            .unwrap();
        assert!(!out.status.success());
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains("is not implemented"), "{err}");
        let text = format!("[scenario]\nname = \"x\"\nruleset = \"{}\"\n", kind.name());
        let problems = load_scenario_text("x.toml", &text, None).unwrap_err();
        assert!(
            problems.to_string().contains("not implemented"),
            "{problems}"
        );
    }
}
