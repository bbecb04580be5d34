//! `muster run`: plays a batch and writes its outputs, whole (see
//! [`crate::report::OutDir`]), with a checkpoint of the finished prefix
//! now and then; `--resume DIR` continues an interrupted or checkpointed
//! run (or shard) from its prefix.

use super::panel::{PanelFlags, RaceFlag};
use super::raw_out::RawOut;
use super::study::{StudyArgs, Workers};
use super::{EXIT_INTERRUPTED, EXIT_OK};
use crate::engine::{self, Plan, PrefixHook, RowSink};
use crate::report::army::write_army;
use crate::report::csv_out::{endings, side_table, summarise, write_csvs};
use crate::report::verdict::{ending_lines, run_verdict, SideRate};
use crate::report::{write_text, FolderKind, OutDir, RESUME_FILE};
use crate::rules::Ruleset;
use crate::scenario::raw::Provenance;
use crate::scenario::{load_scenario_text, Scenario, WithRuleset};
use crate::shard::resume::PrecisionPlan;
use crate::shard::resume::{self, ResumeFile};
use crate::shard::{Shard, ShardFile, SHARD_FILE};
use crate::stats::{Tally, TallyShape};
use anyhow::{bail, Context};
use clap::Args;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

#[derive(Args, Debug)]
pub struct RunArgs {
    /// Scenario file (default: the built-in states_of_battle/heroes_and_monster.toml).
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
    /// No progress bar (the notes on what is not simulated still go to
    /// standard error; `--no-notes` hides them).
    #[arg(long)]
    pub quiet: bool,
    /// Do not print the scenario's notes (what its ruleset does not
    /// simulate, gap fills) and warnings.
    #[arg(long)]
    pub no_notes: bool,
    /// Also write one row per battle (index, winner, rounds, end reason,
    /// strength at the end, every unit's fate and losses) to this Parquet
    /// file; needs a muster built with `--features parquet`.
    #[arg(long, value_name = "FILE.parquet")]
    pub raw: Option<PathBuf>,
    /// Play only shard K of N: the battles K*B/N up to (K+1)*B/N of a
    /// B-battle run, written with a shard.json that `muster merge` combines.
    #[arg(long, value_name = "K/N")]
    pub shard: Option<String>,
    /// Every SECS seconds, write the battles finished so far as a partial
    /// output (whole, marked partial), so a killed run loses at most that
    /// much; `--resume` continues from it. 0 turns it off; runs shorter
    /// than SECS never write one.
    #[arg(long, value_name = "SECS", default_value_t = 60)]
    pub checkpoint: u64,
    /// Continue the interrupted or checkpointed run (or shard) in DIR, its
    /// output folder, to its full length; the result is byte for byte that
    /// of an uninterrupted run. Written back into DIR unless --out is given.
    #[arg(
        long,
        value_name = "DIR",
        conflicts_with_all = ["scenario", "battles", "seed", "precision", "shard", "raw"]
    )]
    pub resume: Option<PathBuf>,
    /// Write into --out even when it holds files `run` does not write
    /// (they are kept); without it such a folder is refused.
    #[arg(long)]
    pub force: bool,
    /// Do not build report.html and its charts (`muster report DIR`
    /// builds them later from the CSVs).
    #[arg(long)]
    pub no_report: bool,
    #[command(flatten)]
    pub panel: PanelFlags,
    #[command(flatten)]
    pub race: RaceFlag,
}

/// `run --panel`: the scenario under every pairing of doctrines, as
/// `muster panel` plays it (its report, in reports/panel-<scenario>/
/// unless --out is given).
fn run_panel(args: &RunArgs, scenario: &Scenario) -> anyhow::Result<i32> {
    let alone = [
        ("--precision", args.precision.is_some()),
        ("--raw", args.raw.is_some()),
        ("--shard", args.shard.is_some()),
        ("--no-report", args.no_report),
    ];
    if let Some((flag, _)) = alone.iter().find(|(_, given)| *given) {
        bail!("{flag} is not available with a doctrine panel (--panel, --doctrines): the panel plays a fixed number of battles per pairing and always writes its report; run one pairing without the panel for {flag}");
    }
    if args.battles == Some(0) {
        bail!("--battles must be at least 1");
    }
    if !args.no_notes {
        for note in &scenario.notes {
            tell!("note: {note}");
        }
    }
    let study = StudyArgs {
        battles: args.battles,
        seed: args.seed,
        threads: args.threads,
        out: args.out.clone(),
        side: None,
        png: false,
        quiet: args.quiet,
        force: args.force,
    };
    study.check()?;
    let dir = args.scenario.as_deref().and_then(Path::parent);
    let pairings = args.panel.pairings(scenario, dir)?;
    super::panel::play_panel(scenario, &pairings, &study, !args.race.no_race)
}

