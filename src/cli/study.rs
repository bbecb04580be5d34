//! What the analysis commands (compare, sweep, tune, decks) share: their
//! common flags, the worker pool with Ctrl-C and progress (`run` and
//! `fairness` use it too), the focus side, writing a shard's file, and
//! printing the answers and building the folder's report.

use super::progress::Progress;
use super::{EXIT_INTERRUPTED, EXIT_OK};
use crate::analysis::play::{play_rows, StudyPlan, StudyResult};
use crate::analysis::vary::{build_variants_until, Variant, VaryError};
use crate::engine::RowSink;
use crate::report::build::{build, write_manifest};
use crate::report::html::Manifest;
use crate::report::{FolderKind, OutDir, Staging};
use crate::rules::Side;
use crate::scenario::Scenario;
use crate::shard::study::{StudyRun, StudyShard};
use anyhow::{bail, Context};
use clap::Args;
use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicBool;

/// The most worker threads `--threads` accepts. Results never depend on
/// the thread count and a thread per core is the fastest; more threads only
/// cost memory and start-up (10,000 hang the process), so the bound is set
/// well above the cores of any one machine muster runs on.
pub const MAX_THREADS: usize = 1024;

/// Checks `--threads`: at least 1 (leave it out for all cores), at most
/// [`MAX_THREADS`].
pub fn check_threads(threads: Option<usize>) -> anyhow::Result<()> {
    match threads {
        Some(0) => bail!("--threads must be at least 1 (leave it out to use all cores)"),
        Some(t) if t > MAX_THREADS => {
            let cores = std::thread::available_parallelism().map_or(1, usize::from);
            bail!(
                "--threads {t} is above the limit of {MAX_THREADS}: results do not depend on the thread count, and threads beyond the cores ({cores} here) only cost memory; give at most {MAX_THREADS}, or leave it out to use all cores"
            )
        }
        _ => Ok(()),
    }
}

#[derive(Args, Debug, Clone)]
pub struct StudyArgs {
    /// Battles per variant (default: the scenario's [run] battles, else 10000).
    #[arg(long)]
    pub battles: Option<u64>,
    /// Seed; battle i of every variant uses stream (seed, i) (default: the scenario's).
    #[arg(long)]
    pub seed: Option<u64>,
    /// Worker threads (default: all cores). Results do not depend on it.
    #[arg(long)]
    pub threads: Option<usize>,
    /// Output folder (default: reports/<command>-<scenario-name>/).
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// The side whose win rate is compared (default: the first side).
    #[arg(long, value_name = "NAME")]
    pub side: Option<String>,
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

impl StudyArgs {
    /// Checks the numbers; an error message names the flag.
    pub fn check(&self) -> anyhow::Result<()> {
        if self.battles == Some(0) {
            bail!("--battles must be at least 1");
        }
        check_threads(self.threads)
    }

    /// Claims the output folder of `command` (see [`OutDir::claim`]).
    pub fn claim_out(&self, command: &'static str, slug: &str) -> anyhow::Result<OutDir> {
        Ok(OutDir::claim(
            &self.out_dir(command, slug),
            FolderKind::Analysis(command),
            self.force,
        )?)
    }

    pub fn out_dir(&self, command: &str, slug: &str) -> PathBuf {
        self.out
            .clone()
            .unwrap_or_else(|| PathBuf::from("reports").join(format!("{command}-{slug}")))
    }
}

/// The side named `name` (default: the first).
pub fn focus_side(names: [&str; 2], name: Option<&str>) -> anyhow::Result<Side> {
    let Some(n) = name else {
        return Ok(Side::A);
    };
    match names.iter().position(|s| s.eq_ignore_ascii_case(n)) {
        Some(i) => Ok(if i == 0 { Side::A } else { Side::B }),
        None => bail!(
            "--side `{n}`: the sides are `{}` and `{}`",
            names[0],
            names[1]
        ),
    }
}

/// Loads the scenario at `path` (default: the built-in one) and builds one
/// variant per edit list.
pub fn load_variants(
    path: Option<&PathBuf>,
    edit_lists: &[Vec<(String, String)>],
) -> anyhow::Result<Vec<Variant>> {
    let base = super::load(path.map(PathBuf::as_path))
        .context("the scenario has problems (listed above)")?;
    let dir = path.and_then(|p| p.parent()).map(Path::to_path_buf);
    build_variants(&base, dir.as_deref(), edit_lists)
}

/// Builds one variant of `base` per edit list (relative references
/// resolve in `dir`); a signal while hundreds are built stops the command
/// at once.
pub fn build_variants(
    base: &Scenario,
    dir: Option<&Path>,
    edit_lists: &[Vec<(String, String)>],
) -> anyhow::Result<Vec<Variant>> {
    // The variant's message alone, as the user has always seen it.
    match build_variants_until(base, dir, edit_lists, &super::interrupted) {
        Err(VaryError::Stopped) => Err(StoppedInSetup.into()),
        built => built.map_err(|e| anyhow::anyhow!("{e}")),
    }
}

/// A signal stopped a command while it built its variants: it exits as
/// interrupted, and what it staged is removed as the error unwinds.
#[derive(Debug)]
pub struct StoppedInSetup;

impl std::fmt::Display for StoppedInSetup {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("interrupted during set-up, before any battle was played; nothing was written")
    }
}

impl std::error::Error for StoppedInSetup {}

