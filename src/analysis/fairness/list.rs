//! The fairness list file: a base scenario (board, rules, doctrines, each
//! side's settings), each side's deployment slots and fixed units, and the
//! units an army may buy with their minimum and maximum counts. Loading it
//! checks the header and the slots' centres here, then prices and places
//! every unit option through generated scenarios (`probe.rs`), so a unit's
//! or a slot's problems point to its line in the list file.

use crate::analysis::vary::scenario_text;
use crate::rules::RulesetKind;
use crate::scenario::locate::Locator;
use crate::scenario::parse::{fields_of, parse, RawFile};
use crate::scenario::problems::{Problem, Problems, Seg};
use crate::scenario::{load_scenario, load_scenario_text, Scenario};
use serde::Deserialize;
use std::path::{Path, PathBuf};
use toml::{Table, Value};

#[derive(Clone, Debug, Deserialize)]
pub struct FairnessFileRaw {
    pub fairness: FairnessMeta,
    #[serde(rename = "side", default)]
    pub sides: Vec<FairSideRaw>,
    #[serde(rename = "unit", default)]
    pub units: Vec<Table>,
}

#[derive(Clone, Debug, Deserialize)]
pub struct FairnessMeta {
    pub name: String,
    /// The base scenario, relative to the list file.
    pub scenario: String,
    #[serde(default)]
    pub description: Option<String>,
    #[serde(default)]
    pub budget: Option<i64>,
    #[serde(default)]
    pub spread: Option<f64>,
}

#[derive(Clone, Debug, Deserialize)]
pub struct FairSideRaw {
    /// Centres where generated units stand, filled in the list's unit order.
    pub slots: Vec<[f64; 2]>,
    /// Units in every army of this side, not bought (e.g. the general).
    #[serde(default)]
    pub fixed: Vec<Table>,
    /// Units only this side buys (instead of the shared `[[unit]]`s).
    #[serde(rename = "unit", default)]
    pub units: Vec<Table>,
}

impl RawFile for FairnessFileRaw {
    fn known_keys(path: &[&str]) -> &'static [&'static str] {
        match path {
            [] => fields_of::<FairnessFileRaw>(),
            ["fairness"] => fields_of::<FairnessMeta>(),
            ["side"] => fields_of::<FairSideRaw>(),
            _ => &[],
        }
    }
}

/// A unit an army may buy.
#[derive(Clone, Debug, PartialEq)]
pub struct UnitOption {
    /// Its name in reports: its `label`, else its profile.
    pub name: String,
    /// The scenario unit table, without `min`, `max` and `label`.
    pub table: Table,
    /// Points, as the validated scenario prices it.
    pub cost: u32,
    pub min: u32,
    pub max: u32,
    /// Which sides buy it: both for a shared `[[unit]]`, one for a
    /// `[[side.unit]]`.
    pub sides: [bool; 2],
    /// Where its table is in the list file.
    pub path: Vec<Seg>,
}

/// A validated fairness list.
#[derive(Clone, Debug)]
pub struct FairnessList {
    pub name: String,
    pub file: String,
    pub base: Scenario,
    pub base_dir: Option<PathBuf>,
    pub budget: Option<u32>,
    pub spread: Option<f64>,
    pub slots: [Vec<[f64; 2]>; 2],
    pub fixed: [Vec<Table>; 2],
    pub options: Vec<UnitOption>,
    base_text: Table,
}

/// Keys a unit option may not have, and why.
const NOT_IN_OPTIONS: &[(&str, &str)] = &[
    ("at", "slots place generated units; remove `at`"),
    (
        "joins",
        "characters are not bought (L753); put them in [[side.fixed]]",
    ),
    (
        "general",
        "the general is not bought; put him in [[side.fixed]]",
    ),
    (
        "reserve",
        "reserves are not generated; put them in [[side.fixed]]",
    ),
];

/// Whether `path` holds a fairness list (a top-level `[fairness]` table).
/// Only that key is read (the rest is skipped, not built into a table), so
/// asking costs no more memory than parsing the file.
pub fn is_fairness_list(path: &Path) -> bool {
    /// The one key that makes a file a fairness list.
    #[derive(Deserialize)]
    struct Header {
        fairness: Option<serde::de::IgnoredAny>,
    }
    std::fs::read_to_string(path)
        .ok()
        .and_then(|t| toml::from_str::<Header>(&t).ok())
        .is_some_and(|h| h.fairness.is_some())
}

