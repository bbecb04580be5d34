//! Writing an output folder whole. The writers write the whole output set
//! into a fresh staging folder, which [`Staging::commit`] then puts in
//! place in one of two ways:
//!
//! - **swap**, when the target holds only muster's files of this command:
//!   the staging folder and the target are exchanged in one atomic call
//!   (`renameat2(RENAME_EXCHANGE)` on Linux; elsewhere, or on a file
//!   system without it, two renames with a moment between them when
//!   neither is in place, which the next command repairs), and the old
//!   files are then deleted, by name, from the record;
//! - **in place**, when the target holds files muster did not write
//!   (given `--force`), or cannot be renamed (a mount point): a record
//!   listing old and new files marked incomplete is written first, then
//!   each new file is renamed into the target, the old files the new set
//!   lacks are deleted, and the record is written complete. A reader finds
//!   each file whole; an interruption leaves a folder whose record says it
//!   is incomplete and lists every muster file in it.
//!
//! Either way, no file muster did not write is moved or deleted.

use super::faults::step;
use super::outdir::{parent_and_name, OutDir};
use super::owned::{self, Record, RECORD};
use super::{io_err, ReportError};
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

/// A staging folder: the writers write the whole output set into
/// [`Staging::path`], then [`Staging::commit`] puts it in place. Dropped
/// without a commit (an error on the way), it is removed and the target is
/// untouched.
#[derive(Debug)]
pub struct Staging {
    dir: PathBuf,
    out: OutDir,
    /// Files copied from the target only to be read (`report`), which
    /// muster did not write: left out of the commit.
    borrowed: Vec<String>,
    done: bool,
}

impl Staging {
    pub(super) fn new(dir: PathBuf, out: OutDir) -> Staging {
        Staging {
            dir,
            out,
            borrowed: Vec::new(),
            done: false,
        }
    }

    /// Where the writers write.
    pub fn path(&self) -> &Path {
        &self.dir
    }

    /// The folder the outputs end up in.
    pub fn target(&self) -> &Path {
        self.out.path()
    }

    /// Copies the files of the target whose top-level entry `keep` accepts
    /// into the staging folder (hard links where the file system allows),
    /// so a command that adds to a folder (`report`) rebuilds it whole.
    /// Files muster did not write are read but not written back.
    pub fn copy_from_target(&mut self, keep: impl Fn(&str) -> bool) -> Result<(), ReportError> {
        let target = &self.out.target;
        let record = Record::read(target).filter(|r| r.kind == self.out.kind.name());
        for f in owned::files_under(target)? {
            let top = f.split('/').next().unwrap_or_default();
            if f.ends_with('/') || !keep(top) {
                continue;
            }
            let (from, to) = (target.join(&f), self.dir.join(&f));
            if let Some(p) = to.parent() {
                std::fs::create_dir_all(p).map_err(io_err(p))?;
            }
            if std::fs::hard_link(&from, &to).is_err() {
                std::fs::copy(&from, &to).map_err(io_err(&to))?;
            }
            if !record.as_ref().is_some_and(|r| r.files.contains(&f)) {
                self.borrowed.push(f);
            }
        }
        Ok(())
    }

