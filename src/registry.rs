//! The registry: every ruleset muster plays, one line each. A line names
//! the ruleset's id ([`RulesetKind`]), the type that plays it (the hot
//! path's [`Ruleset`]) and its [`RulesetSpec`] (what the edge needs: names,
//! options, built-in files, validation, the `muster rules` text, the bench's
//! reference scenario). From that list come [`ScenarioRules`] (a validated
//! scenario of any ruleset), the dispatch from it to the generic engine, and
//! the table the CLI, `check`, `rules`, the bench and the tests walk.

use crate::rules::options::OptionSpec;
use crate::rules::{Ruleset, RulesetKind};
use crate::scenario::locate::Locator;
use crate::scenario::problems::Problems;
use crate::scenario::Scenario;
use std::path::Path;

/// What the edge needs of a ruleset (the hot path needs [`Ruleset`]).
pub trait RulesetSpec: Sync {
    /// The ruleset's id; its name and aliases are the id's.
    fn kind(&self) -> RulesetKind;
    /// The named rule options (`muster rules`, the options table's check).
    fn options(&self) -> &'static [OptionSpec];
    /// The scenario table that holds the rule options.
    fn options_table(&self) -> &'static str {
        "[options]"
    }
    /// Parses and validates scenario text of this ruleset; `base` is where
    /// relative references resolve (None: only built-in names).
    fn load_scenario(
        &self,
        loc: &Locator,
        text: &str,
        base: Option<&Path>,
    ) -> Result<Scenario, Problems>;
    /// Validates an army-list file of this ruleset (None: the ruleset has
    /// no list format of its own and the default format checks the file).
    fn check_army_list(&self, _loc: &Locator, _text: &str) -> Option<Result<(), Problems>> {
        None
    }
    /// Validates a doctrine file of this ruleset (None as for lists).
    fn check_doctrine(&self, _loc: &Locator, _text: &str) -> Option<Result<(), Problems>> {
        None
    }
    /// What `muster rules` prints after the options (tables, notes).
    fn describe(&self, _out: &mut String) -> std::fmt::Result {
        Ok(())
    }
    /// The bench's reference scenario of this ruleset.
    fn reference(&self) -> Reference;
    /// Whether its scenarios' units carry points and take `label` and
    /// `at = [x, y]` entries, so that `muster fairness` can buy armies of
    /// them.
    fn prices_units(&self) -> bool {
        false
    }
    /// The side fields that name a doctrine, with the built-in doctrines
    /// each accepts (what a doctrine panel crosses by default) and the keys
    /// `muster counter` searches.
    fn doctrine_layers(&self) -> Vec<DoctrineLayer>;
}

/// A side field naming a doctrine, e.g. `doctrine` or `sob_doctrine`.
#[derive(Clone, Copy, Debug)]
pub struct DoctrineLayer {
    /// The side table's key.
    pub field: &'static str,
    /// What it decides, for messages ("core", "cards").
    pub what: &'static str,
    /// The built-in doctrines: (name, file text).
    pub builtin: &'static [(&'static str, &'static str)],
    /// The doctrine keys `muster counter` searches, with their legal
    /// values (empty: the layer is not searchable yet).
    pub knobs: &'static [Knob],
}

impl DoctrineLayer {
    /// A ruleset's own `doctrine` field.
    pub const fn core(
        builtin: &'static [(&'static str, &'static str)],
        knobs: &'static [Knob],
    ) -> DoctrineLayer {
        DoctrineLayer {
            field: "doctrine",
            what: "core",
            builtin,
            knobs,
        }
    }
}

/// A searchable doctrine key and the values a search may give it.
#[derive(Clone, Copy, Debug)]
pub struct Knob {
    /// The key in the doctrine file.
    pub key: &'static str,
    pub values: KnobValues,
    /// Searched only in scenarios with `[[objective]]`s (it plays for
    /// them, and changes nothing elsewhere).
    pub objectives_only: bool,
}

impl Knob {
    pub const fn new(key: &'static str, values: KnobValues) -> Knob {
        Knob {
            key,
            values,
            objectives_only: false,
        }
    }

    /// A key that plays for the scenario's objectives.
    pub const fn for_objectives(key: &'static str, values: KnobValues) -> Knob {
        Knob {
            key,
            values,
            objectives_only: true,
        }
    }
}

/// The doctrine key every ruleset with objectives shares: the percent of
/// the army sent to take and hold them, searched in quarters.
pub const OBJECTIVE_SHARE: Knob = Knob::for_objectives(
    "objective_share",
    KnobValues::Range {
        lo: 0,
        hi: 100,
        step: 25,
    },
);

