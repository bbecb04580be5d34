//! Output files. One writer per format; every file is written atomically
//! (a temporary file in the same folder, renamed into place), and every
//! output folder is written whole: a command writes its whole output set
//! into a fresh hidden staging folder beside the target ([`OutDir`],
//! [`Staging`]) and swaps it in at the end, so a reader finds the previous
//! output or the new one, never a mix. With `scenario` (and the fairness
//! list reader and `parquet`, which write or read their own files), the
//! only file IO.

mod analysis_charts;
pub mod army;
pub mod build;
pub mod charts;
pub mod compare;
pub mod counter;
pub mod csv_out;
pub mod decks;
pub mod fairness;
pub mod html;
pub mod pairings;
pub mod panel;
pub mod study;
pub mod sweep;
pub mod table;
pub mod tune;
pub mod verdict;

use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

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
    fail_for_test(path)?;
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

/// The test hook behind the whole-folder tests: with `MUSTER_TEST_FAIL_WRITE=K`
/// in the environment, the K-th file write of the process (counting from 1)
/// fails as a full disk would. Unset (always, outside tests) it costs one
/// environment lookup per output file.
fn fail_for_test(path: &Path) -> Result<(), ReportError> {
    static WRITES: AtomicU64 = AtomicU64::new(0);
    let Some(k) = std::env::var("MUSTER_TEST_FAIL_WRITE")
        .ok()
        .and_then(|v| v.parse::<u64>().ok())
    else {
        return Ok(());
    };
    if WRITES.fetch_add(1, Ordering::Relaxed) + 1 == k {
        #[cfg(unix)]
        let source = std::io::Error::from_raw_os_error(libc::ENOSPC);
        #[cfg(not(unix))]
        let source = std::io::Error::other("no space left on device (simulated)");
        return Err(ReportError::Io {
            path: path.display().to_string(),
            source,
        });
    }
    Ok(())
}

/// What a command writes into its output folder, for telling its own files
/// from others'.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FolderKind {
    /// `muster run` (a shard, a merged run): run.toml, the CSVs, shard.json,
    /// resume.json and, after `muster report`, the charts and report.html.
    Run,
    /// An analysis: the kind its analysis.toml records (`compare`, `sweep`,
    /// `tune`, `decks`, `fairness`); its CSVs, variants/, charts,
    /// report.html and, for a comparison or sweep shard, study-shard.json.
    Analysis(&'static str),
}

/// The file a run writes when it is partial, with what `run --resume` needs.
pub const RESUME_FILE: &str = "resume.json";

/// Whether `name`, an entry of an output folder, is a file a command of
/// `kind` writes (and so replaces).
fn owned(kind: FolderKind, name: &str) -> bool {
    let common = name.ends_with(".csv") || name == "charts" || name == "report.html";
    common
        || match kind {
            FolderKind::Run => matches!(name, "run.toml" | "shard.json" | RESUME_FILE),
            FolderKind::Analysis(_) => {
                matches!(
                    name,
                    "analysis.toml"
                        | "variants"
                        | "pairings"
                        | "study-shard.json"
                        | "doctrines"
                        | "competent.toml"
                )
            }
        }
}

/// A muster temporary: a torn `.muster-XXXX.tmp` (or `.png`) of a killed run.
fn is_temporary(name: &str) -> bool {
    name.starts_with(".muster-")
}

/// The analysis kind an analysis.toml in `dir` records, if it has one.
fn manifest_kind(dir: &Path) -> Option<String> {
    let text = std::fs::read_to_string(dir.join("analysis.toml")).ok()?;
    let doc: toml::Table = toml::from_str(&text).ok()?;
    Some(doc.get("kind")?.as_str()?.to_string())
}

/// Staging and set-aside folders of one process get distinct names.
static STAGINGS: AtomicU64 = AtomicU64::new(0);

/// An output folder a command has claimed: checked before any work starts,
/// then written whole through [`OutDir::stage`] (as often as the command
/// likes: a run writes a checkpoint now and then).
#[derive(Clone, Debug)]
pub struct OutDir {
    /// The folder, canonical when it exists.
    target: PathBuf,
    /// The folder as the user gave it, for messages.
    given: PathBuf,
    kind: FolderKind,
    /// Whether it held others' files (given `force`): then only the files
    /// the command writes are replaced, and everything else is kept.
    mixed: bool,
}

