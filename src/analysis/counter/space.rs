//! The doctrine space of one side: every searchable key (knob) of the
//! side's doctrine layers with its values and the value the scenario
//! starts from. A point of the space picks one value per knob; it becomes
//! `side.S.FIELD.KEY = VALUE` edits on the resolved scenario (what
//! run.toml holds, each side's doctrines inlined), so a candidate doctrine
//! is built and validated like any variant ([`crate::analysis::vary`]).

use super::search::Shape;
use crate::analysis::vary::{build_variants, fingerprint, scenario_text, VaryError};
use crate::registry::{DoctrineLayer, Knob, KnobValues};
use crate::scenario::Scenario;
use std::path::Path;

/// One knob of one side: `side.S.FIELD.KEY` with its values.
#[derive(Clone, Debug)]
pub struct Dim {
    pub field: &'static str,
    pub key: &'static str,
    pub values: Vec<String>,
    /// Whether the values are ordered numbers (local moves step to a
    /// neighbouring value) or words (local moves try every other value).
    pub ordered: bool,
    /// The scenario's value.
    pub start: usize,
    /// The scenario's doctrine leaves the key out (its default applies):
    /// every candidate then states it, so a change of another key cannot
    /// move its default.
    pub absent: bool,
}

/// The searchable doctrine space of side `side`.
#[derive(Clone, Debug)]
pub struct Space {
    pub side: usize,
    pub dims: Vec<Dim>,
    /// Values left out because the side's doctrine refuses them with its
    /// other keys as they are (`hold_radius` set with `movement` other
    /// than `hold`), each `PATH = VALUE` with the first problem.
    pub refused: Vec<String>,
}

/// A point of a space: one value index per dimension.
pub type Point = Vec<usize>;

impl Space {
    /// The scenario's doctrine.
    pub fn start(&self) -> Point {
        self.dims.iter().map(|d| d.start).collect()
    }

    /// What the search needs to know: each knob's count of values, whether
    /// they are ordered, and the start.
    pub fn shape(&self) -> Shape {
        Shape {
            values: self.dims.iter().map(|d| d.values.len()).collect(),
            ordered: self.dims.iter().map(|d| d.ordered).collect(),
            start: self.start(),
        }
    }

    fn path(&self, d: &Dim) -> String {
        format!("side.{}.{}.{}", self.side, d.field, d.key)
    }

    /// The edits that make `p` of the scenario: the changed knobs and the
    /// knobs the scenario leaves out.
    pub fn edits(&self, p: &Point) -> Vec<(String, String)> {
        self.dims
            .iter()
            .zip(p)
            .filter(|(d, &v)| v != d.start || d.absent)
            .map(|(d, &v)| (self.path(d), d.values[v].clone()))
            .collect()
    }

    /// The knobs `to` changes from `from`: `(FIELD.KEY, from, to)`.
    pub fn changes(&self, from: &Point, to: &Point) -> Vec<(String, String, String)> {
        self.dims
            .iter()
            .zip(from.iter().zip(to))
            .filter(|(_, (a, b))| a != b)
            .map(|(d, (&a, &b))| {
                (
                    format!("{}.{}", d.field, d.key),
                    d.values[a].clone(),
                    d.values[b].clone(),
                )
            })
            .collect()
    }

    /// The changes in words: `sob_doctrine.fire = asap (was
    /// hold_for_chargers); ...`, or `no change`.
    pub fn describe(&self, from: &Point, to: &Point) -> String {
        self.describe_in(from, to, None)
    }

    /// [`Space::describe`], only the knobs of layer `field` when given.
    pub fn describe_in(&self, from: &Point, to: &Point, field: Option<&str>) -> String {
        let mut changes = self.changes(from, to);
        if let Some(f) = field {
            changes.retain(|(k, _, _)| k.split('.').next() == Some(f));
        }
        if changes.is_empty() {
            return "no change".to_string();
        }
        changes
            .iter()
            .map(|(k, from, to)| format!("{k} = {to} (was {from})"))
            .collect::<Vec<_>>()
            .join("; ")
    }

    /// The fields (layers) this space searches, in order.
    pub fn fields(&self) -> Vec<&'static str> {
        let mut out: Vec<&'static str> = Vec::new();
        for d in &self.dims {
            if !out.contains(&d.field) {
                out.push(d.field);
            }
        }
        out
    }
}

/// The layers to search: those named (`--layer`), else every layer with
/// knobs; an unknown name or a layer without knobs is an error naming the
/// flag.
pub fn select_layers(
    all: &[DoctrineLayer],
    names: &[String],
    ruleset: &str,
) -> Result<Vec<DoctrineLayer>, String> {
    let fields: Vec<&str> = all.iter().map(|l| l.field).collect();
    let mut picked = Vec::new();
    for n in names {
        let Some(l) = all.iter().find(|l| l.field == n) else {
            return Err(format!(
                "--layer `{n}` is not a doctrine layer of {ruleset}; its layers are: {}",
                fields.join(", ")
            ));
        };
        if l.knobs.is_empty() {
            return Err(format!("--layer `{n}`: the {ruleset} `{n}` layer has no searchable keys; pick another layer"));
        }
        picked.push(*l);
    }
    if names.is_empty() {
        picked = all
            .iter()
            .copied()
            .filter(|l| !l.knobs.is_empty())
            .collect();
    }
    if picked.is_empty() {
        return Err(format!("{ruleset} doctrines have no searchable keys; use `muster panel` to compare its built-in doctrines"));
    }
    Ok(picked)
}

