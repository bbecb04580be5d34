//! `muster run`: plays a batch and writes its outputs.

use super::raw_out::RawOut;
use super::study::Workers;
use super::{EXIT_INTERRUPTED, EXIT_OK};
use crate::engine::{self, Plan, RowSink};
use crate::report::csv_out::{side_table, write_csvs};
use crate::report::write_text;
use crate::rules::Ruleset;
use crate::scenario::raw::Provenance;
use crate::scenario::{Scenario, WithRuleset};
use crate::shard::{Shard, ShardFile, SHARD_FILE};
use crate::stats::Tally;
use anyhow::{bail, Context};
use clap::Args;
use std::path::{Path, PathBuf};
use std::time::Instant;

#[derive(Args, Debug)]
pub struct RunArgs {
    /// Scenario file (default: the built-in armies/open_field.toml).
    pub scenario: Option<PathBuf>,
    /// Battles to play (default: the scenario's [run] battles, else 10000).
    #[arg(long)]
    pub battles: Option<u64>,
    /// Seed of the run (default: the scenario's [run] seed, else 1).
    #[arg(long)]
    pub seed: Option<u64>,
    /// Worker threads (default: all cores). Results do not depend on it.
    #[arg(long)]
    pub threads: Option<usize>,
    /// Output folder (default: reports/<scenario-name>/).
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// Play until every side's 95% win-rate interval has half-width <= P (e.g. 0.01).
    #[arg(long, value_name = "P")]
    pub precision: Option<f64>,
    /// Cap on battles with --precision.
    #[arg(long, default_value_t = 10_000_000)]
    pub max_battles: u64,
    /// No progress bar.
    #[arg(long)]
    pub quiet: bool,
    /// Also write one row per battle (index, winner, rounds, end reason,
    /// strength at the end, every unit's fate and losses) to this Parquet
    /// file; needs a muster built with `--features parquet`.
    #[arg(long, value_name = "FILE.parquet")]
    pub raw: Option<PathBuf>,
    /// Play only shard K of N: the battles K*B/N up to (K+1)*B/N of a
    /// B-battle run, written with a shard.json that `muster merge` combines.
    #[arg(long, value_name = "K/N")]
    pub shard: Option<String>,
}

pub fn run(args: RunArgs) -> anyhow::Result<i32> {
    let scenario = super::load(args.scenario.as_deref())?;
    if let Some(p) = args.precision {
        if !(p > 0.0 && p < 0.5) {
            bail!("--precision must be between 0 and 0.5 (a half-width such as 0.01), not {p}");
        }
    }
    let shard: Option<Shard> = args.shard.as_deref().map(str::parse).transpose()?;
    if shard.is_some() && args.precision.is_some() {
        bail!("--shard needs a fixed number of battles; --precision decides how many as it goes, so its run cannot be split");
    }
    RawOut::check(args.raw.as_deref()).map_err(anyhow::Error::msg)?;
    if args.battles == Some(0) || args.max_battles == 0 || args.threads == Some(0) {
        bail!("--battles, --max-battles and --threads must be at least 1");
    }
    if !args.quiet {
        for note in &scenario.notes {
            eprintln!("note: {note}");
        }
        for w in &scenario.warnings {
            eprintln!("warning: {w}");
        }
    }
    scenario.rules.with(RunJob {
        scenario: &scenario,
        args: &args,
        shard,
    })
}

/// A run of one scenario with its ruleset.
struct RunJob<'a> {
    scenario: &'a Scenario,
    args: &'a RunArgs,
    shard: Option<Shard>,
}

impl WithRuleset for RunJob<'_> {
    type Output = anyhow::Result<i32>;
    fn run<R: Ruleset>(self, ruleset: &R) -> anyhow::Result<i32> {
        run_with(ruleset, self.scenario, self.args, self.shard)
    }
}

/// The run.toml text of a run of `battles` battles.
fn run_toml(
    scenario: &Scenario,
    battles: u64,
    seed: u64,
    provenance: Provenance,
) -> anyhow::Result<String> {
    Ok(format!(
        "# Written by `muster run`: the fully resolved scenario of this run.\n# `muster run run.toml` reproduces it exactly.\n{}",
        scenario.resolved.to_run_toml(battles, seed, provenance)?
    ))
}

/// What a run plays: its seed, its battles (of the whole run, when
/// sharded) and how many.
#[derive(Clone, Copy)]
struct Batch {
    seed: u64,
    battles: u64,
    plan: Plan,
    shard: Option<Shard>,
}

