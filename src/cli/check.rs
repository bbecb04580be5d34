//! `muster check`: validates files (scenarios, army lists, doctrines and
//! fairness lists) and lists every problem; a valid scenario's army sheet
//! and warnings are printed too (warnings do not fail the check).

use super::{EXIT_ERROR, EXIT_OK};
use crate::analysis::fairness::list as fairness;
use crate::scenario::{check_file, load_scenario, FileKind};
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
                if what == "scenario" {
                    if let Ok(scenario) = load_scenario(f) {
                        say!("{}", scenario.army_sheet().text());
                    }
                }
                for w in warnings {
                    tell!("warning: {w}");
                }
            }
            Err(problems) => {
                failed += 1;
                tell!("{problems}");
            }
        }
    }
    if failed > 0 {
        tell!(
            "{failed} of {} file{} invalid",
            files.len(),
            if files.len() == 1 { "" } else { "s" }
        );
        Ok(EXIT_ERROR)
    } else {
        Ok(EXIT_OK)
    }
}
