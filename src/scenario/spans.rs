//! The field a position of a TOML text belongs to, from the parser's spans:
//! a type error from serde points at a value's offset, and this names the
//! key path that holds it (`scenario.level`, `side[1].units[0].at`).

use super::problems::Seg;
use toml_edit::{ImDocument, Item, Table, Value};

/// The path of the deepest key whose value spans `offset` (empty when the
/// text does not parse or no value holds the offset).
pub fn field_at(text: &str, offset: usize) -> Vec<Seg> {
    let Ok(doc) = ImDocument::parse(text) else {
        return Vec::new();
    };
    let mut path = Vec::new();
    in_table(doc.as_table(), offset, &mut path);
    path
}

fn holds(span: Option<std::ops::Range<usize>>, offset: usize) -> bool {
    span.is_some_and(|s| s.start <= offset && offset < s.end.max(s.start + 1))
}

/// Appends to `path` the key of `table` under which `offset` lies; true
/// when found.
fn in_table(table: &Table, offset: usize, path: &mut Vec<Seg>) -> bool {
    for (key, item) in table.iter() {
        path.push(Seg::Key(key.to_string()));
        if in_item(item, offset, path) {
            return true;
        }
        path.pop();
    }
    false
}

fn in_item(item: &Item, offset: usize, path: &mut Vec<Seg>) -> bool {
    match item {
        Item::Value(v) => in_value(v, offset, path),
        Item::Table(t) => in_table(t, offset, path),
        Item::ArrayOfTables(tables) => {
            for (i, t) in tables.iter().enumerate() {
                path.push(Seg::Index(i));
                if in_table(t, offset, path) {
                    return true;
                }
                path.pop();
            }
            false
        }
        Item::None => false,
    }
}

fn in_value(value: &Value, offset: usize, path: &mut Vec<Seg>) -> bool {
    if !holds(value.span(), offset) {
        return false;
    }
    match value {
        Value::Array(items) => {
            for (i, v) in items.iter().enumerate() {
                path.push(Seg::Index(i));
                if in_value(v, offset, path) {
                    return true;
                }
                path.pop();
            }
        }
        Value::InlineTable(t) => {
            for (key, v) in t.iter() {
                path.push(Seg::Key(key.to_string()));
                if in_value(v, offset, path) {
                    return true;
                }
                path.pop();
            }
        }
        _ => {}
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scenario::problems::render_path;

    fn at(text: &str, needle: &str) -> String {
        render_path(&field_at(text, text.find(needle).expect("needle")))
    }

    #[test]
    fn names_the_key_of_a_value_in_tables_arrays_and_inline_tables() {
        let text = "[scenario]\nname = \"x\"\nlevel = \"one\"\n\n[[side]]\nname = \"A\"\n\n[[side]]\nname = \"B\"\n[[side.units]]\nat = [1, \"two\"]\nfoo = { bar = true }\n";
        assert_eq!(at(text, "\"one\""), "scenario.level");
        assert_eq!(at(text, "\"B\""), "side[1].name");
        assert_eq!(at(text, "\"two\""), "side[1].units[0].at[1]");
        assert_eq!(at(text, "true"), "side[1].units[0].foo.bar");
        assert_eq!(at(text, "[scenario]"), "");
    }
}