/// The values of a [`Knob`]: every word the validator accepts, both
/// booleans, or whole numbers from `lo` to `hi` by `step` (a sub-range of
/// the legal one where the legal one is wider than play can tell apart).
#[derive(Clone, Copy, Debug)]
pub enum KnobValues {
    /// The validator's own word list (never retyped here).
    Words(fn() -> Vec<&'static str>),
    Bool,
    Range {
        lo: i64,
        hi: i64,
        step: i64,
    },
}

impl KnobValues {
    /// Every value as a doctrine file writes it (words unquoted).
    pub fn values(&self) -> Vec<String> {
        match *self {
            KnobValues::Words(words) => words().into_iter().map(str::to_string).collect(),
            KnobValues::Bool => vec!["false".to_string(), "true".to_string()],
            KnobValues::Range { lo, hi, step } => {
                let step = step.max(1);
                (0..=(hi - lo) / step)
                    .map(|i| (lo + i * step).to_string())
                    .collect()
            }
        }
    }
}

/// The battles (from index 0, at seed 1) whose outcome a [`Reference`] pins.
pub const PINNED_BATTLES: u64 = 800;

/// A shipped scenario the bench plays for a ruleset, with the outcome of
/// its first battles pinned (a change of rules that moves it must update
/// the pin on purpose).
#[derive(Clone, Copy, Debug)]
pub struct Reference {
    /// Path from the repository root.
    pub scenario: &'static str,
    /// Battles the bench plays, before `--quick` divides them.
    pub battles: u64,
    /// The first side's wins and the draws in battles `0..PINNED_BATTLES` at seed 1.
    pub pinned: (u64, u64),
}

/// Something to do with a ruleset of any kind (the one place the CLI and
/// tests dispatch from a scenario to the generic engine).
pub trait WithRuleset {
    type Output;
    fn run<R: Ruleset>(self, ruleset: &R) -> Self::Output;
}

/// Something to do with several variants of one ruleset at once (compare,
/// sweep, tune and deck search play them side by side).
pub trait WithRulesets {
    type Output;
    fn run<R: Ruleset>(self, rulesets: &[&R]) -> Self::Output;
}

macro_rules! registry {
    ($($variant:ident($ruleset:ty) => $spec:expr;)*) => {
        /// The validated rules of a scenario, one variant per implemented ruleset.
        #[derive(Clone, Debug)]
        pub enum ScenarioRules {
            $($variant(Box<$ruleset>),)*
        }

        impl ScenarioRules {
            /// Calls `job` with this scenario's ruleset.
            pub fn with<J: WithRuleset>(&self, job: J) -> J::Output {
                match self {
                    $(ScenarioRules::$variant(r) => job.run(r.as_ref()),)*
                }
            }

            /// Calls `job` with every ruleset of `all`; None when they are
            /// not all of one ruleset (or `all` is empty).
            pub fn with_all<J: WithRulesets>(all: &[&ScenarioRules], job: J) -> Option<J::Output> {
                match all.first()? {
                    $(ScenarioRules::$variant(_) => {
                        let refs = all
                            .iter()
                            .map(|r| match r {
                                ScenarioRules::$variant(s) => Some(s.as_ref()),
                                #[allow(unreachable_patterns)]
                                _ => None,
                            })
                            .collect::<Option<Vec<&$ruleset>>>()?;
                        Some(job.run(&refs))
                    })*
                }
            }
        }

        /// Every implemented ruleset, in registry order.
        pub static RULESETS: &[&dyn RulesetSpec] = &[$(&$spec,)*];
    };
}

registry! {
    Armies(crate::rulesets::armies::Armies) => crate::rulesets::armies::spec::ArmiesSpec;
    MeansWar(crate::rulesets::means_war::MeansWar) => crate::rulesets::means_war::spec::MeansWarSpec;
    DndWar(crate::rulesets::dnd_war::DndWar) => crate::rulesets::dnd_war::spec::DndWarSpec;
    StatesOfBattle(crate::rulesets::dnd_war::sob_core::SobOnDndWar) => crate::overlays::sob::spec::SobSpec;
    StandardsOfValor(crate::rulesets::standards_of_valor::StandardsOfValor) => crate::rulesets::standards_of_valor::spec::SovSpec;
}

/// The spec of an implemented ruleset (None: named but not implemented).
pub fn spec(kind: RulesetKind) -> Option<&'static dyn RulesetSpec> {
    RULESETS.iter().copied().find(|s| s.kind() == kind)
}

/// Whether muster plays `kind`.
pub fn is_implemented(kind: RulesetKind) -> bool {
    spec(kind).is_some()
}

/// The names of the implemented rulesets, in the order of
/// [`RulesetKind::ALL`], for messages.
pub fn implemented_names() -> String {
    RulesetKind::ALL
        .into_iter()
        .filter(|k| is_implemented(*k))
        .map(RulesetKind::name)
        .collect::<Vec<_>>()
        .join(", ")
}
