//! sweep.csv and the manifest of a sweep: the win rate of every grid cell,
//! and the highest, lowest and closest-to-even cells in words.

use super::csv_out::{csv_write, f4};
use super::html::Manifest;
use super::study::{header, question};
use crate::analysis::play::StudyResult;
use crate::analysis::vary::Variant;
use crate::analysis::verdict::{self, Cell};
use crate::rules::Side;
use crate::stats::{wilson, Z_95};
use std::path::Path;

/// Writes sweep.csv of played grid cells (what a single sweep and a merge
/// of its shards write) and returns the report's manifest; the grid is
/// read back from the cells' edits.
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
    let axis = |i: usize| -> Option<(String, Vec<String>)> {
        let path = variants[0].edits.get(i)?.0.clone();
        let mut values: Vec<String> = Vec::new();
        for v in variants {
            let value = &v.edits.get(i)?.1;
            if !values.contains(value) {
                values.push(value.clone());
            }
        }
        Some((path, values))
    };
    let specs: Vec<(String, Vec<String>)> = (0..2).filter_map(axis).collect();
    let paired = &result.played.paired;
    let n = paired.battles;
    let rows: Vec<Vec<String>> = variants
        .iter()
        .enumerate()
        .map(|(v, variant)| {
            let (lo, hi) = wilson(paired.wins[v], n, Z_95);
            let mut row: Vec<String> = Vec::new();
            for i in 0..2 {
                let (path, value) = variant.edits.get(i).cloned().unwrap_or_default();
                row.extend([path, value]);
            }
            row.extend([
                names[focus.index()].clone(),
                n.to_string(),
                paired.wins[v].to_string(),
                f4(paired.rate(v)),
                f4(lo),
                f4(hi),
            ]);
            row
        })
        .collect();
    let header = header([
        "x_path",
        "x",
        "y_path",
        "y",
        "focus_side",
        "battles",
        "wins",
        "win_rate",
        "win_rate_lo95",
        "win_rate_hi95",
    ]);
    csv_write(&out.join("sweep.csv"), &header, &rows)?;
    let side = &names[focus.index()];
    let answers = answers(variants, result, side);
    let manifest = Manifest {
        kind: "sweep".to_string(),
        title: format!("Sweep: {}", base.name),
        command,
        question: question(
            &base.name,
            vec![
                ("x", format!("{} = {}", specs[0].0, specs[0].1.join(", "))),
                (
                    "y",
                    specs
                        .get(1)
                        .map_or("-".to_string(), |s| format!("{} = {}", s.0, s.1.join(", "))),
                ),
                ("compared side", side.clone()),
                ("battles per cell", n.to_string()),
            ],
            seed,
        ),
        answers,
        tables: super::study::with_armies(
            out,
            variants,
            vec![("sweep.csv".to_string(), "Win rate per cell".to_string())],
        )?,
    };
    Ok(manifest)
}

/// The answers in words: the verdict (and the clock's warning), then the
/// highest, lowest and closest-to-even cells.
fn answers(variants: &[Variant], result: &StudyResult, side: &str) -> Vec<String> {
    let (paired, partial) = (&result.played.paired, result.partial);
    let n = paired.battles;
    let labels = super::compare::short_labels(variants);
    let cells: Vec<Cell> = labels
        .iter()
        .enumerate()
        .map(|(v, label)| {
            let (lo, hi) = wilson(paired.wins[v], n, Z_95);
            Cell {
                label: label.clone(),
                rate: paired.rate(v),
                lo,
                hi,
            }
        })
        .collect();
    let by_rate = |a: &&Cell, b: &&Cell| a.rate.total_cmp(&b.rate);
    let mut answers = vec![verdict::sweep(side, &cells, 0.5)];
    let book = super::compare::clock_book(variants, result);
    super::study::warn(&mut answers, book.warning("cell"));
    if partial {
        answers.push(format!(
            "INTERRUPTED: these are the first {n} battles of each cell only."
        ));
    }
    let even = cells
        .iter()
        .min_by(|a, b| (a.rate - 0.5).abs().total_cmp(&(b.rate - 0.5).abs()));
    for (what, c) in [
        ("Highest", cells.iter().max_by(by_rate)),
        ("Lowest", cells.iter().min_by(by_rate)),
        ("Closest to even", even),
    ] {
        let Some(c) = c else { continue };
        answers.push(format!(
            "{what} {} win rate: {} (95% interval {}) at {}.",
            verdict::possessive(side),
            verdict::pct(c.rate),
            verdict::pct_span(c.lo, c.hi),
            c.label
        ));
    }
    answers
}