fn run_with<R: Ruleset>(
    ruleset: &R,
    scenario: &Scenario,
    args: &RunArgs,
    shard: Option<Shard>,
) -> anyhow::Result<i32> {
    let battles = args.battles.unwrap_or(scenario.battles);
    let batch = Batch {
        seed: args.seed.unwrap_or(scenario.seed),
        battles,
        plan: match args.precision {
            Some(p) => Plan::Precision {
                half_width: p,
                batch: battles.min(args.max_battles),
                max_battles: args.max_battles,
            },
            None => Plan::Fixed(battles),
        },
        shard,
    };
    let out = args
        .out
        .clone()
        .unwrap_or_else(|| PathBuf::from("reports").join(scenario.slug()));
    let started = Instant::now();
    let result = play(ruleset, scenario, args, batch)?;
    let elapsed = started.elapsed().as_secs_f64();
    let tally = &result.tally;
    let names = ruleset.side_names();
    write_csvs(
        &out,
        tally,
        &ruleset.tally_shape(),
        names,
        ruleset.strength_name(),
        result.partial,
    )?;
    write_run_files(&out, scenario, batch, tally, result.partial)?;
    print_summary(
        scenario,
        tally,
        names,
        batch.seed,
        elapsed,
        result.partial,
        args.precision,
    );
    say!("outputs: {}", out.display());
    Ok(if result.partial {
        EXIT_INTERRUPTED
    } else {
        EXIT_OK
    })
}

/// Plays the run's battles (the shard's range, when sharded) with Ctrl-C,
/// the progress bar and `--raw` rows.
fn play<R: Ruleset>(
    ruleset: &R,
    scenario: &Scenario,
    args: &RunArgs,
    batch: Batch,
) -> anyhow::Result<engine::BatchResult> {
    let range = batch.shard.map(|s| s.range(batch.battles));
    let total = match (range, batch.plan) {
        (Some((start, end)), _) => end - start,
        (None, Plan::Fixed(n)) => n,
        (None, Plan::Precision { max_battles, .. }) => max_battles,
    };
    let workers = Workers::new(args.threads, total, args.quiet)?;
    let mut raw = RawOut::open(
        args.raw.as_deref(),
        vec![(
            scenario.name.clone(),
            ruleset.side_names().map(str::to_string),
            ruleset.tally_shape(),
        )],
    )?;
    let mut sink = RawOut::sink(&mut raw);
    let rows = sink.as_mut().map(|s| s as RowSink);
    let (seed, cancel, progress) = (batch.seed, &workers.cancel, &workers.progress);
    let result = workers.pool.install(|| match range {
        Some((start, end)) => {
            engine::run_range(ruleset, seed, start, end - start, cancel, progress, rows)
        }
        None => engine::run_rows(ruleset, seed, batch.plan, cancel, progress, rows),
    });
    progress.finish();
    drop(sink);
    if let (Some(r), Some(path)) = (raw, args.raw.as_deref()) {
        let n = r.finish()?;
        say!("raw rows: {n} battles in {}", path.display());
    }
    Ok(result)
}

/// Writes run.toml and, for a shard, shard.json.
fn write_run_files(
    out: &Path,
    scenario: &Scenario,
    batch: Batch,
    tally: &Tally,
    partial: bool,
) -> anyhow::Result<()> {
    let Batch {
        seed,
        battles,
        shard,
        ..
    } = batch;
    let provenance = |played: u64, note: Option<String>| Provenance {
        muster_version: crate::VERSION.to_string(),
        git_revision: crate::GIT_REVISION.to_string(),
        battles_played: played,
        partial,
        note,
    };
    let note = match shard {
        Some(s) => {
            let (start, end) = s.range(battles);
            Some(format!(
                "shard {}/{}: battles {start} to {} of {battles}{}",
                s.index,
                s.count,
                end.saturating_sub(1),
                if partial { ", interrupted" } else { "" }
            ))
        }
        None => partial.then(|| {
            format!(
                "interrupted: only the first {} battles were played",
                tally.battles
            )
        }),
    };
    let written = if shard.is_some() {
        battles
    } else {
        tally.battles
    };
    let this_run = run_toml(scenario, written, seed, provenance(tally.battles, note))?;
    write_text(&out.join("run.toml"), &this_run)?;
    if let Some(s) = shard {
        let whole = Provenance {
            partial: false,
            ..provenance(battles, None)
        };
        let run_toml = run_toml(scenario, battles, seed, whole)?;
        let file = ShardFile::new(s, seed, battles, run_toml, tally.clone());
        let json = serde_json::to_string(&file).context("cannot encode the shard file")?;
        write_text(&out.join(SHARD_FILE), &json)?;
    }
    Ok(())
}

fn print_summary(
    scenario: &Scenario,
    tally: &Tally,
    names: [&str; 2],
    seed: u64,
    elapsed: f64,
    partial: bool,
    precision: Option<f64>,
) {
    let rate = tally.battles as f64 / elapsed.max(1e-9);
    say!(
        "{} ({} battles, seed {seed}, {:.1} s, {:.0} battles/s)",
        scenario.name,
        tally.battles,
        elapsed,
        rate
    );
    if partial {
        say!(
            "PARTIAL: interrupted; these are the first {} battles only",
            tally.battles
        );
    }
    if let Some(p) = precision {
        let hw = engine::widest_half_width(tally);
        let verdict = if hw <= p {
            "reached"
        } else {
            "NOT reached (cap hit)"
        };
        say!(
            "precision +/-{p}: {verdict} after {} battles (widest half-width {hw:.4})",
            tally.battles
        );
    }
    print_table(tally, names);
}

/// The per-side table of a run's summary.
pub(super) fn print_table(tally: &Tally, names: [&str; 2]) {
    say!("{}", side_table(tally, names));
}
