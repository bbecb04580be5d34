//! Runs split over many processes or machines: `muster run --shard K/N`
//! plays the contiguous battle range `[K*B/N, (K+1)*B/N)` of a `B`-battle
//! run (battle `i` always uses stream `(seed, i)`) and writes, beside the
//! shard's own CSVs, `shard.json`: the shard's exact tally and the
//! run.toml of the whole run. `muster merge DIR... --out OUT` checks that
//! the shards belong to one run and cover it exactly once, adds their
//! tallies (exact integer counts, so the order does not matter) and writes
//! the files a single run writes, byte for byte.
//!
//! Only fixed-size runs shard: `--precision` decides how many battles to
//! play as it goes, so its battles cannot be split up front. Comparison and
//! sweep shards (`study_shard.rs`) are merged by the same command.

use super::{EXIT_ERROR, EXIT_OK};
use crate::report::csv_out::write_csvs;
use crate::report::write_text;
use crate::rules::Ruleset;
use crate::scenario::{load_scenario_text, WithRuleset};
use crate::stats::Tally;
use anyhow::Context;
use clap::Args;
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};

/// The file a shard writes into its output folder.
pub const SHARD_FILE: &str = "shard.json";
const FORMAT: u32 = 1;
/// The most shards a run may be split into.
pub const MAX_SHARDS: u64 = 1_000_000;

/// What one shard contributes to a run.
#[derive(Debug, Serialize, Deserialize)]
pub struct ShardFile {
    pub format: u32,
    pub muster_version: String,
    pub seed: u64,
    /// Battles of the whole run.
    pub battles: u64,
    pub shard: u64,
    pub shards: u64,
    /// The shard's battle indexes, `start..end`.
    pub start: u64,
    pub end: u64,
    /// The run.toml a single run of all the battles writes.
    pub run_toml: String,
    pub tally: Tally,
}

/// `K/N` from the command line.
pub fn parse_shard(text: &str) -> Result<(u64, u64), String> {
    let bad = || format!("--shard takes K/N with 0 <= K < N (e.g. 0/4), not `{text}`");
    let (k, n) = text.split_once('/').ok_or_else(bad)?;
    let k: u64 = k.trim().parse().map_err(|_| bad())?;
    let n: u64 = n.trim().parse().map_err(|_| bad())?;
    if n == 0 || k >= n {
        return Err(bad());
    }
    if n > MAX_SHARDS {
        return Err(format!(
            "--shard splits a run into at most {MAX_SHARDS} shards, not {n}"
        ));
    }
    Ok((k, n))
}

/// The battle range of shard `k` of `n` in a run of `battles`.
pub fn shard_range(battles: u64, k: u64, n: u64) -> (u64, u64) {
    let at = |i: u64| (u128::from(battles) * u128::from(i) / u128::from(n)) as u64;
    (at(k), at(k + 1))
}

/// What the coverage check needs of one shard.
pub struct Piece<'a> {
    pub dir: &'a Path,
    /// Whether it belongs to the same run or study as the first shard.
    pub same: bool,
    pub shard: u64,
    pub shards: u64,
    pub battles: u64,
    pub start: u64,
    pub end: u64,
    /// Battles it played.
    pub played: u64,
}