/// Loads and validates a fairness list.
pub fn load(path: &Path) -> Result<FairnessList, Problems> {
    let file = path.display().to_string();
    let text = std::fs::read_to_string(path).map_err(|e| {
        Problems(vec![Problem {
            file: file.clone(),
            line: 1,
            column: 1,
            field: String::new(),
            message: format!("cannot read the fairness list: {e}"),
            hint: Some("check the path (see scenarios/*/fairness/ for examples)".into()),
            unlisted: 0,
        }])
    })?;
    let loc = Locator::new(&file, &text);
    let (raw, mut p) = parse::<FairnessFileRaw>(&loc, &text);
    let Some(raw) = raw else {
        return Err(Problems(p));
    };
    let (budget, spread) = check_header(&loc, &raw, &mut p);
    let options = unit_options(&loc, &raw, &mut p);
    if !p.is_empty() || raw.sides.len() != 2 {
        return Err(Problems(p));
    }
    let base_dir = path.parent().map(Path::to_path_buf);
    let scenario_path = base_dir.as_deref().map_or_else(
        || PathBuf::from(&raw.fairness.scenario),
        |d| d.join(&raw.fairness.scenario),
    );
    if let Err(e) = std::fs::metadata(&scenario_path) {
        return Err(Problems(vec![loc.problem(
            &scenario_field(),
            format!(
                "cannot read the base scenario `{}`: {e}",
                scenario_path.display()
            ),
            Some("the path is relative to the fairness list".into()),
        )]));
    }
    let base = load_scenario(&scenario_path)?;
    let prices = |k: RulesetKind| crate::registry::spec(k).is_some_and(|s| s.prices_units());
    if !prices(base.kind) {
        let able: Vec<&str> = RulesetKind::ALL
            .into_iter()
            .filter(|&k| prices(k))
            .map(RulesetKind::name)
            .collect();
        return Err(Problems(vec![loc.problem(
            &scenario_field(),
            format!(
                "`{}` is a {} scenario; fairness needs units with point costs",
                raw.fairness.scenario,
                base.kind.name()
            ),
            Some(format!("use a scenario of {}", able.join(", "))),
        )]));
    }
    let text = scenario_text(&base)
        .map_err(|e| Problems(vec![loc.problem(&scenario_field(), e.to_string(), None)]))?;
    let base_text: Table = text.parse().map_err(|e: toml::de::Error| {
        Problems(vec![loc.problem(&scenario_field(), e.to_string(), None)])
    })?;
    check_slots(&loc, &raw, &base_text)?;
    let [s0, s1] = [&raw.sides[0], &raw.sides[1]];
    let mut list = FairnessList {
        name: raw.fairness.name.clone(),
        file,
        base_dir: scenario_path.parent().map(Path::to_path_buf),
        base,
        budget,
        spread,
        slots: [s0.slots.clone(), s1.slots.clone()],
        fixed: [s0.fixed.clone(), s1.fixed.clone()],
        options,
        base_text,
    };
    super::probe::price_options(&mut list, &loc)?;
    super::probe::fill_slots(&list, &loc)?;
    super::probe::pair_slots(&list, &loc)?;
    Ok(list)
}

/// Closest two slots of a side may be (inches): nearer, their units overlap.
const MIN_SLOT_GAP: f64 = 1.0;

/// Every slot on the base scenario's table, and no two of a side on top of
/// each other (a generated scenario would fail on them).
fn check_slots(loc: &Locator, raw: &FairnessFileRaw, base: &Table) -> Result<(), Problems> {
    let field = |k: &str, default: f64| {
        base.get("battlefield")
            .and_then(|b| b.get(k))
            .and_then(|v| v.as_float().or(v.as_integer().map(|i| i as f64)))
            .unwrap_or(default)
    };
    let (w, d) = (field("width", 72.0), field("depth", 48.0));
    let mut p = Vec::new();
    for (s, side) in raw.sides.iter().enumerate() {
        for (k, &[x, y]) in side.slots.iter().enumerate() {
            let at = crate::path!["side", s, "slots", k];
            if !(x > 0.0 && x < w && y > 0.0 && y < d) {
                err(
                    loc,
                    &mut p,
                    at,
                    format!("slot [{x}, {y}] is off the table"),
                    &format!(
                        "the base scenario's table is {w} x {d} inches; give centres inside it"
                    ),
                );
            } else if let Some(j) = side.slots[..k]
                .iter()
                .position(|&[a, b]| (a - x).hypot(b - y) < MIN_SLOT_GAP)
            {
                err(
                    loc,
                    &mut p,
                    at,
                    format!("slot [{x}, {y}] overlaps slot {} of this side", j + 1),
                    "give each generated unit its own place",
                );
            }
        }
    }
    if p.is_empty() {
        Ok(())
    } else {
        Err(Problems(p))
    }
}

