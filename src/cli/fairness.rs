//! `muster fairness`: random armies of nearly equal points from a fairness
//! list play each other; an additive logistic model of the result on the
//! unit counts gives every unit's worth, value per point and suggested
//! cost, flagging units more than 10% off.

use super::study::{command_line, conclude, stopped_in_setup, Workers};
use super::{Listed, EXIT_INTERRUPTED};
use crate::analysis::fairness::list;
use crate::analysis::fairness::model::fit_fairness;
use crate::analysis::fairness::{build_matchups, market, play_matchups};
use crate::report::fairness::{answers, manifest, write_matchups, write_units, FairnessSetup};
use crate::report::{FolderKind, OutDir};
use anyhow::{anyhow, bail, Context};
use clap::Args;
use std::path::PathBuf;

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
    let seed = args.seed.unwrap_or(list.base.seed);
    let out = args.out.clone().unwrap_or_else(|| {
        PathBuf::from("reports").join(format!("fairness-{}", crate::scenario::slug(&list.name)))
    });
    let out = OutDir::claim(&out, FolderKind::Analysis("fairness"), args.force)?;
    let market = market(&list, budget, spread);
    if super::interrupted() {
        return stopped_in_setup("fairness");
    }
    let matchups = build_matchups(&list, &market, seed, args.matchups, &super::interrupted);
    if super::interrupted() {
        return stopped_in_setup("fairness");
    }
    let matchups = matchups.map_err(|e| anyhow!("{e}"))?;
    let workers = Workers::new(args.threads, args.matchups * args.battles, args.quiet)?;
    let started = std::time::Instant::now();
    let (played, all) = workers.pool.install(|| {
        play_matchups(
            &matchups,
            seed,
            args.battles,
            workers.cancel,
            &workers.progress,
        )
    });
    workers.progress.finish();
    let elapsed = started.elapsed().as_secs_f64();
    let battles: u64 = played.iter().map(|m| m.battles).sum();
    say!(
        "{} matchups x {} battles, seed {seed}, {elapsed:.1} s ({:.0} battles/s)",
        played.len(),
        args.battles,
        battles as f64 / elapsed.max(1e-9)
    );
    if !all {
        say!(
            "PARTIAL: interrupted after {} of {} matchups",
            played.len(),
            args.matchups
        );
    }
    let staging = out.stage()?;
    write_matchups(staging.path(), &list, &market, &played)?;
    let names: Vec<String> = list.options.iter().map(|o| o.name.clone()).collect();
    let costs: Vec<u32> = list.options.iter().map(|o| o.cost).collect();
    let model = match fit_fairness(&played, &costs, &names) {
        Ok(model) => model,
        Err(e) => {
            // The matchups played are kept: they are the whole output of
            // a model that cannot be fitted.
            staging.commit()?;
            let matchups = out.path().join("matchups.csv");
            if !all {
                tell!(
                    "fairness: interrupted after {} of {} matchups, too few to fit the model ({e}); the matchups played are in {}",
                    played.len(),
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
    write_units(staging.path(), &list, &played, &model)?;
    // A poor fit is said once, among the answers (second, after the verdict).
    let answers = answers(&list, &model, spread);
    let setup = FairnessSetup {
        budget,
        spread,
        matchups: played.len(),
        battles: args.battles,
        seed,
    };
    let manifest = manifest(&list, &market, &setup, command_line(), answers);
    conclude(staging, &manifest, args.png, !all)
}
