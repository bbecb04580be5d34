//! Turns the text of one input file into its raw serde mirror, collecting
//! every syntax error, type error and unknown key as a located [`Problem`].

use super::locate::Locator;
use super::problems::{did_you_mean, render_path, Problem, Seg};
use serde::de::DeserializeOwned;

/// A file type `parse` can read: its serde mirror plus the keys each of its
/// tables accepts (for "unknown key" hints).
pub trait RawFile: DeserializeOwned {
    /// Keys allowed in the table at `path` (array indexes left out).
    fn known_keys(path: &[&str]) -> &'static [&'static str];
}

fn convert(path: &serde_ignored::Path<'_>, out: &mut Vec<Seg>) {
    use serde_ignored::Path;
    match path {
        Path::Root => {}
        Path::Seq { parent, index } => {
            convert(parent, out);
            out.push(Seg::Index(*index));
        }
        Path::Map { parent, key } => {
            convert(parent, out);
            out.push(Seg::Key(key.clone()));
        }
        Path::Some { parent }
        | Path::NewtypeStruct { parent }
        | Path::NewtypeVariant { parent } => convert(parent, out),
    }
}

/// Parses `text` as a `T`; returns it (when the structure is sound) and the
/// problems found, unknown keys included.
pub fn parse<T: RawFile>(loc: &Locator, text: &str) -> (Option<T>, Vec<Problem>) {
    let mut problems = Vec::new();
    if let Err(e) = toml_edit::ImDocument::parse(text.to_string()) {
        let offset = e.span().map_or(0, |s| s.start);
        let message = e.message().trim().to_string();
        problems.push(
            loc.problem_at(
                offset,
                String::new(),
                format!("TOML syntax error: {message}"),
                Some(
                    "fix the TOML syntax at this position (quotes, brackets, `key = value`)"
                        .to_string(),
                ),
            ),
        );
        return (None, problems);
    }
    let mut unknown: Vec<Vec<Seg>> = Vec::new();
    let de = toml::Deserializer::new(text);
    let result: Result<T, _> = serde_ignored::deserialize(de, |p| {
        let mut segs = Vec::new();
        convert(&p, &mut segs);
        unknown.push(segs);
    });
    for path in &unknown {
        let (parent, last) = path.split_at(path.len().saturating_sub(1));
        let key = match last.first() {
            Some(Seg::Key(k)) => k.clone(),
            _ => render_path(path),
        };
        let keys: Vec<&str> = parent
            .iter()
            .filter_map(|s| match s {
                Seg::Key(k) => Some(k.as_str()),
                Seg::Index(_) => None,
            })
            .collect();
        let known = T::known_keys(&keys);
        let hint = did_you_mean(&key, known.iter().copied()).or_else(|| {
            (!known.is_empty())
                .then(|| format!("remove it; keys allowed here: {}", known.join(", ")))
        });
        problems.push(loc.problem(path, format!("unknown key `{key}`"), hint));
    }
    match result {
        Ok(v) => (Some(v), problems),
        Err(e) => {
            let offset = e.span().map_or(0, |s| s.start);
            let message = e.message().trim().to_string();
            let hint = if message.contains("missing field") {
                Some("add the missing key (see the example files under scenarios/)".to_string())
            } else {
                Some("give a value of the type shown (quote words; numbers without quotes; squares as [x, y])".to_string())
            };
            problems.push(loc.problem_at(offset, String::new(), message, hint));
            (None, problems)
        }
    }
}
