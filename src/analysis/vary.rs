//! Variants of a scenario: `PATH=VALUE` edits applied to the scenario with
//! every reference inlined (what run.toml holds), then validated like any
//! scenario file.
//!
//! A PATH is a dotted walk through that document. A table segment is a key;
//! in an array of tables (`side`, `units`, `profile`, `trigger`) a segment
//! picks the element by its position (`side.0`) or by its `name`, `label`,
//! `id` or `profile` (`side.Humans.units.guard.mcv`). The last segment is
//! the key to set; it may be new (an option left at its default, or a
//! field of a unit's `profile_overrides`, whose table is made when the
//! unit has none: `side.Orcs.units.troll.profile_overrides.points`). A VALUE is
//! read as a TOML value (`3`, `2.5`, `true`, `{ move = 3 }`), otherwise as
//! a string (`reckless`). A few short names stand for longer paths (see
//! [`ALIASES`]).

use crate::scenario::problems::did_you_mean;
use crate::scenario::{load_scenario_text, Scenario};
use std::path::Path;
use toml_edit::{DocumentMut, Item, TableLike, Value};

/// Short names for paths users vary often.
pub const ALIASES: &[(&str, &str, &str)] = &[(
    "mc_ratio",
    "states_of_battle.dnd_mc_ratio_xp_tenths",
    "States of Battle on D&D War: points per Morale Counter, as tenths of XP(L)",
)];