impl OutDir {
    /// Claims `target` for a command writing `kind`: refuses a file, the
    /// current folder or one above it, and (unless `force`) a folder
    /// holding entries such a command does not write, e.g. a comparison's
    /// folder given to `run`; removes what killed runs left beside it
    /// (staging and set-aside folders whose process is gone). With `force`,
    /// the other entries are kept in the new folder.
    pub fn claim(target: &Path, kind: FolderKind, force: bool) -> Result<OutDir, ReportError> {
        let given = target;
        let folder = |message: String| ReportError::Folder {
            path: target.display().to_string(),
            message,
        };
        let target = match std::fs::metadata(target) {
            Ok(m) if !m.is_dir() => {
                return Err(folder(
                    "is a file, not a folder; choose a folder with --out".to_string(),
                ))
            }
            Ok(_) => std::fs::canonicalize(target).map_err(io_err(target))?,
            Err(_) => target.to_path_buf(),
        };
        if target.file_name().is_none() {
            return Err(folder(
                "is not a folder muster can replace; choose a named folder with --out".to_string(),
            ));
        }
        if let Ok(here) = std::env::current_dir().and_then(std::fs::canonicalize) {
            if target.is_absolute() && here.starts_with(&target) {
                return Err(folder(
                    "is the current folder or one above it; muster replaces its output folder, so choose another --out".to_string(),
                ));
            }
        }
        let mut out = OutDir {
            target: target.clone(),
            given: given.to_path_buf(),
            kind,
            mixed: false,
        };
        out.clean_stale();
        let foreign = out.foreign();
        out.mixed = force && !foreign.is_empty();
        if !force && !foreign.is_empty() {
            let whose = match manifest_kind(&out.target) {
                Some(k) if FolderKind::Analysis(leak(&k)) != kind => {
                    format!(" (it is the output of `muster {k}`)")
                }
                None if kind != FolderKind::Run && out.target.join("run.toml").is_file() => {
                    " (it is the output of `muster run`)".to_string()
                }
                _ => String::new(),
            };
            return Err(folder(format!(
                "holds files this command does not write{whose}: {}; choose another --out, or give --force to write there anyway (those files are kept)",
                foreign.join(", ")
            )));
        }
        Ok(out)
    }

    /// The folder the outputs end up in, as the user gave it.
    pub fn path(&self) -> &Path {
        &self.given
    }

    /// The entries of the target that a command of this kind does not
    /// write, sorted; an analysis folder of another kind counts whole.
    fn foreign(&self) -> Vec<String> {
        let Ok(entries) = std::fs::read_dir(&self.target) else {
            return Vec::new();
        };
        let other_analysis = match (self.kind, manifest_kind(&self.target)) {
            (FolderKind::Analysis(k), Some(m)) => k != m,
            _ => false,
        };
        let mut names: Vec<String> = entries
            .filter_map(Result::ok)
            .map(|e| e.file_name().to_string_lossy().to_string())
            .filter(|n| !is_temporary(n))
            .filter(|n| other_analysis && n == "analysis.toml" || !owned(self.kind, n))
            .collect();
        names.sort();
        names
    }

    /// The parent folder and the target's name.
    fn parent_and_name(&self) -> (PathBuf, String) {
        let parent = self
            .target
            .parent()
            .filter(|p| !p.as_os_str().is_empty())
            .unwrap_or(Path::new("."))
            .to_path_buf();
        let name = self
            .target
            .file_name()
            .map(|n| n.to_string_lossy().to_string())
            .unwrap_or_default();
        (parent, name)
    }

    /// A sibling name `.NAME.muster-WHAT-PID-N`.
    fn sibling(&self, what: &str) -> PathBuf {
        let (parent, name) = self.parent_and_name();
        let n = STAGINGS.fetch_add(1, Ordering::Relaxed);
        parent.join(format!(".{name}.muster-{what}-{}-{n}", std::process::id()))
    }

