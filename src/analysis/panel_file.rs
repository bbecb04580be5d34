//! A panel file (`--panel FILE`): the doctrines each side plays, per
//! doctrine layer of the scenario's ruleset. Top-level keys are layer
//! fields (`doctrine`, `sob_doctrine`) listing doctrines for both sides;
//! a `[side.NAME]` table (a side's name or its position, 0 or 1) replaces
//! a layer's list for that side. A layer the file leaves out stays as the
//! scenario has it. Values are built-in names or doctrine files, relative
//! to the panel file. Every problem is reported at its line.

use super::panel::PanelSpecs;
use crate::registry::DoctrineLayer;
use crate::scenario::locate::Locator;
use crate::scenario::problems::{did_you_mean, Problem, Problems, Seg};
use std::path::Path;
use toml::{Table, Value};

/// The sides' names and the ruleset's layers a panel file is read against.
pub struct PanelTarget<'a> {
    pub sides: [&'a str; 2],
    pub layers: &'a [DoctrineLayer],
}

/// Reads the panel file at `path` into panel specs.
pub fn load(path: &Path, target: &PanelTarget) -> Result<PanelSpecs, Problems> {
    let file = path.display().to_string();
    let text = std::fs::read_to_string(path).map_err(|e| {
        Problems(vec![Problem {
            file: file.clone(),
            line: 0,
            column: 0,
            field: String::new(),
            message: format!("cannot read the panel file: {e}"),
            hint: None,
            unlisted: 0,
        }])
    })?;
    let dir = path.parent().unwrap_or(Path::new("."));
    parse(&file, &text, dir, target)
}

/// Reads a panel file's `text` (named `file`; files it names are relative
/// to `dir`).
pub fn parse(
    file: &str,
    text: &str,
    dir: &Path,
    target: &PanelTarget,
) -> Result<PanelSpecs, Problems> {
    let loc = Locator::new(file, text);
    let table: Table = toml::from_str(text).map_err(|e| {
        let at = e.span().map_or(0, |s| s.start);
        Problems(vec![loc.problem_at(
            at,
            String::new(),
            e.message().to_string(),
            None,
        )])
    })?;
    let mut reader = Reader {
        loc: &loc,
        dir,
        target,
        problems: Vec::new(),
    };
    let specs = reader.specs(&table);
    match (reader.problems.is_empty(), specs.is_empty()) {
        (true, false) => Ok(specs),
        (true, true) => Err(Problems(vec![loc.problem(
            &[],
            "the panel names no doctrines",
            Some(reader.layer_hint()),
        )])),
        (false, _) => Err(Problems(reader.problems)),
    }
}

struct Reader<'a> {
    loc: &'a Locator,
    dir: &'a Path,
    target: &'a PanelTarget<'a>,
    problems: Vec<Problem>,
}

