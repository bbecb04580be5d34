//! Finds where a field path stands in a TOML text (line and column), using
//! toml_edit's spans, so that every problem can point at its line. The
//! text is parsed for its spans only when the first field is located: a
//! file with nothing to point at is never parsed here, and the unknown
//! keys of a file are located after the serde pass has dropped its own
//! parse, so the two never take memory at once.

use super::problems::{render_path, Problem, Seg};
use std::sync::OnceLock;
use toml_edit::ImDocument;

/// The text of one input file, ready to locate fields in.
pub struct Locator {
    pub file: String,
    text: String,
    /// Byte offset where each line starts, so that locating a problem
    /// takes a binary search, not a count from the file's start.
    line_starts: Vec<usize>,
    /// The text parsed for its spans, when a field is first located (None
    /// inside: the text is not TOML, and every field is at its start).
    doc: OnceLock<Option<ImDocument<String>>>,
}

impl Locator {
    pub fn new(file: &str, text: &str) -> Self {
        Locator {
            file: file.to_string(),
            text: text.to_string(),
            line_starts: std::iter::once(0)
                .chain(text.match_indices('\n').map(|(i, _)| i + 1))
                .collect(),
            doc: OnceLock::new(),
        }
    }

    /// The parsed text, parsed on first use.
    fn doc(&self) -> Option<&ImDocument<String>> {
        self.doc
            .get_or_init(|| ImDocument::parse(self.text.clone()).ok())
            .as_ref()
    }

    /// Line and column (both from 1) of a byte offset.
    pub fn line_col(&self, offset: usize) -> (usize, usize) {
        let offset = offset.min(self.text.len());
        let line = self.line_starts.partition_point(|&start| start <= offset);
        (line, offset - self.line_starts[line - 1] + 1)
    }

    /// The byte offset where `path` is written (the deepest part of it found).
    fn offset_of(&self, path: &[Seg]) -> usize {
        self.doc()
            .and_then(|d| self.offset_in_table(d.as_table(), path))
            .unwrap_or(0)
    }

    fn offset_in_table(&self, table: &toml_edit::Table, rest: &[Seg]) -> Option<usize> {
        let mut best = table.span().map(|s| s.start);
        let Some((first, rest)) = rest.split_first() else {
            return best;
        };
        let Seg::Key(k) = first else { return best };
        let (key, it) = table.get_key_value(k)?;
        best = key.span().or_else(|| it.span()).map(|s| s.start).or(best);
        if rest.is_empty() {
            return best;
        }
        if let Some(t) = it.as_table() {
            return self.offset_in_table(t, rest).or(best);
        }
        if let Some(aot) = it.as_array_of_tables() {
            if let Some(Seg::Index(n)) = rest.first() {
                if let Some(t) = aot.get(*n) {
                    return self.offset_in_table(t, &rest[1..]).or(best);
                }
            }
            return best;
        }
        let mut value = it.as_value();
        for seg in rest {
            let v = value?;
            let next = match seg {
                Seg::Index(n) => v.as_array().and_then(|a| a.get(*n)),
                Seg::Key(k) => v.as_inline_table().and_then(|t| t.get(k)),
            };
            match next {
                Some(n) => {
                    if let Some(s) = n.span() {
                        best = Some(s.start);
                    }
                    value = Some(n);
                }
                None => break,
            }
        }
        best
    }

    /// A problem at `path`.
    pub fn problem(
        &self,
        path: &[Seg],
        message: impl Into<String>,
        hint: Option<String>,
    ) -> Problem {
        let (line, column) = self.line_col(self.offset_of(path));
        Problem {
            file: self.file.clone(),
            line,
            column,
            field: render_path(path),
            message: message.into(),
            hint,
            unlisted: 0,
        }
    }

    /// A problem at a byte offset (parse errors).
    pub fn problem_at(
        &self,
        offset: usize,
        field: String,
        message: impl Into<String>,
        hint: Option<String>,
    ) -> Problem {
        let (line, column) = self.line_col(offset);
        Problem {
            file: self.file.clone(),
            line,
            column,
            field,
            message: message.into(),
            hint,
            unlisted: 0,
        }
    }
}