/// Builds side `side`'s space over `layers` of `base`; `base_dir` is where
/// the scenario's relative references resolve.
pub fn build_space(
    base: &Scenario,
    base_dir: Option<&Path>,
    side: usize,
    layers: &[DoctrineLayer],
) -> Result<Space, String> {
    let doc: toml::Table = scenario_text(base)
        .map_err(|e| e.to_string())?
        .parse()
        .map_err(|e| format!("cannot read the resolved scenario: {e}"))?;
    let side_table = doc
        .get("side")
        .and_then(toml::Value::as_array)
        .and_then(|a| a.get(side))
        .ok_or_else(|| format!("the scenario has no side {side}"))?;
    // Exits are objectives too: the share sent to them is searched.
    let has_objectives = doc.get("objective").is_some() || doc.get("exit").is_some();
    let mut dims = Vec::new();
    for layer in layers {
        let table = side_table
            .get(layer.field)
            .and_then(toml::Value::as_table)
            .ok_or_else(|| {
                format!(
                    "side {side} has no `{}` doctrine table to search; give the side a `{}`",
                    layer.field, layer.field
                )
            })?;
        for knob in layer.knobs {
            if knob.objectives_only && !has_objectives {
                continue;
            }
            let given = table.get(knob.key).map(value_text);
            dims.push(dim(base, base_dir, side, layer.field, knob, given)?);
        }
    }
    let mut refused = Vec::new();
    for d in &mut dims {
        refused.extend(drop_refused(base, base_dir, side, d));
    }
    dims.retain(|d| d.values.len() > 1);
    Ok(Space {
        side,
        dims,
        refused,
    })
}

/// Removes the values of `d` that make the scenario invalid on their own;
/// returns them with the first problem each.
fn drop_refused(base: &Scenario, base_dir: Option<&Path>, side: usize, d: &mut Dim) -> Vec<String> {
    let path = format!("side.{side}.{}.{}", d.field, d.key);
    let start = d.values[d.start].clone();
    let mut refused = Vec::new();
    d.values.retain(|v| {
        if *v == start {
            return true;
        }
        match build_variants(base, base_dir, &[vec![(path.clone(), v.clone())]]) {
            Ok(_) => true,
            Err(e) => {
                let text = e.to_string();
                let first = text.lines().nth(1).unwrap_or_default().trim();
                refused.push(format!("{path} = {v} ({})", problem_text(first)));
                false
            }
        }
    });
    d.start = d
        .values
        .iter()
        .position(|v| *v == start)
        .unwrap_or_default();
    refused
}

/// A doctrine value as a knob writes it.
fn value_text(v: &toml::Value) -> String {
    match v {
        toml::Value::String(s) => s.clone(),
        other => other.to_string(),
    }
}

/// One knob's dimension; its start is the scenario's value, or (when the
/// doctrine leaves the key out) the value that plays the same battles.
fn dim(
    base: &Scenario,
    base_dir: Option<&Path>,
    side: usize,
    field: &'static str,
    knob: &Knob,
    given: Option<String>,
) -> Result<Dim, String> {
    let mut values = knob.values.values();
    let ordered = matches!(knob.values, KnobValues::Range { .. });
    let absent = given.is_none();
    let start_value = match given {
        Some(v) => v,
        None => default_value(base, base_dir, side, field, knob.key, &values)?,
    };
    let start = match values.iter().position(|v| *v == start_value) {
        Some(i) => i,
        None => {
            // Off the knob's grid: searched as one more value, in order.
            values.push(start_value.clone());
            if ordered {
                values.sort_by_key(|v| v.parse::<i64>().unwrap_or(i64::MAX));
            }
            values
                .iter()
                .position(|v| *v == start_value)
                .unwrap_or_default()
        }
    };
    Ok(Dim {
        field,
        key: knob.key,
        values,
        ordered,
        start,
        absent,
    })
}

/// A located problem without its location (`NAME [LABEL]:LINE:COL: `):
/// the field and the message.
fn problem_text(line: &str) -> &str {
    let Some(i) = line.find("]:") else {
        return line;
    };
    let rest = &line[i + 2..];
    rest.find(": ").map_or(line, |j| &rest[j + 2..])
}

/// The value of a key the doctrine leaves out: the one whose variant plays
/// the same battles as the scenario.
fn default_value(
    base: &Scenario,
    base_dir: Option<&Path>,
    side: usize,
    field: &str,
    key: &str,
    values: &[String],
) -> Result<String, String> {
    let path = format!("side.{side}.{field}.{key}");
    let mut lists: Vec<Vec<(String, String)>> = vec![Vec::new()];
    lists.extend(values.iter().map(|v| vec![(path.clone(), v.clone())]));
    let built = build_variants(base, base_dir, &lists).map_err(|e: VaryError| e.to_string())?;
    let same = fingerprint(&built[0].scenario);
    built[1..]
        .iter()
        .zip(values)
        .find(|(v, _)| fingerprint(&v.scenario) == same)
        .map(|(_, value)| value.clone())
        .ok_or_else(|| {
            format!("`{path}` is left out of the doctrine and none of its values ({}) plays as its default; set it in the doctrine file", values.join(", "))
        })
}
