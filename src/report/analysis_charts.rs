//! The charts of the analysis folders (compare, sweep, tune, decks,
//! fairness), drawn from their CSV files.

use super::build::run_charts;
use super::charts::{Chart, Curve, Interval, Scale};
use super::table::CsvTable;
use super::ReportError;
use std::path::Path;

/// The charts of an analysis folder of `kind`.
pub fn charts(kind: &str, dir: &Path) -> Result<Vec<Chart>, ReportError> {
    match kind {
        "compare" => compare(dir),
        "sweep" => sweep(dir),
        "tune" => tune(dir),
        "decks" => decks(dir),
        "fairness" => fairness(dir),
        "panel" => panel(dir),
        "pairings" => pairings(dir),
        "counter" => counter(dir),
        _ => Ok(Vec::new()),
    }
}

/// Items with intervals from columns `value`, `lo`, `hi` of `t`.
fn items(t: &CsvTable, label: &str, value: &str, lo: &str, hi: &str) -> Vec<Interval> {
    t.rows
        .iter()
        .map(|r| Interval {
            label: t.text(r, label).to_string(),
            value: t.num(r, value),
            lo: t.num(r, lo),
            hi: t.num(r, hi),
        })
        .collect()
}

/// Pairings beyond which the chart labels them by key (P1...), the table
/// giving each key's doctrines.
const PANEL_LABELS: usize = 12;

fn panel(dir: &Path) -> Result<Vec<Chart>, ReportError> {
    let t = CsvTable::read(&dir.join("panel.csv"))?;
    let focus = t.first("focus_side");
    let mut items = items(&t, "pairing", "win_rate", "win_rate_lo95", "win_rate_hi95");
    if t.rows.len() <= PANEL_LABELS {
        for (item, r) in items.iter_mut().zip(&t.rows) {
            let (a, b) = (
                t.text(r, "first_side_doctrines"),
                t.text(r, "second_side_doctrines"),
            );
            item.label = format!("{a} vs {b}");
        }
    }
    Ok(vec![Chart::Intervals {
        title: format!("{focus} win rate per pairing of doctrines (95% Wilson intervals)"),
        y_label: "win rate".to_string(),
        y_scale: Scale::Percent,
        items,
        reference: Some(0.5),
    }])
}

/// One chart per question of a command played under a doctrine panel:
/// its value in every pairing, with the interval.
fn pairings(dir: &Path) -> Result<Vec<Chart>, ReportError> {
    let t = CsvTable::read(&dir.join("pairings.csv"))?;
    let mut questions: Vec<&str> = Vec::new();
    for r in &t.rows {
        let q = t.text(r, "question");
        if !questions.contains(&q) {
            questions.push(q);
        }
    }
    Ok(questions
        .iter()
        .map(|q| {
            let mut items = items(&t, "pairing", "value", "lo95", "hi95");
            let keep: Vec<bool> = t.rows.iter().map(|r| t.text(r, "question") == *q).collect();
            let mut k = keep.iter();
            items.retain(|i| *k.next().unwrap_or(&false) && i.value.is_finite());
            Chart::Intervals {
                title: format!("{q}: per pairing of doctrines (95% intervals)"),
                y_label: "value".to_string(),
                y_scale: Scale::Number,
                items,
                reference: None,
            }
        })
        .collect())
}

fn counter(dir: &Path) -> Result<Vec<Chart>, ReportError> {
    let t = CsvTable::read(&dir.join("counter.csv"))?;
    Ok(vec![Chart::Intervals {
        title: "Start and best doctrine on the confirmation seed (95% Wilson intervals)"
            .to_string(),
        y_label: "win rate".to_string(),
        y_scale: Scale::Percent,
        items: items(&t, "label", "win_rate", "win_rate_lo95", "win_rate_hi95"),
        reference: Some(0.5),
    }])
}

