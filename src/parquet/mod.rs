//! Per-battle rows in Parquet and group-by questions over them, with polars
//! (cargo feature `parquet`; polars is never on the hot path). `writer`
//! turns the engine's [`crate::engine::RawChunk`]s into a Parquet file,
//! buffered into row groups and written atomically; `analyze` reads such a
//! file lazily and gives each group's win rates with Wilson intervals.
//!
//! Columns: `battle` (the seed index), `variant` (its label), `winner` (a
//! side's name or `draw`), `rounds`, `end_reason`, `strength:<side>` (each
//! side's strength at the end, in the ruleset's measure), and per unit
//! `fate:<side>:<label>` and `losses:<side>:<label>` (null for variants
//! without that unit).

pub mod analyze;
pub mod writer;

/// A polars or file error, as a message for the user.
#[derive(Debug, thiserror::Error)]
#[error("{0}")]
pub struct ParquetError(pub String);

impl From<polars::prelude::PolarsError> for ParquetError {
    fn from(e: polars::prelude::PolarsError) -> Self {
        ParquetError(e.to_string())
    }
}
