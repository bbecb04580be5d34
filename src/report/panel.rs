//! panel.csv and the manifest of a doctrine panel: the compared side's win
//! rate in every pairing of doctrines, the robustness line (does the
//! verdict hold whoever plays?), the mean over the pairings and the worst
//! pairing for each side.

use super::csv_out::{csv_write, f4};
use super::html::Manifest;
use super::study::{header, question};
use crate::analysis::panel::{pairing_label, robustness, side_doctrines, summary};
use crate::analysis::panel_race::PanelTally;
use crate::analysis::vary::Variant;
use crate::analysis::verdict::Cell;
use crate::rules::Side;
use crate::stats::{wilson, Z_95};
use std::path::Path;

/// Each pairing's key (`P1`...), label and interval for the compared side.
pub fn cells(variants: &[Variant], played: &PanelTally) -> Vec<(String, Cell)> {
    let names = variants[0].scenario.side_names();
    let names = [names[0].as_str(), names[1].as_str()];
    variants
        .iter()
        .enumerate()
        .map(|(v, variant)| {
            let (lo, hi) = wilson(played.wins[v], played.battles[v], Z_95);
            let cell = Cell {
                label: pairing_label(&variant.edits, names),
                rate: played.rate(v),
                lo,
                hi,
            };
            (format!("P{}", v + 1), cell)
        })
        .collect()
}

/// Writes panel.csv and returns the report's manifest.
pub fn write(
    out: &Path,
    variants: &[Variant],
    played: &PanelTally,
    focus: Side,
    seed: u64,
    command: String,
) -> anyhow::Result<Manifest> {
    let base = &variants[0].scenario;
    let names = base.side_names();
    let (side, other) = (&names[focus.index()], &names[focus.other().index()]);
    let keyed = cells(variants, played);
    let rows: Vec<Vec<String>> = keyed
        .iter()
        .zip(variants)
        .enumerate()
        .map(|(v, ((key, c), variant))| {
            let verdict = if c.lo > 0.5 {
                side.as_str()
            } else if c.hi < 0.5 {
                other.as_str()
            } else {
                "even"
            };
            let doctrines = |s: usize| side_doctrines(&variant.edits, s, "").trim().to_string();
            vec![
                key.clone(),
                doctrines(0),
                doctrines(1),
                side.clone(),
                played.battles[v].to_string(),
                played.wins[v].to_string(),
                f4(c.rate),
                f4(c.lo),
                f4(c.hi),
                verdict.to_string(),
                played.settled_at[v].map_or(String::new(), |n| n.to_string()),
            ]
        })
        .collect();
    let header = header([
        "pairing",
        "first_side_doctrines",
        "second_side_doctrines",
        "focus_side",
        "battles",
        "wins",
        "win_rate",
        "win_rate_lo95",
        "win_rate_hi95",
        "favoured",
        "settled_after",
    ]);
    csv_write(&out.join("panel.csv"), &header, &rows)?;
    let cells: Vec<Cell> = keyed.into_iter().map(|(_, c)| c).collect();
    let mut answers = vec![robustness(side, other, &cells)];
    if played.partial {
        answers.push(
            "INTERRUPTED: these are the battles each pairing finished (the battles column)."
                .to_string(),
        );
    }
    answers.extend(summary(side, other, &cells));
    answers.push(battles_line(played));
    let layers: Vec<String> = variants[0].edits.iter().map(|(p, _)| p.clone()).collect();
    Ok(Manifest {
        kind: "panel".to_string(),
        title: format!("Doctrine panel: {}", base.name),
        command,
        question: question(
            &base.name,
            vec![
                ("doctrine fields crossed", layers.join(", ")),
                ("pairings", variants.len().to_string()),
                ("compared side", side.clone()),
                ("battles per pairing", battles_range(played)),
            ],
            seed,
        ),
        answers,
        tables: vec![(
            "panel.csv".to_string(),
            "Win rate per pairing of doctrines".to_string(),
        )],
    })
}

/// The battles per pairing: one count, or the range when some settled early.
fn battles_range(played: &PanelTally) -> String {
    let lo = played.battles.iter().min().copied().unwrap_or(0);
    let hi = played.battles.iter().max().copied().unwrap_or(0);
    match lo == hi {
        true => lo.to_string(),
        false => format!("{lo} to {hi} (pairings settled early stopped)"),
    }
}

/// How many battles the panel took, and how many pairings were settled
/// early by the race.
fn battles_line(played: &PanelTally) -> String {
    let total: u64 = played.battles.iter().sum();
    let early = played.settled_at.iter().flatten().count();
    let k = played.battles.len();
    format!(
        "{total} battles over the {k} pairings: {early} settled early (their side favoured beyond doubt, Bonferroni-corrected over every pairing and look), {} played to the end; each pairing's battles are in panel.csv.",
        k - early
    )
}
