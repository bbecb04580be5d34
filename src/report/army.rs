//! The army sheet's files: `army.csv` (one row per unit: side, unit,
//! profile, models, points, mcv, and the profile fields the scenario
//! overrides for it) and `army_sides.csv` (one row per side:
//! units, models, points, starting Morale Counters, Generalship Die and
//! Orders build). A value the ruleset does not have is an empty cell.
//! `report.html` opens with them.

use super::csv_out::csv_write;
use super::ReportError;
use crate::rules::sheet::ArmySheet;
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