impl Reader<'_> {
    /// The specs: per side, each layer's own list or the shared one.
    fn specs(&mut self, table: &Table) -> PanelSpecs {
        let shared = self.lists(table, &[]);
        let own = self.sides(table);
        let mut specs = Vec::new();
        for (s, own) in own.iter().enumerate() {
            for layer in self.target.layers {
                let list = own
                    .iter()
                    .chain(&shared)
                    .find(|(field, _)| field == layer.field);
                if let Some((_, names)) = list {
                    specs.push((format!("side.{s}.{}", layer.field), names.clone()));
                }
            }
        }
        specs
    }

    /// Each side's own lists, from `[side.NAME]`.
    fn sides(&mut self, table: &Table) -> [Vec<(String, Vec<String>)>; 2] {
        let mut own = [Vec::new(), Vec::new()];
        let Some(sides) = table.get("side") else {
            return own;
        };
        let Some(sides) = sides.as_table() else {
            self.err(
                &[Seg::Key("side".into())],
                "`side` must be a table of sides".into(),
                Some("write [side.NAME] with the side's lists".into()),
            );
            return own;
        };
        for (key, lists) in sides {
            let at = [Seg::Key("side".into()), Seg::Key(key.clone())];
            let Some(s) = self.side_index(key) else {
                let names = self.target.sides;
                self.err(
                    &at,
                    format!("no side `{key}`"),
                    Some(format!(
                        "the sides are `{}` and `{}` (or 0 and 1)",
                        names[0], names[1]
                    )),
                );
                continue;
            };
            match lists.as_table() {
                Some(t) => own[s] = self.lists(t, &at),
                None => self.err(&at, "a side's entry must be a table".into(), None),
            }
        }
        own
    }

    fn side_index(&self, key: &str) -> Option<usize> {
        match key {
            "0" => Some(0),
            "1" => Some(1),
            _ => self
                .target
                .sides
                .iter()
                .position(|n| n.eq_ignore_ascii_case(key)),
        }
    }

    /// The layer lists of one table (`at`: its path; `side` is skipped at
    /// the top).
    fn lists(&mut self, table: &Table, at: &[Seg]) -> Vec<(String, Vec<String>)> {
        let mut out = Vec::new();
        for (key, value) in table {
            if at.is_empty() && (key == "side" || key == "name" || key == "description") {
                continue;
            }
            let path: Vec<Seg> = at.iter().cloned().chain([Seg::Key(key.clone())]).collect();
            if !self.target.layers.iter().any(|l| l.field == key) {
                let fields: Vec<&str> = self.target.layers.iter().map(|l| l.field).collect();
                let hint =
                    did_you_mean(key, fields.iter().copied()).unwrap_or_else(|| self.layer_hint());
                self.err(&path, format!("no doctrine layer `{key}`"), Some(hint));
                continue;
            }
            if let Some(names) = self.names(value, &path) {
                out.push((key.clone(), names));
            }
        }
        out
    }

    /// A layer's list: non-empty, of built-in names or files.
    fn names(&mut self, value: &Value, path: &[Seg]) -> Option<Vec<String>> {
        let Some(items) = value.as_array().filter(|a| !a.is_empty()) else {
            self.err(
                path,
                "a layer's doctrines must be a non-empty list".into(),
                Some("write e.g. doctrine = [\"balanced\", \"aggressive\"]".into()),
            );
            return None;
        };
        let mut names = Vec::new();
        for (i, item) in items.iter().enumerate() {
            let at: Vec<Seg> = path.iter().cloned().chain([Seg::Index(i)]).collect();
            match item.as_str() {
                Some(name) => names.push(self.reference(name)),
                None => self.err(
                    &at,
                    "a doctrine is a built-in name or a file, as a string".into(),
                    None,
                ),
            }
        }
        Some(names)
    }

    /// A file reference made usable from anywhere; a built-in name as is.
    fn reference(&self, name: &str) -> String {
        if name.ends_with(".toml") || name.contains('/') {
            self.dir.join(name).display().to_string()
        } else {
            name.to_string()
        }
    }

    fn layer_hint(&self) -> String {
        let fields: Vec<String> = self
            .target
            .layers
            .iter()
            .map(|l| format!("`{}` ({})", l.field, l.what))
            .collect();
        format!("this ruleset's doctrine layers: {}", fields.join(", "))
    }

    fn err(&mut self, path: &[Seg], message: String, hint: Option<String>) {
        self.problems.push(self.loc.problem(path, message, hint));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const A: &[(&str, &str)] = &[("x", ""), ("y", "")];
    const LAYERS: &[DoctrineLayer] = &[
        DoctrineLayer::core(A, &[]),
        DoctrineLayer {
            field: "sob_doctrine",
            what: "cards",
            builtin: A,
            knobs: &[],
        },
    ];

    fn read(text: &str) -> Result<PanelSpecs, Problems> {
        let target = PanelTarget {
            sides: ["Humans", "Orcs"],
            layers: LAYERS,
        };
        parse("p.toml", text, Path::new("dir"), &target)
    }

    #[test]
    fn shared_lists_apply_to_both_sides_and_a_side_table_replaces_them() {
        let specs = read(
            "sob_doctrine = [\"steady\", \"mine.toml\"]\n[side.Orcs]\nsob_doctrine = [\"reckless\"]\n",
        )
        .unwrap();
        assert_eq!(
            specs,
            vec![
                (
                    "side.0.sob_doctrine".to_string(),
                    vec!["steady".to_string(), "dir/mine.toml".to_string()]
                ),
                (
                    "side.1.sob_doctrine".to_string(),
                    vec!["reckless".to_string()]
                ),
            ]
        );
    }

    #[test]
    fn problems_name_their_line_and_a_fix() {
        let e = read("name = \"p\"\nsob_doctrin = [\"a\"]\n[side.Elves]\ndoctrine = []\n")
            .unwrap_err()
            .to_string();
        assert!(
            e.contains("p.toml:2:1: `sob_doctrin`: no doctrine layer"),
            "{e}"
        );
        assert!(e.contains("sob_doctrine"), "{e}");
        assert!(e.contains("p.toml:3:"), "{e}");
        assert!(e.contains("no side `Elves`"), "{e}");
        let e = read("doctrine = \"x\"\n").unwrap_err().to_string();
        assert!(
            e.contains("p.toml:1:1: `doctrine`: a layer's doctrines must be a non-empty list"),
            "{e}"
        );
        let e = read("doctrine = [\n").unwrap_err().to_string();
        assert!(e.starts_with("p.toml:"), "{e}");
        let e = read("name = \"nothing\"\n").unwrap_err().to_string();
        assert!(e.contains("the panel names no doctrines"), "{e}");
    }
}
