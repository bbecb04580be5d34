//! `muster merge DIR... --out OUT`: combines the output folders of `muster
//! run --shard K/N` into the files one run writes, or those of `compare`
//! and `sweep --shard K/N` into the study's outputs (see [`crate::shard`]).

use super::EXIT_OK;
use crate::report::csv_out::write_csvs;
use crate::report::{self, write_text};
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
}

/// `muster merge`.
pub fn merge(args: MergeArgs) -> anyhow::Result<i32> {
    if study::is_study_shard(&args.dirs[0]) {
        return merge_study(&args.dirs, &args.out, args.png);
    }
    let shards = shard::read_run_shards(&args.dirs)?;
    let first = &shards[0].1;
    let scenario = match load_scenario_text("run.toml", &first.run_toml, None) {
        Ok(s) => s,
        Err(e) => {
            anyhow::bail!("the shards' run.toml does not load in this version of muster:\n{e}")
        }
    };
    scenario.rules.with(MergeJob {
        shards: &shards,
        out: &args.out,
        name: &scenario.name,
    })
}

struct MergeJob<'a> {
    shards: &'a [(PathBuf, ShardFile)],
    out: &'a Path,
    name: &'a str,
}

impl WithRuleset for MergeJob<'_> {
    type Output = anyhow::Result<i32>;
    fn run<R: Ruleset>(self, ruleset: &R) -> anyhow::Result<i32> {
        let shape = ruleset.tally_shape();
        let tally = shard::add_tallies(self.shards, &shape)?;
        let names = ruleset.side_names();
        write_csvs(
            self.out,
            &tally,
            &shape,
            names,
            ruleset.strength_name(),
            false,
        )?;
        write_text(&self.out.join("run.toml"), &self.shards[0].1.run_toml)?;
        say!(
            "{}: merged {} shards, {} battles, seed {}",
            self.name,
            self.shards.len(),
            tally.battles,
            self.shards[0].1.seed
        );
        super::run::print_table(&tally, names);
        say!("outputs: {}", self.out.display());
        Ok(EXIT_OK)
    }
}

/// Merges comparison or sweep shards into `out`.
fn merge_study(dirs: &[PathBuf], out: &Path, png: bool) -> anyhow::Result<i32> {
    let merged = study::merge(dirs)?;
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
    let manifest = match merged.kind {
        study::StudyKind::Compare => {
            report::compare::write(out, variants, result, merged.focus, merged.seed, command)?
        }
        study::StudyKind::Sweep => {
            report::sweep::write(out, variants, result, merged.focus, merged.seed, command)?
        }
    };
    super::study::conclude(out, &manifest, png, result.partial)
}
