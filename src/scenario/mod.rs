//! Scenario files, army lists and doctrines: reading them, resolving
//! references (built-in names or paths relative to the scenario), and
//! validating them into a ready-to-play [`Scenario`]. Every problem in a file
//! is reported at once, each with file:line:column, field and a hint.
//!
//! Besides `report`, this is the only module that touches the file system.

pub mod builtin;
pub mod checks;
pub mod locate;
pub mod parse;
pub mod problems;
pub mod raw;
pub mod spans;

use crate::registry;
pub use crate::registry::{ScenarioRules, WithRuleset, WithRulesets};
use crate::rules::{Ruleset, RulesetKind};
use locate::Locator;
use parse::RawFile;
use problems::{did_you_mean, Problem, Problems};
use raw::{Provenance, Reference, RunDefaults};
use std::path::{Path, PathBuf};

/// Battles played when neither the command line nor the scenario says.
pub const DEFAULT_BATTLES: u64 = 10_000;
/// Seed used when neither the command line nor the scenario says.
pub const DEFAULT_SEED: u64 = 1;

/// A scenario with every reference inlined, in its ruleset's file format
/// (any serde mirror that says where its `[run]` and provenance are).
#[derive(Debug)]
pub struct ResolvedFile(Box<dyn ScenarioText>);

impl ResolvedFile {
    pub fn new<F: RunFile>(file: F) -> ResolvedFile {
        ResolvedFile(Box::new(file))
    }

    /// The file as TOML, with the run's battles, seed and provenance filled in.
    pub fn to_run_toml(
        &self,
        battles: u64,
        seed: u64,
        provenance: Provenance,
    ) -> Result<String, toml::ser::Error> {
        self.0.stamped(battles, seed, provenance)
    }

    /// The file as TOML, exactly as resolved (no run stamp).
    pub fn to_toml(&self) -> Result<String, toml::ser::Error> {
        self.0.text()
    }
}

impl Clone for ResolvedFile {
    fn clone(&self) -> ResolvedFile {
        ResolvedFile(self.0.boxed_clone())
    }
}

/// A scenario file's serde mirror as run.toml records it: where its
/// `[run]` and provenance are. Each ruleset implements it for its format.
pub trait RunFile: serde::Serialize + Clone + std::fmt::Debug + Send + Sync + 'static {
    fn run_and_provenance(&mut self) -> (&mut RunDefaults, &mut Option<Provenance>);
}

/// What a [`ResolvedFile`] can do with any [`RunFile`].
trait ScenarioText: std::fmt::Debug + Send + Sync {
    fn text(&self) -> Result<String, toml::ser::Error>;
    fn stamped(
        &self,
        battles: u64,
        seed: u64,
        provenance: Provenance,
    ) -> Result<String, toml::ser::Error>;
    fn boxed_clone(&self) -> Box<dyn ScenarioText>;
}

impl<F: RunFile> ScenarioText for F {
    fn text(&self) -> Result<String, toml::ser::Error> {
        toml::to_string_pretty(self)
    }

    fn stamped(
        &self,
        battles: u64,
        seed: u64,
        provenance: Provenance,
    ) -> Result<String, toml::ser::Error> {
        let mut f = self.clone();
        let (run, prov) = f.run_and_provenance();
        run.battles = Some(battles as i64);
        run.seed = Some(seed);
        *prov = Some(provenance);
        toml::to_string_pretty(&f)
    }

    fn boxed_clone(&self) -> Box<dyn ScenarioText> {
        Box::new(self.clone())
    }
}

/// A validated scenario, ready to play.
#[derive(Clone, Debug)]
pub struct Scenario {
    pub name: String,
    pub kind: RulesetKind,
    pub battles: u64,
    pub seed: u64,
    /// The scenario with every reference inlined (written as run.toml).
    pub resolved: ResolvedFile,
    /// Things the user should know about this scenario's rules (gaps not simulated).
    pub notes: Vec<String>,
    /// Located warnings: the scenario is valid and runs, but part of it
    /// looks like a mistake (`muster check` and `muster run` print them).
    pub warnings: Vec<Problem>,
    pub rules: ScenarioRules,
}

