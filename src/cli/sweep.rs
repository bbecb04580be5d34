//! `muster sweep`: a grid over one or two parameters of a scenario on
//! common random numbers, with the win-rate curve or surface.

use super::compare::{combinations, parse_specs};
use super::study::{
    command_line, conclude, fail, focus_side, load_variants, question, StudyArgs, Workers,
};
use super::study_shard::{self, StudyKind};
use crate::analysis::play::{StudyPlan, StudyResult};
use crate::analysis::vary::{expand_range, Variant};
use crate::report::csv_out::{csv_write, f4};
use crate::report::html::Manifest;
use crate::rules::Side;
use crate::stats::{wilson, Z_95};
use clap::Args;
use std::path::{Path, PathBuf};

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
    if let Err(e) = args.study.check() {
        return fail(e);
    }
    if args.grid.len() > 2 {
        return fail("--grid is given once or twice (a curve or a surface)".to_string());
    }
    let mut specs = match parse_specs(&args.grid) {
        Ok(s) => s,
        Err(e) => return fail(e),
    };
    for (_, values) in &mut specs {
        let mut all = Vec::new();
        for v in values.iter() {
            match expand_range(v) {
                Ok(x) => all.extend(x),
                Err(e) => return fail(e),
            }
        }
        *values = all;
    }
    let cells = combinations(&specs);
    let variants = match load_variants(args.scenario.as_ref(), &cells)? {
        Ok(v) => v,
        Err(e) => return fail(e),
    };
    let base = &variants[0].scenario;
    let names = base.side_names();
    let focus = match focus_side([&names[0], &names[1]], args.study.side.as_deref()) {
        Ok(f) => f,
        Err(e) => return fail(e),
    };
    let seed = args.study.seed.unwrap_or(base.seed);
    let battles = args.study.battles.unwrap_or(base.battles);
    let (shard, (start, end)) = match study_shard::plan(args.shard.as_deref(), battles) {
        Ok(s) => s,
        Err(e) => return fail(e),
    };
    let workers = Workers::new(
        args.study.threads,
        (end - start) * variants.len() as u64,
        args.study.quiet,
    )?;
    let refs: Vec<&Variant> = variants.iter().collect();
    let started = std::time::Instant::now();
    let result = workers.play(&refs, focus, seed, start, StudyPlan::Fixed(end - start))?;
    workers.progress.finish();
    let out = args.study.out_dir("sweep", &base.slug());
    if let Some(shard) = shard {
        return study_shard::finish(
            StudyKind::Sweep,
            &out,
            (seed, battles, focus),
            (shard, (start, end)),
            &variants,
            result,
        );
    }
    say!(
        "{} cells x {} battles, seed {seed}, {:.1} s",
        variants.len(),
        result.played.paired.battles,
        started.elapsed().as_secs_f64()
    );
    write_outputs(
        &out,
        &variants,
        &result,
        focus,
        seed,
        command_line(),
        args.study.png,
    )
}

/// Writes sweep.csv and the report of played grid cells (what a single
/// sweep and a merge of its shards write); the grid is read back from the
/// cells' edits.
pub(super) fn write_outputs(
    out: &Path,
    variants: &[Variant],
    result: &StudyResult,
    focus: Side,
    seed: u64,
    command: String,
    png: bool,
) -> anyhow::Result<i32> {
    let base = &variants[0].scenario;
    let names = base.side_names();
    let axis = |i: usize| -> Option<(String, Vec<String>)> {
        let path = variants[0].edits.get(i)?.0.clone();
        let mut values: Vec<String> = Vec::new();
        for v in variants {
            let value = &v.edits.get(i)?.1;
            if !values.contains(value) {
                values.push(value.clone());
            }
        }
        Some((path, values))
    };
    let specs: Vec<(String, Vec<String>)> = (0..2).filter_map(axis).collect();
    let paired = &result.played.paired;
    let n = paired.battles;
    let rows: Vec<Vec<String>> = variants
        .iter()
        .enumerate()
        .map(|(v, variant)| {
            let (lo, hi) = wilson(paired.wins[v], n, Z_95);
            let mut row: Vec<String> = Vec::new();
            for i in 0..2 {
                let (path, value) = variant.edits.get(i).cloned().unwrap_or_default();
                row.extend([path, value]);
            }
            row.extend([
                names[focus.index()].clone(),
                n.to_string(),
                paired.wins[v].to_string(),
                f4(paired.rate(v)),
                f4(lo),
                f4(hi),
            ]);
            row
        })
        .collect();
    let header: Vec<String> = [
        "x_path",
        "x",
        "y_path",
        "y",
        "focus_side",
        "battles",
        "wins",
        "win_rate",
        "win_rate_lo95",
        "win_rate_hi95",
    ]
    .map(String::from)
    .to_vec();
    csv_write(&out.join("sweep.csv"), &header, &rows)?;
    let best = (0..variants.len())
        .max_by(|&a, &b| paired.rate(a).total_cmp(&paired.rate(b)))
        .unwrap_or(0);
    let worst = (0..variants.len())
        .min_by(|&a, &b| paired.rate(a).total_cmp(&paired.rate(b)))
        .unwrap_or(0);
    let even = (0..variants.len())
        .min_by(|&a, &b| {
            (paired.rate(a) - 0.5)
                .abs()
                .total_cmp(&(paired.rate(b) - 0.5).abs())
        })
        .unwrap_or(0);
    let side = &names[focus.index()];
    let mut answers = Vec::new();
    if result.partial {
        answers.push(format!(
            "INTERRUPTED: these are the first {n} battles of each cell only."
        ));
    }
    for (what, v) in [
        ("Highest", best),
        ("Lowest", worst),
        ("Closest to even", even),
    ] {
        let (lo, hi) = wilson(paired.wins[v], n, Z_95);
        answers.push(format!(
            "{what} {side} win rate: {:.1}% (95% interval {:.1}% to {:.1}%) at {}.",
            100.0 * paired.rate(v),
            100.0 * lo,
            100.0 * hi,
            variants[v].label
        ));
    }
    let manifest = Manifest {
        kind: "sweep".to_string(),
        title: format!("Sweep: {}", base.name),
        command,
        question: question(
            &base.name,
            vec![
                ("x", format!("{} = {}", specs[0].0, specs[0].1.join(", "))),
                (
                    "y",
                    specs
                        .get(1)
                        .map_or("-".to_string(), |s| format!("{} = {}", s.0, s.1.join(", "))),
                ),
                ("compared side", side.clone()),
                ("battles per cell", n.to_string()),
            ],
            seed,
        ),
        answers,
        tables: vec![("sweep.csv".to_string(), "Win rate per cell".to_string())],
    };
    conclude(out, &manifest, png, result.partial)
}
