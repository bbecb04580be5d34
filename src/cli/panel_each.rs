//! `--panel` and `--doctrines` on `compare`, `tune`, `decks` and
//! `fairness`: the command's whole analysis once per pairing of doctrines
//! (every pairing on the same seed, so battle `i` of every pairing uses
//! stream `(seed, i)`), each pairing's report in `pairings/Pk/`, and
//! above them pairings.csv with every answer per pairing and, for each
//! question, whether it holds whoever plays.

use super::study::{conclude, StoppedInSetup};
use crate::analysis::panel::{Vote, Words};
use crate::analysis::vary::Variant;
use crate::analysis::verdict::clock_warning;
use crate::report::build::{build, write_manifest};
use crate::report::html::Manifest;
use crate::report::pairings::{write, Pairing, PanelPlayed};
use crate::report::study::warn;
use crate::report::OutDir;
use std::path::Path;

/// One pairing's analysis: its report's manifest (its files are written),
/// its answers, whether it was interrupted, and the largest share of the
/// battles of a variant it played that the clock ended.
pub struct Analysed {
    pub manifest: Manifest,
    pub votes: Vec<Vote>,
    pub partial: bool,
    pub clock: f64,
}

/// What the panel's summary needs besides the pairings.
pub struct PanelRun<'a> {
    pub command: &'a str,
    pub scenario: &'a str,
    pub words: Words,
    pub seed: u64,
    pub png: bool,
    pub command_line: String,
}

/// Runs `analyse(pairing, folder)` for every pairing into `out`'s staging
/// folder, then writes the summary and swaps the folder in; returns the
/// exit code (interrupted when a pairing was).
pub fn each_pairing(
    out: &OutDir,
    run: PanelRun,
    pairings: &[Variant],
    mut analyse: impl FnMut(&Variant, &Path) -> anyhow::Result<Analysed>,
) -> anyhow::Result<i32> {
    let staging = out.stage()?;
    let mut played = Vec::new();
    let mut clock = Vec::new();
    let mut partial = false;
    for (k, pairing) in pairings.iter().enumerate() {
        if super::interrupted() {
            partial = true;
            break;
        }
        let key = format!("P{}", k + 1);
        say!("{key} of {}: {}", pairings.len(), pairing.label);
        let dir = staging.path().join("pairings").join(&key);
        std::fs::create_dir_all(&dir)?;
        let done = match analyse(pairing, &dir) {
            // Stopped while building this pairing's variants: the pairings
            // finished are written as a partial panel.
            Err(e) if e.is::<StoppedInSetup>() && !played.is_empty() => {
                std::fs::remove_dir_all(&dir)?;
                partial = true;
                break;
            }
            done => done?,
        };
        write_manifest(&dir, &done.manifest)?;
        build(&dir, run.png)?;
        if let Some(answer) = done.manifest.answers.first() {
            say!("  {answer}");
        }
        clock.push((format!("{key} ({})", pairing.label), done.clock));
        played.push(Pairing {
            key,
            label: pairing.label.clone(),
            votes: done.votes,
        });
        if done.partial {
            partial = true;
            break;
        }
    }
    let mut manifest = write(
        staging.path(),
        &PanelPlayed {
            command: run.command,
            scenario: run.scenario,
            pairings: &played,
            planned: pairings.len(),
            words: &run.words,
            seed: run.seed,
            command_line: run.command_line,
        },
    )?;
    warn(&mut manifest.answers, clock_warning(&clock, "pairing"));
    conclude(staging, &manifest, run.png, partial)
}