    /// Puts the staging folder in place (see the module's description).
    pub fn commit(mut self) -> Result<(), ReportError> {
        sync_tree(&self.dir)?;
        owned::remove_listed(&self.dir, &std::mem::take(&mut self.borrowed))?;
        let kind = self.out.kind.name();
        let record = Record::of_tree(&self.dir, kind)?;
        let target = self.out.target.clone();
        if self.out.stage_inside {
            return self.in_place(&record, Record::read(&target));
        }
        match std::fs::symlink_metadata(&target) {
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                record.write(&self.dir)?;
                sync_dir(&self.dir)?;
                step("rename", &target)?;
                std::fs::rename(&self.dir, &target).map_err(io_err(&target))?;
                self.done = true;
            }
            Err(e) => return Err(io_err(&target)(e)),
            Ok(m) if !m.is_dir() => {
                return Err(ReportError::Folder {
                    path: target.display().to_string(),
                    message: "is a file, not a folder; choose a folder with --out".to_string(),
                })
            }
            Ok(_) => {
                let old = Record::read(&target).filter(|r| r.kind == kind);
                if owned::foreign(&target, old.as_ref())?.is_empty() {
                    self.swap(&record, old)?;
                } else {
                    self.in_place(&record, old)?;
                }
            }
        }
        let (parent, _) = parent_and_name(&target);
        sync_dir(&parent)
    }

    /// Exchanges the staging folder with a target holding only muster's
    /// files, then deletes the old files by name.
    fn swap(&mut self, record: &Record, old: Option<Record>) -> Result<(), ReportError> {
        let target = self.out.target.clone();
        record.write(&self.dir)?;
        sync_dir(&self.dir)?;
        step("exchange", &target)?;
        let aside = match exchange(&self.dir, &target) {
            Ok(()) => self.dir.clone(),
            Err(e) if unsupported(&e) => self.two_renames()?,
            Err(e) => return Err(io_err(&target)(e)),
        };
        // The staging name now holds the old folder: never removed whole.
        // The new output is in place; a failure to clear the old one is
        // said, not an error (the next command clears it).
        self.done = true;
        if let Err(e) = discard_old(&aside, old.as_ref(), &target) {
            note(&format!(
                "the previous output of {} could not be cleared away ({e}); the next muster command writing there clears it",
                target.display()
            ));
        }
        Ok(())
    }

    /// The swap where no atomic exchange exists: the target renamed aside,
    /// the staging folder into its place; returns where the old one is.
    fn two_renames(&mut self) -> Result<PathBuf, ReportError> {
        let target = self.out.target.clone();
        let aside = self.out.sibling("old");
        step("rename", &target)?;
        std::fs::rename(&target, &aside).map_err(io_err(&target))?;
        step("rename", &self.dir)?;
        if let Err(e) = std::fs::rename(&self.dir, &target) {
            let _ = std::fs::rename(&aside, &target);
            return Err(io_err(&target)(e));
        }
        Ok(aside)
    }

    /// Writes the new files into the target one by one, keeping every file
    /// muster did not write (see the module's description).
    fn in_place(&mut self, record: &Record, old: Option<Record>) -> Result<(), ReportError> {
        let target = self.out.target.clone();
        let old = old.filter(|r| r.kind == record.kind).unwrap_or_default();
        check_room(&target, &record.files)?;
        let mut interim = record.clone();
        interim.complete = false;
        interim.files.extend(old.files.iter().cloned());
        step("write", &target.join(RECORD))?;
        interim.write(&target)?;
        for f in &record.files {
            move_in(&self.dir, &target, f)?;
        }
        let stale: BTreeSet<&String> = old.files.difference(&record.files).collect();
        owned::remove_listed(&target, stale)?;
        step("write", &target.join(RECORD))?;
        record.write(&target)?;
        for f in &record.files {
            if let Some(p) = target.join(f).parent() {
                sync_dir(p)?;
            }
        }
        self.done = true;
        let _ = std::fs::remove_dir_all(&self.dir);
        Ok(())
    }
}

impl Drop for Staging {
    fn drop(&mut self) {
        if !self.done {
            // Only muster's own new files are ever in a staging folder.
            let _ = std::fs::remove_dir_all(&self.dir);
        }
    }
}

/// Moves the new file `f` from `staging` into `target` (making its
/// folders), replacing a file of that name.
fn move_in(staging: &Path, target: &Path, f: &str) -> Result<(), ReportError> {
    let to = target.join(f);
    if f.ends_with('/') {
        if !to.is_dir() {
            step("mkdir", &to)?;
            std::fs::create_dir_all(&to).map_err(io_err(&to))?;
        }
        return Ok(());
    }
    if let Some(p) = to.parent().filter(|p| !p.is_dir()) {
        step("mkdir", p)?;
        std::fs::create_dir_all(p).map_err(io_err(p))?;
    }
    step("rename", &to)?;
    std::fs::rename(staging.join(f), &to).map_err(io_err(&to))
}

