//! `muster check`: validates files (scenarios, army lists, doctrines and
//! fairness lists) and lists every problem; a valid scenario's warnings
//! are printed too, without failing the check.

use super::{EXIT_ERROR, EXIT_OK};
use crate::analysis::fairness::list as fairness;
use crate::scenario::{check_file, FileKind};
use std::path::PathBuf;

pub fn check(files: &[PathBuf]) -> anyhow::Result<i32> {
    let mut failed = 0;
    for f in files {
        let checked = if fairness::is_fairness_list(f) {
            fairness::load(f).map(|_| ("fairness list", Vec::new()))
        } else {
            check_file(f).map(|c| {
                let what = match c.kind {
                    FileKind::Scenario => "scenario",
                    FileKind::ArmyList => "army list",
                    FileKind::Doctrine => "doctrine",
                };
                (what, c.warnings)
            })
        };
        match checked {
            Ok((what, warnings)) => {
                say!("ok: {} ({what})", f.display());
                for w in warnings {
                    eprintln!("warning: {w}");
                }
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