impl Scenario {
    /// The side names, in scenario order.
    pub fn side_names(&self) -> [String; 2] {
        struct Names;
        impl WithRuleset for Names {
            type Output = [String; 2];
            fn run<R: Ruleset>(self, ruleset: &R) -> [String; 2] {
                ruleset.side_names().map(str::to_string)
            }
        }
        self.rules.with(Names)
    }

    /// The shape of this scenario's tallies (units, end reasons, fates).
    pub fn tally_shape(&self) -> crate::stats::TallyShape {
        struct Shape;
        impl WithRuleset for Shape {
            type Output = crate::stats::TallyShape;
            fn run<R: Ruleset>(self, ruleset: &R) -> crate::stats::TallyShape {
                ruleset.tally_shape()
            }
        }
        self.rules.with(Shape)
    }

    /// The name of the per-side strength measure (rounds.csv).
    pub fn strength_name(&self) -> &'static str {
        struct Strength;
        impl WithRuleset for Strength {
            type Output = &'static str;
            fn run<R: Ruleset>(self, ruleset: &R) -> &'static str {
                ruleset.strength_name()
            }
        }
        self.rules.with(Strength)
    }

    /// What each side fields (run, check and the reports open with it).
    pub fn army_sheet(&self) -> crate::rules::sheet::ArmySheet {
        struct Sheet;
        impl WithRuleset for Sheet {
            type Output = crate::rules::sheet::ArmySheet;
            fn run<R: Ruleset>(self, ruleset: &R) -> Self::Output {
                ruleset.army_sheet()
            }
        }
        self.rules.with(Sheet)
    }

    /// A file-system-safe version of the name, for default output folders.
    pub fn slug(&self) -> String {
        slug(&self.name)
    }
}

