//! Turns the text of one input file into its raw serde mirror, collecting
//! every syntax error, type error and unknown key as a located [`Problem`]
//! (unknown keys past the first [`LISTED_PROBLEMS`] counted, not kept).

use super::locate::Locator;
use super::problems::{did_you_mean, render_path, Problem, Seg, LISTED_PROBLEMS};
use serde::de::{self, DeserializeOwned, Deserializer, Visitor};
use std::cell::Cell;
use std::sync::OnceLock;

/// A file type `parse` can read: its serde mirror plus the keys each of its
/// tables accepts (for "unknown key" hints).
pub trait RawFile: DeserializeOwned {
    /// Keys allowed in the table at `path` (array indexes left out).
    fn known_keys(path: &[&str]) -> &'static [&'static str];

    /// The hint for unknown key `key` in the table at `path` when the format
    /// knows where it belongs instead (a key of another ruleset, or one kept
    /// elsewhere in this file); None gives the usual "did you mean" hint.
    fn misplaced(_path: &[&str], _key: &str) -> Option<String> {
        None
    }
}

/// The keys of the serde struct `T`, in declaration order and as renamed:
/// the `fields` its derived `Deserialize` hands to `deserialize_struct`.
/// Empty for a type that is not a struct.
pub fn fields_of<T: DeserializeOwned>() -> &'static [&'static str] {
    let seen = Cell::new(&[][..]);
    let _ = T::deserialize(FieldRecorder(&seen));
    seen.get()
}

/// The keys of several structs read from one table (e.g. a file that may be
/// a scenario, an army list or a doctrine), in order, built once into `cell`.
pub fn fields_union(
    cell: &'static OnceLock<Vec<&'static str>>,
    parts: impl FnOnce() -> Vec<&'static [&'static str]>,
) -> &'static [&'static str] {
    cell.get_or_init(|| parts().concat())
}

/// A deserializer that only records the field names of the struct asked for.
struct FieldRecorder<'a>(&'a Cell<&'static [&'static str]>);

impl<'de> Deserializer<'de> for FieldRecorder<'_> {
    type Error = de::value::Error;

    fn deserialize_any<V: Visitor<'de>>(self, _: V) -> Result<V::Value, Self::Error> {
        Err(de::Error::custom("not a struct"))
    }

    fn deserialize_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        fields: &'static [&'static str],
        _: V,
    ) -> Result<V::Value, Self::Error> {
        self.0.set(fields);
        Err(de::Error::custom("fields recorded"))
    }

    serde::forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string
        bytes byte_buf option unit unit_struct newtype_struct seq tuple
        tuple_struct map enum identifier ignored_any
    }
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

/// The unknown keys of a file as serde meets them: the paths of the first
/// [`LISTED_PROBLEMS`], and how many more there are.
#[derive(Default)]
struct UnknownKeys {
    kept: Vec<Vec<Seg>>,
    more: usize,
}

impl UnknownKeys {
    /// Keeps the path of one more unknown key, or counts it.
    fn found(&mut self, path: &serde_ignored::Path<'_>) {
        if self.kept.len() < LISTED_PROBLEMS {
            let mut segs = Vec::new();
            convert(path, &mut segs);
            self.kept.push(segs);
        } else {
            self.more += 1;
        }
    }

    /// One located problem per kept key, each with its hint; the last one
    /// counts the keys that were not kept.
    fn problems<T: RawFile>(self, loc: &Locator) -> Vec<Problem> {
        let mut problems: Vec<Problem> = self
            .kept
            .iter()
            .map(|path| unknown_key::<T>(loc, path))
            .collect();
        if let Some(last) = problems.last_mut() {
            last.unlisted = self.more;
        }
        problems
    }
}

/// The problem of the unknown key at `path`, with the keys allowed there
/// (or where the key belongs) as its hint.
fn unknown_key<T: RawFile>(loc: &Locator, path: &[Seg]) -> Problem {
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
    let hint = T::misplaced(&keys, &key)
        .or_else(|| did_you_mean(&key, known.iter().copied()))
        .or_else(|| {
            (!known.is_empty())
                .then(|| format!("remove it; keys allowed here: {}", known.join(", ")))
        });
    loc.problem(path, format!("unknown key `{key}`"), hint)
}

/// The longest text a file may hold in one string (a name, a description,
/// a label): run.toml records the scenario whole, so a longer one is
/// refused rather than copied into every output folder.
pub const MAX_TEXT_CHARS: usize = 10_000;

/// Every string longer than [`MAX_TEXT_CHARS`] under `table` (at `path`).
fn long_texts(
    table: &toml_edit::Table,
    path: &mut Vec<Seg>,
    loc: &Locator,
    out: &mut Vec<Problem>,
) {
    for (k, item) in table.iter() {
        path.push(Seg::from(k));
        match item {
            toml_edit::Item::Value(v) => long_value(v, path, loc, out),
            toml_edit::Item::Table(t) => long_texts(t, path, loc, out),
            toml_edit::Item::ArrayOfTables(a) => {
                for (i, t) in a.iter().enumerate() {
                    path.push(Seg::Index(i));
                    long_texts(t, path, loc, out);
                    path.pop();
                }
            }
            toml_edit::Item::None => {}
        }
        path.pop();
    }
}

fn long_value(v: &toml_edit::Value, path: &mut Vec<Seg>, loc: &Locator, out: &mut Vec<Problem>) {
    match v {
        toml_edit::Value::String(s) => {
            let n = s.value().chars().count();
            if n > MAX_TEXT_CHARS {
                out.push(loc.problem(
                    path,
                    format!("text of {n} characters; at most {MAX_TEXT_CHARS} are allowed"),
                    Some("shorten it: names, labels and descriptions are copied into every run.toml".to_string()),
                ));
            }
        }
        toml_edit::Value::Array(a) => {
            for (i, v) in a.iter().enumerate() {
                path.push(Seg::Index(i));
                long_value(v, path, loc, out);
                path.pop();
            }
        }
        toml_edit::Value::InlineTable(t) => {
            for (k, v) in t.iter() {
                path.push(Seg::from(k));
                long_value(v, path, loc, out);
                path.pop();
            }
        }
        _ => {}
    }
}

/// Parses `text` as a `T`; returns it (when the structure is sound) and the
/// problems found, unknown keys included. Of the unknown keys, only the
/// first [`LISTED_PROBLEMS`] are kept and located, after the serde pass
/// (so its parse and the locator's are not in memory at once); the last
/// one kept counts the others.
pub fn parse<T: RawFile>(loc: &Locator, text: &str) -> (Option<T>, Vec<Problem>) {
    let mut problems = Vec::new();
    // Parsed for the long texts only, and dropped before the serde pass.
    let doc = match toml_edit::ImDocument::parse(text) {
        Ok(doc) => doc,
        Err(e) => {
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
    };
    long_texts(doc.as_table(), &mut Vec::new(), loc, &mut problems);
    drop(doc);
    if !problems.is_empty() {
        // run.toml would copy the text whole; nothing else is checked.
        return (None, problems);
    }
    let mut unknown = UnknownKeys::default();
    let de = toml::Deserializer::new(text);
    let result: Result<T, _> = serde_ignored::deserialize(de, |p| unknown.found(&p));
    problems.extend(unknown.problems::<T>(loc));
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
            // A wrong type names the key that holds the value.
            let field = e
                .span()
                .map(|s| super::problems::render_path(&super::spans::field_at(text, s.start)))
                .unwrap_or_default();
            problems.push(loc.problem_at(offset, field, message, hint));
            (None, problems)
        }
    }
}
