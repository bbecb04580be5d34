//! Test hooks for the write-out, so the tests can prove that no error and
//! no kill at any point loses a file. In builds with debug assertions (the
//! test builds) and only when their variable is set:
//!
//! - `MUSTER_TEST_FAIL_WRITE=K`: the K-th output file write of the process
//!   (counting from 1) fails as a full disk would;
//! - `MUSTER_TEST_FS_FAULT=K[:ERRNO]`: the K-th file-system call of a
//!   folder write-out (a rename, a removal, a folder made in the output
//!   folder) fails with ERRNO (default EIO);
//! - `MUSTER_TEST_FS_KILL=K`: the process kills itself (SIGKILL) just
//!   before that K-th call.
//!
//! Release builds ignore them.

use super::ReportError;
use std::path::Path;
use std::sync::atomic::{AtomicU64, Ordering};

/// Counts the output file writes for `MUSTER_TEST_FAIL_WRITE`.
static WRITES: AtomicU64 = AtomicU64::new(0);
/// Counts the write-out's file-system calls for the other two hooks.
static STEPS: AtomicU64 = AtomicU64::new(0);

/// The number in variable `name`, and the errno after a colon, if set (and
/// the build is a test build).
fn hook(name: &str) -> Option<(u64, Option<i32>)> {
    if !cfg!(debug_assertions) {
        return None;
    }
    let v = std::env::var(name).ok()?;
    let (k, errno) = match v.split_once(':') {
        Some((k, e)) => (k, e.parse().ok()),
        None => (v.as_str(), None),
    };
    Some((k.parse().ok()?, errno))
}

fn injected(path: &Path, errno: i32) -> ReportError {
    ReportError::Io {
        path: path.display().to_string(),
        source: std::io::Error::from_raw_os_error(errno),
    }
}

/// Called before each output file is written.
pub fn before_write(path: &Path) -> Result<(), ReportError> {
    let Some((k, _)) = hook("MUSTER_TEST_FAIL_WRITE") else {
        return Ok(());
    };
    if WRITES.fetch_add(1, Ordering::Relaxed) + 1 == k {
        return Err(injected(path, libc::ENOSPC));
    }
    Ok(())
}

/// Called before each file-system call of a folder write-out (`what` names
/// it, for the reader of this code).
pub fn step(what: &str, path: &Path) -> Result<(), ReportError> {
    let _ = what;
    let fault = hook("MUSTER_TEST_FS_FAULT");
    let kill = hook("MUSTER_TEST_FS_KILL");
    if fault.is_none() && kill.is_none() {
        return Ok(());
    }
    let n = STEPS.fetch_add(1, Ordering::Relaxed) + 1;
    #[cfg(unix)]
    if kill.is_some_and(|(k, _)| k == n) {
        // SAFETY: sends SIGKILL to this very process, as a kill -9 would.
        unsafe {
            libc::kill(libc::getpid(), libc::SIGKILL);
        }
    }
    match fault {
        Some((k, errno)) if k == n => Err(injected(path, errno.unwrap_or(libc::EIO))),
        _ => Ok(()),
    }
}