/// A file-system-safe version of `text`: lower-case ASCII letters and
/// digits, runs of anything else as one `-`.
pub fn slug(text: &str) -> String {
    let mut s: String = text
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

fn read(path: &Path) -> Result<String, Problems> {
    read_text(path).map_err(|e| match e {
        ReadError::Io(e) => Problems(vec![Problem {
            file: path.display().to_string(),
            line: 1,
            column: 1,
            field: String::new(),
            message: format!("cannot read the file: {e}"),
            hint: Some("check the path and that the file is readable".to_string()),
            unlisted: 0,
        }]),
        ReadError::NotUtf8(p) => Problems(vec![p]),
    })
}

/// Why a file's text could not be read.
pub enum ReadError {
    Io(std::io::Error),
    /// Not UTF-8: located at the first bad byte.
    NotUtf8(Problem),
}

/// Reads a text file; bytes that are not UTF-8 are reported at the line
/// and column of the first of them (the column counts characters).
pub fn read_text(path: &Path) -> Result<String, ReadError> {
    let bytes = std::fs::read(path).map_err(ReadError::Io)?;
    String::from_utf8(bytes).map_err(|e| {
        let good = e.utf8_error().valid_up_to();
        let bytes = e.as_bytes();
        let line_start = bytes[..good]
            .iter()
            .rposition(|&b| b == b'\n')
            .map_or(0, |i| i + 1);
        let line = 1 + bytes[..good].iter().filter(|&&b| b == b'\n').count();
        // The prefix is valid UTF-8, so it counts as characters.
        let column =
            1 + std::str::from_utf8(&bytes[line_start..good]).map_or(0, |s| s.chars().count());
        ReadError::NotUtf8(Problem {
            file: path.display().to_string(),
            line,
            column,
            field: String::new(),
            message: format!("byte 0x{:02x} is not UTF-8 text", bytes[good]),
            hint: Some(
                "save the file as UTF-8 (muster files are TOML, which is UTF-8)".to_string(),
            ),
            unlisted: 0,
        })
    })
}

/// Loads and validates a scenario file.
pub fn load_scenario(path: &Path) -> Result<Scenario, Problems> {
    let text = read(path)?;
    let base = path.parent().map(Path::to_path_buf).unwrap_or_default();
    load_scenario_text(&path.display().to_string(), &text, Some(&base))
}

/// Every shipped scenario of `scenarios/<folder>/`, loaded, in file-name
/// order (for unit tests that check a rule on every shipped set-up).
#[cfg(test)]
pub fn load_shipped(folder: &str) -> Vec<Scenario> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("scenarios")
        .join(folder);
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .expect("the scenario folder")
        .map(|e| e.expect("a folder entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "toml"))
        .collect();
    files.sort();
    let load = |p: &std::path::PathBuf| load_scenario(p).unwrap_or_else(|e| panic!("{e}"));
    files.iter().map(load).collect()
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
    // The ruleset decides the file format; a file whose ruleset cannot be
    // read is parsed as an Armies scenario so its problems are reported.
    let named =
        top_tables(text).and_then(|t| t.scenario?.get("ruleset")?.as_str().map(str::to_string));
    let kind = match named.as_deref().map(|n| (n, RulesetKind::from_name(n))) {
        None => RulesetKind::Armies,
        Some((_, Some(k))) if registry::is_implemented(k) => k,
        Some((name, found)) => {
            let (message, hint) = match found {
                Some(k) => (
                    format!(
                        "ruleset `{}` is not implemented in this version of muster",
                        k.name()
                    ),
                    format!("implemented rulesets: {}", registry::implemented_names()),
                ),
                None => {
                    let names = RulesetKind::ALL.map(RulesetKind::name);
                    (
                        format!("unknown ruleset `{name}`"),
                        did_you_mean(name, names)
                            .unwrap_or(format!("rulesets: {}", names.join(", "))),
                    )
                }
            };
            let field = [
                problems::Seg::from("scenario"),
                problems::Seg::from("ruleset"),
            ];
            return Err(Problems(vec![loc.problem(&field, message, Some(hint))]));
        }
    };
    let spec = registry::spec(kind).unwrap_or(registry::RULESETS[0]);
    spec.load_scenario(&loc, text, base)
}

/// Parses `text` as a `T` and validates it with `validate`, given the
/// problems parsing found.
pub fn load_as<T: RawFile>(
    loc: &Locator,
    text: &str,
    validate: impl FnOnce(T, Vec<Problem>) -> Result<Scenario, Problems>,
) -> Result<Scenario, Problems> {
    match parse::parse::<T>(loc, text) {
        (Some(raw), problems) => validate(raw, problems),
        (None, problems) => Err(Problems(problems)),
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
pub fn resolve<T: RawFile + Clone>(
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
                match read_text(&p) {
                    Ok(t) => (p.display().to_string(), t),
                    Err(ReadError::NotUtf8(bad)) => {
                        problems.push(bad);
                        return None;
                    }
                    Err(ReadError::Io(e)) => {
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
            if let Some(is) = wrong_kind(&text, what) {
                problems.push(loc.problem(
                    &field,
                    format!("`{name}` is {is}, not {}", a_or_an(what)),
                    Some(format!(
                        "give {} here (a built-in name or a path)",
                        a_or_an(what)
                    )),
                ));
                return None;
            }
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

/// What a file of another kind than `what` (an army list or a doctrine)
/// is, by its top-level tables: "a scenario file", "an army list", ...
fn wrong_kind(text: &str, what: &str) -> Option<&'static str> {
    let doc = toml_edit::ImDocument::parse(text).ok()?;
    let top = doc.as_table();
    let expected = if what.contains("army list") {
        "army_list"
    } else {
        "doctrine"
    };
    if top.contains_key(expected) {
        return None;
    }
    [
        ("scenario", "a scenario file"),
        ("fairness", "a fairness list"),
        ("army_list", "an army list"),
        ("doctrine", "a doctrine"),
    ]
    .into_iter()
    .find(|(k, _)| top.contains_key(k))
    .map(|(_, is)| is)
}

fn a_or_an(what: &str) -> String {
    if what.starts_with(['a', 'e', 'i', 'o', 'u']) {
        format!("an {what}")
    } else {
        format!("a {what}")
    }
}

/// Resolves `reference` (see [`resolve`]), validates the value with
/// `validate` (given the locator and field prefix its problems point to)
/// and replaces the reference with the value inline, as run.toml records it.
#[allow(clippy::too_many_arguments)]
pub fn resolve_validated<T: RawFile + Clone, V>(
    reference: &mut Reference<T>,
    field: Vec<problems::Seg>,
    loc: &Locator,
    base: Option<&Path>,
    builtins: &[(&str, &str)],
    what: &str,
    problems: &mut Vec<Problem>,
    validate: impl FnOnce(&T, &Locator, &[problems::Seg], &mut Vec<Problem>) -> V,
) -> Option<V> {
    let r = resolve(reference, field, loc, base, builtins, what, problems)?;
    let value = validate(&r.value, r.loc.as_ref().unwrap_or(loc), &r.prefix, problems);
    *reference = Reference::Inline(Box::new(r.value));
    Some(value)
}

/// What kind of input a file is, by its first table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FileKind {
    Scenario,
    ArmyList,
    Doctrine,
}

/// A valid file: its kind and its warnings (see [`Scenario::warnings`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Checked {
    pub kind: FileKind,
    pub warnings: Vec<Problem>,
}

/// Validates one file of any kind (`muster check`).
pub fn check_file(path: &Path) -> Result<Checked, Problems> {
    match load_scenario_or_kind(path)? {
        Ok(kind) => Ok(Checked {
            kind,
            warnings: Vec::new(),
        }),
        Err(scenario) => Ok(Checked {
            kind: FileKind::Scenario,
            warnings: scenario.warnings,
        }),
    }
}

/// A list or doctrine file's kind once valid, or the scenario it loads. A
/// file with an `army_list` table is an army list, else one with a
/// `doctrine` table a doctrine, else a scenario; a list or doctrine is read
/// in the format of the ruleset its table names (Armies' format when that
/// ruleset is unknown or has no format of its own for the kind).
fn load_scenario_or_kind(path: &Path) -> Result<Result<FileKind, Box<Scenario>>, Problems> {
    let text = read(path)?;
    let file = path.display().to_string();
    let loc = Locator::new(&file, &text);
    let tables = top_tables(&text);
    let table = |k: &str| {
        let t = tables.as_ref()?;
        match k {
            "army_list" => t.army_list.as_ref(),
            _ => t.doctrine.as_ref(),
        }
    };
    let ruleset_of = |k: &str| RulesetKind::from_name(table(k)?.get("ruleset")?.as_str()?);
    let has = |k: &str| table(k).is_some();
    let spec_of = |k: &str| ruleset_of(k).and_then(registry::spec);
    let default = registry::RULESETS[0];
    let checked = if has("army_list") {
        let check = |s: &dyn registry::RulesetSpec| s.check_army_list(&loc, &text);
        spec_of("army_list")
            .and_then(check)
            .or_else(|| check(default))
            .map(|r| r.map(|()| FileKind::ArmyList))
    } else if has("doctrine") {
        let check = |s: &dyn registry::RulesetSpec| s.check_doctrine(&loc, &text);
        spec_of("doctrine")
            .and_then(check)
            .or_else(|| check(default))
            .map(|r| r.map(|()| FileKind::Doctrine))
    } else {
        None
    };
    match checked {
        Some(result) => result.map(Ok),
        None => load_scenario(path).map(|s| Err(Box::new(s))),
    }
}

/// The top-level tables that tell a file's kind and ruleset.
#[derive(serde::Deserialize)]
struct TopTables {
    scenario: Option<toml::Value>,
    army_list: Option<toml::Value>,
    doctrine: Option<toml::Value>,
}

/// The tables of `text` that tell its kind (None: not TOML). Only these
/// are built: a file's other keys are skipped, so a huge file is not
/// copied into a table just to find its kind.
fn top_tables(text: &str) -> Option<TopTables> {
    toml::from_str(text).ok()
}

/// Parses `text` as a `T` and validates it with `validate` (`muster check`
/// on an army list or a doctrine).
pub fn check_as<T: RawFile>(
    loc: &Locator,
    text: &str,
    validate: impl FnOnce(&T, &Locator, &mut Vec<Problem>),
) -> Result<(), Problems> {
    let (raw, mut problems) = parse::parse::<T>(loc, text);
    if let Some(raw) = raw {
        validate(&raw, loc, &mut problems);
    }
    if problems.is_empty() {
        Ok(())
    } else {
        Err(Problems(problems))
    }
}
