//! `muster analyze FILE.parquet --by COLUMN...`: win rates with Wilson 95%
//! intervals per group of the per-battle rows written by `--raw` (needs
//! the `parquet` feature; without it the command says how to get it).

use clap::Args;
use std::path::PathBuf;

#[derive(Args, Debug)]
pub struct AnalyzeArgs {
    /// A Parquet file written by `muster run --raw` or `muster compare --raw`.
    pub file: PathBuf,
    /// Group by these columns (e.g. variant, end_reason, rounds,
    /// "fate:Humans:guard"); none: one group of every row.
    #[arg(long, num_args = 1..)]
    pub by: Vec<String>,
    /// Also write the table to this CSV file.
    #[arg(long, value_name = "FILE.csv")]
    pub out: Option<PathBuf>,
}

#[cfg(not(feature = "parquet"))]
pub fn analyze(_args: AnalyzeArgs) -> anyhow::Result<i32> {
    anyhow::bail!("analyze: {}", super::raw_out::NO_PARQUET)
}

#[cfg(feature = "parquet")]
pub fn analyze(args: AnalyzeArgs) -> anyhow::Result<i32> {
    use crate::report::csv_out::{csv_write, f4};
    let grouped = crate::parquet::analyze::analyze(&args.file, &args.by)
        .map_err(|e| anyhow::anyhow!("{e}"))?;
    let mut header: Vec<String> = grouped.by.clone();
    header.push("battles".into());
    for side in &grouped.sides {
        for what in ["wins", "win_rate", "lo95", "hi95"] {
            header.push(format!("{side}:{what}"));
        }
    }
    header.push("draws".into());
    let rows: Vec<Vec<String>> = grouped
        .groups
        .iter()
        .map(|g| {
            let mut row = g.keys.clone();
            row.push(g.battles.to_string());
            for s in 0..grouped.sides.len() {
                let (rate, lo, hi) = g.rate(s);
                row.extend([g.wins[s].to_string(), f4(rate), f4(lo), f4(hi)]);
            }
            row.push(g.draws.to_string());
            row
        })
        .collect();
    let widths: Vec<usize> = (0..header.len())
        .map(|c| {
            rows.iter()
                .map(|r| r[c].len())
                .chain([header[c].len()])
                .max()
                .unwrap_or(0)
        })
        .collect();
    for line in std::iter::once(&header).chain(&rows) {
        let cells: Vec<String> = line
            .iter()
            .zip(&widths)
            .map(|(cell, w)| format!("{cell:>w$}"))
            .collect();
        say!("{}", cells.join("  "));
    }
    if let Some(out) = &args.out {
        csv_write(out, &header, &rows)?;
        say!("table: {}", out.display());
    }
    Ok(super::EXIT_OK)
}
