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
    /// Any u64: TOML integers stop at i64::MAX, so a larger seed is
    /// written (and may be given) as a decimal string.
    #[serde(default, skip_serializing_if = "Option::is_none", with = "seed_form")]
    pub seed: Option<u64>,
}

/// A seed as a TOML integer when it fits in one, else as a decimal string
/// (`seed = "18446744073709551615"`), so every u64 round-trips.
mod seed_form {
    use serde::{de, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(seed: &Option<u64>, s: S) -> Result<S::Ok, S::Error> {
        match seed {
            Some(v) if *v <= i64::MAX as u64 => s.serialize_i64(*v as i64),
            Some(v) => s.serialize_str(&v.to_string()),
            None => s.serialize_none(),
        }
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(de: D) -> Result<Option<u64>, D::Error> {
        struct V;
        impl<'de> de::Visitor<'de> for V {
            type Value = Option<u64>;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a seed from 0 to 18446744073709551615 (above 9223372036854775807 as a quoted string)")
            }
            fn visit_u64<E: de::Error>(self, v: u64) -> Result<Self::Value, E> {
                Ok(Some(v))
            }
            fn visit_i64<E: de::Error>(self, v: i64) -> Result<Self::Value, E> {
                u64::try_from(v).map(Some).map_err(|_| {
                    E::custom(format!(
                        "seed {v} is negative; a seed is 0 to 18446744073709551615"
                    ))
                })
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<Self::Value, E> {
                v.trim().parse::<u64>().map(Some).map_err(|_| {
                    E::custom(format!(
                        "seed `{v}` is not a whole number from 0 to 18446744073709551615"
                    ))
                })
            }
        }
        de.deserialize_any(V)
    }
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

/// The key of a unit entry whose table replaces fields of that unit's
/// profile for that unit only (D&D War and States of Battle scenarios).
pub const PROFILE_OVERRIDES: &str = "profile_overrides";

/// The hint for `profile_overrides` in a unit entry of a ruleset that has
/// none (`path` is the table's path, `key` the unknown key).
pub fn overrides_not_here(path: &[&str], key: &str, ruleset: &str) -> Option<String> {
    (path == ["side", "units"] && key == PROFILE_OVERRIDES).then(|| {
        format!(
            "`{PROFILE_OVERRIDES}` exists only in D&D War and States of Battle scenarios; \
             in {ruleset}, copy the army list and change the troop there"
        )
    })
}
