//! Claiming an output folder. Before any work, a command claims its
//! `--out`: the folder is locked against a second writer ([`lock`]), what
//! earlier killed commands left beside it is cleared, its files are sorted
//! into muster's (listed in its [`Record`]) and the user's, and it is
//! probed for writing, so that a folder that cannot be written is refused
//! before the first battle, not after the last. A folder holding files
//! muster did not write is refused without `--force`; with `--force` those
//! files are never touched.
//!
//! [`lock`]: super::lock

use super::lock::{self, FolderLock};
use super::owned::{self, Record};
use super::staging::Staging;
use super::{io_err, ReportError};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

/// What a command writes into its output folder: its kind is recorded, so
/// that one command's folder is not taken for another's.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FolderKind {
    /// `muster run` (a shard, a merged run).
    Run,
    /// An analysis: `compare`, `sweep`, `tune`, `decks`, `fairness`,
    /// `panel`, `counter`.
    Analysis(&'static str),
}

impl FolderKind {
    /// The name the record keeps.
    pub fn name(self) -> &'static str {
        match self {
            FolderKind::Run => "run",
            FolderKind::Analysis(k) => k,
        }
    }

    /// The kind named `name` in a record or an analysis.toml (a command's
    /// panel folder, `tune-panel`, is that command's).
    pub fn named(name: &str) -> FolderKind {
        match name.strip_suffix("-panel").unwrap_or(name) {
            "run" => FolderKind::Run,
            "compare" => FolderKind::Analysis("compare"),
            "sweep" => FolderKind::Analysis("sweep"),
            "tune" => FolderKind::Analysis("tune"),
            "decks" => FolderKind::Analysis("decks"),
            "fairness" => FolderKind::Analysis("fairness"),
            "panel" => FolderKind::Analysis("panel"),
            "counter" => FolderKind::Analysis("counter"),
            _ => FolderKind::Analysis("analysis"),
        }
    }
}

/// Staging and set-aside folders of one process get distinct names.
static SIBLINGS: AtomicU64 = AtomicU64::new(0);

/// An output folder a command has claimed: checked and locked before any
/// work starts, then written whole through [`OutDir::stage`] (as often as
/// the command likes: a run writes a checkpoint now and then). The lock is
/// held until the last clone is dropped.
#[derive(Clone, Debug)]
pub struct OutDir {
    /// The folder, canonical when it exists.
    pub(super) target: PathBuf,
    /// The folder as the user gave it, for messages.
    given: PathBuf,
    pub(super) kind: FolderKind,
    /// Whether staging folders go inside the target (a mount point, or a
    /// parent muster cannot write) rather than beside it.
    pub(super) stage_inside: bool,
    _lock: FolderLock,
}

impl OutDir {
    /// Claims `target` for a command writing `kind`: refuses a file, a
    /// link to nothing, the current folder or one above it, a folder
    /// another command is writing, a folder that cannot be written, and
    /// (unless `force`) a folder holding files muster did not write there
    /// for this kind of command. Removes what killed commands left.
    pub fn claim(target: &Path, kind: FolderKind, force: bool) -> Result<OutDir, ReportError> {
        let given = target;
        let target = resolve(target)?;
        let (parent, name) = parent_and_name(&target);
        let exists = target.is_dir();
        let beside_ok = std::fs::create_dir_all(&parent).is_ok() && writable(&parent);
        if !exists && !beside_ok {
            // Says why (a read-only file system, no permission).
            std::fs::create_dir_all(&parent).map_err(io_err(&parent))?;
            probe(&parent).map_err(io_err(&parent))?;
        }
        let lock_path = match beside_ok || !exists {
            true => lock::beside(&parent, &short_name(&name)),
            false => target.join(".muster-lock"),
        };
        let lock = FolderLock::take(&lock_path, given)?;
        let out = OutDir {
            stage_inside: exists && (!beside_ok || is_mount_point(&target, &parent)),
            target,
            given: given.to_path_buf(),
            kind,
            _lock: lock,
        };
        out.clean_stale();
        if exists {
            probe(&out.target).map_err(io_err(&out.target))?;
            out.refuse_foreign(force)?;
        }
        Ok(out)
    }

    /// The folder the outputs end up in, as the user gave it.
    pub fn path(&self) -> &Path {
        &self.given
    }

