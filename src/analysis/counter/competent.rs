//! `competent.toml`: the competent-play matchup `muster counter --rounds K`
//! found (each side's doctrine per layer, as doctrine files beside it), and
//! reading it back as variant edits that put the matchup into a scenario.

use serde::{Deserialize, Serialize};
use std::path::Path;

/// The file's name in a counter output folder.
pub const FILE: &str = "competent.toml";

/// One side's doctrine layer: `path` = `side.S.FIELD`, `file` relative to
/// the folder.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Edit {
    pub path: String,
    pub file: String,
}

/// What competent.toml holds.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Competent {
    pub scenario: String,
    /// False: the rounds ended with a side still gaining more than `margin`.
    pub converged: bool,
    pub margin: f64,
    pub rounds: usize,
    #[serde(default)]
    pub edit: Vec<Edit>,
}

impl Competent {
    /// The file's text, with its comment line.
    pub fn to_text(&self) -> Result<String, toml::ser::Error> {
        Ok(format!(
            "# the competent-play matchup found by muster counter --rounds {}\n{}",
            self.rounds,
            toml::to_string(self)?
        ))
    }

    /// Reads `dir`/competent.toml, with a message saying how to make one
    /// when it is missing.
    pub fn read(dir: &Path) -> anyhow::Result<Competent> {
        let path = dir.join(FILE);
        let text = std::fs::read_to_string(&path).map_err(|e| {
            anyhow::anyhow!(
                "cannot read {}: {e}; run `muster counter SCENARIO --rounds K --out {}` first (its output folder holds {FILE})",
                path.display(),
                dir.display()
            )
        })?;
        toml::from_str(&text).map_err(|e| {
            anyhow::anyhow!(
                "{} is not a competent.toml that muster counter writes: {e}",
                path.display()
            )
        })
    }

    /// The vary edits `(side.S.FIELD, doctrine file)` of the matchup, each
    /// file as a path from `dir` (absolute when `dir` is), checked to exist.
    pub fn edits(&self, dir: &Path) -> anyhow::Result<Vec<(String, String)>> {
        self.edit
            .iter()
            .map(|e| {
                let file = dir.join(&e.file);
                if !file.is_file() {
                    anyhow::bail!(
                        "{} names {} for `{}`, which is not there; run `muster counter --rounds K` again into {}",
                        dir.join(FILE).display(),
                        file.display(),
                        e.path,
                        dir.display()
                    );
                }
                Ok((e.path.clone(), file.to_string_lossy().into_owned()))
            })
            .collect()
    }
}