fn fairness(dir: &Path) -> Result<Vec<Chart>, ReportError> {
    // A pairing of a panel whose model could not be fitted has only its
    // matchups (a lone fairness study then writes no manifest at all).
    if !dir.join("fairness.csv").is_file() {
        return Ok(Vec::new());
    }
    let t = CsvTable::read(&dir.join("fairness.csv"))?;
    Ok(vec![
        Chart::Intervals {
            title: "Suggested cost / current cost per unit (95% intervals; 1 = fair)".to_string(),
            y_label: "suggested / current cost".to_string(),
            y_scale: Scale::Number,
            items: items(
                &t,
                "unit",
                "suggested_over_cost",
                "ratio_lo95",
                "ratio_hi95",
            ),
            reference: Some(1.0),
        },
        Chart::Intervals {
            title: "Value per point per unit (log-odds of winning per point, 95% intervals)"
                .to_string(),
            y_label: "log-odds per point".to_string(),
            y_scale: Scale::Number,
            items: items(&t, "unit", "per_point", "per_point_lo95", "per_point_hi95"),
            reference: None,
        },
    ])
}

/// The edits of a variant's label (`side.Humans.gd=8, options.x=1`); None
/// for a label that is not edits (a scenario's name).
fn edits_of(label: &str) -> Option<Vec<(String, String)>> {
    label
        .split(", ")
        .map(|e| {
            let (path, value) = e.split_once('=')?;
            (!path.is_empty() && !path.contains(' ')).then(|| (path.to_string(), value.to_string()))
        })
        .collect()
}

/// compare.csv with each variant's label shortened as its answers say it
/// (`mc_adjust = -1`), so chart labels are not cut.
fn short_labelled(mut t: CsvTable) -> CsvTable {
    let Some(col) = t.header.iter().position(|h| h == "label") else {
        return t;
    };
    let mut paths: Vec<String> = Vec::new();
    for r in &t.rows {
        for (p, _) in edits_of(&r[col]).unwrap_or_default() {
            if !paths.contains(&p) {
                paths.push(p);
            }
        }
    }
    for r in &mut t.rows {
        if let Some(edits) = edits_of(&r[col]) {
            r[col] = crate::analysis::verdict::short_label(&edits, &paths);
        }
    }
    t
}

fn compare(dir: &Path) -> Result<Vec<Chart>, ReportError> {
    let t = short_labelled(CsvTable::read(&dir.join("compare.csv"))?);
    let focus = t.first("focus_side");
    let mut charts = vec![
        Chart::Intervals {
            title: format!("{focus} win rate per variant (95% Wilson intervals)"),
            y_label: "win rate".to_string(),
            y_scale: Scale::Percent,
            items: items(&t, "label", "win_rate", "win_rate_lo95", "win_rate_hi95"),
            reference: Some(0.5),
        },
        Chart::Intervals {
            title: format!("{focus} win rate minus the baseline's (paired 95% intervals)"),
            y_label: "difference in win rate (pp)".to_string(),
            y_scale: Scale::PercentPoints,
            items: items(&t, "label", "difference", "diff_lo95", "diff_hi95")
                .into_iter()
                .skip(1)
                .collect(),
            reference: Some(0.0),
        },
    ];
    // The focus side's strength per round, one line per variant.
    let mut curves = Vec::new();
    let mut measure = String::new();
    for r in &t.rows {
        let rounds = CsvTable::read(&dir.join(t.text(r, "folder")).join("rounds.csv"))?;
        measure = rounds.first("measure");
        curves.push(Curve {
            label: t.text(r, "label").to_string(),
            points: rounds.band(["round", "p10", "p50", "p90"], |x| {
                rounds.text(x, "side") == focus
            }),
        });
    }
    charts.push(Chart::Curves {
        title: format!(
            "{focus}: {} per round per variant (median, p10-p90)",
            measure.replace('_', " ")
        ),
        x_label: "round".to_string(),
        y_label: measure.replace('_', " "),
        x_scale: Scale::Whole,
        y_scale: Scale::Number,
        curves,
        reference: None,
    });
    if let Some(r) = t.rows.first() {
        charts.extend(run_charts(&dir.join(t.text(r, "folder")), "baseline: ")?);
    }
    Ok(charts)
}

