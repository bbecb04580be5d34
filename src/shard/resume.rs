//! `resume.json`: what a partial run (interrupted, or a checkpoint of a
//! run still playing) writes beside its outputs so that `muster run
//! --resume DIR` can play the rest. It holds the exact tally of the
//! finished prefix (battles `start..start + played` of the run's or
//! shard's range `start..end`), the whole run's run.toml (the scenario
//! the rest is played from) and the run.toml the complete output will
//! have, so the resumed run ends byte for byte where an uninterrupted one
//! does. A `--precision` run also records its stopping rule. A complete
//! output has no resume.json.

use crate::stats::Tally;
use anyhow::{bail, Context};
use serde::{Deserialize, Serialize};
use std::path::Path;

/// The file's name in an output folder.
pub use crate::report::RESUME_FILE;
const FORMAT: u32 = 1;

/// What `--resume` needs of a partial run.
#[derive(Debug, Serialize, Deserialize)]
pub struct ResumeFile {
    pub format: u32,
    pub muster_version: String,
    pub git_revision: String,
    pub seed: u64,
    /// Battles of the whole run.
    pub battles: u64,
    /// `(K, N)` for shard K of N.
    pub shard: Option<(u64, u64)>,
    /// The range this output plays, `start..end` (the shard's, or `0..battles`).
    pub start: u64,
    pub end: u64,
    /// The run.toml of the whole, complete run.
    pub whole_run_toml: String,
    /// The run.toml this output has when complete.
    pub final_run_toml: String,
    /// A hash of the partial run.toml written beside this file: a run.toml
    /// edited since does not resume.
    pub run_toml_hash: String,
    /// The tally of the finished prefix.
    pub tally: Tally,
    /// The stopping rule of a `--precision` run (its range is then
    /// `0..max_battles`, and its final run.toml is written when it stops).
    #[serde(default)]
    pub precision: Option<PrecisionPlan>,
}

/// What `--precision` asked: play batches of `batch` battles until every
/// side's win-rate half-width is at most `half_width`, or `max_battles`
/// are played.
#[derive(Clone, Copy, Debug, Serialize, Deserialize)]
pub struct PrecisionPlan {
    pub half_width: f64,
    pub batch: u64,
    pub max_battles: u64,
}

impl ResumeFile {
    /// The record of a partial output: `(seed, battles, start, end)`, the
    /// shard, the whole run's and the complete output's run.toml, the
    /// partial run.toml written beside it, and the prefix's tally.
    pub fn new(
        (seed, battles, start, end): (u64, u64, u64, u64),
        shard: Option<(u64, u64)>,
        whole_run_toml: String,
        final_run_toml: String,
        partial_run_toml: &str,
        tally: Tally,
    ) -> ResumeFile {
        ResumeFile {
            format: FORMAT,
            muster_version: crate::VERSION.to_string(),
            git_revision: crate::GIT_REVISION.to_string(),
            seed,
            battles,
            shard,
            start,
            end,
            whole_run_toml,
            final_run_toml,
            run_toml_hash: hash(partial_run_toml),
            tally,
            precision: None,
        }
    }
}

/// FNV-1a (64 bits) of `text`, in hex: stable across builds and platforms.
pub fn hash(text: &str) -> String {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in text.bytes() {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    format!("{h:016x}")
}

/// Reads `dir`'s resume.json and checks that the run can be resumed by
/// this muster: a partial run whose run.toml is unchanged, written by this
/// version and build (another build may play other battles).
pub fn read(dir: &Path) -> anyhow::Result<ResumeFile> {
    let run_toml = dir.join("run.toml");
    let Ok(partial_toml) = std::fs::read_to_string(&run_toml) else {
        bail!(
            "cannot resume {}: it has no run.toml; give the output folder of an interrupted `muster run`",
            dir.display()
        );
    };
    let path = dir.join(RESUME_FILE);
    if !path.is_file() {
        let partial = toml::from_str::<toml::Table>(&partial_toml)
            .ok()
            .and_then(|t| t.get("provenance")?.get("partial")?.as_bool())
            .unwrap_or(false);
        if partial {
            bail!(
                "cannot resume {}: it is partial but has no {RESUME_FILE} (written by an older muster); run it again",
                dir.display()
            );
        }
        bail!(
            "cannot resume {}: it holds a complete run; there is nothing left to play",
            dir.display()
        );
    }
    let text = std::fs::read_to_string(&path)
        .with_context(|| format!("cannot read {}", path.display()))?;
    let record: ResumeFile = serde_json::from_str(&text)
        .with_context(|| format!("{}: not a muster resume file", path.display()))?;
    if record.format != FORMAT {
        bail!(
            "{}: resume format {} (this muster reads format {FORMAT}); run it again",
            path.display(),
            record.format
        );
    }
    if record.muster_version != crate::VERSION || record.git_revision != crate::GIT_REVISION {
        bail!(
            "cannot resume {}: it was played by muster {} ({}), this is {} ({}); another build may play other battles, so run it again or resume with that build",
            dir.display(),
            record.muster_version,
            record.git_revision,
            crate::VERSION,
            crate::GIT_REVISION
        );
    }
    if hash(&partial_toml) != record.run_toml_hash {
        bail!(
            "cannot resume {}: its run.toml changed since the run stopped, so the battles played may not be those of the scenario it holds now; run it again",
            dir.display()
        );
    }
    let played = record.tally.battles;
    if record.start > record.end || played > record.end - record.start {
        bail!("{}: the battle counts do not add up", path.display());
    }
    if played == record.end - record.start {
        bail!(
            "cannot resume {}: all its battles were played; run it once more with `--out` to write it complete, or use it as it is",
            dir.display()
        );
    }
    Ok(record)
}
