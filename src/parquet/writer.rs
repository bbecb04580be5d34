//! Streams per-battle rows into a Parquet file: chunks are buffered up to
//! [`ROW_GROUP`] rows, then written as one row group through polars'
//! batched writer, so memory stays flat in the number of battles. The file
//! is written under a temporary name beside its destination and renamed
//! into place by [`RawWriter::finish`]; dropped unfinished, it disappears.

use super::ParquetError;
use crate::engine::RawChunk;
use crate::stats::TallyShape;
use polars::io::parquet::write::BatchedWriter;
use polars::prelude::*;
use std::fs::File;
use std::path::{Path, PathBuf};

/// Rows per row group.
pub const ROW_GROUP: usize = 65_536;

/// What one variant's rows mean.
#[derive(Clone, Debug)]
pub struct VariantLayout {
    pub label: String,
    pub side_names: [String; 2],
    pub shape: TallyShape,
}

/// Writes rows of the variants in `layouts` (row `variant` indexes it).
pub struct RawWriter {
    path: PathBuf,
    tmp: tempfile::NamedTempFile,
    writer: Option<BatchedWriter<File>>,
    layouts: Vec<VariantLayout>,
    strength_columns: [String; 2],
    /// Names of the unit columns (`side:label`), in first-seen order.
    units: Vec<String>,
    /// Per variant, the unit column of each of its units.
    unit_column: Vec<Vec<usize>>,
    buffer: Vec<RawChunk>,
    buffered: usize,
    rows: u64,
    error: Option<String>,
}

impl RawWriter {
    pub fn create(path: &Path, layouts: Vec<VariantLayout>) -> Result<Self, ParquetError> {
        let dir = path
            .parent()
            .filter(|p| !p.as_os_str().is_empty())
            .unwrap_or(Path::new("."));
        let io = |e: std::io::Error| ParquetError(format!("cannot write {}: {e}", path.display()));
        std::fs::create_dir_all(dir).map_err(io)?;
        let tmp = tempfile::Builder::new()
            .prefix(".muster-")
            .suffix(".parquet.tmp")
            .tempfile_in(dir)
            .map_err(io)?;
        let same_sides = layouts
            .iter()
            .all(|l| l.side_names == layouts[0].side_names);
        let strength_columns = if same_sides {
            layouts[0]
                .side_names
                .clone()
                .map(|s| format!("strength:{s}"))
        } else {
            ["strength:first".to_string(), "strength:second".to_string()]
        };
        let mut units: Vec<String> = Vec::new();
        let unit_column = layouts
            .iter()
            .map(|l| {
                l.shape
                    .units
                    .iter()
                    .map(|u| {
                        let name = format!("{}:{}", l.side_names[u.side.index()], u.label);
                        match units.iter().position(|n| *n == name) {
                            Some(i) => i,
                            None => {
                                units.push(name);
                                units.len() - 1
                            }
                        }
                    })
                    .collect()
            })
            .collect();
        Ok(RawWriter {
            path: path.to_path_buf(),
            tmp,
            writer: None,
            layouts,
            strength_columns,
            units,
            unit_column,
            buffer: Vec::new(),
            buffered: 0,
            rows: 0,
            error: None,
        })
    }

    /// Takes a chunk of rows; a write error is kept for [`finish`](Self::finish).
    pub fn push(&mut self, chunk: RawChunk) {
        if self.error.is_some() {
            return;
        }
        self.buffered += chunk.len();
        self.buffer.push(chunk);
        if self.buffered >= ROW_GROUP {
            if let Err(e) = self.flush() {
                self.error = Some(e.0);
            }
        }
    }

    fn flush(&mut self) -> Result<(), ParquetError> {
        if self.buffered == 0 {
            return Ok(());
        }
        let df = self.frame()?;
        self.buffer.clear();
        self.buffered = 0;
        if self.writer.is_none() {
            let file = self
                .tmp
                .reopen()
                .map_err(|e| ParquetError(format!("cannot write {}: {e}", self.path.display())))?;
            self.writer = Some(ParquetWriter::new(file).batched(df.schema())?);
        }
        if let Some(w) = self.writer.as_mut() {
            w.write_batch(&df)?;
        }
        self.rows += df.height() as u64;
        Ok(())
    }

