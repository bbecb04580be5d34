//! `muster analyze`: reads a `--raw` Parquet file lazily with polars,
//! groups its rows by the given columns and counts each side's wins and the
//! draws per group; the win rates get Wilson 95% intervals here.

use super::ParquetError;
use crate::scenario::problems::did_you_mean;
use crate::stats::{wilson, Z_95};
use polars::prelude::*;
use std::path::Path;

/// One group's counts.
#[derive(Clone, Debug, PartialEq)]
pub struct GroupRow {
    /// The group's value of each `--by` column, as text (`null` when missing).
    pub keys: Vec<String>,
    pub battles: u64,
    /// Wins per side, in the file's side order.
    pub wins: Vec<u64>,
    pub draws: u64,
}

impl GroupRow {
    /// Side `s`'s win rate with its Wilson 95% interval.
    pub fn rate(&self, s: usize) -> (f64, f64, f64) {
        let (lo, hi) = wilson(self.wins[s], self.battles, Z_95);
        (self.wins[s] as f64 / self.battles.max(1) as f64, lo, hi)
    }
}

/// The groups of a raw file.
#[derive(Clone, Debug, PartialEq)]
pub struct Grouped {
    pub by: Vec<String>,
    pub sides: Vec<String>,
    pub groups: Vec<GroupRow>,
}

/// Groups the rows of `path` by the columns `by` (none: one group).
pub fn analyze(path: &Path, by: &[String]) -> Result<Grouped, ParquetError> {
    if !path.is_file() {
        return Err(ParquetError(format!(
            "{}: no such file (write one with `muster run ... --raw FILE.parquet`)",
            path.display()
        )));
    }
    let mut magic = [0u8; 4];
    let is_parquet = std::fs::File::open(path)
        .and_then(|mut f| std::io::Read::read_exact(&mut f, &mut magic))
        .is_ok()
        && &magic == b"PAR1";
    if !is_parquet {
        return Err(ParquetError(format!(
            "{}: not a readable Parquet file (it does not start with PAR1)",
            path.display()
        )));
    }
    let source = PlRefPath::from(path.to_string_lossy().as_ref());
    let unreadable = |e: PolarsError| {
        ParquetError(format!(
            "{}: not a readable Parquet file: {e}",
            path.display()
        ))
    };
    let mut lf = LazyFrame::scan_parquet(source, ScanArgsParquet::default()).map_err(unreadable)?;
    let schema = lf.collect_schema().map_err(unreadable)?;
    let columns: Vec<String> = schema.iter_names().map(|c| c.to_string()).collect();
    if !columns.iter().any(|c| c == "winner") {
        return Err(ParquetError(format!(
            "{}: no `winner` column; this is not a file of `muster ... --raw`",
            path.display()
        )));
    }
    for b in by {
        if !columns.contains(b) {
            let hint = did_you_mean(b, columns.iter().map(String::as_str))
                .unwrap_or_else(|| format!("columns: {}", columns.join(", ")));
            return Err(ParquetError(format!(
                "--by `{b}`: {} has no such column; {hint}",
                path.display()
            )));
        }
    }
    let sides: Vec<String> = columns
        .iter()
        .filter_map(|c| c.strip_prefix("strength:").map(str::to_string))
        .collect();
    let count = |e: Expr, name: &str| e.sum().cast(DataType::UInt64).alias(name);
    let mut aggs = vec![len().cast(DataType::UInt64).alias("__battles")];
    for (s, side) in sides.iter().enumerate() {
        aggs.push(count(
            col("winner").eq(lit(side.as_str())),
            &format!("__wins{s}"),
        ));
    }
    aggs.push(count(col("winner").eq(lit("draw")), "__draws"));
    let keys: Vec<Expr> = by.iter().map(|b| col(b.as_str())).collect();
    let df = if by.is_empty() {
        lf.select(aggs).collect().map_err(unreadable)?
    } else {
        let names: Vec<PlSmallStr> = by.iter().map(|b| b.as_str().into()).collect();
        lf.group_by(keys)
            .agg(aggs)
            .sort(names, SortMultipleOptions::default().with_nulls_last(true))
            .with_columns(
                by.iter()
                    .map(|b| col(b.as_str()).cast(DataType::String))
                    .collect::<Vec<_>>(),
            )
            .collect()
            .map_err(unreadable)?
    };
    let u64_column = |name: &str| -> Result<Vec<u64>, ParquetError> {
        let ca = df.column(name)?.u64()?;
        Ok((0..ca.len()).map(|i| ca.get(i).unwrap_or(0)).collect())
    };
    let battles = u64_column("__battles")?;
    let wins: Vec<Vec<u64>> = (0..sides.len())
        .map(|s| u64_column(&format!("__wins{s}")))
        .collect::<Result<_, _>>()?;
    let draws = u64_column("__draws")?;
    let key_columns: Vec<Vec<String>> = by
        .iter()
        .map(|b| -> Result<Vec<String>, ParquetError> {
            let ca = df.column(b)?.str()?;
            Ok((0..ca.len())
                .map(|i| ca.get(i).unwrap_or("null").to_string())
                .collect())
        })
        .collect::<Result<_, _>>()?;
    let groups = (0..df.height())
        .map(|i| GroupRow {
            keys: key_columns.iter().map(|k| k[i].clone()).collect(),
            battles: battles[i],
            wins: wins.iter().map(|w| w[i]).collect(),
            draws: draws[i],
        })
        .collect();
    Ok(Grouped {
        by: by.to_vec(),
        sides,
        groups,
    })
}
