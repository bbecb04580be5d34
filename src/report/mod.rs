//! Output files. One writer per format; every file is written atomically
//! (a temporary file in the same folder, renamed into place), so no output
//! is ever left half-written. With `scenario` (and the fairness list reader
//! and `parquet`, which write or read their own files), the only file IO.

mod analysis_charts;
pub mod build;
pub mod charts;
pub mod compare;
pub mod csv_out;
pub mod decks;
pub mod fairness;
pub mod html;
pub mod study;
pub mod sweep;
pub mod table;
pub mod tune;

use std::io::Write;
use std::path::Path;

/// Errors while writing outputs.
#[derive(Debug, thiserror::Error)]
pub enum ReportError {
    #[error("cannot write {path}: {source}")]
    Io {
        path: String,
        source: std::io::Error,
    },
    #[error("cannot write {path}: {source}")]
    Csv { path: String, source: csv::Error },
    #[error("{path}: {message}")]
    Folder { path: String, message: String },
    #[error(transparent)]
    Chart(#[from] charts::ChartError),
    #[error("cannot serialise run.toml: {0}")]
    Toml(#[from] toml::ser::Error),
}

fn io_err(path: &Path) -> impl FnOnce(std::io::Error) -> ReportError + '_ {
    move |source| ReportError::Io {
        path: path.display().to_string(),
        source,
    }
}

/// Writes `path` atomically: `fill` writes into a temporary file beside it,
/// which is renamed over `path` only when everything succeeded.
pub fn write_atomic(
    path: &Path,
    fill: impl FnOnce(&mut dyn Write) -> Result<(), ReportError>,
) -> Result<(), ReportError> {
    let dir = path
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    std::fs::create_dir_all(dir).map_err(io_err(dir))?;
    let mut tmp = tempfile::Builder::new()
        .prefix(".muster-")
        .suffix(".tmp")
        .tempfile_in(dir)
        .map_err(io_err(dir))?;
    {
        let mut buf = std::io::BufWriter::new(tmp.as_file_mut());
        fill(&mut buf)?;
        buf.flush().map_err(io_err(path))?;
    }
    readable(tmp.path()).map_err(io_err(path))?;
    tmp.persist(path).map_err(|e| ReportError::Io {
        path: path.display().to_string(),
        source: e.error,
    })?;
    Ok(())
}

/// Makes a finished output readable by others (`rw-r--r--`), as files
/// written without a temporary file would be; temporary files start
/// private.
pub fn readable(path: &Path) -> std::io::Result<()> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o644))?;
    }
    #[cfg(not(unix))]
    let _ = path;
    Ok(())
}

/// Writes a text file atomically.
pub fn write_text(path: &Path, text: &str) -> Result<(), ReportError> {
    write_atomic(path, |w| w.write_all(text.as_bytes()).map_err(io_err(path)))
}
