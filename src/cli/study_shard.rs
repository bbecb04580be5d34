//! `muster compare --shard K/N` and `muster sweep --shard K/N`: every
//! variant (or grid cell) plays the battle range `[K*B/N, (K+1)*B/N)`
//! (common random numbers hold across shards: battle `i` of every variant
//! uses stream `(seed, i)` in every shard), and the shard writes
//! `study-shard.json`: the variants' resolved scenarios and edits, the
//! exact per-variant tallies and paired wins of its range. `muster merge`
//! checks the shards belong to one study and cover it exactly once, adds
//! them and writes what the single study writes (the report's command is
//! the study's own without `--shard`, with the merge's `--out`).
//!
//! `tune` and `decks` do not shard: each of their rounds decides the next
//! one's values or builds from the results so far.

use super::shard::{coverage_problems, read_shard_json, shard_range, Piece};
use super::EXIT_ERROR;
use crate::analysis::play::{StudyResult, VariantMeta};
use crate::analysis::vary::Variant;
use crate::engine::VariantTallies;
use crate::report::write_text;
use crate::rules::Side;
use crate::scenario::load_scenario_text;
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};

/// The file a comparison shard writes into its output folder.
pub const STUDY_SHARD_FILE: &str = "study-shard.json";
const FORMAT: u32 = 1;

#[derive(Debug, Serialize, Deserialize)]
pub struct ShardVariant {
    pub label: String,
    pub edits: Vec<(String, String)>,
    /// The variant's resolved scenario (what its run.toml holds).
    pub scenario: String,
}

/// Which study a shard belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum StudyKind {
    Compare,
    Sweep,
}

/// What one shard contributes to a comparison or a sweep.
#[derive(Debug, Serialize, Deserialize)]
pub struct StudyShard {
    pub format: u32,
    pub kind: StudyKind,
    pub muster_version: String,
    pub seed: u64,
    pub battles: u64,
    pub shard: u64,
    pub shards: u64,
    pub start: u64,
    pub end: u64,
    /// The compared side (0 or 1).
    pub focus: usize,
    pub variants: Vec<ShardVariant>,
    /// The study's command line without `--shard` and `--out`.
    pub command: String,
    pub played: VariantTallies,
}

impl StudyShard {
    #[allow(clippy::too_many_arguments)]
    pub fn new(
        kind: StudyKind,
        seed: u64,
        battles: u64,
        (shard, shards): (u64, u64),
        (start, end): (u64, u64),
        focus: usize,
        variants: &[Variant],
        command: String,
        played: VariantTallies,
    ) -> anyhow::Result<Self> {
        let variants = variants
            .iter()
            .map(|v| {
                Ok(ShardVariant {
                    label: v.label.clone(),
                    edits: v.edits.clone(),
                    scenario: v.scenario.resolved.to_toml()?,
                })
            })
            .collect::<anyhow::Result<_>>()?;
        Ok(StudyShard {
            format: FORMAT,
            kind,
            muster_version: crate::VERSION.to_string(),
            seed,
            battles,
            shard,
            shards,
            start,
            end,
            focus,
            variants,
            command,
            played,
        })
    }
}

/// `--shard K/N` read, and the battle range to play (all of `battles`
/// without it); an Err is a message for the user.
#[allow(clippy::type_complexity)]
pub fn plan(shard: Option<&str>, battles: u64) -> Result<(Option<(u64, u64)>, (u64, u64)), String> {
    match shard.map(super::shard::parse_shard) {
        None => Ok((None, (0, battles))),
        Some(Ok((k, n))) => Ok((Some((k, n)), shard_range(battles, k, n))),
        Some(Err(e)) => Err(e),
    }
}