/// A worker pool, the stop flag (set by Ctrl-C, SIGTERM or SIGHUP; the
/// handler is installed once, in `cli::main`) and a progress bar for
/// `total` battles.
pub struct Workers {
    pub pool: rayon::ThreadPool,
    pub cancel: &'static AtomicBool,
    pub progress: Progress,
}

impl Workers {
    pub fn new(threads: Option<usize>, total: u64, quiet: bool) -> anyhow::Result<Workers> {
        check_threads(threads)?;
        let mut pool = rayon::ThreadPoolBuilder::new();
        if let Some(t) = threads {
            pool = pool.num_threads(t);
        }
        let pool = pool.build().context("cannot start the worker threads")?;
        let cancel = &super::CANCEL;
        Ok(Workers {
            pool,
            cancel,
            progress: Progress::new(total, quiet),
        })
    }

    /// Plays `variants` from battle index `start`.
    pub fn play(
        &self,
        variants: &[&Variant],
        focus: Side,
        seed: u64,
        start: u64,
        plan: StudyPlan,
    ) -> anyhow::Result<StudyResult> {
        self.play_rows(variants, focus, seed, start, plan, None)
    }

    /// [`Workers::play`], also handing every battle's row to `rows`.
    pub fn play_rows(
        &self,
        variants: &[&Variant],
        focus: Side,
        seed: u64,
        start: u64,
        plan: StudyPlan,
        rows: Option<RowSink>,
    ) -> anyhow::Result<StudyResult> {
        Ok(self.pool.install(|| {
            play_rows(
                variants,
                focus,
                seed,
                start,
                plan,
                self.cancel,
                &self.progress,
                rows,
            )
        })?)
    }
}

/// An analysis report's writer: from the staging folder, the variants,
/// their result, the compared side, the seed and the command line, its
/// CSVs and the manifest.
pub type WriteReport =
    fn(&Path, &[Variant], &StudyResult, Side, u64, String) -> anyhow::Result<Manifest>;

/// Writes the played variants' report with `write` into a staging folder
/// of `out` and concludes (see [`conclude`]).
pub fn write_and_conclude(
    out: &OutDir,
    write: WriteReport,
    variants: &[Variant],
    result: &StudyResult,
    focus: Side,
    seed: u64,
    png: bool,
) -> anyhow::Result<i32> {
    let staging = out.stage()?;
    let manifest = write(
        staging.path(),
        variants,
        result,
        focus,
        seed,
        command_line(),
    )?;
    conclude(staging, &manifest, png, result.partial)
}

/// Prints the answers, writes the manifest and builds the report into the
/// staging folder, then swaps it in; returns the exit code (interrupted
/// when `partial`).
pub fn conclude(
    staging: Staging,
    manifest: &Manifest,
    png: bool,
    partial: bool,
) -> anyhow::Result<i32> {
    for a in &manifest.answers {
        say!("{a}");
    }
    write_manifest(staging.path(), manifest)?;
    let report = build(staging.path(), png)?;
    let name = report.file_name().map(PathBuf::from).unwrap_or_default();
    let report = staging.target().join(name);
    staging.commit()?;
    say!("report: {}", report.display());
    Ok(if partial { EXIT_INTERRUPTED } else { EXIT_OK })
}

/// Says that a command was stopped before it played anything, and returns
/// the exit code.
pub fn stopped_in_setup(command: &str) -> anyhow::Result<i32> {
    tell!(
        "{command}: interrupted during set-up, before any battle was played; nothing was written"
    );
    Ok(EXIT_INTERRUPTED)
}

/// The command line as typed, for the report's "how to reproduce".
pub fn command_line() -> String {
    let args: Vec<String> = std::env::args().skip(1).map(|a| quote(&a)).collect();
    format!("muster {}", args.join(" "))
}

/// The command line as typed, without `--shard` and `--out` and their
/// values: what every shard of one comparison has in common.
pub fn command_without_shard() -> String {
    let line = command_line();
    let mut words: Vec<&str> = line.split(' ').collect();
    for flag in ["--shard", "--out"] {
        if let Some(i) = words.iter().position(|w| *w == flag) {
            words.drain(i..(i + 2).min(words.len()));
        }
        let prefix = format!("{flag}=");
        words.retain(|w| !w.starts_with(&prefix));
    }
    words.join(" ")
}

/// Writes a comparison or sweep shard's file into `out` (whole) and says
/// so; returns the exit code.
pub fn finish_shard(out: &OutDir, run: StudyRun, result: StudyResult) -> anyhow::Result<i32> {
    let (k, n, battles, variants) = (
        run.shard.index,
        run.shard.count,
        run.battles,
        run.variants.len(),
    );
    let (start, end) = run.shard.range(battles);
    let played = result.played.paired.battles;
    let staging = out.stage()?;
    StudyShard::new(run, result.played)?.write(staging.path())?;
    staging.commit()?;
    let interrupted = if result.partial {
        format!(
            " (interrupted: only battles {start} to {} were played)",
            (start + played).saturating_sub(1)
        )
    } else {
        String::new()
    };
    say!(
        "shard {k}/{n}: battles {start} to {} of {battles} of {variants} variants written to {}{interrupted}; combine the shards with `muster merge`",
        end.saturating_sub(1),
        out.path().display()
    );
    Ok(if result.partial {
        EXIT_INTERRUPTED
    } else {
        EXIT_OK
    })
}

pub(super) fn quote(a: &str) -> String {
    if a.chars()
        .all(|c| c.is_ascii_alphanumeric() || "-_./=,:".contains(c))
    {
        a.to_string()
    } else {
        format!("'{}'", a.replace('\'', "'\\''"))
    }
}
