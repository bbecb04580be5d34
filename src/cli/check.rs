//! `muster check`: validates files (scenarios, army lists, doctrines and
//! fairness lists) and lists every problem.

use super::{EXIT_ERROR, EXIT_OK};
use crate::analysis::fairness::list as fairness;
use crate::scenario::{check_file, FileKind};
use std::path::PathBuf;

pub fn check(files: &[PathBuf]) -> anyhow::Result<i32> {
    let mut failed = 0;
    for f in files {
        let checked = if fairness::is_fairness_list(f) {
            fairness::load(f).map(|_| "fairness list")
        } else {
            check_file(f).map(|kind| match kind {
                FileKind::Scenario => "scenario",
                FileKind::ArmyList => "army list",
                FileKind::Doctrine => "doctrine",
            })
        };
        match checked {
            Ok(what) => {
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
