//! The CSV files of a run: summary.csv (outcomes per side), rounds.csv
//! (strength per round and side) and units.csv (fate and losses per unit,
//! and the ruleset's per-unit event counts such as morale outcomes), plus
//! the ruleset's band shares per round in rounds.csv, its end reasons in
//! summary.csv and one CSV per side table (e.g. mc_flow.csv, cards.csv).
//! Numbers are formatted with fixed precision so files are byte-stable.

use super::verdict::Ending;
use super::{write_atomic, ReportError};
use crate::rules::Side;
use crate::stats::{wilson, Tally, TallyShape, Z_95};
use std::path::Path;

pub(crate) fn f4(x: f64) -> String {
    format!("{x:.4}")
}

pub(crate) fn csv_write(
    path: &Path,
    header: &[String],
    rows: &[Vec<String>],
) -> Result<(), ReportError> {
    write_atomic(path, |w| {
        let mut out = csv::Writer::from_writer(w);
        let err = |source| ReportError::Csv {
            path: path.display().to_string(),
            source,
        };
        out.write_record(header).map_err(err)?;
        for r in rows {
            out.write_record(r).map_err(err)?;
        }
        out.flush().map_err(|source| ReportError::Io {
            path: path.display().to_string(),
            source,
        })?;
        Ok(())
    })
}

/// One row of summary.csv, also used for the terminal table.
#[derive(Clone, Debug, PartialEq)]
pub struct SideSummary {
    pub side: String,
    pub wins: u64,
    pub draws: u64,
    pub losses: u64,
    pub win_rate: f64,
    pub win_lo: f64,
    pub win_hi: f64,
    pub mean_rounds: f64,
    pub p10_rounds: usize,
    pub p50_rounds: usize,
    pub p90_rounds: usize,
}

/// The per-side table of a run's summary as the terminal shows it: wins,
/// draws, losses, win rate with its 95% interval, median rounds (lines
/// without a final newline).
pub fn side_table(tally: &Tally, side_names: [&str; 2]) -> String {
    let mut lines = vec![format!(
        "{:<20} {:>8} {:>8} {:>8} {:>9} {:>17} {:>12}",
        "side", "wins", "draws", "losses", "win rate", "95% interval", "rounds p50"
    )];
    for s in summarise(tally, side_names) {
        lines.push(format!(
            "{:<20} {:>8} {:>8} {:>8} {:>8.1}% {:>7.1}% - {:>5.1}% {:>12}",
            s.side,
            s.wins,
            s.draws,
            s.losses,
            100.0 * s.win_rate,
            100.0 * s.win_lo,
            100.0 * s.win_hi,
            s.p50_rounds
        ));
    }
    lines.join("\n")
}

/// Per-side outcomes with 95% Wilson intervals.
pub fn summarise(tally: &Tally, side_names: [&str; 2]) -> Vec<SideSummary> {
    Side::BOTH
        .iter()
        .map(|&s| {
            let (wins, n) = tally.win_count(s);
            let (lo, hi) = wilson(wins, n, Z_95);
            SideSummary {
                side: side_names[s.index()].to_string(),
                wins,
                draws: tally.draws,
                losses: tally.wins[s.other().index()],
                win_rate: if n == 0 { 0.0 } else { wins as f64 / n as f64 },
                win_lo: lo,
                win_hi: hi,
                mean_rounds: tally.rounds.mean(),
                p10_rounds: tally.rounds.quantile(0.1),
                p50_rounds: tally.rounds.quantile(0.5),
                p90_rounds: tally.rounds.quantile(0.9),
            }
        })
        .collect()
}

/// How the battles of `tally` ended, each end reason's share as
/// summary.csv's `share_end_*` columns give it (so the terminal and the
/// report, which reads the file, say the same).
pub fn endings<'a>(tally: &Tally, shape: &'a TallyShape) -> Vec<Ending<'a>> {
    let n = tally.battles.max(1) as f64;
    (shape.end_reasons.iter().zip(&tally.end_reasons))
        .enumerate()
        .map(|(i, (name, &count))| Ending {
            name,
            share: f4(count as f64 / n).parse().unwrap_or(0.0),
            clock: shape.is_clock_end(i),
        })
        .collect()
}