/// Errors in a `--vary` or `--grid` specification or in a variant.
#[derive(Debug, thiserror::Error)]
pub enum VaryError {
    #[error("`{0}` is not PATH=VALUES; write it as e.g. side.Humans.gd=8,10,12")]
    Syntax(String),
    #[error("path `{path}`: {message}")]
    Path { path: String, message: String },
    #[error("variant `{label}` is not a valid scenario:\n{problems}")]
    Invalid { label: String, problems: String },
    #[error("variant `{label}` plays the same battles as {other}: {why}")]
    Same {
        label: String,
        other: String,
        why: String,
    },
    #[error("cannot write the scenario as TOML: {0}")]
    Toml(#[from] toml::ser::Error),
    #[error("stopped before every variant was built")]
    Stopped,
}

/// A scenario with some edits applied.
#[derive(Clone, Debug)]
pub struct Variant {
    /// `PATH=VALUE, ...`, or `baseline` when nothing was edited.
    pub label: String,
    pub edits: Vec<(String, String)>,
    pub scenario: Scenario,
}

/// Splits `PATH=V1,V2,...` (values separated by commas outside braces and
/// brackets).
pub fn parse_spec(spec: &str) -> Result<(String, Vec<String>), VaryError> {
    let (path, values) = spec
        .split_once('=')
        .ok_or_else(|| VaryError::Syntax(spec.to_string()))?;
    let path = expand_alias(path.trim());
    let mut out = Vec::new();
    let (mut depth, mut cur) = (0i32, String::new());
    for c in values.chars() {
        match c {
            '{' | '[' => depth += 1,
            '}' | ']' => depth -= 1,
            ',' if depth == 0 => {
                out.push(std::mem::take(&mut cur).trim().to_string());
                continue;
            }
            _ => {}
        }
        cur.push(c);
    }
    out.push(cur.trim().to_string());
    if path.is_empty() || out.iter().any(String::is_empty) {
        return Err(VaryError::Syntax(spec.to_string()));
    }
    Ok((path, out))
}

/// Expands a range `a..b:step` (both ends included, step positive; whole
/// numbers stay whole) into its values; other values pass through.
pub fn expand_range(value: &str) -> Result<Vec<String>, String> {
    let Some((range, step)) = value.split_once(':') else {
        return Ok(vec![value.to_string()]);
    };
    let Some((a, b)) = range.split_once("..") else {
        return Ok(vec![value.to_string()]);
    };
    let bad = || format!("`{value}` is not a range a..b:step (e.g. 1..5:1 or 0.5..2:0.25)");
    let whole = [a, b, step].iter().all(|t| t.trim().parse::<i64>().is_ok());
    let (a, b, step): (f64, f64, f64) = (
        a.trim().parse().map_err(|_| bad())?,
        b.trim().parse().map_err(|_| bad())?,
        step.trim().parse().map_err(|_| bad())?,
    );
    if step.is_nan() || step <= 0.0 || b < a {
        return Err(format!(
            "`{value}`: the step must be positive and the end at least the start"
        ));
    }
    let count = ((b - a) / step + 1e-9).floor() as u64 + 1;
    if count > 10_000 {
        return Err(format!("`{value}` has {count} values; at most 10000"));
    }
    Ok((0..count)
        .map(|i| {
            let x = a + step * i as f64;
            if whole {
                format!("{}", x.round() as i64)
            } else {
                format!("{}", (x * 1e9).round() / 1e9)
            }
        })
        .collect())
}

/// The path an alias stands for (or `path` itself).
pub fn expand_alias(path: &str) -> String {
    ALIASES
        .iter()
        .find(|(a, _, _)| *a == path)
        .map_or(path.to_string(), |(_, p, _)| p.to_string())
}

/// The scenario as one self-contained TOML document.
pub fn scenario_text(scenario: &Scenario) -> Result<String, VaryError> {
    Ok(scenario.resolved.to_toml()?)
}

/// Reads a VALUE: a TOML value when it parses as one, else a string.
pub fn parse_value(text: &str) -> Value {
    format!("v = {text}")
        .parse::<DocumentMut>()
        .ok()
        .and_then(|d| d.get("v").and_then(Item::as_value).cloned())
        .unwrap_or_else(|| Value::from(text))
}

/// Sets `path` to `value` in `doc`.
pub fn set_path(doc: &mut DocumentMut, path: &str, value: Value) -> Result<(), VaryError> {
    let err = |message: String| VaryError::Path {
        path: path.to_string(),
        message,
    };
    let segments: Vec<&str> = path.split('.').collect();
    let mut table: &mut dyn TableLike = doc.as_table_mut();
    let mut i = 0;
    while i + 1 < segments.len() {
        let seg = segments[i];
        let here = segments[..i].join(".");
        let under = |m: String| {
            err(if here.is_empty() {
                m
            } else {
                format!("{m} (under `{here}`)")
            })
        };
        if !table.contains_key(seg) {
            // An absent options or overrides table is created, so options
            // and a unit's profile fields can be set.
            if (i == 0 && (seg == "options" || seg == "states_of_battle"))
                || seg == crate::scenario::raw::PROFILE_OVERRIDES
            {
                table.insert(seg, Item::Table(toml_edit::Table::new()));
            } else {
                let keys: Vec<String> = table.iter().map(|(k, _)| k.to_string()).collect();
                return Err(under(no_such(seg, "key", &keys)));
            }
        }
        let item = table.get_mut(seg).expect("present");
        table = match item {
            Item::ArrayOfTables(a) => {
                i += 1;
                let pick =
                    pick_element(a, segments[i]).map_err(|m| under(format!("`{seg}`: {m}")))?;
                a.get_mut(pick).expect("picked in range")
            }
            other => other.as_table_like_mut().ok_or_else(|| {
                under(format!(
                    "`{seg}` is a value, not a table, so it has no `{}`",
                    segments[i + 1]
                ))
            })?,
        };
        i += 1;
    }
    let Some(last) = segments.get(i) else {
        return Err(err(
            "the path ends in an element; name a key after it".to_string()
        ));
    };
    table.insert(last, Item::Value(value));
    Ok(())
}

/// The element of an array of tables that `seg` names (its position, or
/// its `name`, `label`, `id` or `profile`).
fn pick_element(a: &toml_edit::ArrayOfTables, seg: &str) -> Result<usize, String> {
    let names: Vec<String> = a.iter().map(element_name).collect();
    if let Ok(i) = seg.parse::<usize>() {
        return if i < a.len() {
            Ok(i)
        } else {
            Err(format!("there is no element {i}: there are {}", a.len()))
        };
    }
    let hits: Vec<usize> = a
        .iter()
        .enumerate()
        .filter(|(_, t)| names_of(t).iter().any(|n| n == seg))
        .map(|(i, _)| i)
        .collect();
    match hits.as_slice() {
        [i] => Ok(*i),
        [] => Err(no_such(seg, "element", &names)),
        _ => Err(format!(
            "`{seg}` names {} elements ({}); pick one by its position",
            hits.len(),
            hits.iter()
                .map(|i| format!("{i}: {}", names[*i]))
                .collect::<Vec<_>>()
                .join(", ")
        )),
    }
}

/// The names an element answers to.
fn names_of(t: &toml_edit::Table) -> Vec<String> {
    ["name", "label", "id", "profile"]
        .iter()
        .filter_map(|k| t.get(k).and_then(Item::as_str).map(str::to_string))
        .collect()
}

fn element_name(t: &toml_edit::Table) -> String {
    names_of(t)
        .into_iter()
        .next()
        .unwrap_or_else(|| "?".to_string())
}

fn no_such(seg: &str, what: &str, have: &[String]) -> String {
    let hint = did_you_mean(seg, have.iter().map(String::as_str))
        .unwrap_or_else(|| format!("there are: {}", have.join(", ")));
    format!("no {what} `{seg}`; {hint}")
}

/// Every combination of `PATH=VALUES` specifications (edit lists), the
/// first value of each first.
pub fn combinations(specs: &[(String, Vec<String>)]) -> Vec<Vec<(String, String)>> {
    let mut out: Vec<Vec<(String, String)>> = vec![Vec::new()];
    for (path, values) in specs {
        out = out
            .into_iter()
            .flat_map(|edits| {
                values.iter().map(move |v| {
                    let mut e = edits.clone();
                    e.push((path.clone(), v.clone()));
                    e
                })
            })
            .collect();
    }
    out
}

/// Builds one variant of `base` per edit list, each validated; `base_dir`
/// is where relative references in edited values resolve.
pub fn build_variants(
    base: &Scenario,
    base_dir: Option<&Path>,
    edit_lists: &[Vec<(String, String)>],
) -> Result<Vec<Variant>, VaryError> {
    build_variants_until(base, base_dir, edit_lists, &|| false)
}

/// [`build_variants`], giving up with [`VaryError::Stopped`] as soon as
/// `stop` says so (a signal during the set-up of hundreds of variants).
pub fn build_variants_until(
    base: &Scenario,
    base_dir: Option<&Path>,
    edit_lists: &[Vec<(String, String)>],
    stop: &dyn Fn() -> bool,
) -> Result<Vec<Variant>, VaryError> {
    let text = scenario_text(base)?;
    edit_lists
        .iter()
        .map(|edits| {
            if stop() {
                return Err(VaryError::Stopped);
            }
            let label = if edits.is_empty() {
                "baseline".to_string()
            } else {
                edits
                    .iter()
                    .map(|(p, v)| format!("{p}={v}"))
                    .collect::<Vec<_>>()
                    .join(", ")
            };
            let mut doc: DocumentMut = text.parse().expect("muster's own TOML parses");
            for (path, value) in edits {
                set_path(&mut doc, &expand_alias(path), parse_value(value))?;
            }
            let scenario = load_scenario_text(
                &format!("{} [{label}]", base.name),
                &doc.to_string(),
                base_dir,
            )
            .map_err(|p| VaryError::Invalid {
                label: label.clone(),
                problems: p.to_string(),
            })?;
            Ok(Variant {
                label,
                edits: edits.clone(),
                scenario,
            })
        })
        .collect()
}

/// What a battle reads of a scenario: its validated rules, written out.
/// Two scenarios with the same fingerprint play the same battles (names,
/// descriptions and unused army-list entries are not part of it).
pub fn fingerprint(scenario: &Scenario) -> String {
    format!("{:?}", scenario.rules)
}

/// Refuses variants that play the same battles as an earlier one (the
/// baseline first): a variant that changes nothing a battle reads would
/// answer "no difference" without saying why. `base` is the scenario the
/// edits were made on, to explain which edit changed nothing.
pub fn check_distinct(base: &Scenario, variants: &[Variant]) -> Result<(), VaryError> {
    let mut seen: std::collections::HashMap<String, usize> = std::collections::HashMap::new();
    for (i, v) in variants.iter().enumerate() {
        let print = fingerprint(&v.scenario);
        let Some(&j) = seen.get(&print) else {
            seen.insert(print, i);
            continue;
        };
        let (first, second) = (&variants[j], &variants[i]);
        let changed: Vec<(&str, &str, &str)> = second
            .edits
            .iter()
            .zip(&first.edits)
            .filter(|((_, a), (_, b))| a != b)
            .map(|((path, a), (_, b))| (path.as_str(), b.as_str(), a.as_str()))
            .collect();
        let why = if changed.is_empty() && second.edits.is_empty() {
            "they are the same scenario".to_string()
        } else if changed.is_empty() {
            let given: Vec<String> = second
                .edits
                .iter()
                .map(|(p, v)| format!("`{p}` = {v}"))
                .collect();
            format!(
                "the same value twice ({}); give each value once",
                given.join(", ")
            )
        } else {
            changed
                .iter()
                .map(|(path, from, to)| why_unread(base, path, from, to))
                .collect::<Vec<_>>()
                .join("; ")
        };
        return Err(VaryError::Same {
            label: second.label.clone(),
            other: if j == 0 {
                format!("the baseline ({})", first.label)
            } else {
                format!("`{}`", first.label)
            },
            why,
        });
    }
    Ok(())
}

/// Why setting `path` from `from` to `to` changes nothing a battle reads.
fn why_unread(base: &Scenario, path: &str, from: &str, to: &str) -> String {
    let path = expand_alias(path);
    let segments: Vec<&str> = path.split('.').collect();
    if let ["side", side, "army_list", "profile", profile, ..] = segments.as_slice() {
        if let Some(why) = unused_profile(base, side, profile, &segments) {
            return why;
        }
    }
    format!(
        "no battle reads `{path}`: setting it to `{to}` instead of `{from}` leaves the validated scenario unchanged"
    )
}

/// "no unit of side Humans uses profile troll; did you mean ...", when no
/// unit of the side named by `side` uses `profile`.
fn unused_profile(base: &Scenario, side: &str, profile: &str, segments: &[&str]) -> Option<String> {
    let doc: toml::Table = scenario_text(base).ok()?.parse().ok()?;
    let sides = doc.get("side")?.as_array()?;
    let name_of = |s: &toml::Value| {
        s.get("name")
            .and_then(toml::Value::as_str)
            .unwrap_or("?")
            .to_string()
    };
    let uses = |s: &toml::Value| {
        s.get("units")
            .and_then(toml::Value::as_array)
            .is_some_and(|us| {
                us.iter()
                    .any(|u| u.get("profile").and_then(toml::Value::as_str) == Some(profile))
            })
    };
    let picked = match side.parse::<usize>() {
        Ok(i) => sides.get(i)?,
        Err(_) => sides.iter().find(|s| name_of(s) == side)?,
    };
    if uses(picked) {
        return None;
    }
    let users: Vec<String> = sides
        .iter()
        .filter(|s| uses(s))
        .map(|s| {
            let mut p: Vec<String> = segments.iter().map(|s| s.to_string()).collect();
            p[1] = name_of(s);
            format!("`{}`", p.join("."))
        })
        .collect();
    let hint = if users.is_empty() {
        "no unit of any side uses it".to_string()
    } else {
        format!("did you mean {}?", users.join(" or "))
    };
    Some(format!(
        "no unit of side {} uses profile {profile}, so its army list's entry is never read; {hint}",
        name_of(picked)
    ))
}
