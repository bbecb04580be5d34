//! `muster sweep`: a grid over one or two parameters of a scenario on
//! common random numbers, with the win-rate curve or surface.

use super::compare::parse_specs;
use super::study::{
    finish_shard, focus_side, load_variants, write_and_conclude, StudyArgs, Workers,
};
use crate::analysis::play::StudyPlan;
use crate::analysis::vary::{check_distinct, combinations, expand_range, Variant};
use crate::shard::study::{StudyKind, StudyRun};
use crate::shard::{battle_range, Shard};
use anyhow::bail;
use clap::Args;
use std::path::PathBuf;

#[derive(Args, Debug)]
pub struct SweepArgs {
    /// Scenario file (default: the built-in one).
    pub scenario: Option<PathBuf>,
    /// PATH=a..b:step (both ends included) or PATH=V1,V2,...; give one or two.
    #[arg(long = "grid", value_name = "PATH=a..b:step", required = true)]
    pub grid: Vec<String>,
    /// Play only shard K of N: battles K*B/N up to (K+1)*B/N of every
    /// cell, written as study-shard.json for `muster merge`.
    #[arg(long, value_name = "K/N")]
    pub shard: Option<String>,
    #[command(flatten)]
    pub study: StudyArgs,
}

pub fn sweep(args: SweepArgs) -> anyhow::Result<i32> {
    args.study.check()?;
    if args.grid.len() > 2 {
        bail!("--grid is given once or twice (a curve or a surface)");
    }
    if args.shard.is_some() && args.study.png {
        bail!("--png: a shard writes no charts (only study-shard.json); give --png to `muster merge` when combining the shards");
    }
    let mut specs = parse_specs(&args.grid)?;
    for (_, values) in &mut specs {
        let mut all = Vec::new();
        for v in values.iter() {
            all.extend(expand_range(v).map_err(anyhow::Error::msg)?);
        }
        *values = all;
    }
    let variants = load_variants(args.scenario.as_ref(), &combinations(&specs))?;
    check_distinct(&variants[0].scenario, &variants)?;
    let base = &variants[0].scenario;
    let names = base.side_names();
    let focus = focus_side([&names[0], &names[1]], args.study.side.as_deref())?;
    let seed = args.study.seed.unwrap_or(base.seed);
    let battles = args.study.battles.unwrap_or(base.battles);
    let shard: Option<Shard> = args.shard.as_deref().map(str::parse).transpose()?;
    let (start, end) = battle_range(shard, battles);
    let out = args.study.claim_out("sweep", &base.slug())?;
    if super::interrupted() {
        return super::study::stopped_in_setup("sweep");
    }
    let workers = Workers::new(
        args.study.threads,
        (end - start) * variants.len() as u64,
        args.study.quiet,
    )?;
    let refs: Vec<&Variant> = variants.iter().collect();
    let started = std::time::Instant::now();
    let result = workers.play(&refs, focus, seed, start, StudyPlan::Fixed(end - start))?;
    workers.progress.finish();
    if let Some(shard) = shard {
        let run = StudyRun {
            kind: StudyKind::Sweep,
            seed,
            battles,
            focus,
            shard,
            variants: &variants,
            command: super::study::command_without_shard(),
        };
        return finish_shard(&out, run, result);
    }
    say!(
        "{} cells x {} battles, seed {seed}, {:.1} s",
        variants.len(),
        result.played.paired.battles,
        started.elapsed().as_secs_f64()
    );
    let write = crate::report::sweep::write;
    write_and_conclude(&out, write, &variants, &result, focus, seed, args.study.png)
}
