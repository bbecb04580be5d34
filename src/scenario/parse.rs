//! Turns the text of one input file into its raw serde mirror, collecting
//! every syntax error, type error and unknown key as a located [`Problem`].

use super::locate::Locator;
use super::problems::{did_you_mean, render_path, Problem, Seg};
use serde::de::DeserializeOwned;

/// The top-level keys of a doctrine file.
const DOCTRINE_TOP: &[&str] = &[
    "doctrine",
    "move_order",
    "attack_order",
    "keep_leash",
    "hold_fire_for_move",
    "lure",
    "movement",
    "targets",
    "siege",
];

/// Keys each table of the three file kinds accepts (for unknown-key hints).
fn known_keys(path: &[Seg]) -> &'static [&'static str] {
    let keys: Vec<&str> = path
        .iter()
        .filter_map(|s| match s {
            Seg::Key(k) => Some(k.as_str()),
            Seg::Index(_) => None,
        })
        .collect();
    match keys.as_slice() {
        [] => &[
            "scenario",
            "run",
            "options",
            "battlefield",
            "side",
            "provenance",
            "army_list",
            "troop",
            "doctrine",
            "move_order",
            "attack_order",
            "keep_leash",
            "hold_fire_for_move",
            "lure",
            "movement",
            "targets",
            "siege",
        ],
        ["scenario"] => &[
            "name",
            "ruleset",
            "description",
            "max_rounds",
            "engagement",
            "scale",
            "attack_edge",
        ],
        ["run"] => &["battles", "seed"],
        ["battlefield"] => &[
            "width",
            "depth",
            "terrain",
            "fortifications",
            "fortification_types",
            "walls",
            "engines",
        ],
        ["battlefield", "terrain" | "fortifications"] => &["kind", "from", "to", "at"],
        ["battlefield", "walls"] => &["from", "to"],
        ["battlefield", "engines"] => &["troop", "at"],
        ["side"] => &[
            "name",
            "role",
            "army_list",
            "doctrine",
            "operations",
            "units",
        ],
        ["side", "units"] => &["troop", "role", "count", "soldiers", "at", "block"],
        ["side", "units", "block"] => &["x", "y", "width"],
        ["army_list"] | ["side", "army_list", "army_list"] => &["name", "ruleset", "description"],
        ["troop"] | ["side", "army_list", "troop"] => &[
            "id",
            "name",
            "morale",
            "move",
            "power",
            "range",
            "leash",
            "commander_anchors",
            "traits",
            "attack_advantage_min_morale",
            "points",
            "source",
        ],
        ["doctrine"] | ["side", "doctrine", "doctrine"] => &["name", "ruleset", "description"],
        ["movement"] | ["side", "doctrine", "movement"] => &["when", "goal"],
        ["targets"] | ["side", "doctrine", "targets"] => &["priority"],
        ["siege"] | ["side", "doctrine", "siege"] => &["man", "target", "dismount"],
        ["side", "doctrine"] => DOCTRINE_TOP,
        ["side", "army_list"] => &["army_list", "troop"],
        _ => &[],
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

/// Parses `text` as a `T`; returns it (when the structure is sound) and the
/// problems found, unknown keys included.
pub fn parse<T: DeserializeOwned>(loc: &Locator, text: &str) -> (Option<T>, Vec<Problem>) {
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
        let known = known_keys(parent);
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
