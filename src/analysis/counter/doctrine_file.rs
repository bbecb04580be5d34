//! A found doctrine as a file the user can keep: one side's doctrine
//! table of a built candidate (every searchable key stated, since every
//! candidate states the keys its doctrine left out), with a `[doctrine]`
//! header of its own naming it and saying what it changed. `muster check`
//! accepts it and a scenario can name it as the side's doctrine.

use crate::analysis::vary::{scenario_text, VaryError};
use crate::scenario::Scenario;
use toml_edit::{DocumentMut, Item, Value};

/// The name, description and provenance of a written doctrine.
pub struct Header<'a> {
    pub name: &'a str,
    pub description: &'a str,
    /// Comment lines at the top (without `# `).
    pub comments: &'a [String],
}

/// The doctrine table `field` of side `side` of `scenario`, as a doctrine
/// file with `header`.
pub fn doctrine_text(
    scenario: &Scenario,
    side: usize,
    field: &str,
    header: &Header,
) -> Result<String, VaryError> {
    let missing = |what: &str| VaryError::Path {
        path: format!("side.{side}.{field}"),
        message: format!("the built scenario has no {what}"),
    };
    let doc: DocumentMut = scenario_text(scenario)?
        .parse()
        .map_err(|_| missing("readable TOML"))?;
    let table = doc
        .get("side")
        .and_then(Item::as_array_of_tables)
        .and_then(|a| a.get(side))
        .and_then(|s| s.get(field))
        .and_then(Item::as_table)
        .ok_or_else(|| missing("doctrine table"))?;
    let mut out = DocumentMut::new();
    for (key, item) in table.iter().filter(|(k, _)| *k != "doctrine") {
        out.insert(key, item.clone());
    }
    let mut meta = table
        .get("doctrine")
        .and_then(Item::as_table)
        .cloned()
        .ok_or_else(|| missing("[doctrine] header"))?;
    meta.insert("name", Item::Value(Value::from(header.name)));
    meta.insert("description", Item::Value(Value::from(header.description)));
    meta.set_position(usize::MAX);
    out.insert("doctrine", Item::Table(meta));
    let comments: String = header.comments.iter().map(|c| format!("# {c}\n")).collect();
    Ok(format!("{comments}{out}"))
}
