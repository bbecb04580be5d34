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

use super::{check_coverage, read_shard_json, Piece, Shard};
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

/// What a study shard is: which study, run how, by which command.
pub struct StudyRun<'a> {
    pub kind: StudyKind,
    pub seed: u64,
    /// Battles of the whole study.
    pub battles: u64,
    pub focus: Side,
    pub shard: Shard,
    pub variants: &'a [Variant],
    /// The study's command line without `--shard` and `--out`.
    pub command: String,
}

impl StudyShard {
    pub fn new(run: StudyRun, played: VariantTallies) -> anyhow::Result<Self> {
        let variants = run
            .variants
            .iter()
            .map(|v| {
                Ok(ShardVariant {
                    label: v.label.clone(),
                    edits: v.edits.clone(),
                    scenario: v.scenario.resolved.to_toml()?,
                })
            })
            .collect::<anyhow::Result<_>>()?;
        let (start, end) = run.shard.range(run.battles);
        Ok(StudyShard {
            format: FORMAT,
            kind: run.kind,
            muster_version: crate::VERSION.to_string(),
            seed: run.seed,
            battles: run.battles,
            shard: run.shard.index,
            shards: run.shard.count,
            start,
            end,
            focus: run.focus.index(),
            variants,
            command: run.command,
            played,
        })
    }

    /// Writes the shard's file into `out`.
    pub fn write(&self, out: &Path) -> anyhow::Result<()> {
        write_text(&out.join(STUDY_SHARD_FILE), &serde_json::to_string(self)?)?;
        Ok(())
    }
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

/// A study put back together from its shards.
pub struct MergedStudy {
    pub kind: StudyKind,
    /// Shards merged.
    pub shards: usize,
    pub seed: u64,
    pub battles: u64,
    pub focus: Side,
    /// The study's command line without `--shard` and `--out`.
    pub command: String,
    pub variants: Vec<Variant>,
    pub result: StudyResult,
}

/// Reads the comparison or sweep shards in `dirs`, checks that they make
/// up one study exactly once (an [`super::Uncovered`] error lists what
/// keeps them from it) and adds them up.
pub fn merge(dirs: &[PathBuf]) -> anyhow::Result<MergedStudy> {
    let mut shards = Vec::with_capacity(dirs.len());
    for dir in dirs {
        shards.push((dir.clone(), read(dir)?));
    }
    let first = &shards[0].1;
    let pieces: Vec<Piece> = shards
        .iter()
        .map(|(dir, s)| Piece {
            dir,
            same: same_study(s, first),
            shard: s.shard,
            shards: s.shards,
            battles: s.battles,
            start: s.start,
            end: s.end,
            played: s.played.battles(),
            resumable: false,
        })
        .collect();
    check_coverage(
        &pieces,
        "study (kind, variants, seed, battles or command differ)",
    )?;
    let variants = load_variants(first)?;
    let mut played = first.played.clone();
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
    Ok(MergedStudy {
        kind: first.kind,
        shards: shards.len(),
        seed: first.seed,
        battles: first.battles,
        focus: if first.focus == 0 { Side::A } else { Side::B },
        command: first.command.clone(),
        variants,
        result: StudyResult {
            played,
            meta,
            partial: false,
        },
    })
}

/// Whether shard `s` belongs to the study of shard `first`.
fn same_study(s: &StudyShard, first: &StudyShard) -> bool {
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
}

/// The shard's variants, loaded from their resolved scenarios.
fn load_variants(shard: &StudyShard) -> anyhow::Result<Vec<Variant>> {
    shard
        .variants
        .iter()
        .map(
            |v| match load_scenario_text(&format!("variant `{}`", v.label), &v.scenario, None) {
                Ok(scenario) => Ok(Variant {
                    label: v.label.clone(),
                    edits: v.edits.clone(),
                    scenario,
                }),
                Err(e) => anyhow::bail!(
                    "variant `{}` does not load in this version of muster:\n{e}",
                    v.label
                ),
            },
        )
        .collect()
}
