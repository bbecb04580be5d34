//! panel.csv and the manifest of a doctrine panel: the compared side's win
//! rate in every pairing of doctrines, the robustness line (does the
//! verdict hold whoever plays?), the mean over the pairings and the worst
//! pairing for each side.

use super::csv_out::{csv_write, f4};
use super::html::Manifest;
use super::study::{header, question};
use crate::analysis::panel::{pairing_label, robustness, side_doctrines, summary};
use crate::analysis::play::StudyResult;
use crate::analysis::vary::Variant;
use crate::analysis::verdict::Cell;
use crate::rules::Side;
use crate::stats::{wilson, Z_95};
use std::path::Path;

/// Each pairing's key (`P1`...), label and interval for the compared side.
pub fn cells(variants: &[Variant], result: &StudyResult) -> Vec<(String, Cell)> {
    let paired = &result.played.paired;
    let names = variants[0].scenario.side_names();
    let names = [names[0].as_str(), names[1].as_str()];
    variants
        .iter()
        .enumerate()
        .map(|(v, variant)| {
            let (lo, hi) = wilson(paired.wins[v], paired.battles, Z_95);
            let cell = Cell {
                label: pairing_label(&variant.edits, names),
                rate: paired.rate(v),
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
    result: &StudyResult,
    focus: Side,
    seed: u64,
    command: String,
) -> anyhow::Result<Manifest> {
    let base = &variants[0].scenario;
    let names = base.side_names();
    let (side, other) = (&names[focus.index()], &names[focus.other().index()]);
    let n = result.played.paired.battles;
    let keyed = cells(variants, result);
    let rows: Vec<Vec<String>> = keyed
        .iter()
        .zip(variants)
        .zip(&result.played.paired.wins)
        .map(|(((key, c), variant), wins)| {
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
                n.to_string(),
                wins.to_string(),
                f4(c.rate),
                f4(c.lo),
                f4(c.hi),
                verdict.to_string(),
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
    ]);
    csv_write(&out.join("panel.csv"), &header, &rows)?;
    let cells: Vec<Cell> = keyed.into_iter().map(|(_, c)| c).collect();
    let mut answers = vec![robustness(side, other, &cells)];
    if result.partial {
        answers.push(format!(
            "INTERRUPTED: these are the first {n} battles of each pairing only."
        ));
    }
    answers.extend(summary(side, other, &cells));
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
                ("battles per pairing", n.to_string()),
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
