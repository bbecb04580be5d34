//! Output files. One writer per format; every file is written atomically
//! (a temporary file in the same folder, renamed into place), and every
//! output folder is written whole: a command claims its folder before any
//! work ([`OutDir`]: locked, checked, probed), writes its whole output set
//! into a fresh staging folder and puts it in place at the end
//! ([`Staging`]). muster knows its own files by the record it keeps in
//! each folder ([`owned`]) and never moves or deletes any other file.
//! With `scenario` (and the fairness list reader and `parquet`, which
//! write or read their own files), the only file IO.

mod analysis_charts;
pub mod army;
pub mod build;
pub mod charts;
pub mod compare;
pub mod counter;
pub mod csv_out;
pub mod decks;
pub mod fairness;
mod faults;
pub mod html;
mod lock;
mod outdir;
pub mod owned;
pub mod pairings;
pub mod panel;
mod staging;
pub mod study;
pub mod sweep;
pub mod table;
pub mod tune;
pub mod verdict;

pub use outdir::{FolderKind, OutDir};
pub use staging::Staging;
use std::io::Write;
use std::path::Path;
use std::sync::Mutex;

/// The file a run writes when it is partial, with what `run --resume` needs.
pub const RESUME_FILE: &str = "resume.json";

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

pub(crate) fn io_err(path: &Path) -> impl FnOnce(std::io::Error) -> ReportError + '_ {
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
    faults::before_write(path)?;
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
    // On disk before the rename names it, so a crash of the machine cannot
    // leave the name on an empty or torn file.
    tmp.as_file().sync_all().map_err(io_err(path))?;
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

/// The staging folders of this process and the output folders they stand
/// for, for [`unstage`].
static STAGINGS: Mutex<Vec<(String, String)>> = Mutex::new(Vec::new());

/// Notes that staging folder `dir` stands for the output folder `given`.
fn remember_staging(dir: &Path, given: &Path) {
    if let Ok(mut all) = STAGINGS.lock() {
        all.push((dir.display().to_string(), given.display().to_string()));
    }
}

/// `text` with every staging folder's path written as the output folder
/// it stands for, so that messages name the folder the user gave.
pub fn unstage(text: &str) -> String {
    let mut out = text.to_string();
    if let Ok(all) = STAGINGS.lock() {
        for (dir, given) in all.iter().rev() {
            out = out.replace(dir.as_str(), given);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::{remember_staging, unstage};
    use std::path::Path;

    #[test]
    fn unstage_names_the_output_folder() {
        remember_staging(
            Path::new("/a/b/.out.muster-staging-12-3"),
            Path::new("b/out"),
        );
        assert_eq!(
            unstage("cannot write /a/b/.out.muster-staging-12-3/summary.csv: full"),
            "cannot write b/out/summary.csv: full"
        );
        assert_eq!(unstage("no staging here"), "no staging here");
    }
}
