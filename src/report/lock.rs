//! One writer per output folder. A command that writes a folder holds an
//! advisory lock on a small file beside it (`.NAME.muster-lock`, or
//! `.muster-lock` inside the folder when its parent cannot be written)
//! from its claim to its end; a second command that would write the same
//! folder is refused at once, with the holder's process and command line.
//! The lock is `flock` (on unix systems; elsewhere there is none) and is
//! released by the operating system when the holder ends, however it ends. On a
//! network file system it holds where the file system passes locks on
//! (NFS v4, and v3 with its lock daemon, turn `flock` into byte-range
//! locks); elsewhere two hosts can still race.

use super::{io_err, ReportError};
use std::fs::{File, OpenOptions};
use std::io::{Read, Seek, Write};
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// A held lock; released (and its file removed) when the last clone is
/// dropped.
#[derive(Clone, Debug)]
pub struct FolderLock {
    _held: Arc<Held>,
}

#[derive(Debug)]
struct Held {
    _file: File,
    path: PathBuf,
}

impl Drop for Held {
    fn drop(&mut self) {
        // Removed while still locked: a command that opened the old file
        // meanwhile sees it is gone once it gets the lock, and retries.
        let _ = std::fs::remove_file(&self.path);
    }
}

impl FolderLock {
    /// Takes the lock at `path` for the output folder `folder` (named in
    /// messages), or says who holds it.
    pub fn take(path: &Path, folder: &Path) -> Result<FolderLock, ReportError> {
        // Retried when the file was replaced between opening and locking
        // it (a holder that removed it as it ended).
        for _ in 0..8 {
            let mut file = OpenOptions::new()
                .read(true)
                .write(true)
                .create(true)
                .truncate(false)
                .open(path)
                .map_err(io_err(path))?;
            match try_lock(&file) {
                Ok(true) => {}
                Ok(false) => return Err(busy(folder, &holder(&mut file))),
                Err(e) => return Err(io_err(path)(e)),
            }
            if !same_file(&file, path) {
                continue;
            }
            let me = format!("{}\n{}\n", std::process::id(), command_line());
            file.set_len(0).map_err(io_err(path))?;
            file.rewind().map_err(io_err(path))?;
            file.write_all(me.as_bytes()).map_err(io_err(path))?;
            return Ok(FolderLock {
                _held: Arc::new(Held {
                    _file: file,
                    path: path.to_path_buf(),
                }),
            });
        }
        Err(busy(folder, "another muster command"))
    }
}

/// Takes an exclusive advisory lock on `file` without waiting: false when
/// another process holds it. (`flock`; a no-op that always succeeds where
/// there is none.)
fn try_lock(file: &File) -> std::io::Result<bool> {
    #[cfg(unix)]
    {
        use std::os::fd::AsRawFd;
        // SAFETY: flock on a descriptor this function borrows; it changes
        // only the lock, which the system releases when the file closes.
        let r = unsafe { libc::flock(file.as_raw_fd(), libc::LOCK_EX | libc::LOCK_NB) };
        if r == 0 {
            return Ok(true);
        }
        let e = std::io::Error::last_os_error();
        match e.raw_os_error() {
            Some(libc::EWOULDBLOCK) => Ok(false),
            _ => Err(e),
        }
    }
    #[cfg(not(unix))]
    {
        let _ = file;
        Ok(true)
    }
}

/// The lock file for `target` beside it in `parent`.
pub fn beside(parent: &Path, name: &str) -> PathBuf {
    parent.join(format!(".{name}.muster-lock"))
}

fn busy(folder: &Path, who: &str) -> ReportError {
    ReportError::Folder {
        path: folder.display().to_string(),
        message: format!(
            "is being written by {who}; wait until it ends, or choose another --out (two commands writing one folder would undo each other's work)"
        ),
    }
}

/// Who holds a lock, from what the holder wrote into the file.
fn holder(file: &mut File) -> String {
    let mut text = String::new();
    let _ = file.read_to_string(&mut text);
    let mut lines = text.lines();
    match (lines.next(), lines.next()) {
        (Some(pid), Some(cmd)) if !pid.is_empty() => {
            format!("another muster command (process {pid}: `{cmd}`)")
        }
        _ => "another muster command".to_string(),
    }
}

/// Whether the open `file` is still the one named `path`.
fn same_file(file: &File, path: &Path) -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        match (file.metadata(), std::fs::metadata(path)) {
            (Ok(a), Ok(b)) => a.dev() == b.dev() && a.ino() == b.ino(),
            _ => false,
        }
    }
    #[cfg(not(unix))]
    {
        let _ = (file, path);
        true
    }
}

/// The command line, for the message a second writer gets.
fn command_line() -> String {
    let words: Vec<String> = std::env::args().collect();
    let line: String = words.join(" ").chars().take(300).collect();
    line.replace('\n', " ")
}
