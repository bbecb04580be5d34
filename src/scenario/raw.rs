//! The parts of the input files every ruleset shares: references to a
//! built-in or a file (or an inline table), a scenario's `[run]` defaults,
//! the provenance run.toml records, list and doctrine headers, and blocks of
//! units placed row by row. Each ruleset's own serde mirror is in its
//! folder (`rulesets/<name>/input/file.rs`).

use serde::{Deserialize, Deserializer, Serialize, Serializer};

#[derive(Clone, Debug, Default, Deserialize, Serialize)]
pub struct RunDefaults {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub battles: Option<i64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seed: Option<u64>,
}

/// Written into run.toml by `muster run`; ignored when the file is read back.
#[derive(Clone, Debug, Deserialize, Serialize)]
pub struct Provenance {
    pub muster_version: String,
    pub git_revision: String,
    pub battles_played: u64,
    pub partial: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
}

/// Units placed row by row from (x, y), `width` per row, rows toward the enemy's far edge.
#[derive(Clone, Debug, Deserialize, Serialize)]
pub struct Block {
    pub x: i64,
    pub y: i64,
    pub width: i64,
}

#[derive(Clone, Debug, Deserialize, Serialize)]
pub struct ListMeta {
    pub name: String,
    pub ruleset: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
}

#[derive(Clone, Debug, Deserialize, Serialize)]
pub struct DoctrineMeta {
    pub name: String,
    pub ruleset: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
}

/// A file referenced by name (a built-in) or path, or given inline as a table.
#[derive(Clone, Debug)]
pub enum Reference<T> {
    Named(String),
    Inline(Box<T>),
}

impl<'de, T: Deserialize<'de>> Deserialize<'de> for Reference<T> {
    fn deserialize<D: Deserializer<'de>>(de: D) -> Result<Self, D::Error> {
        struct V<T>(std::marker::PhantomData<T>);
        impl<'de, T: Deserialize<'de>> serde::de::Visitor<'de> for V<T> {
            type Value = Reference<T>;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a built-in name, a path to a .toml file, or an inline table")
            }
            fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<Self::Value, E> {
                Ok(Reference::Named(v.to_string()))
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(
                self,
                map: A,
            ) -> Result<Self::Value, A::Error> {
                T::deserialize(serde::de::value::MapAccessDeserializer::new(map))
                    .map(|t| Reference::Inline(Box::new(t)))
            }
        }
        de.deserialize_any(V(std::marker::PhantomData))
    }
}

impl<T: Serialize> Serialize for Reference<T> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            Reference::Named(n) => s.serialize_str(n),
            Reference::Inline(t) => t.serialize(s),
        }
    }
}