    /// Refuses, unless `force`, a folder holding files muster did not write
    /// for this kind of command, naming them and whose they are.
    fn refuse_foreign(&self, force: bool) -> Result<(), ReportError> {
        let record = Record::read(&self.target);
        let ours = record.as_ref().filter(|r| r.kind == self.kind.name());
        let foreign = owned::foreign(&self.target, ours)?;
        if force || foreign.is_empty() {
            return Ok(());
        }
        let whose = match &record {
            Some(r) if ours.is_none() => format!(" (the output of `muster {}`)", r.kind),
            // Yours, or written by a muster older than the record.
            _ => " (muster keeps no record of writing them)".to_string(),
        };
        Err(ReportError::Folder {
            path: self.given.display().to_string(),
            message: format!(
                "holds files muster did not write there{whose}: {}; choose another --out, or give --force to write there anyway (muster then replaces only files named as its outputs and leaves every other file untouched)",
                owned::summarise(&foreign)
            ),
        })
    }

    /// A sibling name `.NAME.muster-WHAT-PID-N` (NAME shortened when long).
    pub(super) fn sibling(&self, what: &str) -> PathBuf {
        let (parent, name) = parent_and_name(&self.target);
        let n = SIBLINGS.fetch_add(1, Ordering::Relaxed);
        let short = short_name(&name);
        parent.join(format!(".{short}.muster-{what}-{}-{n}", std::process::id()))
    }

    /// Clears what killed commands left beside the target (the lock is
    /// held, so no live command is writing them): staging folders, which
    /// hold only muster's files, are removed; a set-aside old folder is put
    /// back when the target is missing (a kill between the two renames of
    /// a swap), else emptied of the files its record lists.
    fn clean_stale(&self) {
        let (parent, name) = parent_and_name(&self.target);
        let prefix = format!(".{}.muster-", short_name(&name));
        for dir in [parent.as_path(), self.target.as_path()] {
            let Ok(entries) = std::fs::read_dir(dir) else {
                continue;
            };
            for e in entries.filter_map(Result::ok) {
                let entry = e.file_name().to_string_lossy().to_string();
                let rest = match dir == parent {
                    true => entry.strip_prefix(&prefix),
                    false => entry.strip_prefix(".muster-"),
                };
                let Some(rest) = rest else { continue };
                let pid = rest.split('-').nth(1).and_then(|p| p.parse::<u32>().ok());
                if pid.map_or(true, |p| p == std::process::id() || process_alive(p)) {
                    continue;
                }
                // A staging folder with a record may hold the old output
                // after an exchange: emptied by its record like a
                // set-aside one; without, it holds only new files.
                let recorded = e.path().join(owned::RECORD).is_file();
                if rest.starts_with("staging-") && !recorded {
                    let _ = std::fs::remove_dir_all(e.path());
                } else if rest.starts_with("staging-") {
                    empty_by_record(&e.path());
                } else if rest.starts_with("old-") {
                    self.restore_or_empty(&e.path());
                }
            }
        }
        owned::remove_temporaries(&self.target);
    }

    /// A stale set-aside folder: renamed back when the target is missing
    /// (a kill between the two renames of a swap), else emptied of
    /// muster's files.
    fn restore_or_empty(&self, old: &Path) {
        if !self.target.exists() && std::fs::rename(old, &self.target).is_ok() {
            return;
        }
        empty_by_record(old);
    }

    /// A fresh, empty staging folder (beside the target, or inside it when
    /// the target cannot be renamed).
    pub fn stage(&self) -> Result<Staging, ReportError> {
        let dir = if self.stage_inside {
            let n = SIBLINGS.fetch_add(1, Ordering::Relaxed);
            let dir = self
                .target
                .join(format!(".muster-staging-{}-{n}", std::process::id()));
            std::fs::create_dir(&dir).map_err(io_err(&dir))?;
            dir
        } else {
            let (parent, _) = parent_and_name(&self.target);
            std::fs::create_dir_all(&parent).map_err(io_err(&parent))?;
            let dir = self.sibling("staging");
            std::fs::create_dir(&dir).map_err(io_err(&dir))?;
            dir
        };
        super::remember_staging(&dir, &self.given);
        Ok(Staging::new(dir, self.clone()))
    }
}

/// Deletes the files a stale folder's record lists, and the folder once
/// empty; anything else in it is kept, and said.
fn empty_by_record(dir: &Path) {
    if let Some(record) = Record::read(dir) {
        // The record goes last, so a failure here leaves it for next time.
        if owned::remove_listed(dir, &record.files).is_err() {
            return;
        }
        let _ = std::fs::remove_file(dir.join(owned::RECORD));
    }
    owned::remove_temporaries(dir);
    owned::remove_empty_folders(dir);
    if dir.exists() {
        super::staging::note(&format!(
            "{} holds files muster did not write, set aside by an interrupted command; they are kept there",
            dir.display()
        ));
    }
}

