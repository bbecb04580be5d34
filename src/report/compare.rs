//! compare.csv and the manifest of a comparison: every variant against
//! the baseline, with paired and independent intervals and the answers in
//! words.

use super::csv_out::{csv_write, f4};
use super::html::Manifest;
use super::study::{header, question, warn, with_armies, write_variant};
use crate::analysis::play::{ClockBook, StudyResult};
use crate::analysis::vary::Variant;
use crate::analysis::verdict::{self, Diff};
use crate::rules::Side;
use crate::stats::{wilson, Z_95};
use std::path::Path;

/// Writes compare.csv and each variant's run files of played `variants`
/// (what a single compare and a merge of its shards write); returns the
/// report's manifest.
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
    let paired = &result.played.paired;
    let n = paired.battles;
    let mut rows = Vec::new();
    for (v, variant) in variants.iter().enumerate() {
        let folder = format!("variants/{:02}", v + 1);
        write_variant(&out.join(&folder), variant, result, v, seed)?;
        let (lo, hi) = wilson(paired.wins[v], n, Z_95);
        let d = paired.difference(v, 0, Z_95);
        rows.push(vec![
            (v + 1).to_string(),
            variant.label.clone(),
            folder,
            names[focus.index()].clone(),
            n.to_string(),
            paired.wins[v].to_string(),
            f4(paired.rate(v)),
            f4(lo),
            f4(hi),
            f4(d.estimate),
            f4(d.paired.0),
            f4(d.paired.1),
            f4(d.independent.0),
            f4(d.independent.1),
            if v == 0 {
                String::new()
            } else {
                format!("{:.2}", d.variance_reduction())
            },
        ]);
    }
    let header = header([
        "variant",
        "label",
        "folder",
        "focus_side",
        "battles",
        "wins",
        "win_rate",
        "win_rate_lo95",
        "win_rate_hi95",
        "difference",
        "diff_lo95",
        "diff_hi95",
        "independent_lo95",
        "independent_hi95",
        "variance_reduction",
    ]);
    csv_write(&out.join("compare.csv"), &header, &rows)?;
    let answers = answers(variants, result, &names[focus.index()]);
    let manifest = Manifest {
        kind: "compare".to_string(),
        title: format!("Compare: {}", base.name),
        command,
        question: question(
            &base.name,
            vec![
                (
                    "variants",
                    variants
                        .iter()
                        .map(|v| v.label.clone())
                        .collect::<Vec<_>>()
                        .join(" | "),
                ),
                ("compared side", names[focus.index()].clone()),
                ("battles per variant", n.to_string()),
            ],
            seed,
        ),
        answers,
        tables: with_armies(
            out,
            variants,
            vec![(
                "compare.csv".to_string(),
                "Variants against the baseline".to_string(),
            )],
        )?,
    };
    Ok(manifest)
}

/// The battles the clock ended in each played variant, by short label.
pub fn clock_book(variants: &[Variant], result: &StudyResult) -> ClockBook {
    let labels = short_labels(variants);
    let mut book = ClockBook::default();
    book.add_result(result, |v| labels[v].clone());
    book
}

/// The variants' short labels ("mc_adjust = -1"); scenario files keep
/// their names.
pub fn short_labels(variants: &[Variant]) -> Vec<String> {
    let mut paths: Vec<String> = Vec::new();
    for v in variants {
        for (p, _) in &v.edits {
            if !paths.contains(p) {
                paths.push(p.clone());
            }
        }
    }
    variants
        .iter()
        .map(|v| {
            if v.edits.is_empty() {
                v.label.clone()
            } else {
                verdict::short_label(&v.edits, &paths)
            }
        })
        .collect()
}

/// The answers in words: the verdict (and the clock's warning), then each
/// variant's difference to the baseline.
fn answers(variants: &[Variant], result: &StudyResult, side: &str) -> Vec<String> {
    let (paired, partial) = (&result.played.paired, result.partial);
    let labels = short_labels(variants);
    let diffs: Vec<(String, Diff)> = (1..variants.len())
        .map(|v| {
            let d = paired.difference(v, 0, Z_95);
            (
                labels[v].clone(),
                Diff {
                    estimate: d.estimate,
                    lo: d.paired.0,
                    hi: d.paired.1,
                },
            )
        })
        .collect();
    let mut out = vec![verdict::compare(side, &diffs)];
    warn(&mut out, clock_book(variants, result).warning("variant"));
    if partial {
        out.push(format!(
            "INTERRUPTED: these are the first {} battles of each variant only.",
            paired.battles
        ));
    }
    let (lo, hi) = wilson(paired.wins[0], paired.battles, Z_95);
    out.push(format!(
        "Baseline ({}): {} {} (95% interval {}) of {} battles.",
        labels[0],
        verdict::side_wins(side),
        verdict::pct(paired.rate(0)),
        verdict::pct_span(lo, hi),
        paired.battles
    ));
    for (v, label) in labels.iter().enumerate().skip(1) {
        let d = paired.difference(v, 0, Z_95);
        let judged = if d.paired.0 > 0.0 {
            "better than the baseline"
        } else if d.paired.1 < 0.0 {
            "worse than the baseline"
        } else {
            "not distinguishable from the baseline at 95%"
        };
        out.push(format!(
            "{label}: {} {}, {} pp (paired 95% interval {} pp): {judged}. The paired interval is {:.1}x narrower than an independent one would be (variance reduction {:.1}).",
            verdict::side_wins(side),
            verdict::pct(paired.rate(v)),
            signed(100.0 * d.estimate),
            verdict::span(100.0 * d.paired.0, 100.0 * d.paired.1, 1),
            d.variance_reduction().sqrt(),
            d.variance_reduction()
        ));
    }
    out
}

/// `+4.1`, `-0.3`, `0.0`.
fn signed(x: f64) -> String {
    let s = verdict::fixed(x, 1);
    if s.starts_with('-') || s == "0.0" {
        s
    } else {
        format!("+{s}")
    }
}
