//! `muster check`: validates files and lists every problem.

use super::{EXIT_ERROR, EXIT_OK};
use crate::scenario::{check_file, FileKind};
use std::path::PathBuf;

pub fn check(files: &[PathBuf]) -> anyhow::Result<i32> {
    let mut failed = 0;
    for f in files {
        match check_file(f) {
            Ok(kind) => {
                let what = match kind {
                    FileKind::Scenario => "scenario",
                    FileKind::ArmyList => "army list",
                    FileKind::Doctrine => "doctrine",
                };
                say!("ok: {} ({what})", f.display());
            }
            Err(problems) => {
                failed += 1;
                eprintln!("{problems}");
            }
        }
    }
    if failed > 0 {
        eprintln!(
            "{failed} of {} file{} invalid",
            files.len(),
            if files.len() == 1 { "" } else { "s" }
        );
        Ok(EXIT_ERROR)
    } else {
        Ok(EXIT_OK)
    }
}
