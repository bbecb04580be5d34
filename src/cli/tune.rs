//! `muster tune`: the value of a unit's points or MCV (or the MC ratio)
//! that makes a matchup even, with its interval and the win-rate curve
//! around it.

use super::study::{command_line, conclude, focus_side, StudyArgs, Workers};
use crate::analysis::play::StudyPlan;
use crate::analysis::tune::{param_path, search, Param, Search};
use crate::report::tune::TuneReport;
use anyhow::bail;
use clap::builder::PossibleValue;
use clap::{Args, ValueEnum};
use std::path::{Path, PathBuf};

impl ValueEnum for Param {
    fn value_variants<'a>() -> &'a [Self] {
        &[Param::Points, Param::Mcv, Param::McRatio]
    }

    fn to_possible_value(&self) -> Option<PossibleValue> {
        Some(match self {
            Param::Points => PossibleValue::new("points").help("The points of the unit's profile (States of Battle: they set the army's Morale Counters and the unit's MCV)"),
            Param::Mcv => PossibleValue::new("mcv").help("The unit's MCV (States of Battle)"),
            Param::McRatio => PossibleValue::new("mc-ratio").help("Points per Morale Counter, in tenths of XP(L) (States of Battle on D&D War)"),
        })
    }
}

#[derive(Args, Debug)]
pub struct TuneArgs {
    /// Scenario file (default: the built-in one).
    pub scenario: Option<PathBuf>,
    /// The unit (its label, or its profile when only one unit has it).
    #[arg(long, required_if_eq_any([("param", "points"), ("param", "mcv")]))]
    pub unit: Option<String>,
    #[arg(long, value_enum)]
    pub param: Param,
    /// The compared side's win rate to reach.
    #[arg(long, default_value_t = 0.5)]
    pub target: f64,
    /// Values searched, LO..HI (default: MCV 1..8, points a quarter to three
    /// times the current value, MC ratio 10..60).
    #[arg(long, value_name = "LO..HI")]
    pub range: Option<String>,
    #[command(flatten)]
    pub study: StudyArgs,
}

fn parse_range(text: &str) -> Option<(i64, i64)> {
    let (a, b) = text.split_once("..")?;
    let (a, b) = (a.trim().parse().ok()?, b.trim().parse().ok()?);
    (a < b).then_some((a, b))
}

/// The values searched: `--range`, or the parameter's default range.
fn range(args: &TuneArgs, path: &str, current: Option<i64>) -> anyhow::Result<(i64, i64)> {
    Ok(match (&args.range, args.param, current) {
        (Some(r), _, _) => match parse_range(r) {
            Some(r) => r,
            None => bail!("--range `{r}` is not LO..HI with whole numbers, LO < HI"),
        },
        (None, Param::Mcv, _) => (1, 8),
        (None, Param::McRatio, _) => (10, 60),
        (None, Param::Points, Some(p)) => ((p / 4).max(1), (3 * p).max(2)),
        (None, Param::Points, None) => bail!(
            "the profile's points are the digest's price, not written in the scenario; give --range LO..HI ({path})"
        ),
    })
}

pub fn tune(args: TuneArgs) -> anyhow::Result<i32> {
    args.study.check()?;
    if !(args.target > 0.0 && args.target < 1.0) {
        bail!(
            "--target must be a win rate between 0 and 1, not {}",
            args.target
        );
    }
    let base = super::load(args.scenario.as_deref())?;
    let (path, current) = param_path(&base, args.unit.as_deref(), args.param)?;
    let range = range(&args, &path, current)?;
    let names = base.side_names();
    let focus = focus_side([&names[0], &names[1]], args.study.side.as_deref())?;
    let seed = args.study.seed.unwrap_or(base.seed);
    let battles = args.study.battles.unwrap_or(base.battles);
    let out = args.study.claim_out("tune", &base.slug())?;
    if super::interrupted() {
        return super::study::stopped_in_setup("tune");
    }
    let what = crate::report::tune::what(args.param, args.unit.as_deref());
    say!(
        "{what}: {} in the scenario; searching {}..{} for the value at which {} {:.0}%",
        current.map_or("not set".to_string(), |c| c.to_string()),
        range.0,
        range.1,
        crate::analysis::verdict::side_wins(&names[focus.index()]),
        100.0 * args.target
    );
    let workers = Workers::new(args.study.threads, 0, args.study.quiet)?;
    let searched = search(
        &Search {
            base: &base,
            base_dir: args.scenario.as_deref().and_then(Path::parent),
            path: &path,
            range,
            target: args.target,
            seed,
            battles,
        },
        |variants, seed, start, n| {
            workers.progress.grow(n * variants.len() as u64);
            workers.play(variants, focus, seed, start, StudyPlan::Fixed(n))
        },
    );
    workers.progress.finish();
    let searched = searched?;
    let report = TuneReport {
        scenario: &base.name,
        path: &path,
        param: args.param,
        unit: args.unit.as_deref(),
        range,
        target: args.target,
        side: &names[focus.index()],
        battles,
        seed,
        current,
        command: command_line(),
    };
    let staging = out.stage()?;
    let mut manifest = crate::report::tune::write(staging.path(), &report, &searched)?;
    let armies = crate::report::army::write_study_armies(
        staging.path(),
        &[("the scenario as given".to_string(), base.army_sheet())],
    )?;
    manifest.tables.splice(0..0, armies);
    say!(
        "{} battles on {} values, seed {seed}",
        searched.played,
        searched.tuned.curve.len()
    );
    conclude(staging, &manifest, args.study.png, searched.partial)
}