/// Everything that keeps `pieces` from making up one run (or study) exactly
/// once: foreign, misnumbered, interrupted, doubled and missing shards.
/// `what` names the whole ("run", "study").
pub fn coverage_problems(pieces: &[Piece], what: &str) -> Vec<String> {
    let Some(first) = pieces.first() else {
        return vec!["no shards given".to_string()];
    };
    if first.shards == 0 || first.shards > MAX_SHARDS {
        return vec![format!(
            "{}: {} shards is not a valid split",
            first.dir.display(),
            first.shards
        )];
    }
    let mut problems = Vec::new();
    let mut seen: Vec<Option<&Path>> = vec![None; first.shards as usize];
    for s in pieces {
        if !s.same {
            problems.push(format!(
                "{} is a shard of another {what} than {}",
                s.dir.display(),
                first.dir.display()
            ));
            continue;
        }
        if s.shards != first.shards || s.shard >= first.shards {
            problems.push(format!(
                "{} is shard {}/{}, but {} is one of {}",
                s.dir.display(),
                s.shard,
                s.shards,
                first.dir.display(),
                first.shards
            ));
            continue;
        }
        if (s.start, s.end) != shard_range(s.battles, s.shard, s.shards) {
            problems.push(format!(
                "{}: its battle range does not match its shard number",
                s.dir.display()
            ));
        }
        if s.played != s.end - s.start {
            problems.push(format!(
                "{} played {} of its {} battles (interrupted): run shard {}/{} again",
                s.dir.display(),
                s.played,
                s.end - s.start,
                s.shard,
                s.shards
            ));
        }
        match seen[s.shard as usize] {
            Some(other) => problems.push(format!(
                "shard {}/{} is given twice: {} and {}",
                s.shard,
                s.shards,
                other.display(),
                s.dir.display()
            )),
            None => seen[s.shard as usize] = Some(s.dir),
        }
    }
    let missing: Vec<String> = (0..first.shards)
        .filter(|&k| seen[k as usize].is_none())
        .map(|k| format!("{k}/{}", first.shards))
        .collect();
    if !missing.is_empty() && problems.is_empty() {
        problems.push(format!("missing shard(s): {}", missing.join(", ")));
    }
    problems
}

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

fn read_shard(dir: &Path) -> anyhow::Result<ShardFile> {
    let path = dir.join(SHARD_FILE);
    let unreadable = format!(
        "cannot read {}: is {} the output folder of `muster run --shard K/N`?",
        path.display(),
        dir.display()
    );
    read_shard_json(
        &path,
        unreadable,
        "a muster shard file",
        FORMAT,
        |f: &ShardFile| f.format,
    )
}

/// Reads a shard's JSON file at `path` (a run's or a study's, `what`),
/// checking that its format is `expected`. `unreadable` is the error when
/// the file cannot be read.
pub fn read_shard_json<T: serde::de::DeserializeOwned>(
    path: &Path,
    unreadable: String,
    what: &str,
    expected: u32,
    format_of: impl Fn(&T) -> u32,
) -> anyhow::Result<T> {
    let text = std::fs::read_to_string(path).context(unreadable)?;
    let file: T =
        serde_json::from_str(&text).with_context(|| format!("{}: not {what}", path.display()))?;
    let format = format_of(&file);
    anyhow::ensure!(
        format == expected,
        "{}: shard format {format} (this muster reads format {expected}); rerun the shard with this version",
        path.display(),
    );
    Ok(file)
}

/// `muster merge`.
pub fn merge(args: MergeArgs) -> anyhow::Result<i32> {
    if super::study_shard::is_study_shard(&args.dirs[0]) {
        return super::study_shard::merge(&args.dirs, &args.out, args.png);
    }
    let mut shards = Vec::with_capacity(args.dirs.len());
    for dir in &args.dirs {
        shards.push((dir.clone(), read_shard(dir)?));
    }
    let first = &shards[0].1;
    let pieces: Vec<Piece> = shards
        .iter()
        .map(|(dir, s)| Piece {
            dir,
            same: s.run_toml == first.run_toml
                && s.seed == first.seed
                && s.battles == first.battles,
            shard: s.shard,
            shards: s.shards,
            battles: s.battles,
            start: s.start,
            end: s.end,
            played: s.tally.battles,
        })
        .collect();
    let problems = coverage_problems(&pieces, "run (scenario, seed or battles differ)");
    if !problems.is_empty() {
        for p in &problems {
            eprintln!("error: {p}");
        }
        return Ok(EXIT_ERROR);
    }
    let scenario = match load_scenario_text("run.toml", &first.run_toml, None) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("error: the shards' run.toml does not load in this version of muster:\n{e}");
            return Ok(EXIT_ERROR);
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
        let mut tally = Tally::new(&shape);
        for (dir, s) in self.shards {
            if s.tally.shape_key() != tally.shape_key() {
                eprintln!(
                    "error: {}: the tally does not fit the scenario (written by muster {}?); rerun the shard with this version",
                    dir.display(),
                    s.muster_version
                );
                return Ok(EXIT_ERROR);
            }
            tally.merge(&s.tally);
        }
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
