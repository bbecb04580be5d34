//! CSV files read back as tables of text, for `muster report`, which
//! rebuilds a report from an output folder's files alone.

use super::ReportError;
use std::path::Path;

/// A CSV file: its header and rows, as text.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct CsvTable {
    pub header: Vec<String>,
    pub rows: Vec<Vec<String>>,
}

impl CsvTable {
    /// Reads `path`.
    pub fn read(path: &Path) -> Result<CsvTable, ReportError> {
        // A file that does not read as CSV: which file, where, and why it
        // may be so (never "cannot write").
        let err = |e: csv::Error| {
            let at = e
                .position()
                .map(|p| format!(" at line {}", p.line()))
                .unwrap_or_default();
            let why = match e.kind() {
                csv::ErrorKind::Io(io) => io.to_string(),
                _ => e.to_string(),
            };
            ReportError::Folder {
                path: path.display().to_string(),
                message: format!(
                    "cannot read this CSV file{at}: {why}; the folder may come from another version of muster or be damaged (run it again to rebuild it)"
                ),
            }
        };
        let mut reader = csv::Reader::from_path(path).map_err(err)?;
        let header = reader
            .headers()
            .map_err(err)?
            .iter()
            .map(str::to_string)
            .collect();
        let rows = reader
            .records()
            .map(|r| r.map(|r| r.iter().map(str::to_string).collect()))
            .collect::<Result<_, _>>()
            .map_err(err)?;
        Ok(CsvTable { header, rows })
    }

    /// Reads `path`, which must have the columns `required`.
    pub fn read_with(path: &Path, required: &[&str]) -> Result<CsvTable, ReportError> {
        let table = CsvTable::read(path)?;
        let missing: Vec<&str> = required
            .iter()
            .copied()
            .filter(|c| table.col(c).is_none())
            .collect();
        if missing.is_empty() {
            return Ok(table);
        }
        Err(ReportError::Folder {
            path: path.display().to_string(),
            message: format!(
                "has no column {}; the folder may come from another version of muster or be damaged (run it again to rebuild it)",
                missing.join(", ")
            ),
        })
    }

    /// The index of column `name`.
    pub fn col(&self, name: &str) -> Option<usize> {
        self.header.iter().position(|h| h == name)
    }

    /// Column `name` of `row` as text ("" when absent).
    pub fn text<'a>(&'a self, row: &'a [String], name: &str) -> &'a str {
        self.col(name)
            .and_then(|i| row.get(i))
            .map_or("", String::as_str)
    }

    /// Column `name` of `row` as a number (NaN when absent or not a number).
    pub fn num(&self, row: &[String], name: &str) -> f64 {
        self.text(row, name).parse().unwrap_or(f64::NAN)
    }

    /// Column `name` of the first row ("" when there is none).
    pub fn first(&self, name: &str) -> String {
        self.rows
            .first()
            .map_or(String::new(), |r| self.text(r, name).to_string())
    }

    /// `(x, lo, value, hi)` from four columns, for the rows `keep` accepts.
    pub fn band(
        &self,
        [x, lo, value, hi]: [&str; 4],
        keep: impl Fn(&[String]) -> bool,
    ) -> Vec<(f64, f64, f64, f64)> {
        self.rows
            .iter()
            .filter(|r| keep(r))
            .map(|r| {
                (
                    self.num(r, x),
                    self.num(r, lo),
                    self.num(r, value),
                    self.num(r, hi),
                )
            })
            .collect()
    }
}
