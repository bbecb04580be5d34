//! `muster fairness`: random armies of nearly equal points from a fairness
//! list play each other; an additive logistic model of the result on the
//! unit counts gives every unit's worth, value per point and suggested
//! cost, flagging units more than 10% off.

use super::panel::PanelFlags;
use super::panel_each::{each_pairing, Analysed, PanelRun};
use super::study::{command_line, conclude, stopped_in_setup, StoppedInSetup, Workers};
use super::{Listed, EXIT_INTERRUPTED};
use crate::analysis::fairness::armies::Market;
use crate::analysis::fairness::list::{self, FairnessList};
use crate::analysis::fairness::model::{
    fit_fairness, Fairness, Matchup, ModelError, FLAG_FRACTION,
};
use crate::analysis::fairness::{build_matchups, market, play_matchups};
use crate::analysis::panel::{Lean, Vote, Words};
use crate::report::fairness::{answers, manifest, write_matchups, write_units, FairnessSetup};
use crate::report::html::Manifest;
use crate::report::study::warn;
use crate::report::{FolderKind, OutDir};
use crate::stats::Clocked;
use anyhow::{anyhow, bail, Context};
use clap::Args;
use std::path::{Path, PathBuf};

/// Default fraction of the budget an army may leave unspent.
const DEFAULT_SPREAD: f64 = 0.1;

#[derive(Args, Debug)]
pub struct FairnessArgs {
    /// Fairness list file: base scenario, slots, fixed units and the units
    /// to buy (see scenarios/states_of_battle/fairness/).
    pub list: PathBuf,
    /// Points each army may spend (default: the list's `budget`).
    #[arg(long)]
    pub budget: Option<u32>,
    /// Fraction of the budget an army may leave unspent; armies whose
    /// totals differ are what price a point (default: the list's, else 0.1).
    #[arg(long)]
    pub spread: Option<f64>,
    /// Matchups: pairs of random armies.
    #[arg(long, default_value_t = 300)]
    pub matchups: u64,
    /// Battles per matchup.
    #[arg(long, default_value_t = 100)]
    pub battles: u64,
    /// Seed of the armies and the battles (default: the base scenario's).
    #[arg(long)]
    pub seed: Option<u64>,
    /// Worker threads (default: all cores). Results do not depend on it.
    #[arg(long)]
    pub threads: Option<usize>,
    /// Output folder (default: reports/fairness-<list name>/).
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// Also write every chart as PNG (SVG is always written).
    #[arg(long)]
    pub png: bool,
    /// No progress bar.
    #[arg(long)]
    pub quiet: bool,
    /// Write into --out even when it holds files this command does not
    /// write (they are kept); without it such a folder is refused.
    #[arg(long)]
    pub force: bool,
    #[command(flatten)]
    pub panel: PanelFlags,
}

pub fn fairness(args: FairnessArgs) -> anyhow::Result<i32> {
    if args.matchups < 10 || args.battles == 0 {
        bail!("--matchups must be at least 10, --battles at least 1");
    }
    super::study::check_threads(args.threads)?;
    let list = list::load(&args.list)
        .map_err(Listed::new)
        .with_context(|| format!("{} has problems (listed above)", args.list.display()))?;
    let Some(budget) = args.budget.or(list.budget) else {
        bail!(
            "no budget: give --budget POINTS or `budget` in [fairness] of {}",
            args.list.display()
        );
    };
    let spread = args.spread.or(list.spread).unwrap_or(DEFAULT_SPREAD);
    if !(0.0..=0.5).contains(&spread) {
        bail!("--spread {spread} is outside 0 to 0.5");
    }
    if !args.quiet {
        for note in &list.base.notes {
            tell!("note: {note}");
        }
    }
    let list = match args.panel.given() {
        true => list,
        false => {
            let base = args
                .panel
                .under_competent(list.base.clone(), list.base_dir.as_deref())?;
            list.with_base(base).map_err(anyhow::Error::msg)?
        }
    };
    let seed = args.seed.unwrap_or(list.base.seed);
    let out = args.out.clone().unwrap_or_else(|| {
        PathBuf::from("reports").join(format!("fairness-{}", crate::scenario::slug(&list.name)))
    });
    let out = OutDir::claim(&out, FolderKind::Analysis("fairness"), args.force)?;
    let pairings = match args.panel.given() {
        true => Some(args.panel.pairings(&list.base, list.base_dir.as_deref())?),
        false => None,
    };
    let job = Job {
        args: &args,
        budget,
        spread,
        seed,
    };
    let Some(pairings) = pairings else {
        return job.alone(&list, &out);
    };
    if super::interrupted() {
        return stopped_in_setup("fairness");
    }
    let run = PanelRun {
        command: "fairness",
        scenario: &list.name,
        words: Words {
            up: format!("undercosted by over {:.0}%", 100.0 * FLAG_FRACTION),
            down: format!("overcosted by over {:.0}%", 100.0 * FLAG_FRACTION),
            neither: format!("not shown to be over {:.0}% off", 100.0 * FLAG_FRACTION),
            unknown: "not fitted".into(),
            values: "suggested costs",
            unit: " pts",
        },
        seed,
        png: args.png,
        command_line: command_line(),
    };
    each_pairing(&out, run, &pairings, |pairing, folder| {
        let list = list
            .with_base(pairing.scenario.clone())
            .map_err(anyhow::Error::msg)?;
        job.analyse(&list, folder)
    })
}

