//! `resume.json`: what a partial run (interrupted, or a checkpoint of a
//! run still playing) writes beside its outputs so that `muster run
//! --resume DIR` can play the rest. It holds the exact tally of the
//! finished prefix (battles `start..start + played` of the run's or
//! shard's range `start..end`), the whole run's run.toml (the scenario
//! the rest is played from) and the run.toml the complete output will
//! have, so the resumed run ends byte for byte where an uninterrupted one
//! does. A `--precision` run also records its stopping rule. A complete
//! output has no resume.json.
//!
//! The file is sealed: its `checksum` is a hash of everything else in it
//! (the tally included), and `--resume` refuses a file whose tally does
//! not add up, whose checksum does not match, whose ranges do not follow
//! from its run and shard, or whose tally does not count the battles the
//! partial run.toml says were played. Such a file was edited or damaged,
//! and resuming it would write results for battles that were never
//! played; the fix is to run again without `--resume`.

use crate::stats::Tally;
use anyhow::{bail, Context};
use serde::{Deserialize, Serialize};
use std::path::Path;

/// The file's name in an output folder.
pub use crate::report::RESUME_FILE;
/// Format 2 added the `checksum`.
const FORMAT: u32 = 2;
/// What every refusal of a damaged or edited file tells the user to do.
const FIX: &str = "run it again without --resume (the battles already played are played again)";

/// What `--resume` needs of a partial run.
#[derive(Clone, Debug, Serialize, Deserialize)]
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
    /// [`hash`] of the record's other fields ([`ResumeFile::sealed_text`]),
    /// set by [`ResumeFile::to_json`]; None in a file of format 1.
    #[serde(default)]
    pub checksum: Option<String>,
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
            checksum: None,
        }
    }

    /// The record's fields as one text, for its checksum: every field but
    /// the checksum and the precision's half-width (a float, which JSON may
    /// not give back bit for bit; it is checked to be a fraction instead).
    fn sealed_text(&self) -> anyhow::Result<String> {
        let tally = serde_json::to_string(&self.tally).context("cannot encode the tally")?;
        let plan = self.precision.map(|p| (p.batch, p.max_battles));
        Ok(format!(
            "{}\n{}\n{}\n{}\n{}\n{:?}\n{}\n{}\n{plan:?}\n{}\n{}\0{}\0{}\0{tally}",
            self.format,
            self.muster_version,
            self.git_revision,
            self.seed,
            self.battles,
            self.shard,
            self.start,
            self.end,
            self.run_toml_hash,
            self.whole_run_toml.len(),
            self.whole_run_toml,
            self.final_run_toml,
        ))
    }

    /// The file's text, sealed with its checksum.
    pub fn to_json(&self) -> anyhow::Result<String> {
        let sealed = ResumeFile {
            checksum: Some(hash(&self.sealed_text()?)),
            ..self.clone()
        };
        serde_json::to_string(&sealed).context("cannot encode the resume file")
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
    let record: ResumeFile = serde_json::from_str(&text).with_context(|| {
        format!(
            "{}: not a muster resume file (damaged or edited); {FIX}",
            path.display()
        )
    })?;
    if record.format != FORMAT {
        bail!(
            "{}: resume format {} (this muster reads format {FORMAT}: it was written by another version); {FIX}",
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
    check_sealed(&record, &path)?;
    check_ranges(&record, &path, &partial_toml)?;
    let played = record.tally.battles;
    if played == record.end - record.start {
        bail!(
            "cannot resume {}: all its battles were played; run it once more with `--out` to write it complete, or use it as it is",
            dir.display()
        );
    }
    Ok(record)
}

/// Refuses a record whose tally does not add up or whose checksum is
/// missing or does not match the rest of it (`path` names the file).
fn check_sealed(record: &ResumeFile, path: &Path) -> anyhow::Result<()> {
    let Some(checksum) = &record.checksum else {
        bail!(
            "{}: it has no `checksum`, so its tally cannot be trusted (the field was removed); {FIX}",
            path.display()
        );
    };
    if let Some((field, what)) = record.tally.inconsistency() {
        bail!(
            "{}: `{field}` does not add up: {what}; the file was edited or damaged since the run stopped; {FIX}",
            path.display()
        );
    }
    if hash(&record.sealed_text()?) != *checksum {
        bail!(
            "{}: its `checksum` does not match its contents (the tally or another field was edited or damaged since the run stopped); {FIX}",
            path.display()
        );
    }
    Ok(())
}

/// Refuses a record whose range `start..end` does not follow from its
/// run, shard and stopping rule, whose tally counts more battles than the
/// range or other battles than the partial run.toml (`partial_toml`) says
/// were played.
fn check_ranges(record: &ResumeFile, path: &Path, partial_toml: &str) -> anyhow::Result<()> {
    let file = path.display();
    let expected = match (record.shard, record.precision) {
        (Some((index, count)), None) if count >= 1 && index < count && count <= super::MAX_SHARDS => {
            super::Shard { index, count }.range(record.battles)
        }
        (Some((index, count)), _) => bail!(
            "{file}: `shard` {index}/{count} is not a shard of a run with a fixed number of battles; {FIX}"
        ),
        (None, None) => (0, record.battles),
        (None, Some(p)) => {
            if !(p.half_width > 0.0 && p.half_width < 1.0) || p.batch == 0 {
                bail!("{file}: `precision` is not a stopping rule muster writes; {FIX}");
            }
            (0, p.max_battles)
        }
    };
    if (record.start, record.end) != expected {
        bail!(
            "{file}: `start` and `end` ({} to {}) are not the range of its run ({} to {}); {FIX}",
            record.start,
            record.end,
            expected.0,
            expected.1
        );
    }
    let played = record.tally.battles;
    if played > record.end - record.start {
        bail!(
            "{file}: `tally.battles` is {played}, more than the {} battles of its range; {FIX}",
            record.end - record.start
        );
    }
    let stated = toml::from_str::<toml::Table>(partial_toml)
        .ok()
        .and_then(|t| t.get("provenance")?.get("battles_played")?.as_integer());
    if stated != i64::try_from(played).ok() {
        bail!(
            "{file}: `tally.battles` is {played}, but the run.toml beside it says {} battles were played; {FIX}",
            stated.map_or("no".to_string(), |n| n.to_string())
        );
    }
    Ok(())
}