/// Writes a shard's file into `out` and says so; returns the exit code.
pub fn finish(
    kind: StudyKind,
    out: &Path,
    (seed, battles, focus): (u64, u64, Side),
    ((k, n), (start, end)): ((u64, u64), (u64, u64)),
    variants: &[Variant],
    result: StudyResult,
) -> anyhow::Result<i32> {
    let shard = StudyShard::new(
        kind,
        seed,
        battles,
        (k, n),
        (start, end),
        focus.index(),
        variants,
        command_without_shard(),
        result.played,
    )?;
    write_text(&out.join(STUDY_SHARD_FILE), &serde_json::to_string(&shard)?)?;
    say!(
        "shard {k}/{n}: battles {start} to {} of {battles} of {} variants written to {}; combine the shards with `muster merge`",
        end.saturating_sub(1),
        variants.len(),
        out.display()
    );
    Ok(if result.partial {
        super::EXIT_INTERRUPTED
    } else {
        super::EXIT_OK
    })
}

/// The command line as typed, without `--shard` and `--out` and their
/// values: what every shard of one comparison has in common.
pub fn command_without_shard() -> String {
    let line = super::study::command_line();
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

/// Whether `dir` holds a comparison or sweep shard.
pub fn is_study_shard(dir: &Path) -> bool {
    dir.join(STUDY_SHARD_FILE).is_file()
}

fn read(dir: &Path) -> anyhow::Result<StudyShard> {
    let path = dir.join(STUDY_SHARD_FILE);
    let unreadable = format!("cannot read {}", path.display());
    read_shard_json(
        &path,
        unreadable,
        "a muster study shard",
        FORMAT,
        |f: &StudyShard| f.format,
    )
}

/// Merges comparison or sweep shards into `out`.
pub fn merge(dirs: &[PathBuf], out: &Path, png: bool) -> anyhow::Result<i32> {
    let mut shards = Vec::with_capacity(dirs.len());
    for dir in dirs {
        shards.push((dir.clone(), read(dir)?));
    }
    let first = &shards[0].1;
    let same = |s: &StudyShard| {
        s.kind == first.kind
            && s.seed == first.seed
            && s.battles == first.battles
            && s.focus == first.focus
            && s.command == first.command
            && s.variants.len() == first.variants.len()
            && s.variants
                .iter()
                .zip(&first.variants)
                .all(|(a, b)| a.label == b.label && a.scenario == b.scenario)
    };
    let pieces: Vec<Piece> = shards
        .iter()
        .map(|(dir, s)| Piece {
            dir,
            same: same(s),
            shard: s.shard,
            shards: s.shards,
            battles: s.battles,
            start: s.start,
            end: s.end,
            played: s.played.battles(),
        })
        .collect();
    let problems = coverage_problems(
        &pieces,
        "study (kind, variants, seed, battles or command differ)",
    );
    if !problems.is_empty() {
        for p in &problems {
            eprintln!("error: {p}");
        }
        return Ok(EXIT_ERROR);
    }
    let mut variants = Vec::new();
    for v in &first.variants {
        match load_scenario_text(&format!("variant `{}`", v.label), &v.scenario, None) {
            Ok(scenario) => variants.push(Variant {
                label: v.label.clone(),
                edits: v.edits.clone(),
                scenario,
            }),
            Err(e) => {
                eprintln!(
                    "error: variant `{}` does not load in this version of muster:\n{e}",
                    v.label
                );
                return Ok(EXIT_ERROR);
            }
        }
    }
    let mut played = shards[0].1.played.clone();
    for (_, s) in &shards[1..] {
        played.merge(&s.played);
    }
    let meta = variants
        .iter()
        .map(|v| VariantMeta {
            shape: v.scenario.tally_shape(),
            side_names: v.scenario.side_names(),
            strength: v.scenario.strength_name(),
        })
        .collect();
    let result = StudyResult {
        played,
        meta,
        partial: false,
    };
    let focus = if first.focus == 0 { Side::A } else { Side::B };
    say!(
        "merged {} {:?} shards: {} variants x {} battles, seed {}",
        shards.len(),
        first.kind,
        variants.len(),
        first.battles,
        first.seed
    );
    let write = match first.kind {
        StudyKind::Compare => super::compare::write_outputs,
        StudyKind::Sweep => super::sweep::write_outputs,
    };
    write(
        out,
        &variants,
        &result,
        focus,
        first.seed,
        format!(
            "{} --out {}",
            first.command,
            super::study::quote(&out.display().to_string())
        ),
        png,
    )
}