pub fn run(args: RunArgs) -> anyhow::Result<i32> {
    if let Some(dir) = &args.resume {
        return resume_run(dir, &args);
    }
    let scenario = super::load(args.scenario.as_deref())?;
    if args.panel.given() {
        return run_panel(&args, &scenario);
    }
    if args.race.no_race {
        bail!("--no-race applies to a doctrine panel: give --panel all|FILE or --doctrines A,B,... too, or leave it out");
    }
    let dir = args.scenario.as_deref().and_then(Path::parent);
    let scenario = args.panel.under_competent(scenario, dir)?;
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
    if args.battles == Some(0) || args.max_battles == 0 {
        bail!("--battles and --max-battles must be at least 1");
    }
    super::study::check_threads(args.threads)?;
    let out = args
        .out
        .clone()
        .unwrap_or_else(|| PathBuf::from("reports").join(scenario.slug()));
    let out = OutDir::claim(&out, FolderKind::Run, args.force)?;
    if !args.no_notes {
        for note in &scenario.notes {
            tell!("note: {note}");
        }
        for w in &scenario.warnings {
            tell!("warning: {w}");
        }
    }
    scenario.rules.with(RunJob {
        scenario: &scenario,
        args: &args,
        shard,
        out: &out,
        resumed: None,
    })
}

/// `muster run --resume DIR`: reads DIR's resume.json, checks that it
/// still belongs with DIR's run.toml and this muster, and plays the rest.
fn resume_run(dir: &Path, args: &RunArgs) -> anyhow::Result<i32> {
    let record = resume::read(dir)?;
    let scenario = match load_scenario_text("run.toml", &record.whole_run_toml, None) {
        Ok(s) => s,
        Err(e) => bail!(
            "{}: the run's scenario does not load in this version of muster:\n{e}",
            dir.display()
        ),
    };
    if record.tally.shape_key() != Tally::new(&scenario.tally_shape()).shape_key() {
        bail!(
            "{}: `tally` does not fit the run's scenario (its tables have other sizes): the file was edited or damaged since the run stopped; run it again without --resume",
            dir.join(RESUME_FILE).display()
        );
    }
    super::study::check_threads(args.threads)?;
    let target = args.out.clone().unwrap_or_else(|| dir.to_path_buf());
    let out = OutDir::claim(&target, FolderKind::Run, args.force)?;
    let shard = record.shard.map(|(index, count)| Shard { index, count });
    if !args.quiet {
        match record.precision {
            Some(p) => tell!(
                "resuming {}: {} battles were played; playing on to +/-{} (at most {} battles)",
                dir.display(),
                record.tally.battles,
                p.half_width,
                p.max_battles
            ),
            None => tell!(
                "resuming {}: {} of battles {} to {} were played; playing the rest",
                dir.display(),
                record.tally.battles,
                record.start,
                record.end.saturating_sub(1)
            ),
        }
    }
    scenario.rules.with(RunJob {
        scenario: &scenario,
        args,
        shard,
        out: &out,
        resumed: Some(&record),
    })
}

/// A run of one scenario with its ruleset.
struct RunJob<'a> {
    scenario: &'a Scenario,
    args: &'a RunArgs,
    shard: Option<Shard>,
    out: &'a OutDir,
    /// The record of the run being resumed.
    resumed: Option<&'a ResumeFile>,
}