    /// Removes the staging and set-aside folders beside the target that a
    /// killed run left (those of a live process are another run's, in
    /// progress, and are left alone).
    fn clean_stale(&self) {
        let (parent, name) = self.parent_and_name();
        let Ok(entries) = std::fs::read_dir(&parent) else {
            return;
        };
        let prefix = format!(".{name}.muster-");
        for e in entries.filter_map(Result::ok) {
            let entry = e.file_name().to_string_lossy().to_string();
            let Some(rest) = entry.strip_prefix(&prefix) else {
                continue;
            };
            let pid = rest.split('-').nth(1).and_then(|p| p.parse::<u32>().ok());
            if pid.is_some_and(|p| p != std::process::id() && process_alive(p)) {
                continue;
            }
            let _ = std::fs::remove_dir_all(e.path());
        }
    }

    /// A fresh, empty staging folder beside the target.
    pub fn stage(&self) -> Result<Staging, ReportError> {
        let (parent, _) = self.parent_and_name();
        std::fs::create_dir_all(&parent).map_err(io_err(&parent))?;
        let dir = self.sibling("staging");
        std::fs::create_dir(&dir).map_err(io_err(&dir))?;
        Ok(Staging {
            dir,
            out: self.clone(),
            done: false,
        })
    }
}

/// Interns an analysis kind read from a file (a handful per process).
fn leak(kind: &str) -> &'static str {
    // A command's panel folder (`tune-panel`) is that command's.
    match kind.strip_suffix("-panel").unwrap_or(kind) {
        "compare" => "compare",
        "sweep" => "sweep",
        "tune" => "tune",
        "decks" => "decks",
        "fairness" => "fairness",
        "panel" => "panel",
        "counter" => "counter",
        _ => "",
    }
}

/// Whether process `pid` is running (unix; elsewhere every process counts
/// as gone, so a killed run's staging is always cleaned).
fn process_alive(pid: u32) -> bool {
    #[cfg(unix)]
    {
        let Ok(pid) = libc::pid_t::try_from(pid) else {
            return false;
        };
        // SAFETY: kill with signal 0 sends nothing; it only checks that the
        // process exists (EPERM: it exists but is another user's).
        let r = unsafe { libc::kill(pid, 0) };
        r == 0 || std::io::Error::last_os_error().raw_os_error() == Some(libc::EPERM)
    }
    #[cfg(not(unix))]
    {
        let _ = pid;
        false
    }
}

/// A staging folder: the writers write the whole output set into
/// [`Staging::path`], then [`Staging::commit`] swaps it in. Dropped without
/// a commit (an error on the way), it is removed and the target is
/// untouched.
#[derive(Debug)]
pub struct Staging {
    dir: PathBuf,
    out: OutDir,
    done: bool,
}

impl Staging {
    /// Where the writers write.
    pub fn path(&self) -> &Path {
        &self.dir
    }

    /// The folder the outputs end up in.
    pub fn target(&self) -> &Path {
        self.out.path()
    }

    /// Copies the entries of the target that `keep` accepts into the
    /// staging folder (hard links where the file system allows), so a
    /// command that adds to a folder (`report`) rebuilds it whole.
    pub fn copy_from_target(&self, keep: impl Fn(&str) -> bool) -> Result<(), ReportError> {
        let target = &self.out.target;
        let entries = std::fs::read_dir(target).map_err(io_err(target))?;
        for e in entries {
            let e = e.map_err(io_err(target))?;
            let name = e.file_name().to_string_lossy().to_string();
            if is_temporary(&name) || !keep(&name) {
                continue;
            }
            copy_tree(&e.path(), &self.dir.join(&name))?;
        }
        Ok(())
    }

