//! The army sheet's files: `army.csv` (one row per unit: side, unit,
//! profile, models, points, mcv, and the profile fields the scenario
//! overrides for it) and `army_sides.csv` (one row per side:
//! units, models, points, starting Morale Counters, Generalship Die and
//! Orders build). A value the ruleset does not have is an empty cell.
//! `report.html` opens with them. An analysis writes its baseline's sheet
//! and `army_changes.csv`: what each variant changes on it.

use super::csv_out::csv_write;
use super::ReportError;
use crate::rules::sheet::{ArmySheet, SideSheet, UnitLine};
use std::path::Path;

/// The per-unit file.
pub const UNITS_FILE: &str = "army.csv";
/// The per-side file.
pub const SIDES_FILE: &str = "army_sides.csv";

fn opt<T: ToString>(v: Option<T>) -> String {
    v.map(|v| v.to_string()).unwrap_or_default()
}

fn header(cols: &[&str]) -> Vec<String> {
    cols.iter().map(|c| c.to_string()).collect()
}

/// Writes `army.csv` and `army_sides.csv` into `dir`.
pub fn write_army(dir: &Path, sheet: &ArmySheet) -> Result<(), ReportError> {
    let units: Vec<Vec<String>> = sheet
        .sides
        .iter()
        .flat_map(|s| {
            s.units.iter().map(|u| {
                vec![
                    s.name.clone(),
                    u.label.clone(),
                    u.profile.clone(),
                    opt(u.models),
                    opt(u.points),
                    opt(u.mcv),
                    opt(u.overrides.clone()),
                ]
            })
        })
        .collect();
    csv_write(
        &dir.join(UNITS_FILE),
        &header(&[
            "side",
            "unit",
            "profile",
            "models",
            "points",
            "mcv",
            "profile_overrides",
        ]),
        &units,
    )?;
    let sides: Vec<Vec<String>> = sheet
        .sides
        .iter()
        .map(|s| {
            vec![
                s.name.clone(),
                s.units.len().to_string(),
                opt(s.models()),
                opt(s.points()),
                opt(s.morale_counters),
                opt(s.generalship_die.map(|d| format!("d{d}"))),
                opt(s.orders.clone()),
            ]
        })
        .collect();
    csv_write(
        &dir.join(SIDES_FILE),
        &header(&[
            "side",
            "units",
            "models",
            "points",
            "morale_counters",
            "generalship_die",
            "orders",
        ]),
        &sides,
    )
}

/// What a variant changes on the baseline's sheet.
pub const CHANGES_FILE: &str = "army_changes.csv";

/// The sheet's values a variant may change, per unit and per side.
fn unit_values(u: &UnitLine) -> [(&'static str, String); 5] {
    [
        ("profile", u.profile.clone()),
        ("models", opt(u.models)),
        ("points", opt(u.points)),
        ("mcv", opt(u.mcv)),
        ("profile_overrides", opt(u.overrides.clone())),
    ]
}

fn side_values(s: &SideSheet) -> [(&'static str, String); 6] {
    [
        ("units", s.units.len().to_string()),
        ("points", opt(s.points())),
        ("morale_counters", opt(s.morale_counters)),
        (
            "generalship_die",
            opt(s.generalship_die.map(|d| format!("d{d}"))),
        ),
        ("orders", opt(s.orders.clone())),
        ("models", opt(s.models())),
    ]
}

/// Rows `variant, side, unit, field, baseline, value` for every value of
/// `other` that differs from `base` (a side's own values under unit "(army)").
fn changes(label: &str, base: &ArmySheet, other: &ArmySheet) -> Vec<Vec<String>> {
    let mut rows = Vec::new();
    let mut push = |side: &str, unit: &str, field: &str, from: &str, to: &str| {
        if from != to {
            rows.push(
                [label, side, unit, field, from, to]
                    .map(String::from)
                    .to_vec(),
            );
        }
    };
    for (b, o) in base.sides.iter().zip(&other.sides) {
        for ((field, from), (_, to)) in side_values(b).iter().zip(side_values(o).iter()) {
            push(&b.name, "(army)", field, from, to);
        }
        for (bu, ou) in b.units.iter().zip(&o.units) {
            for ((field, from), (_, to)) in unit_values(bu).iter().zip(unit_values(ou).iter()) {
                push(&b.name, &bu.label, field, from, to);
            }
        }
    }
    rows
}

/// Writes an analysis's army files into `dir`: the baseline's sheet
/// (`sheets[0]`, as army.csv and army_sides.csv) and, when there are
/// variants, army_changes.csv; returns the report tables to open with.
pub fn write_study_armies(
    dir: &Path,
    sheets: &[(String, ArmySheet)],
) -> Result<Vec<(String, String)>, ReportError> {
    let Some((base_label, base)) = sheets.first() else {
        return Ok(Vec::new());
    };
    write_army(dir, base)?;
    let mut tables = vec![
        (
            SIDES_FILE.to_string(),
            format!("The armies of the baseline ({base_label})"),
        ),
        (UNITS_FILE.to_string(), "The baseline's units".to_string()),
    ];
    if sheets.len() > 1 {
        let rows: Vec<Vec<String>> = sheets[1..]
            .iter()
            .flat_map(|(label, sheet)| changes(label, base, sheet))
            .collect();
        csv_write(
            &dir.join(CHANGES_FILE),
            &header(&[
                "variant",
                "side",
                "unit",
                "field",
                "baseline",
                "variant_value",
            ]),
            &rows,
        )?;
        tables.push((
            CHANGES_FILE.to_string(),
            "What each variant changes on the army sheet (none listed: it changes no value the sheet shows)"
                .to_string(),
        ));
    }
    Ok(tables)
}