impl WithRuleset for RunJob<'_> {
    type Output = anyhow::Result<i32>;
    fn run<R: Ruleset>(self, ruleset: &R) -> anyhow::Result<i32> {
        run_with(ruleset, &self)
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

/// Writes a run's whole output set into its folder (staged, then swapped
/// in): the CSVs, run.toml, shard.json for a shard and, when partial,
/// resume.json for `--resume`.
struct Writer<'a, R> {
    ruleset: &'a R,
    job: &'a RunJob<'a>,
    batch: Batch,
}

impl<R: Ruleset> Writer<'_, R> {
    fn write(&self, tally: &Tally, state: Done) -> anyhow::Result<()> {
        let staging = self.job.out.stage()?;
        write_csvs(
            staging.path(),
            tally,
            &self.ruleset.tally_shape(),
            self.ruleset.side_names(),
            self.ruleset.strength_name(),
            state != Done::Complete,
        )?;
        write_army(staging.path(), &self.ruleset.army_sheet())?;
        write_run_files(staging.path(), self.job, self.batch, tally, state)?;
        if state != Done::Checkpoint && !self.job.args.no_report {
            crate::report::build::build(staging.path(), false)?;
        }
        staging.commit()?;
        Ok(())
    }
}

/// How far a run got when its outputs are written.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Done {
    Complete,
    Interrupted,
    /// A checkpoint of a run still playing.
    Checkpoint,
}

fn run_with<R: Ruleset>(ruleset: &R, job: &RunJob) -> anyhow::Result<i32> {
    let (scenario, args) = (job.scenario, job.args);
    say!("{}", ruleset.army_sheet().text());
    let batch = match job.resumed {
        Some(r) => Batch {
            seed: r.seed,
            battles: r.battles,
            plan: match r.precision {
                Some(p) => Plan::Precision {
                    half_width: p.half_width,
                    batch: p.batch,
                    max_battles: p.max_battles,
                },
                None => Plan::Fixed(r.battles),
            },
            shard: job.shard,
        },
        None => {
            let battles = args.battles.unwrap_or(scenario.battles);
            Batch {
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
                shard: job.shard,
            }
        }
    };
    let writer = Writer {
        ruleset,
        job,
        batch,
    };
    let started = Instant::now();
    let result = play(ruleset, job, batch, &writer)?;
    let elapsed = started.elapsed().as_secs_f64();
    let tally = &result.tally;
    let state = if result.partial {
        Done::Interrupted
    } else {
        Done::Complete
    };
    writer.write(tally, state)?;
    let played_now = tally.battles - job.resumed.map_or(0, |r| r.tally.battles);
    print_summary(
        scenario,
        tally,
        ruleset.side_names(),
        batch,
        elapsed,
        played_now,
        result.partial,
        match batch.plan {
            Plan::Precision { half_width, .. } => Some(half_width),
            Plan::Fixed(_) => None,
        },
    );
    say!("outputs: {}", job.out.path().display());
    if !args.no_report {
        say!("report: {}", job.out.path().join("report.html").display());
    }
    Ok(if result.partial {
        EXIT_INTERRUPTED
    } else {
        EXIT_OK
    })
}

