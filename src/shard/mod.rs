//! Runs split over many processes or machines: `muster run --shard K/N`
//! plays the contiguous battle range `[K*B/N, (K+1)*B/N)` of a `B`-battle
//! run (battle `i` always uses stream `(seed, i)`) and writes, beside the
//! shard's own CSVs, `shard.json`: the shard's exact tally and the
//! run.toml of the whole run. `muster merge DIR... --out OUT` checks that
//! the shards belong to one run and cover it exactly once, adds their
//! tallies (exact integer counts, so the order does not matter) and writes
//! the files a single run writes, byte for byte. This module holds the
//! range arithmetic, the shard files and their merging; the commands in
//! `cli` parse the flags and print.
//!
//! Only fixed-size runs shard: `--precision` decides how many battles to
//! play as it goes, so its battles cannot be split up front. Comparison and
//! sweep shards ([`study`]) are merged by the same command.

pub mod resume;
pub mod study;

use crate::stats::{Tally, TallyShape};
use anyhow::Context;
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};
use std::str::FromStr;

/// The file a shard writes into its output folder.
pub const SHARD_FILE: &str = "shard.json";
const FORMAT: u32 = 1;
/// The most shards a run may be split into.
pub const MAX_SHARDS: u64 = 1_000_000;

/// Shard `index` of `count`: `--shard K/N` from the command line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shard {
    pub index: u64,
    pub count: u64,
}

/// Why `--shard K/N` does not read.
#[derive(Debug, PartialEq, Eq, thiserror::Error)]
pub enum ShardError {
    #[error("--shard takes K/N with 0 <= K < N (e.g. 0/4), not `{0}`")]
    Malformed(String),
    #[error("--shard splits a run into at most {MAX_SHARDS} shards, not {0}")]
    TooMany(u64),
}

impl FromStr for Shard {
    type Err = ShardError;

    fn from_str(text: &str) -> Result<Shard, ShardError> {
        let bad = || ShardError::Malformed(text.to_string());
        let (k, n) = text.split_once('/').ok_or_else(bad)?;
        let index: u64 = k.trim().parse().map_err(|_| bad())?;
        let count: u64 = n.trim().parse().map_err(|_| bad())?;
        if count == 0 || index >= count {
            return Err(bad());
        }
        if count > MAX_SHARDS {
            return Err(ShardError::TooMany(count));
        }
        Ok(Shard { index, count })
    }
}

impl Shard {
    /// The shard's battle range `start..end` in a run of `battles`.
    pub fn range(self, battles: u64) -> (u64, u64) {
        let at = |i: u64| (u128::from(battles) * u128::from(i) / u128::from(self.count)) as u64;
        (at(self.index), at(self.index + 1))
    }
}

/// The battle range to play: the shard's, or all of `battles` without one.
pub fn battle_range(shard: Option<Shard>, battles: u64) -> (u64, u64) {
    shard.map_or((0, battles), |s| s.range(battles))
}

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

impl ShardFile {
    /// The file of `shard` of a `battles`-battle run under `seed`.
    pub fn new(shard: Shard, seed: u64, battles: u64, run_toml: String, tally: Tally) -> Self {
        let (start, end) = shard.range(battles);
        ShardFile {
            format: FORMAT,
            muster_version: crate::VERSION.to_string(),
            seed,
            battles,
            shard: shard.index,
            shards: shard.count,
            start,
            end,
            run_toml,
            tally,
        }
    }
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
    /// Its folder holds `resume.json` (a run shard that stopped part-way):
    /// `muster run --resume` plays the rest of it.
    pub resumable: bool,
}

/// Shards that do not make up one run (or study) exactly once: every
/// problem found, one per line.
#[derive(Debug, thiserror::Error)]
#[error("{}", .0.join("\n"))]
pub struct Uncovered(pub Vec<String>);

/// Checks that `pieces` make up one run (or study) exactly once; the error
/// lists every foreign, misnumbered, interrupted, doubled and missing
/// shard. `what` names the whole ("run", "study").
pub fn check_coverage(pieces: &[Piece], what: &str) -> Result<(), Uncovered> {
    let problems = coverage_problems(pieces, what);
    if problems.is_empty() {
        Ok(())
    } else {
        Err(Uncovered(problems))
    }
}

fn coverage_problems(pieces: &[Piece], what: &str) -> Vec<String> {
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
        problems.extend(piece_problems(s));
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

/// A numbered shard's own problems: a range that is not its number's, or
/// battles missing (interrupted).
fn piece_problems(s: &Piece) -> Vec<String> {
    let mut problems = Vec::new();
    let shard = Shard {
        index: s.shard,
        count: s.shards,
    };
    if (s.start, s.end) != shard.range(s.battles) {
        problems.push(format!(
            "{}: its battle range does not match its shard number",
            s.dir.display()
        ));
    }
    let owed = s.end.saturating_sub(s.start);
    if s.played < owed {
        let fix = if s.resumable {
            format!(
                "play the rest with `muster run --resume {}`, then merge again",
                s.dir.display()
            )
        } else {
            format!("run shard {}/{} again", s.shard, s.shards)
        };
        problems.push(format!(
            "{} played {} of its {owed} battles (interrupted): {fix}",
            s.dir.display(),
            s.played,
        ));
    } else if s.played > owed {
        problems.push(format!(
            "{}: its tally counts {} battles, more than the {owed} of its range (the shard file was edited or damaged): run shard {}/{} again",
            s.dir.display(),
            s.played,
            s.shard,
            s.shards
        ));
    }
    problems
}

/// Reads a shard's JSON file at `path` (a run's or a study's, `what`),
/// checking that its format is `expected`. `unreadable` is the error when
/// the file cannot be read.
fn read_shard_json<T: serde::de::DeserializeOwned>(
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

/// The run shards in `dirs`, read and checked to make up one run exactly
/// once (an [`Uncovered`] error lists what keeps them from it).
pub fn read_run_shards(dirs: &[PathBuf]) -> anyhow::Result<Vec<(PathBuf, ShardFile)>> {
    let mut shards = Vec::with_capacity(dirs.len());
    for dir in dirs {
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
            resumable: dir.join(crate::report::RESUME_FILE).is_file(),
        })
        .collect();
    check_coverage(&pieces, "run (scenario, seed or battles differ)")?;
    Ok(shards)
}

/// The sum of the shards' tallies, each checked to have `shape` and to add
/// up (see [`Tally::inconsistency`]).
pub fn add_tallies(shards: &[(PathBuf, ShardFile)], shape: &TallyShape) -> anyhow::Result<Tally> {
    let mut tally = Tally::new(shape);
    for (dir, s) in shards {
        anyhow::ensure!(
            s.tally.shape_key() == tally.shape_key(),
            "{}: the tally does not fit the scenario (written by muster {}?); rerun the shard with this version",
            dir.display(),
            s.muster_version
        );
        if let Some((field, what)) = s.tally.inconsistency() {
            anyhow::bail!(
                "{}: `{field}` does not add up: {what}; the file was edited or damaged since the shard was played; run shard {}/{} again",
                dir.join(SHARD_FILE).display(),
                s.shard,
                s.shards
            );
        }
        tally.merge(&s.tally);
    }
    Ok(tally)
}