    /// Swaps the staging folder in: the entries of the old target that the
    /// command does not write are moved in, the old target is renamed
    /// aside, the staging folder renamed into its place and the old one
    /// removed. A kill in between leaves the old folder or the new one
    /// whole (or, between the two renames, neither, with both kept aside
    /// under hidden names that the next run removes).
    pub fn commit(mut self) -> Result<(), ReportError> {
        let target = self.out.target.clone();
        sync_tree(&self.dir)?;
        match std::fs::symlink_metadata(&target) {
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                std::fs::rename(&self.dir, &target).map_err(io_err(&target))?;
            }
            Err(e) => return Err(io_err(&target)(e)),
            Ok(m) if !m.is_dir() => {
                return Err(ReportError::Folder {
                    path: target.display().to_string(),
                    message: "is a file, not a folder; choose a folder with --out".to_string(),
                })
            }
            Ok(_) => {
                let entries = std::fs::read_dir(&target).map_err(io_err(&target))?;
                for e in entries {
                    let e = e.map_err(io_err(&target))?;
                    let name = e.file_name().to_string_lossy().to_string();
                    let into = self.dir.join(&name);
                    // What the command writes is replaced (in a folder with
                    // others' files, only what it wrote this time and the
                    // files that must not outlive it); the rest is kept.
                    let replaced = if self.out.mixed {
                        matches!(name.as_str(), "shard.json" | RESUME_FILE)
                    } else {
                        owned(self.out.kind, &name)
                    };
                    if is_temporary(&name) || replaced || into.symlink_metadata().is_ok() {
                        continue;
                    }
                    std::fs::rename(e.path(), &into).map_err(io_err(&e.path()))?;
                }
                let old = self.out.sibling("old");
                std::fs::rename(&target, &old).map_err(io_err(&target))?;
                if let Err(e) = std::fs::rename(&self.dir, &target) {
                    let _ = std::fs::rename(&old, &target);
                    return Err(io_err(&target)(e));
                }
                let _ = std::fs::remove_dir_all(&old);
            }
        }
        self.done = true;
        let (parent, _) = self.out.parent_and_name();
        sync_dir(&parent)
    }
}

/// Flushes the entries of `dir` and of every folder below it to disk.
fn sync_tree(dir: &Path) -> Result<(), ReportError> {
    for e in std::fs::read_dir(dir).map_err(io_err(dir))? {
        let e = e.map_err(io_err(dir))?;
        if e.file_type().map_err(io_err(&e.path()))?.is_dir() {
            sync_tree(&e.path())?;
        }
    }
    sync_dir(dir)
}

/// Flushes a folder's entries (the names of the files renamed into it) to
/// disk; a no-op where folders cannot be opened as files.
fn sync_dir(dir: &Path) -> Result<(), ReportError> {
    #[cfg(unix)]
    std::fs::File::open(dir)
        .and_then(|f| f.sync_all())
        .map_err(io_err(dir))?;
    #[cfg(not(unix))]
    let _ = dir;
    Ok(())
}

impl Drop for Staging {
    fn drop(&mut self) {
        if !self.done {
            let _ = std::fs::remove_dir_all(&self.dir);
        }
    }
}

/// Copies a file (a hard link where possible) or a folder tree.
fn copy_tree(from: &Path, to: &Path) -> Result<(), ReportError> {
    let meta = std::fs::metadata(from).map_err(io_err(from))?;
    if meta.is_dir() {
        std::fs::create_dir(to).map_err(io_err(to))?;
        for e in std::fs::read_dir(from).map_err(io_err(from))? {
            let e = e.map_err(io_err(from))?;
            copy_tree(&e.path(), &to.join(e.file_name()))?;
        }
    } else if std::fs::hard_link(from, to).is_err() {
        std::fs::copy(from, to).map_err(io_err(to))?;
    }
    Ok(())
}

/// `text` with every staging folder's path (`DIR/.NAME.muster-staging-P-N`)
/// written as the folder it stands for (`DIR/NAME`), so that messages name
/// the output folder the user gave.
pub fn unstage(text: &str) -> String {
    const MARK: &str = ".muster-staging-";
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find(MARK) {
        let before = &rest[..at];
        // The hidden name starts after the last separator before the mark.
        let dot = before.rfind(['/', '\\']).map_or(0, |i| i + 1);
        let after = &rest[at + MARK.len()..];
        let digits = after
            .find(|c: char| !(c.is_ascii_digit() || c == '-'))
            .unwrap_or(after.len());
        if before[dot..].starts_with('.') && digits > 0 {
            out.push_str(&before[..dot]);
            out.push_str(&before[dot + 1..]);
        } else {
            out.push_str(before);
            out.push_str(&rest[at..at + MARK.len() + digits]);
        }
        rest = &after[digits..];
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::unstage;

    #[test]
    fn unstage_names_the_output_folder() {
        assert_eq!(
            unstage("cannot write a/b/.out.muster-staging-12-3/summary.csv: full"),
            "cannot write a/b/out/summary.csv: full"
        );
        assert_eq!(unstage(".x.muster-staging-1-0"), "x");
        assert_eq!(unstage("no staging here"), "no staging here");
    }
}
