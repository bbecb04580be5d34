//! Problems found in input files: each names the file, line, column and
//! field, says what is wrong and, where it can, how to fix it. A file's
//! problems are gathered and reported together: the first
//! [`LISTED_PROBLEMS`] are listed and the rest counted. Where one line of
//! input can make one problem (an unknown key), only the first
//! [`LISTED_PROBLEMS`] are kept and the last kept one counts the others
//! ([`Problem::unlisted`]), so a file of millions of stray keys takes
//! memory for a hundred problems, not millions.

use std::fmt;

/// One problem in one input file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Problem {
    pub file: String,
    pub line: usize,
    pub column: usize,
    /// Dotted path of the field, e.g. `side[1].units[0].troop`; empty for the whole file.
    pub field: String,
    pub message: String,
    pub hint: Option<String>,
    /// Problems found after this one and counted, not kept (0 for almost
    /// every problem): a file's unknown keys beyond the first
    /// [`LISTED_PROBLEMS`] are only counted, on the last one kept.
    pub unlisted: usize,
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}:{}: ", self.file, self.line, self.column)?;
        if !self.field.is_empty() {
            write!(f, "`{}`: ", self.field)?;
        }
        write!(f, "{}", self.message)?;
        if let Some(h) = &self.hint {
            write!(f, "\n    hint: {h}")?;
        }
        Ok(())
    }
}

/// Every problem found, in file order.
#[derive(Clone, Debug, Default, PartialEq, Eq, thiserror::Error)]
pub struct Problems(pub Vec<Problem>);

/// How many problems are listed; the rest are counted.
pub const LISTED_PROBLEMS: usize = 100;

impl Problems {
    /// Every problem found: those kept and those only counted.
    pub fn count(&self) -> usize {
        self.0.iter().map(|p| 1 + p.unlisted).sum()
    }
}

impl fmt::Display for Problems {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let n = self.count();
        for p in self.0.iter().take(LISTED_PROBLEMS) {
            writeln!(f, "{p}")?;
        }
        if n > LISTED_PROBLEMS {
            writeln!(
                f,
                "... and {} more, not listed: fix the ones above and check again",
                n - LISTED_PROBLEMS
            )?;
        }
        write!(f, "{n} problem{} found", if n == 1 { "" } else { "s" })
    }
}

/// A segment of a field path.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Seg {
    Key(String),
    Index(usize),
}

impl From<&str> for Seg {
    fn from(s: &str) -> Self {
        Seg::Key(s.to_string())
    }
}

impl From<String> for Seg {
    fn from(s: String) -> Self {
        Seg::Key(s)
    }
}

impl From<usize> for Seg {
    fn from(i: usize) -> Self {
        Seg::Index(i)
    }
}

/// Builds a field path: `path!["side", 1, "units", 0, "troop"]`.
#[macro_export]
macro_rules! path {
    ($($seg:expr),* $(,)?) => {
        vec![$($crate::scenario::problems::Seg::from($seg)),*]
    };
}

/// Renders a path as `side[1].units[0].troop`.
pub fn render_path(path: &[Seg]) -> String {
    let mut out = String::new();
    for seg in path {
        match seg {
            Seg::Key(k) => {
                if !out.is_empty() {
                    out.push('.');
                }
                out.push_str(k);
            }
            Seg::Index(i) => out.push_str(&format!("[{i}]")),
        }
    }
    out
}

/// "did you mean `X`?" for the closest of `known` to `given` (Jaro-Winkler >= 0.8).
pub fn did_you_mean<'a>(given: &str, known: impl IntoIterator<Item = &'a str>) -> Option<String> {
    let given_l = given.to_lowercase();
    known
        .into_iter()
        .map(|k| (strsim::jaro_winkler(&given_l, &k.to_lowercase()), k))
        .filter(|(score, _)| *score >= 0.8)
        .max_by(|a, b| a.0.total_cmp(&b.0))
        .map(|(_, k)| format!("did you mean `{k}`?"))
}
