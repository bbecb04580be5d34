//! What the analysis commands (compare, sweep, tune, decks) share: their
//! common flags, the worker pool with Ctrl-C and progress, the focus side,
//! and writing each variant's run files and the folder's report.

use super::progress::Progress;
use super::{EXIT_ERROR, EXIT_INTERRUPTED, EXIT_OK};
use crate::analysis::play::{play_rows, StudyPlan, StudyResult};
use crate::analysis::vary::{build_variants, Variant};
use crate::engine::RowSink;
use crate::report::build::{build, write_manifest};
use crate::report::csv_out::write_csvs;
use crate::report::html::Manifest;
use crate::report::write_text;
use crate::rules::Side;
use crate::scenario::raw::Provenance;
use anyhow::Context;
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
    pub fn check(&self) -> Result<(), String> {
        if self.battles == Some(0) || self.threads == Some(0) {
            return Err("--battles and --threads must be at least 1".to_string());
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
pub fn focus_side(names: [&str; 2], name: Option<&str>) -> Result<Side, String> {
    match name {
        None => Ok(Side::A),
        Some(n) => names
            .iter()
            .position(|s| s.eq_ignore_ascii_case(n))
            .map(|i| if i == 0 { Side::A } else { Side::B })
            .ok_or_else(|| {
                format!(
                    "--side `{n}`: the sides are `{}` and `{}`",
                    names[0], names[1]
                )
            }),
    }
}

/// Loads the scenario at `path` (default: the built-in one) and builds one
/// variant per edit list; an Err is a message for the user.
pub fn load_variants(
    path: Option<&PathBuf>,
    edit_lists: &[Vec<(String, String)>],
) -> anyhow::Result<Result<Vec<Variant>, String>> {
    let Ok(base) = super::load(path.map(PathBuf::as_path))? else {
        return Ok(Err("the scenario has problems (listed above)".to_string()));
    };
    let dir = path.and_then(|p| p.parent()).map(Path::to_path_buf);
    Ok(build_variants(&base, dir.as_deref(), edit_lists).map_err(|e| e.to_string()))
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

/// Writes variant `v`'s run files (summary, rounds, units, side tables and
/// a run.toml that replays it alone) into `dir`.
pub fn write_variant(
    dir: &Path,
    variant: &Variant,
    result: &StudyResult,
    v: usize,
    seed: u64,
) -> anyhow::Result<()> {
    let meta = &result.meta[v];
    let tally = &result.played.tallies[v];
    let names = [meta.side_names[0].as_str(), meta.side_names[1].as_str()];
    write_csvs(
        dir,
        tally,
        &meta.shape,
        names,
        meta.strength,
        result.partial,
    )?;
    let provenance = Provenance {
        muster_version: crate::VERSION.to_string(),
        git_revision: crate::GIT_REVISION.to_string(),
        battles_played: tally.battles,
        partial: result.partial,
        note: Some(format!("variant `{}` of an analysis", variant.label)),
    };
    let text = variant
        .scenario
        .resolved
        .to_run_toml(tally.battles, seed, provenance)?;
    write_text(
        &dir.join("run.toml"),
        &format!("# One variant of an analysis; `muster run run.toml` replays it alone.\n{text}"),
    )?;
    Ok(())
}

/// Prints a user error; the exit code of invalid input.
pub fn fail(message: impl std::fmt::Display) -> anyhow::Result<i32> {
    eprintln!("error: {message}");
    Ok(EXIT_ERROR)
}

/// The report's question: the scenario, the command's own lines, then the
/// seed and the version.
pub fn question(scenario: &str, lines: Vec<(&str, String)>, seed: u64) -> Vec<(String, String)> {
    std::iter::once(("scenario", scenario.to_string()))
        .chain(lines)
        .chain([
            ("seed (common random numbers)", seed.to_string()),
            ("muster version", crate::VERSION.to_string()),
        ])
        .map(|(k, v)| (k.to_string(), v))
        .collect()
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

pub(super) fn quote(a: &str) -> String {
    if a.chars()
        .all(|c| c.is_ascii_alphanumeric() || "-_./=,:".contains(c))
    {
        a.to_string()
    } else {
        format!("'{}'", a.replace('\'', "'\\''"))
    }
}