/// Adds the problem `m` at `path` with its `hint`.
fn err(loc: &Locator, p: &mut Vec<Problem>, path: Vec<Seg>, m: String, hint: &str) {
    p.push(loc.problem(&path, m, Some(hint.to_string())));
}

/// Checks the sides' count and slots, the budget and the spread; returns
/// the budget and spread when they are valid.
fn check_header(
    loc: &Locator,
    raw: &FairnessFileRaw,
    p: &mut Vec<Problem>,
) -> (Option<u32>, Option<f64>) {
    let err =
        |p: &mut Vec<Problem>, path: Vec<Seg>, m: String, hint: &str| err(loc, p, path, m, hint);
    if raw.sides.len() != 2 {
        err(
            p,
            vec![],
            format!(
                "{} [[side]] tables; a fairness list needs two",
                raw.sides.len()
            ),
            "give one [[side]] per side of the scenario, in its order, each with `slots`",
        );
    }
    for (s, side) in raw.sides.iter().enumerate() {
        if side.slots.is_empty() {
            err(
                p,
                crate::path!["side", s, "slots"],
                "no deployment slots".into(),
                "list the centres [x, y] where generated units stand",
            );
        }
    }
    let budget = raw.fairness.budget.and_then(|b| {
        if (1..=10_000_000).contains(&b) {
            Some(b as u32)
        } else {
            err(
                p,
                crate::path!["fairness", "budget"],
                format!("budget {b} is not a positive number of points"),
                "give the points each army may spend",
            );
            None
        }
    });
    let spread = raw.fairness.spread.and_then(|s| {
        if (0.0..=0.5).contains(&s) {
            Some(s)
        } else {
            err(
                p,
                crate::path!["fairness", "spread"],
                format!("spread {s} is outside 0 to 0.5"),
                "give the fraction of the budget an army may leave unspent, e.g. 0.1",
            );
            None
        }
    });
    (budget, spread)
}

/// The units to buy, shared and each side's own, checked for a unit per
/// side and unique names.
fn unit_options(loc: &Locator, raw: &FairnessFileRaw, p: &mut Vec<Problem>) -> Vec<UnitOption> {
    let err =
        |p: &mut Vec<Problem>, path: Vec<Seg>, m: String, hint: &str| err(loc, p, path, m, hint);
    let mut options = Vec::new();
    let shared = raw.units.iter().enumerate().map(|(i, t)| {
        let buys = [0, 1].map(|s| raw.sides.get(s).map_or(true, |side| side.units.is_empty()));
        (crate::path!["unit", i], t, buys)
    });
    let own = raw.sides.iter().enumerate().flat_map(|(s, side)| {
        side.units
            .iter()
            .enumerate()
            .map(move |(i, t)| (crate::path!["side", s, "unit", i], t, [s == 0, s == 1]))
    });
    for (at_unit, t, sides) in shared.chain(own) {
        if let Some(o) = unit_option(loc, p, at_unit, t, sides) {
            options.push(o);
        }
    }
    for s in 0..raw.sides.len().min(2) {
        if !options.iter().any(|o| o.sides[s]) {
            err(
                p,
                crate::path!["side", s],
                format!("side {} has no unit to buy", s + 1),
                "give [[unit]]s both sides buy, or this side's own [[side.unit]]s",
            );
        }
    }
    if options
        .iter()
        .enumerate()
        .any(|(i, o)| options[..i].iter().any(|e| e.name == o.name))
    {
        err(
            p,
            vec![],
            "two units have the same name".into(),
            "give units of the same profile different `label`s",
        );
    }
    options
}

/// Reads one unit option at `at_unit`; None when it has problems.
fn unit_option(
    loc: &Locator,
    p: &mut Vec<Problem>,
    at_unit: Vec<Seg>,
    t: &Table,
    sides: [bool; 2],
) -> Option<UnitOption> {
    let at = |key: &str| {
        let mut path = at_unit.clone();
        path.push(Seg::from(key));
        path
    };
    let mut count = |key: &str, default: u32| match t.get(key) {
        None => Some(default),
        Some(Value::Integer(n)) if (0..=1000).contains(n) => Some(*n as u32),
        Some(v) => {
            p.push(loc.problem(
                &at(key),
                format!("`{key}` = {v} is not a count from 0 to 1000"),
                None,
            ));
            None
        }
    };
    let (min, max) = (count("min", 0), count("max", 1));
    for (key, why) in NOT_IN_OPTIONS {
        if t.contains_key(*key) {
            p.push(loc.problem(
                &at(key),
                format!("a bought unit has no `{key}`"),
                Some(why.to_string()),
            ));
        }
    }
    let Some(profile) = t.get("profile").and_then(Value::as_str) else {
        p.push(loc.problem(
            &at_unit,
            "the unit has no `profile`",
            Some("give the id of a profile of the side's army list".into()),
        ));
        return None;
    };
    let name = t
        .get("label")
        .and_then(Value::as_str)
        .unwrap_or(profile)
        .to_string();
    let (min, max) = (min?, max?);
    if min >= max {
        p.push(loc.problem(
            &at("max"),
            format!("`{name}`: min {min} and max {max} leave its count fixed"),
            Some("a unit whose count never varies cannot be priced; give max > min, or put it in [[side.fixed]]".into()),
        ));
    }
    let mut table = t.clone();
    for key in ["min", "max", "label"] {
        table.remove(key);
    }
    Some(UnitOption {
        name,
        table,
        cost: 0,
        min,
        max,
        sides,
        path: at_unit,
    })
}