fn sweep(dir: &Path) -> Result<Vec<Chart>, ReportError> {
    let t = CsvTable::read(&dir.join("sweep.csv"))?;
    let focus = t.first("focus_side");
    let mut xs: Vec<String> = Vec::new();
    let mut ys: Vec<String> = Vec::new();
    for r in &t.rows {
        for (col, list) in [("x", &mut xs), ("y", &mut ys)] {
            let v = t.text(r, col).to_string();
            if !list.contains(&v) {
                list.push(v);
            }
        }
    }
    let numeric = xs.iter().all(|x| x.parse::<f64>().is_ok());
    let axis = |c: &str| t.first(c);
    let (x_path, y_path) = (axis("x_path"), axis("y_path"));
    if ys.len() <= 1 && numeric {
        return Ok(vec![Chart::Curves {
            title: format!("{focus} win rate over the sweep (95% Wilson band)"),
            x_label: x_path,
            y_label: "win rate".to_string(),
            x_scale: Scale::Number,
            y_scale: Scale::Percent,
            curves: vec![Curve {
                label: focus,
                points: t.band(["x", "win_rate_lo95", "win_rate", "win_rate_hi95"], |_| {
                    true
                }),
            }],
            reference: Some(0.5),
        }]);
    }
    if ys.len() <= 1 {
        return Ok(vec![Chart::Intervals {
            title: format!("{focus} win rate over the sweep (95% Wilson intervals)"),
            y_label: "win rate".to_string(),
            y_scale: Scale::Percent,
            items: items(&t, "x", "win_rate", "win_rate_lo95", "win_rate_hi95"),
            reference: Some(0.5),
        }]);
    }
    let mut values = vec![vec![f64::NAN; xs.len()]; ys.len()];
    for r in &t.rows {
        let xi = xs.iter().position(|x| x == t.text(r, "x")).unwrap_or(0);
        let yi = ys.iter().position(|y| y == t.text(r, "y")).unwrap_or(0);
        values[yi][xi] = t.num(r, "win_rate");
    }
    Ok(vec![Chart::Heatmap {
        title: format!("{focus} win rate over the grid"),
        x_label: x_path,
        y_label: y_path,
        xs,
        ys,
        values,
    }])
}

fn tune(dir: &Path) -> Result<Vec<Chart>, ReportError> {
    let t = CsvTable::read(&dir.join("tune.csv"))?;
    let first = |c: &str| t.first(c);
    let (focus, path) = (first("focus_side"), first("path"));
    Ok(vec![Chart::Curves {
        title: format!("{focus} win rate against {path} (95% Wilson band)"),
        x_label: path,
        y_label: "win rate".to_string(),
        x_scale: Scale::Number,
        y_scale: Scale::Percent,
        curves: vec![Curve {
            label: focus,
            points: t.band(
                ["value", "win_rate_lo95", "win_rate", "win_rate_hi95"],
                |_| true,
            ),
        }],
        reference: t.rows.first().map(|r| t.num(r, "target")),
    }])
}

fn decks(dir: &Path) -> Result<Vec<Chart>, ReportError> {
    let t = CsvTable::read(&dir.join("decks.csv"))?;
    let focus = t.first("focus_side");
    let top = CsvTable {
        header: t.header.clone(),
        rows: t.rows.iter().take(30).cloned().collect(),
    };
    let confirmed = CsvTable {
        header: t.header.clone(),
        rows: t
            .rows
            .iter()
            .filter(|r| !t.text(r, "confirm_win_rate").is_empty())
            .cloned()
            .collect(),
    };
    let mut charts = vec![Chart::Intervals {
        title: format!(
            "{focus} win rate of the 30 best builds in the race (95% Wilson; keys in build_keys.csv)"
        ),
        y_label: "win rate".to_string(),
        y_scale: Scale::Percent,
        items: items(&top, "key", "win_rate", "win_rate_lo95", "win_rate_hi95"),
        reference: None,
    }];
    if !confirmed.rows.is_empty() {
        charts.push(Chart::Intervals {
            title: format!("{focus} win rate of the top builds on a fresh seed (95% Wilson)"),
            y_label: "win rate".to_string(),
            y_scale: Scale::Percent,
            items: items(
                &confirmed,
                "key",
                "confirm_win_rate",
                "confirm_lo95",
                "confirm_hi95",
            ),
            reference: None,
        });
    }
    Ok(charts)
}