/// The folder `target` stands for: canonical when it exists; refused when
/// it is a file, a link leading nowhere, the root, or the current folder
/// or one above it.
fn resolve(target: &Path) -> Result<PathBuf, ReportError> {
    let folder = |message: &str| ReportError::Folder {
        path: target.display().to_string(),
        message: message.to_string(),
    };
    let link = std::fs::symlink_metadata(target).is_ok_and(|m| m.file_type().is_symlink());
    let resolved = match std::fs::metadata(target) {
        Ok(m) if !m.is_dir() => {
            return Err(folder(
                "is a file, not a folder; choose a folder with --out",
            ))
        }
        Ok(_) => std::fs::canonicalize(target).map_err(io_err(target))?,
        Err(_) if link => return Err(folder(
            "is a symbolic link that leads nowhere; point --out at a folder, or remove the link",
        )),
        Err(e) if e.kind() != std::io::ErrorKind::NotFound => return Err(io_err(target)(e)),
        Err(_) => target.to_path_buf(),
    };
    if resolved.file_name().is_none() {
        return Err(folder(
            "is not a folder muster can write; choose a named folder with --out",
        ));
    }
    if let Ok(here) = std::env::current_dir().and_then(std::fs::canonicalize) {
        if resolved.is_absolute() && here.starts_with(&resolved) {
            return Err(folder(
                "is the current folder or one above it; choose another --out",
            ));
        }
    }
    Ok(resolved)
}

/// The parent folder and the target's name.
pub(super) fn parent_and_name(target: &Path) -> (PathBuf, String) {
    let parent = target
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."))
        .to_path_buf();
    let name = target
        .file_name()
        .map(|n| n.to_string_lossy().to_string())
        .unwrap_or_default();
    (parent, name)
}

/// `name`, shortened (with a hash of the whole) when the hidden names
/// built on it would pass the 255-byte limit of most file systems.
fn short_name(name: &str) -> String {
    const KEEP: usize = 150;
    if name.len() <= KEEP + 20 {
        return name.to_string();
    }
    let mut end = KEEP;
    while !name.is_char_boundary(end) {
        end -= 1;
    }
    // FNV-1a: stable across versions, unlike the standard hasher.
    let hash = name.bytes().fold(0xcbf2_9ce4_8422_2325u64, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3)
    });
    format!("{}~{hash:016x}", &name[..end])
}

/// Whether files can be made in `dir` (a temporary made and removed).
fn writable(dir: &Path) -> bool {
    probe(dir).is_ok()
}

/// Makes and removes a temporary in `dir`: the error says why muster
/// could not write there (a read-only file system, no permission, an
/// immutable folder).
fn probe(dir: &Path) -> std::io::Result<()> {
    let path = dir.join(format!(".muster-probe-{}.tmp", std::process::id()));
    std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(&path)?;
    std::fs::remove_file(&path)
}

/// Whether `target` is a mount point (a bind mount, or a folder on another
/// device than its parent): it cannot be renamed, so it is written in
/// place.
fn is_mount_point(target: &Path, parent: &Path) -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        if let (Ok(t), Ok(p)) = (std::fs::metadata(target), std::fs::metadata(parent)) {
            if t.dev() != p.dev() {
                return true;
            }
        }
    }
    listed_as_mount(target)
}

/// Whether the kernel lists `target` (canonical) among the mount points
/// (Linux's `/proc/self/mountinfo`, whose fifth field is the mount point,
/// with spaces and the like written as octal escapes).
fn listed_as_mount(target: &Path) -> bool {
    let Ok(table) = std::fs::read_to_string("/proc/self/mountinfo") else {
        return false;
    };
    let want = target.to_string_lossy();
    table
        .lines()
        .filter_map(|l| l.split(' ').nth(4))
        .any(|m| unescape_octal(m) == want)
}

/// `\040` and the like turned back into their characters.
fn unescape_octal(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let digits = bytes
            .get(i + 1..i + 4)
            .filter(|d| d.iter().all(|b| (b'0'..=b'7').contains(b)));
        match (bytes[i], digits) {
            (b'\\', Some(d)) => {
                out.push(
                    d.iter()
                        .fold(0u8, |v, b| v.wrapping_mul(8).wrapping_add(b - b'0')),
                );
                i += 4;
            }
            (b, _) => {
                out.push(b);
                i += 1;
            }
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// Whether process `pid` is running (unix; elsewhere every process counts
/// as gone).
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

#[cfg(test)]
mod tests {
    use super::{short_name, unescape_octal};

    #[test]
    fn mount_table_escapes_and_long_names() {
        assert_eq!(unescape_octal("/mnt/my\\040data"), "/mnt/my data");
        assert_eq!(unescape_octal("/plain"), "/plain");
        assert_eq!(short_name("out"), "out");
        let long = "n".repeat(250);
        let short = short_name(&long);
        assert!(short.len() < 175 && short.contains('~'), "{short}");
        assert_ne!(short, short_name(&"n".repeat(251)));
    }
}