fn scenario_field() -> [Seg; 2] {
    [Seg::from("fairness"), Seg::from("scenario")]
}

/// The label of the `n`th (from 0) generated unit of option `name`.
pub fn generated_label(name: &str, n: usize) -> String {
    format!("{name} {}", n + 1)
}

impl FairnessList {
    /// The list on another base scenario (the list's own under a pairing
    /// of doctrines): the same slots, fixed units and priced options.
    pub fn with_base(&self, base: Scenario) -> Result<FairnessList, String> {
        let text = scenario_text(&base).map_err(|e| e.to_string())?;
        let base_text: Table = text.parse().map_err(|e: toml::de::Error| e.to_string())?;
        Ok(FairnessList {
            base,
            base_text,
            ..self.clone()
        })
    }

    /// The scenario with these armies (counts per option, per side): each
    /// side's fixed units, then the bought units in the list's order, one
    /// per slot; army-building checks off (the list's counts and the budget
    /// are the rules).
    pub fn scenario(&self, armies: &[&[u32]; 2], label: &str) -> Result<Scenario, Problems> {
        let placed = armies.map(|counts| {
            (0..self.options.len())
                .flat_map(|o| std::iter::repeat(Some(o)).take(counts[o] as usize))
                .collect::<Vec<_>>()
        });
        self.scenario_placed(&placed, label)
    }

    /// The scenario with option `placed[s][k]` in side `s`'s slot `k`
    /// (`None` leaves the slot empty).
    pub(super) fn scenario_placed(
        &self,
        placed: &[Vec<Option<usize>>; 2],
        label: &str,
    ) -> Result<Scenario, Problems> {
        let mut doc = self.base_text.clone();
        if let Some(Value::Table(meta)) = doc.get_mut("scenario") {
            meta.insert("army_building".into(), Value::Boolean(false));
            let name = format!("{} [{label}]", self.name);
            meta.insert("name".into(), Value::String(name));
        }
        let too_many = (0..2).find(|&s| placed[s].len() > self.slots[s].len());
        if let Some(Value::Array(sides)) = doc.get_mut("side") {
            for (s, side) in sides.iter_mut().enumerate().take(2) {
                let mut units: Vec<Value> =
                    self.fixed[s].iter().cloned().map(Value::Table).collect();
                let mut seen = vec![0; self.options.len()];
                let filled = placed[s].iter().zip(&self.slots[s]);
                for (o, &[x, y]) in filled.filter_map(|(o, at)| Some(((*o)?, at))) {
                    let mut t = self.options[o].table.clone();
                    t.insert(
                        "label".into(),
                        Value::String(generated_label(&self.options[o].name, seen[o])),
                    );
                    seen[o] += 1;
                    t.insert(
                        "at".into(),
                        Value::Array(vec![Value::Float(x), Value::Float(y)]),
                    );
                    units.push(Value::Table(t));
                }
                if let Value::Table(side) = side {
                    side.insert("units".into(), Value::Array(units));
                }
            }
        }
        if let Some(s) = too_many {
            return Err(Problems(vec![Problem {
                file: self.file.clone(),
                line: 1,
                column: 1,
                field: format!("side[{s}].slots"),
                message: "an army has more units than the side has slots".into(),
                hint: Some("add slots or lower the units' `max`".into()),
                unlisted: 0,
            }]));
        }
        let text = toml::to_string(&doc).map_err(|e| {
            Problems(vec![Problem {
                file: self.file.clone(),
                line: 1,
                column: 1,
                field: String::new(),
                message: format!("cannot write the generated scenario: {e}"),
                hint: None,
                unlisted: 0,
            }])
        })?;
        load_scenario_text(
            &format!("{} (generated: {label})", self.file),
            &text,
            self.base_dir.as_deref(),
        )
    }
}
