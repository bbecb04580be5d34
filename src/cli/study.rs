//! What the analysis commands (compare, sweep, tune, decks) share: their
//! common flags, the worker pool with Ctrl-C and progress (`run` and
//! `fairness` use it too), the focus side, writing a shard's file, and
//! printing the answers and building the folder's report.

use super::progress::Progress;
use super::{EXIT_INTERRUPTED, EXIT_OK};
use crate::analysis::play::{play_rows, StudyPlan, StudyResult};
use crate::analysis::vary::{build_variants, Variant};
use crate::engine::RowSink;
use crate::report::build::{build, write_manifest};
use crate::report::html::Manifest;
use crate::rules::Side;
use crate::shard::study::{StudyRun, StudyShard};
use anyhow::{bail, Context};
use clap::Args;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

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
}

impl StudyArgs {
    /// Checks the numbers; an error message names the flag.
    pub fn check(&self) -> anyhow::Result<()> {
        if self.battles == Some(0) || self.threads == Some(0) {
            bail!("--battles and --threads must be at least 1");
        }
        Ok(())
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
    // The variant's message alone, as the user has always seen it.
    build_variants(&base, dir.as_deref(), edit_lists).map_err(|e| anyhow::anyhow!("{e}"))
}

/// A worker pool, a Ctrl-C flag and a progress bar for `total` battles.
pub struct Workers {
    pub pool: rayon::ThreadPool,
    pub cancel: Arc<AtomicBool>,
    pub progress: Progress,
}

impl Workers {
    pub fn new(threads: Option<usize>, total: u64, quiet: bool) -> anyhow::Result<Workers> {
        let mut pool = rayon::ThreadPoolBuilder::new();
        if let Some(t) = threads {
            pool = pool.num_threads(t);
        }
        let pool = pool.build().context("cannot start the worker threads")?;
        let cancel = Arc::new(AtomicBool::new(false));
        let flag = Arc::clone(&cancel);
        let _ = ctrlc::set_handler(move || flag.store(true, Ordering::Relaxed));
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
                &self.cancel,
                &self.progress,
                rows,
            )
        })?)
    }
}

/// Prints the answers, writes the manifest and builds the report; returns
/// the exit code (interrupted when `partial`).
pub fn conclude(dir: &Path, manifest: &Manifest, png: bool, partial: bool) -> anyhow::Result<i32> {
    for a in &manifest.answers {
        say!("{a}");
    }
    write_manifest(dir, manifest)?;
    let report = build(dir, png)?;
    say!("report: {}", report.display());
    Ok(if partial { EXIT_INTERRUPTED } else { EXIT_OK })
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

/// Writes a comparison or sweep shard's file into `out` and says so;
/// returns the exit code.
pub fn finish_shard(out: &Path, run: StudyRun, result: StudyResult) -> anyhow::Result<i32> {
    let (k, n, battles, variants) = (
        run.shard.index,
        run.shard.count,
        run.battles,
        run.variants.len(),
    );
    let (start, end) = run.shard.range(battles);
    StudyShard::new(run, result.played)?.write(out)?;
    say!(
        "shard {k}/{n}: battles {start} to {} of {battles} of {variants} variants written to {}; combine the shards with `muster merge`",
        end.saturating_sub(1),
        out.display()
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
