//! `muster run`: plays a batch and writes its outputs.

use super::progress::Progress;
use super::raw_out::RawOut;
use super::{EXIT_ERROR, EXIT_INTERRUPTED, EXIT_OK};
use crate::engine::{self, Plan, RowSink};
use crate::report::csv_out::{summarise, write_csvs};
use crate::report::write_text;
use crate::rules::Ruleset;
use crate::scenario::raw::Provenance;
use crate::scenario::{Scenario, WithRuleset};
use anyhow::Context;
use clap::Args;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
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
    let Ok(scenario) = super::load(args.scenario.as_deref())? else {
        return Ok(EXIT_ERROR);
    };
    if let Some(p) = args.precision {
        if !(p > 0.0 && p < 0.5) {
            eprintln!(
                "error: --precision must be between 0 and 0.5 (a half-width such as 0.01), not {p}"
            );
            return Ok(EXIT_ERROR);
        }
    }
    let shard = match args.shard.as_deref().map(super::shard::parse_shard) {
        None => None,
        Some(Ok(s)) => Some(s),
        Some(Err(e)) => {
            eprintln!("error: {e}");
            return Ok(EXIT_ERROR);
        }
    };
    if shard.is_some() && args.precision.is_some() {
        eprintln!("error: --shard needs a fixed number of battles; --precision decides how many as it goes, so its run cannot be split");
        return Ok(EXIT_ERROR);
    }
    if let Err(e) = RawOut::check(args.raw.as_deref()) {
        eprintln!("error: {e}");
        return Ok(EXIT_ERROR);
    }
    if args.battles == Some(0) || args.max_battles == 0 || args.threads == Some(0) {
        eprintln!("error: --battles, --max-battles and --threads must be at least 1");
        return Ok(EXIT_ERROR);
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
    shard: Option<(u64, u64)>,
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

fn run_with<R: Ruleset>(
    ruleset: &R,
    scenario: &Scenario,
    args: &RunArgs,
    shard: Option<(u64, u64)>,
) -> anyhow::Result<i32> {
    let seed = args.seed.unwrap_or(scenario.seed);
    let battles = args.battles.unwrap_or(scenario.battles);
    let plan = match args.precision {
        Some(p) => Plan::Precision {
            half_width: p,
            batch: battles.min(args.max_battles),
            max_battles: args.max_battles,
        },
        None => Plan::Fixed(battles),
    };
    let out = args
        .out
        .clone()
        .unwrap_or_else(|| PathBuf::from("reports").join(scenario.slug()));
    let mut pool = rayon::ThreadPoolBuilder::new();
    if let Some(t) = args.threads {
        pool = pool.num_threads(t);
    }
    let pool = pool.build().context("cannot start the worker threads")?;
    let cancel = Arc::new(AtomicBool::new(false));
    let flag = Arc::clone(&cancel);
    // A second Ctrl-C during the write-out still reaches the default handler's effect via the flag.
    let _ = ctrlc::set_handler(move || flag.store(true, Ordering::Relaxed));
    let range = shard.map(|(k, n)| super::shard::shard_range(battles, k, n));
    let total = match (range, plan) {
        (Some((start, end)), _) => end - start,
        (None, Plan::Fixed(n)) => n,
        (None, Plan::Precision { max_battles, .. }) => max_battles,
    };
    let names = ruleset.side_names();
    let mut raw = RawOut::open(
        args.raw.as_deref(),
        vec![(
            scenario.name.clone(),
            names.map(str::to_string),
            ruleset.tally_shape(),
        )],
    )?;
    let mut sink = RawOut::sink(&mut raw);
    let rows = sink.as_mut().map(|s| s as RowSink);
    let progress = Progress::new(total, args.quiet);
    let started = Instant::now();
    let result = pool.install(|| match range {
        Some((start, end)) => {
            engine::run_range(ruleset, seed, start, end - start, &cancel, &progress, rows)
        }
        None => engine::run_rows(ruleset, seed, plan, &cancel, &progress, rows),
    });
    progress.finish();
    drop(sink);
    if let (Some(r), Some(path)) = (raw, args.raw.as_deref()) {
        let n = r.finish()?;
        say!("raw rows: {n} battles in {}", path.display());
    }
    let elapsed = started.elapsed().as_secs_f64();
    let tally = &result.tally;
    let shape = ruleset.tally_shape();
    write_csvs(
        &out,
        tally,
        &shape,
        names,
        ruleset.strength_name(),
        result.partial,
    )?;
    let provenance = |played: u64, note: Option<String>| Provenance {
        muster_version: crate::VERSION.to_string(),
        git_revision: crate::GIT_REVISION.to_string(),
        battles_played: played,
        partial: result.partial,
        note,
    };
    let note = match (range, shard) {
        (Some((start, end)), Some((k, n))) => Some(format!(
            "shard {k}/{n}: battles {start} to {} of {battles}{}",
            end.saturating_sub(1),
            if result.partial { ", interrupted" } else { "" }
        )),
        _ => result.partial.then(|| {
            format!(
                "interrupted: only the first {} battles were played",
                tally.battles
            )
        }),
    };
    let this_run = match range {
        Some(_) => run_toml(scenario, battles, seed, provenance(tally.battles, note))?,
        None => run_toml(
            scenario,
            tally.battles,
            seed,
            provenance(tally.battles, note),
        )?,
    };
    write_text(&out.join("run.toml"), &this_run)?;
    if let (Some((start, end)), Some((k, n))) = (range, shard) {
        let whole = Provenance {
            partial: false,
            ..provenance(battles, None)
        };
        let file = super::shard::ShardFile {
            format: 1,
            muster_version: crate::VERSION.to_string(),
            seed,
            battles,
            shard: k,
            shards: n,
            start,
            end,
            run_toml: run_toml(scenario, battles, seed, whole)?,
            tally: tally.clone(),
        };
        let json = serde_json::to_string(&file).context("cannot encode the shard file")?;
        write_text(&out.join(super::shard::SHARD_FILE), &json)?;
    }
    print_summary(
        scenario,
        tally,
        names,
        seed,
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

fn print_summary(
    scenario: &Scenario,
    tally: &crate::stats::Tally,
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
pub(super) fn print_table(tally: &crate::stats::Tally, names: [&str; 2]) {
    say!(
        "{:<20} {:>8} {:>8} {:>8} {:>9} {:>17} {:>12}",
        "side",
        "wins",
        "draws",
        "losses",
        "win rate",
        "95% interval",
        "rounds p50"
    );
    for s in summarise(tally, names) {
        say!(
            "{:<20} {:>8} {:>8} {:>8} {:>8.1}% {:>7.1}% - {:>5.1}% {:>12}",
            s.side,
            s.wins,
            s.draws,
            s.losses,
            100.0 * s.win_rate,
            100.0 * s.win_lo,
            100.0 * s.win_hi,
            s.p50_rounds
        );
    }
}