/// Refuses, before anything is moved, a target where a file of someone
/// else's stands where muster writes a folder, or a folder where muster
/// writes a file.
fn check_room(target: &Path, files: &BTreeSet<String>) -> Result<(), ReportError> {
    for f in files {
        let rel = Path::new(f.trim_end_matches('/'));
        for up in rel
            .ancestors()
            .skip(1)
            .filter(|p| !p.as_os_str().is_empty())
        {
            let at = target.join(up);
            if std::fs::symlink_metadata(&at).is_ok_and(|m| !m.is_dir()) {
                return Err(in_the_way(&at, "a folder"));
            }
        }
        let at = target.join(rel);
        let is_dir = std::fs::symlink_metadata(&at).is_ok_and(|m| m.is_dir());
        if is_dir && !f.ends_with('/') {
            return Err(in_the_way(&at, "a file"));
        }
    }
    Ok(())
}

fn in_the_way(at: &Path, what: &str) -> ReportError {
    ReportError::Folder {
        path: at.display().to_string(),
        message: format!(
            "is in the way: muster writes {what} of that name; move it, or choose another --out"
        ),
    }
}

/// Deletes the old output at `aside` by its record. Whatever else is
/// there (a file put into the target while the command ran) is moved back
/// into the target, or, where the target now has that name, kept aside
/// and said.
fn discard_old(aside: &Path, old: Option<&Record>, target: &Path) -> Result<(), ReportError> {
    if let Some(old) = old {
        owned::remove_listed(aside, &old.files)?;
    }
    let _ = std::fs::remove_file(aside.join(RECORD));
    owned::remove_temporaries(aside);
    if std::fs::remove_dir(aside).is_ok() {
        return Ok(());
    }
    for f in owned::files_under(aside)? {
        let to = target.join(&f);
        if to.symlink_metadata().is_ok() {
            continue;
        }
        if let Some(p) = to.parent() {
            std::fs::create_dir_all(p).map_err(io_err(p))?;
        }
        std::fs::rename(aside.join(&f), &to).map_err(io_err(&to))?;
    }
    owned::remove_empty_folders(aside);
    if std::fs::remove_dir(aside).is_err() {
        note(&format!(
            "files added to {} while muster wrote it are kept at {}",
            target.display(),
            aside.display()
        ));
    }
    Ok(())
}

/// Prints a note on standard error (the report module does not use the
/// command line's printing).
pub(super) fn note(text: &str) {
    use std::io::Write;
    let _ = writeln!(std::io::stderr().lock(), "note: {text}");
}

/// Exchanges two paths atomically (Linux); elsewhere says it cannot.
fn exchange(a: &Path, b: &Path) -> std::io::Result<()> {
    #[cfg(target_os = "linux")]
    {
        use std::ffi::CString;
        use std::os::unix::ffi::OsStrExt;
        let ca = CString::new(a.as_os_str().as_bytes())?;
        let cb = CString::new(b.as_os_str().as_bytes())?;
        // SAFETY: two valid NUL-terminated paths, resolved from the
        // current folder; the call changes nothing but the two names.
        let r = unsafe {
            libc::renameat2(
                libc::AT_FDCWD,
                ca.as_ptr(),
                libc::AT_FDCWD,
                cb.as_ptr(),
                libc::RENAME_EXCHANGE,
            )
        };
        match r {
            0 => Ok(()),
            _ => Err(std::io::Error::last_os_error()),
        }
    }
    #[cfg(not(target_os = "linux"))]
    {
        let _ = (a, b);
        Err(std::io::Error::from(std::io::ErrorKind::Unsupported))
    }
}

/// Whether an exchange failed only because the system or file system has
/// none.
fn unsupported(e: &std::io::Error) -> bool {
    #[cfg(unix)]
    if matches!(
        e.raw_os_error(),
        Some(libc::EINVAL | libc::ENOSYS | libc::EOPNOTSUPP)
    ) {
        return true;
    }
    e.kind() == std::io::ErrorKind::Unsupported
}

/// Flushes the entries of `dir` and of every folder below it to disk.
pub(super) fn sync_tree(dir: &Path) -> Result<(), ReportError> {
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