    /// The buffered rows as a data frame.
    fn frame(&self) -> Result<DataFrame, ParquetError> {
        let n = self.buffered;
        let mut battle = Vec::with_capacity(n);
        let mut variant = Vec::with_capacity(n);
        let mut winner = Vec::with_capacity(n);
        let mut rounds = Vec::with_capacity(n);
        let mut end_reason = Vec::with_capacity(n);
        let mut strength = [Vec::with_capacity(n), Vec::with_capacity(n)];
        let mut fates: Vec<Vec<Option<&str>>> = vec![Vec::with_capacity(n); self.units.len()];
        let mut losses: Vec<Vec<Option<u32>>> = vec![Vec::with_capacity(n); self.units.len()];
        for chunk in &self.buffer {
            let mut offset = 0;
            for r in 0..chunk.len() {
                let v = chunk.variant[r] as usize;
                let layout = &self.layouts[v];
                battle.push(chunk.battle[r]);
                variant.push(layout.label.as_str());
                winner.push(match chunk.winner[r] {
                    0 => layout.side_names[0].as_str(),
                    1 => layout.side_names[1].as_str(),
                    _ => "draw",
                });
                rounds.push(u32::from(chunk.rounds[r]));
                end_reason.push(
                    layout
                        .shape
                        .end_reasons
                        .get(usize::from(chunk.end_reason[r]))
                        .copied()
                        .unwrap_or("?"),
                );
                for (s, column) in strength.iter_mut().enumerate() {
                    column.push(f64::from(chunk.end_strength[r][s]) * layout.shape.strength_scale);
                }
                let own = &self.unit_column[v];
                for column in fates.iter_mut() {
                    column.push(None);
                }
                for column in losses.iter_mut() {
                    column.push(None);
                }
                for (k, &c) in own.iter().enumerate() {
                    let fate = chunk.fates[offset + k];
                    *fates[c].last_mut().expect("pushed above") = Some(
                        layout
                            .shape
                            .fates
                            .get(usize::from(fate))
                            .copied()
                            .unwrap_or("?"),
                    );
                    *losses[c].last_mut().expect("pushed above") =
                        Some(u32::from(chunk.losses[offset + k]));
                }
                offset += own.len();
            }
        }
        let mut columns: Vec<Column> = vec![
            Column::new("battle".into(), battle),
            Column::new("variant".into(), variant),
            Column::new("winner".into(), winner),
            Column::new("rounds".into(), rounds),
            Column::new("end_reason".into(), end_reason),
        ];
        for (s, values) in strength.into_iter().enumerate() {
            columns.push(Column::new(
                self.strength_columns[s].as_str().into(),
                values,
            ));
        }
        for (name, values) in self.units.iter().zip(fates) {
            columns.push(Column::new(format!("fate:{name}").into(), values));
        }
        for (name, values) in self.units.iter().zip(losses) {
            columns.push(Column::new(format!("losses:{name}").into(), values));
        }
        Ok(DataFrame::new(n, columns)?)
    }

    /// Writes what is buffered, closes the file and renames it into place;
    /// returns the rows written.
    pub fn finish(mut self) -> Result<u64, ParquetError> {
        if let Some(e) = self.error.take() {
            return Err(ParquetError(e));
        }
        self.flush()?;
        match self.writer.as_mut() {
            Some(w) => {
                w.finish()?;
            }
            None => {
                return Err(ParquetError(format!(
                    "no battle was played, so {} was not written",
                    self.path.display()
                )))
            }
        }
        crate::report::readable(self.tmp.path())
            .map_err(|e| ParquetError(format!("cannot write {}: {e}", self.path.display())))?;
        self.tmp.persist(&self.path).map_err(|e| {
            ParquetError(format!("cannot write {}: {}", self.path.display(), e.error))
        })?;
        Ok(self.rows)
    }
}
