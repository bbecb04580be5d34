//! Scenario files, army lists and doctrines: reading them, resolving
//! references (built-in names or paths relative to the scenario), and
//! validating them into a ready-to-play [`Scenario`]. Every problem in a file
//! is reported at once, each with file:line:column, field and a hint.
//!
//! Besides `report`, this is the only module that touches the file system.

pub mod armies;
pub mod builtin;
pub mod checks;
pub mod locate;
pub mod parse;
pub mod problems;
pub mod raw;

use crate::rules::armies::setup::ArmiesSetup;
use crate::rules::RulesetKind;
use locate::Locator;
use problems::{did_you_mean, Problem, Problems};
use raw::{ArmyListFile, DoctrineFile, Reference, ScenarioFile};
use std::path::{Path, PathBuf};

/// Battles played when neither the command line nor the scenario says.
pub const DEFAULT_BATTLES: u64 = 10_000;
/// Seed used when neither the command line nor the scenario says.
pub const DEFAULT_SEED: u64 = 1;

/// The validated rules of a scenario, one variant per implemented ruleset.
#[derive(Clone, Debug)]
pub enum ScenarioRules {
    Armies(ArmiesSetup),
}

/// A validated scenario, ready to play.
#[derive(Clone, Debug)]
pub struct Scenario {
    pub name: String,
    pub kind: RulesetKind,
    pub battles: u64,
    pub seed: u64,
    /// The scenario with every reference inlined (written as run.toml).
    pub resolved: ScenarioFile,
    pub rules: ScenarioRules,
}

impl Scenario {
    /// A file-system-safe version of the name, for default output folders.
    pub fn slug(&self) -> String {
        let mut s: String = self
            .name
            .chars()
            .map(|c| {
                if c.is_ascii_alphanumeric() {
                    c.to_ascii_lowercase()
                } else {
                    '-'
                }
            })
            .collect();
        while s.contains("--") {
            s = s.replace("--", "-");
        }
        s.trim_matches('-').to_string()
    }
}

fn read(path: &Path) -> Result<String, Problems> {
    std::fs::read_to_string(path).map_err(|e| {
        Problems(vec![Problem {
            file: path.display().to_string(),
            line: 1,
            column: 1,
            field: String::new(),
            message: format!("cannot read the file: {e}"),
            hint: Some("check the path and that the file is readable".to_string()),
        }])
    })
}

/// Loads and validates a scenario file.
pub fn load_scenario(path: &Path) -> Result<Scenario, Problems> {
    let text = read(path)?;
    let base = path.parent().map(Path::to_path_buf).unwrap_or_default();
    load_scenario_text(&path.display().to_string(), &text, Some(&base))
}

/// Loads and validates the embedded default scenario.
pub fn load_default() -> Result<Scenario, Problems> {
    load_scenario_text(
        builtin::DEFAULT_SCENARIO_NAME,
        builtin::DEFAULT_SCENARIO,
        None,
    )
}

/// Loads and validates scenario text; `base` is where relative references
/// resolve (None: only built-in names).
pub fn load_scenario_text(
    file: &str,
    text: &str,
    base: Option<&Path>,
) -> Result<Scenario, Problems> {
    let loc = Locator::new(file, text);
    let (raw, mut problems) = parse::parse::<ScenarioFile>(&loc, text);
    let Some(raw) = raw else {
        return Err(Problems(problems));
    };
    let kind_name = raw.scenario.ruleset.as_str();
    let kind = match RulesetKind::from_name(kind_name) {
        Some(k) if k.is_implemented() => k,
        Some(k) => {
            problems.push(loc.problem(
                &[
                    problems::Seg::from("scenario"),
                    problems::Seg::from("ruleset"),
                ],
                format!(
                    "ruleset `{}` is not implemented in this version of muster",
                    k.name()
                ),
                Some(format!("implemented rulesets: {}", RulesetKind::implemented_names())),
            ));
            return Err(Problems(problems));
        }
        None => {
            let names = RulesetKind::ALL.map(RulesetKind::name);
            problems.push(loc.problem(
                &[
                    problems::Seg::from("scenario"),
                    problems::Seg::from("ruleset"),
                ],
                format!("unknown ruleset `{kind_name}`"),
                did_you_mean(kind_name, names).or(Some(format!("rulesets: {}", names.join(", ")))),
            ));
            return Err(Problems(problems));
        }
    };
    match kind {
        RulesetKind::Armies => armies::validate(&loc, raw, base, problems),
        _ => unreachable!("only implemented rulesets get here"),
    }
}