/// A pairing whose model cannot be fitted: its matchups, the reason, and
/// no answer for any unit.
fn unfitted_votes(list: &FairnessList, e: &ModelError) -> Vec<Vote> {
    list.options
        .iter()
        .map(|o| Vote {
            question: format!("{} ({} pts)", o.name, o.cost),
            lean: Lean::Unknown,
            value: f64::NAN,
            lo: f64::NAN,
            hi: f64::NAN,
            detail: format!("not fitted: {e}"),
        })
        .collect()
}

/// The warning that the clock ended more than a third of the battles of
/// all the matchups played (the model prices units on them all).
fn clock_warning(played: &Played) -> Option<String> {
    let share = played.clocked.share();
    crate::analysis::verdict::clock_warning(&[(String::new(), share)], "matchup")
}

/// One fairness study, of the list or of the list under a pairing of
/// doctrines.
struct Job<'a> {
    args: &'a FairnessArgs,
    budget: u32,
    spread: f64,
    seed: u64,
}

/// The matchups a study played, whether it played them all, and how many
/// of their battles the clock ended.
struct Played {
    market: Market,
    matchups: Vec<Matchup>,
    all: bool,
    clocked: Clocked,
}

impl Job<'_> {
    /// Draws the matchups of `list` and plays them; None when a signal
    /// stopped the set-up.
    fn play(&self, list: &FairnessList) -> anyhow::Result<Option<Played>> {
        let args = self.args;
        let market = market(list, self.budget, self.spread);
        if super::interrupted() {
            return Ok(None);
        }
        let matchups = build_matchups(list, &market, self.seed, args.matchups, &super::interrupted);
        if super::interrupted() {
            return Ok(None);
        }
        let matchups = matchups.map_err(|e| anyhow!("{e}"))?;
        let workers = Workers::new(args.threads, args.matchups * args.battles, args.quiet)?;
        let started = std::time::Instant::now();
        let (played, all, clocked) = workers.pool.install(|| {
            play_matchups(
                &matchups,
                self.seed,
                args.battles,
                workers.cancel,
                &workers.progress,
            )
        });
        workers.progress.finish();
        let elapsed = started.elapsed().as_secs_f64();
        let battles: u64 = played.iter().map(|m| m.battles).sum();
        say!(
            "{} matchups x {} battles, seed {}, {elapsed:.1} s ({:.0} battles/s)",
            played.len(),
            args.battles,
            self.seed,
            battles as f64 / elapsed.max(1e-9)
        );
        if !all {
            say!(
                "PARTIAL: interrupted after {} of {} matchups",
                played.len(),
                args.matchups
            );
        }
        Ok(Some(Played {
            market,
            matchups: played,
            all,
            clocked,
        }))
    }

    /// The study of the list alone, into `out`.
    fn alone(&self, list: &FairnessList, out: &OutDir) -> anyhow::Result<i32> {
        let args = self.args;
        let Some(played) = self.play(list)? else {
            return stopped_in_setup("fairness");
        };
        let staging = out.stage()?;
        write_matchups(staging.path(), list, &played.market, &played.matchups)?;
        let model = match self.fit(list, &played) {
            Ok(model) => model,
            Err(e) => {
                // The matchups played are kept: they are the whole output of
                // a model that cannot be fitted.
                staging.commit()?;
                let matchups = out.path().join("matchups.csv");
                if !played.all {
                    tell!(
                        "fairness: interrupted after {} of {} matchups, too few to fit the model ({e}); the matchups played are in {}",
                        played.matchups.len(),
                        args.matchups,
                        matchups.display()
                    );
                    return Ok(EXIT_INTERRUPTED);
                }
                bail!(
                    "the fairness model cannot be fitted: {e} (the matchups are in {})",
                    matchups.display()
                );
            }
        };
        let manifest = self.write(list, &played, &model, staging.path())?;
        conclude(staging, &manifest, args.png, !played.all)
    }

    fn setup(&self, played: &Played) -> FairnessSetup {
        FairnessSetup {
            budget: self.budget,
            spread: self.spread,
            matchups: played.matchups.len(),
            battles: self.args.battles,
            seed: self.seed,
        }
    }

    fn fit(&self, list: &FairnessList, played: &Played) -> Result<Fairness, ModelError> {
        let names: Vec<String> = list.options.iter().map(|o| o.name.clone()).collect();
        let costs: Vec<u32> = list.options.iter().map(|o| o.cost).collect();
        fit_fairness(&played.matchups, &costs, &names)
    }

    /// Writes the units' table into `folder` and returns the manifest.
    fn write(
        &self,
        list: &FairnessList,
        played: &Played,
        model: &Fairness,
        folder: &Path,
    ) -> anyhow::Result<Manifest> {
        write_units(folder, list, &played.matchups, model)?;
        // A poor fit is said once, among the answers (second, after the
        // verdict and the clock's warning).
        let mut answers = answers(list, model, self.spread);
        warn(&mut answers, clock_warning(played));
        let setup = self.setup(played);
        Ok(manifest(
            list,
            &played.market,
            &setup,
            command_line(),
            answers,
        ))
    }

    /// A pairing's report when the model cannot be fitted: its matchups
    /// and the reason.
    fn unfitted(
        &self,
        list: &FairnessList,
        played: &Played,
        folder: &Path,
        e: &ModelError,
    ) -> anyhow::Result<Analysed> {
        let setup = self.setup(played);
        let mut answers = vec![format!(
            "The fairness model cannot be fitted under this pairing of doctrines: {e}. The matchups played are in matchups.csv."
        )];
        warn(&mut answers, clock_warning(played));
        let mut manifest = manifest(list, &played.market, &setup, command_line(), answers);
        manifest
            .tables
            .retain(|(file, _)| folder.join(file).is_file());
        Ok(Analysed {
            manifest,
            votes: unfitted_votes(list, e),
            partial: !played.all,
            clock: played.clocked.share(),
        })
    }

    /// The study of `list` under one pairing, into `folder` (a model that
    /// cannot be fitted leaves its units unanswered).
    fn analyse(&self, list: &FairnessList, folder: &Path) -> anyhow::Result<Analysed> {
        let Some(played) = self.play(list)? else {
            return Err(StoppedInSetup.into());
        };
        write_matchups(folder, list, &played.market, &played.matchups)?;
        let model = match self.fit(list, &played) {
            Ok(model) => model,
            Err(e) => return self.unfitted(list, &played, folder, &e),
        };
        let manifest = self.write(list, &played, &model, folder)?;
        let votes = list
            .options
            .iter()
            .zip(&model.units)
            .map(|(o, v)| {
                // Only an interval wholly beyond the flag's fraction
                // counts, so that noise cannot turn a verdict over.
                let c = f64::from(o.cost);
                let lean = if v.suggested.2 < c * (1.0 - FLAG_FRACTION) {
                    Lean::Down
                } else if v.suggested.1 > c * (1.0 + FLAG_FRACTION) {
                    Lean::Up
                } else {
                    Lean::Neither
                };
                Vote {
                    question: format!("{} ({} pts)", o.name, o.cost),
                    lean,
                    value: v.suggested.0,
                    lo: v.suggested.1,
                    hi: v.suggested.2,
                    detail: format!("suggested {:.0}", v.suggested.0),
                }
            })
            .collect();
        Ok(Analysed {
            manifest,
            votes,
            partial: !played.all,
            clock: played.clocked.share(),
        })
    }
}