/// Writes summary.csv, rounds.csv and units.csv into `dir`.
pub fn write_csvs(
    dir: &Path,
    tally: &Tally,
    shape: &TallyShape,
    side_names: [&str; 2],
    strength: &str,
    partial: bool,
) -> Result<(), ReportError> {
    let header = |cols: &[&str]| cols.iter().map(|c| c.to_string()).collect::<Vec<_>>();
    let summary: Vec<Vec<String>> = summarise(tally, side_names)
        .into_iter()
        .map(|s| {
            vec![
                s.side,
                tally.battles.to_string(),
                s.wins.to_string(),
                s.draws.to_string(),
                s.losses.to_string(),
                f4(s.win_rate),
                f4(s.win_lo),
                f4(s.win_hi),
                f4(s.mean_rounds),
                s.p10_rounds.to_string(),
                s.p50_rounds.to_string(),
                s.p90_rounds.to_string(),
                partial.to_string(),
            ]
        })
        .collect();
    // The end reasons and the mean strength left, per side.
    let n = tally.battles.max(1) as f64;
    let mut summary = summary;
    for (i, row) in summary.iter_mut().enumerate() {
        for &count in &tally.end_reasons {
            row.push(f4(count as f64 / n));
        }
        let last = tally.strength.last().map_or(0.0, |h| h[i].mean());
        row.push(f4(last * shape.strength_scale));
    }
    csv_write(
        &dir.join("summary.csv"),
        &header(&[
            "side",
            "battles",
            "wins",
            "draws",
            "losses",
            "win_rate",
            "win_rate_lo95",
            "win_rate_hi95",
            "mean_rounds",
            "p10_rounds",
            "p50_rounds",
            "p90_rounds",
            "partial",
        ])
        .into_iter()
        .chain(shape.end_reasons.iter().map(|r| format!("share_end_{r}")))
        .chain(std::iter::once(format!("mean_{strength}_at_end")))
        .collect::<Vec<_>>(),
        &summary,
    )?;
    let mut rounds = Vec::new();
    for (r, hists) in tally.strength.iter().enumerate() {
        let running = if tally.battles == 0 {
            0.0
        } else {
            tally.running[r] as f64 / tally.battles as f64
        };
        for s in Side::BOTH {
            let h = &hists[s.index()];
            let scaled = |q: usize| {
                if shape.strength_scale == 1.0 {
                    q.to_string()
                } else {
                    format!("{:.1}", q as f64 * shape.strength_scale)
                }
            };
            rounds.push(vec![
                (r + 1).to_string(),
                side_names[s.index()].to_string(),
                strength.to_string(),
                f4(h.mean() * shape.strength_scale),
                scaled(h.quantile(0.1)),
                scaled(h.quantile(0.5)),
                scaled(h.quantile(0.9)),
                f4(running),
            ]);
            if let Some(bands) = tally.bands.get(r) {
                let counts = &bands[s.index()];
                let row = rounds.last_mut().expect("pushed above");
                row.extend(
                    counts
                        .iter()
                        .map(|&c| f4(c as f64 / tally.battles.max(1) as f64)),
                );
            }
        }
    }
    csv_write(
        &dir.join("rounds.csv"),
        &header(&[
            "round",
            "side",
            "measure",
            "mean",
            "p10",
            "p50",
            "p90",
            "share_running",
        ])
        .into_iter()
        .chain(shape.bands.iter().flat_map(|b| {
            b.kinds
                .iter()
                .map(move |k| format!("share_{}_{}", b.name, k.to_lowercase()))
        }))
        .collect::<Vec<_>>(),
        &rounds,
    )?;
    write_side_tables(dir, tally, shape, side_names)?;
    let max_loss = shape.units.iter().map(|u| u.max_loss).max().unwrap_or(0);
    let mut cols = header(&["side", "unit", "troop", "battles"]);
    cols.extend(shape.fates.iter().skip(1).map(|f| format!("share_{f}")));
    cols.push("share_removed".to_string());
    cols.push("mean_losses".to_string());
    cols.extend((0..=max_loss).map(|k| format!("losses_{k}")));
    if let Some(ev) = &shape.unit_events {
        cols.push(ev.per_battle.to_string());
        cols.extend(ev.kinds.iter().map(|k| format!("{}_share_{k}", ev.name)));
    }
    let mut units = Vec::new();
    for (i, u) in shape.units.iter().enumerate() {
        let n = tally.battles.max(1) as f64;
        let fates = &tally.fates[i];
        let mut row = vec![
            side_names[u.side.index()].to_string(),
            u.label.clone(),
            u.troop.clone(),
            tally.battles.to_string(),
        ];
        row.extend(fates.iter().skip(1).map(|&c| f4(c as f64 / n)));
        row.push(f4(fates.iter().skip(1).sum::<u64>() as f64 / n));
        row.push(f4(tally.losses[i].mean()));
        let counts = tally.losses[i].counts();
        row.extend((0..=max_loss).map(|k| counts.get(k).copied().unwrap_or(0).to_string()));
        if let Some(ev) = &shape.unit_events {
            let k = ev.kinds.len();
            let counts = &tally.unit_events[i * k..(i + 1) * k];
            let total: u64 = counts.iter().sum();
            row.push(f4(total as f64 / n));
            row.extend(counts.iter().map(|&c| f4(c as f64 / total.max(1) as f64)));
        }
        units.push(row);
    }
    csv_write(&dir.join("units.csv"), &cols, &units)
}

/// Writes each of the ruleset's per-side tables (e.g. mc_flow.csv,
/// cards.csv): totals over all battles and means per battle.
fn write_side_tables(
    dir: &Path,
    tally: &Tally,
    shape: &TallyShape,
    side_names: [&str; 2],
) -> Result<(), ReportError> {
    let per_side = shape.side_count_len();
    let n = tally.battles.max(1) as f64;
    let mut offset = 0;
    for table in &shape.side_tables {
        let mut header = vec!["side".to_string(), table.row_name.to_string()];
        header.extend(table.columns.iter().map(|c| format!("{c}_per_battle")));
        header.extend(table.columns.iter().map(|c| format!("{c}_total")));
        let mut rows = Vec::new();
        for s in Side::BOTH {
            let base = s.index() * per_side + offset;
            for (r, name) in table.rows.iter().enumerate() {
                let at = base + r * table.columns.len();
                let counts = &tally.side_counts[at..at + table.columns.len()];
                let mut row = vec![side_names[s.index()].to_string(), name.to_string()];
                row.extend(counts.iter().map(|&c| f4(c as f64 / n)));
                row.extend(counts.iter().map(|c| c.to_string()));
                rows.push(row);
            }
        }
        csv_write(&dir.join(table.file), &header, &rows)?;
        offset += table.rows.len() * table.columns.len();
    }
    Ok(())
}