/// Plays the run's battles (the shard's range, when sharded; what is left,
/// when resumed) with Ctrl-C, the progress bar, `--raw` rows and the
/// checkpoints.
fn play<R: Ruleset>(
    ruleset: &R,
    job: &RunJob,
    batch: Batch,
    writer: &Writer<R>,
) -> anyhow::Result<engine::BatchResult> {
    let (scenario, args) = (job.scenario, job.args);
    let range = match job.resumed {
        // A resumed --precision run plays on under its stopping rule.
        Some(r) if r.precision.is_some() => None,
        Some(r) => Some((r.start + r.tally.battles, r.end)),
        None => batch.shard.map(|s| s.range(batch.battles)),
    };
    let total = match (range, batch.plan) {
        (Some((start, end)), _) => end - start,
        (None, Plan::Fixed(n)) => n,
        (None, Plan::Precision { max_battles, .. }) => max_battles,
    };
    let workers = Workers::new(args.threads, total, args.quiet)?;
    if super::interrupted() {
        tell!("run: interrupted before any battle was played; nothing was written");
        std::process::exit(EXIT_INTERRUPTED);
    }
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
    // The checkpoints: after a chunk is merged, when SECS have passed
    // since the last one, the finished prefix is written (a few small
    // files every minute, so the run is not slowed).
    // The test hook MUSTER_TEST_CHECKPOINT_HOLD writes a checkpoint after
    // the first chunk and then holds the process until it is killed: what
    // a SIGKILL right after a checkpoint leaves, without a race.
    let hold = std::env::var_os("MUSTER_TEST_CHECKPOINT_HOLD").is_some();
    let every = match hold {
        true => Some(Duration::ZERO),
        false => (args.checkpoint > 0).then(|| Duration::from_secs(args.checkpoint)),
    };
    let mut last = Instant::now();
    let mut warned = false;
    let mut checkpoint = |tally: &Tally| {
        let Some(every) = every else { return };
        if last.elapsed() < every || super::interrupted() {
            return;
        }
        if let Err(e) = writer.write(tally, Done::Checkpoint) {
            if !warned {
                let why = super::error_text(&e);
                tell!("warning: a checkpoint could not be written ({why}); the run goes on");
                warned = true;
            }
        }
        if hold {
            loop {
                std::thread::sleep(Duration::from_secs(1));
            }
        }
        last = Instant::now();
    };
    let hook = Some(&mut checkpoint as PrefixHook);
    let (seed, cancel, progress) = (batch.seed, workers.cancel, &workers.progress);
    let shape = ruleset.tally_shape();
    let result = workers.pool.install(|| match (range, job.resumed) {
        (Some((start, end)), resumed) => {
            let prefix = resumed.map_or_else(|| Tally::new(&shape), |r| r.tally.clone());
            engine::run_range(
                ruleset,
                seed,
                start,
                end - start,
                prefix,
                cancel,
                progress,
                rows,
                hook,
            )
        }
        (None, resumed) => {
            let prefix = resumed.map_or_else(|| Tally::new(&shape), |r| r.tally.clone());
            let hooks = (rows, hook);
            engine::run_rows_from(ruleset, seed, batch.plan, prefix, cancel, progress, hooks)
        }
    });
    progress.finish();
    drop(sink);
    if let (Some(r), Some(path)) = (raw, args.raw.as_deref()) {
        let n = r.finish()?;
        say!("raw rows: {n} battles in {}", path.display());
    }
    Ok(result)
}