/// A reference resolved to its parsed file, with where its problems point.
pub struct Resolved<T> {
    pub value: T,
    /// The locator of the file the value came from (None: inline in the scenario).
    pub loc: Option<Locator>,
    /// Path prefix of the value inside that file (non-empty when inline).
    pub prefix: Vec<problems::Seg>,
}

/// Resolves a `Reference` to an army list or doctrine.
pub fn resolve<T: serde::de::DeserializeOwned + Clone>(
    reference: &Reference<T>,
    field: Vec<problems::Seg>,
    loc: &Locator,
    base: Option<&Path>,
    builtins: &[(&str, &str)],
    what: &str,
    problems: &mut Vec<Problem>,
) -> Option<Resolved<T>> {
    match reference {
        Reference::Inline(v) => Some(Resolved {
            value: (**v).clone(),
            loc: None,
            prefix: field,
        }),
        Reference::Named(name) => {
            let is_path = name.contains('/') || name.contains('\\') || name.ends_with(".toml");
            let (file, text) = if is_path {
                let p: PathBuf = base.map_or_else(|| PathBuf::from(name), |b| b.join(name));
                match std::fs::read_to_string(&p) {
                    Ok(t) => (p.display().to_string(), t),
                    Err(e) => {
                        problems.push(loc.problem(
                            &field,
                            format!("cannot read {what} `{}`: {e}", p.display()),
                            Some("paths are relative to the scenario file".to_string()),
                        ));
                        return None;
                    }
                }
            } else if let Some((n, t)) = builtins.iter().find(|(n, _)| *n == name) {
                (format!("<built-in {what} {n}>"), t.to_string())
            } else {
                let names: Vec<&str> = builtins.iter().map(|(n, _)| *n).collect();
                let hint = did_you_mean(name, names.iter().copied()).unwrap_or_else(|| {
                    format!(
                        "built-in {what}s: {}; or give a path ending in .toml",
                        names.join(", ")
                    )
                });
                problems.push(loc.problem(&field, format!("unknown {what} `{name}`"), Some(hint)));
                return None;
            };
            let file_loc = Locator::new(&file, &text);
            let (value, mut found) = parse::parse::<T>(&file_loc, &text);
            problems.append(&mut found);
            value.map(|value| Resolved {
                value,
                loc: Some(file_loc),
                prefix: Vec::new(),
            })
        }
    }
}

/// What kind of input a file is, by its first table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FileKind {
    Scenario,
    ArmyList,
    Doctrine,
}

/// Validates one file of any kind (`muster check`).
pub fn check_file(path: &Path) -> Result<FileKind, Problems> {
    let text = read(path)?;
    let file = path.display().to_string();
    let loc = Locator::new(&file, &text);
    let table: Option<toml::Table> = text.parse().ok();
    let has = |k: &str| table.as_ref().is_some_and(|t| t.contains_key(k));
    if has("army_list") {
        return check_as::<ArmyListFile>(&loc, &text, FileKind::ArmyList, |raw, loc, problems| {
            armies::validate_list(raw, loc, &[], problems);
        });
    }
    if has("doctrine") {
        return check_as::<DoctrineFile>(&loc, &text, FileKind::Doctrine, |raw, loc, problems| {
            armies::validate_doctrine(raw, loc, &[], problems);
        });
    }
    load_scenario(path).map(|_| FileKind::Scenario)
}

/// Parses `text` as a `T` and validates it with `validate`.
fn check_as<T: serde::de::DeserializeOwned>(
    loc: &Locator,
    text: &str,
    kind: FileKind,
    validate: impl FnOnce(&T, &Locator, &mut Vec<Problem>),
) -> Result<FileKind, Problems> {
    let (raw, mut problems) = parse::parse::<T>(loc, text);
    if let Some(raw) = raw {
        validate(&raw, loc, &mut problems);
    }
    if problems.is_empty() {
        Ok(kind)
    } else {
        Err(Problems(problems))
    }
}
