//! `muster merge DIR... --out OUT`: combines the output folders of `muster
//! run --shard K/N` into the files one run writes, or those of `compare`
//! and `sweep --shard K/N` into the study's outputs (see [`crate::shard`]).
//! Once the shards are read and checked, an `--out` that is one of them,
//! lies inside one or holds one is refused, before anything is written.

use super::EXIT_OK;
use crate::report::csv_out::write_csvs;
use crate::report::{self, write_text, FolderKind, OutDir};
use crate::rules::Ruleset;
use crate::scenario::{load_scenario_text, WithRuleset};
use crate::shard::{self, study, ShardFile};
use clap::Args;
use std::path::{Path, PathBuf};

#[derive(Args, Debug)]
pub struct MergeArgs {
    /// Output folders of `muster run --shard K/N` (or `compare`/`sweep
    /// --shard K/N`), one per shard, in any order.
    #[arg(required = true)]
    pub dirs: Vec<PathBuf>,
    /// Folder for the merged outputs.
    #[arg(long)]
    pub out: PathBuf,
    /// Comparison and sweep shards: also write every chart as PNG.
    #[arg(long)]
    pub png: bool,
    /// Write into --out even when it holds files the merged outputs do not
    /// include (they are kept); without it such a folder is refused.
    #[arg(long)]
    pub force: bool,
}

/// `muster merge`.
pub fn merge(args: MergeArgs) -> anyhow::Result<i32> {
    if study::is_study_shard(&args.dirs[0]) {
        return merge_study(&args.dirs, &args.out, args.png, args.force);
    }
    let shards = shard::read_run_shards(&args.dirs)?;
    refuse_input_as_out(&args.dirs, &args.out)?;
    let out = OutDir::claim(&args.out, FolderKind::Run, args.force)?;
    let first = &shards[0].1;
    let scenario = match load_scenario_text("run.toml", &first.run_toml, None) {
        Ok(s) => s,
        Err(e) => {
            anyhow::bail!("the shards' run.toml does not load in this version of muster:\n{e}")
        }
    };
    scenario.rules.with(MergeJob {
        shards: &shards,
        out: &out,
        name: &scenario.name,
        png: args.png,
    })
}

/// Refuses an `--out` that is one of `dirs`, lies inside one of them or
/// holds one, compared as canonical paths (symbolic links and `..`
/// resolved): the merged outputs would replace a shard that is an input.
fn refuse_input_as_out(dirs: &[PathBuf], out: &Path) -> anyhow::Result<()> {
    let target = real_path(out);
    for dir in dirs {
        let input = real_path(dir);
        let how = if input == target {
            "is"
        } else if target.starts_with(&input) {
            "is inside"
        } else if input.starts_with(&target) {
            "holds"
        } else {
            continue;
        };
        anyhow::bail!(
            "--out {} {how} the input shard folder {}: the merged outputs would replace the shards they are merged from; choose another --out (a folder that is not one of the shards and holds none of them)",
            out.display(),
            dir.display()
        );
    }
    Ok(())
}

/// `path` made absolute with its symbolic links resolved, as far as it
/// exists: the part that does not exist yet is appended as given.
fn real_path(path: &Path) -> PathBuf {
    let absolute = std::path::absolute(path).unwrap_or_else(|_| path.to_path_buf());
    for existing in absolute.ancestors() {
        if let Ok(real) = std::fs::canonicalize(existing) {
            let rest = absolute.strip_prefix(existing).unwrap_or(Path::new(""));
            return if rest.as_os_str().is_empty() {
                real
            } else {
                real.join(rest)
            };
        }
    }
    absolute
}

struct MergeJob<'a> {
    shards: &'a [(PathBuf, ShardFile)],
    out: &'a OutDir,
    name: &'a str,
    png: bool,
}

impl WithRuleset for MergeJob<'_> {
    type Output = anyhow::Result<i32>;
    fn run<R: Ruleset>(self, ruleset: &R) -> anyhow::Result<i32> {
        let shape = ruleset.tally_shape();
        let tally = shard::add_tallies(self.shards, &shape)?;
        let names = ruleset.side_names();
        // Written whole: a folder that held a shard keeps no stale
        // shard.json.
        let staging = self.out.stage()?;
        write_csvs(
            staging.path(),
            &tally,
            &shape,
            names,
            ruleset.strength_name(),
            false,
        )?;
        crate::report::army::write_army(staging.path(), &ruleset.army_sheet())?;
        write_text(&staging.path().join("run.toml"), &self.shards[0].1.run_toml)?;
        // The single run's report, as `run` builds it.
        crate::report::build::build(staging.path(), self.png)?;
        staging.commit()?;
        say!(
            "{}: merged {} shards, {} battles, seed {}",
            self.name,
            self.shards.len(),
            tally.battles,
            self.shards[0].1.seed
        );
        for line in super::run::answer(&tally, names, &shape) {
            say!("{line}");
        }
        super::run::print_table(&tally, names);
        say!("outputs: {}", self.out.path().display());
        say!("report: {}", self.out.path().join("report.html").display());
        Ok(EXIT_OK)
    }
}

/// Merges comparison or sweep shards into `out`.
fn merge_study(dirs: &[PathBuf], out: &Path, png: bool, force: bool) -> anyhow::Result<i32> {
    let merged = study::merge(dirs)?;
    refuse_input_as_out(dirs, out)?;
    let kind = match merged.kind {
        study::StudyKind::Compare => "compare",
        study::StudyKind::Sweep => "sweep",
    };
    let out_dir = OutDir::claim(out, FolderKind::Analysis(kind), force)?;
    say!(
        "merged {} {:?} shards: {} variants x {} battles, seed {}",
        merged.shards,
        merged.kind,
        merged.variants.len(),
        merged.battles,
        merged.seed
    );
    let command = format!(
        "{} --out {}",
        merged.command,
        super::study::quote(&out.display().to_string())
    );
    let (variants, result) = (&merged.variants, &merged.result);
    let staging = out_dir.stage()?;
    let dir = staging.path();
    let manifest = match merged.kind {
        study::StudyKind::Compare => {
            report::compare::write(dir, variants, result, merged.focus, merged.seed, command)?
        }
        study::StudyKind::Sweep => {
            report::sweep::write(dir, variants, result, merged.focus, merged.seed, command)?
        }
    };
    super::study::conclude(staging, &manifest, png, result.partial)
}