/// Writes run.toml, shard.json for a shard and resume.json when partial.
fn write_run_files(
    out: &Path,
    job: &RunJob,
    batch: Batch,
    tally: &Tally,
    state: Done,
) -> anyhow::Result<()> {
    let scenario = job.scenario;
    let Batch {
        seed,
        battles,
        shard,
        ..
    } = batch;
    let partial = state != Done::Complete;
    let provenance = |played: u64, note: Option<String>| Provenance {
        muster_version: crate::VERSION.to_string(),
        git_revision: crate::GIT_REVISION.to_string(),
        battles_played: played,
        partial,
        note,
    };
    let (start, end) = match (shard, batch.plan) {
        (Some(s), _) => s.range(battles),
        (None, Plan::Precision { max_battles, .. }) => (0, max_battles),
        (None, Plan::Fixed(_)) => (0, battles),
    };
    let how = match state {
        Done::Checkpoint => "checkpoint of a run still playing",
        _ => "interrupted",
    };
    let note = |played: u64, partial: bool| match shard {
        Some(s) => Some(format!(
            "shard {}/{}: battles {start} to {} of {battles}{}",
            s.index,
            s.count,
            end.saturating_sub(1),
            if partial {
                format!(
                    ", {how}: only battles {start} to {} were played",
                    (start + played).saturating_sub(1)
                )
            } else {
                String::new()
            }
        )),
        None => partial.then(|| format!("{how}: only the first {played} battles were played")),
    };
    let written = |played: u64| if shard.is_some() { battles } else { played };
    // The whole run's run.toml, and this output's when complete.
    let whole = || -> anyhow::Result<String> {
        let complete = Provenance {
            partial: false,
            ..provenance(battles, None)
        };
        run_toml(scenario, battles, seed, complete)
    };
    let complete_toml = |played: u64| -> anyhow::Result<String> {
        let p = Provenance {
            partial: false,
            ..provenance(played, note(played, false))
        };
        run_toml(scenario, written(played), seed, p)
    };
    let this_run = match (state, job.resumed) {
        // A resumed run ends with the text its first process would have
        // written, byte for byte (a --precision run's is written when it
        // stops, from the same scenario: run.toml round-trips exactly).
        (Done::Complete, Some(r)) if r.precision.is_none() => r.final_run_toml.clone(),
        _ => run_toml(
            scenario,
            written(tally.battles),
            seed,
            provenance(tally.battles, note(tally.battles, partial)),
        )?,
    };
    write_text(&out.join("run.toml"), &this_run)?;
    let whole_text = match job.resumed {
        Some(r) => r.whole_run_toml.clone(),
        None => whole()?,
    };
    if let Some(s) = shard {
        let file = ShardFile::new(s, seed, battles, whole_text.clone(), tally.clone());
        let json = serde_json::to_string(&file).context("cannot encode the shard file")?;
        write_text(&out.join(SHARD_FILE), &json)?;
    }
    if partial {
        let final_run_toml = match (job.resumed, batch.plan) {
            (_, Plan::Precision { .. }) => String::new(),
            (Some(r), _) => r.final_run_toml.clone(),
            (None, _) => complete_toml(end - start)?,
        };
        let mut record = ResumeFile::new(
            (seed, battles, start, end),
            shard.map(|s| (s.index, s.count)),
            whole_text,
            final_run_toml,
            &this_run,
            tally.clone(),
        );
        if let Plan::Precision {
            half_width,
            batch,
            max_battles,
        } = batch.plan
        {
            record.precision = Some(PrecisionPlan {
                half_width,
                batch,
                max_battles,
            });
        }
        write_text(&out.join(RESUME_FILE), &record.to_json()?)?;
    }
    Ok(())
}

#[allow(clippy::too_many_arguments)]
fn print_summary(
    scenario: &Scenario,
    tally: &Tally,
    names: [&str; 2],
    batch: Batch,
    elapsed: f64,
    played_now: u64,
    partial: bool,
    precision: Option<f64>,
) {
    let rate = played_now as f64 / elapsed.max(1e-9);
    for line in answer(tally, names, &scenario.tally_shape()) {
        say!("{line}");
    }
    say!(
        "{} ({} battles, seed {}, {:.1} s, {:.0} battles/s)",
        scenario.name,
        tally.battles,
        batch.seed,
        elapsed,
        rate
    );
    if partial {
        match batch.shard {
            Some(s) => {
                let (start, end) = s.range(batch.battles);
                say!(
                    "PARTIAL: interrupted; shard {}/{} played battles {start} to {} of its {start} to {} only; `muster run --resume` continues it",
                    s.index,
                    s.count,
                    (start + tally.battles).saturating_sub(1),
                    end.saturating_sub(1)
                );
            }
            None => say!(
                "PARTIAL: interrupted; these are the first {} battles only; `muster run --resume` continues it",
                tally.battles
            ),
        }
    }
    if let Some(p) = precision {
        let hw = engine::widest_half_width(tally);
        let verdict = if hw <= p {
            "reached"
        } else if partial {
            "NOT reached (interrupted)"
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

/// The run's answer: the verdict, how its battles ended and, when the
/// clock ended more than a third of them, the warning.
pub(super) fn answer(tally: &Tally, names: [&str; 2], shape: &TallyShape) -> Vec<String> {
    let mut lines = vec![verdict(tally, names)];
    lines.extend(ending_lines(&endings(tally, shape)));
    lines
}

/// The sentence that answers a run's question.
fn verdict(tally: &Tally, names: [&str; 2]) -> String {
    let rows = summarise(tally, names);
    let rate = |i: usize| SideRate {
        side: names[i],
        rate: rows[i].win_rate,
        lo: rows[i].win_lo,
        hi: rows[i].win_hi,
    };
    run_verdict(rate(0), rate(1), tally.battles)
}

/// The per-side table of a run's summary.
pub(super) fn print_table(tally: &Tally, names: [&str; 2]) {
    say!("{}", side_table(tally, names));
}
