//! Per-unit profile overrides: a unit entry's `profile_overrides` table
//! replaces fields of its profile for that unit only ("what if the troll
//! cost 300?" without a copy of the army list). The table is the profile's
//! own keys, every one optional (`id` and `source` excepted; an attack,
//! `melee` or `ranged`, is replaced whole); the overridden profile is
//! validated by the army list's rules, its problems located at the unit's
//! `profile_overrides`, and the army sheet names the fields overridden.

use crate::rulesets::dnd_war::input::file::{AttackRaw, DndProfileRaw};
use serde::{Deserialize, Serialize};

/// The profile fields one unit replaces (`[side.units.profile_overrides]`).
#[derive(Clone, Debug, Default, Deserialize, Serialize, PartialEq)]
pub struct ProfileOverrides {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub race: Option<String>,
    #[serde(rename = "type", default, skip_serializing_if = "Option::is_none")]
    pub unit_type: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub size: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub level: Option<i64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rarity: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub speed: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub initiative: Option<i64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hp: Option<i64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub resilience: Option<i64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub attacks: Option<i64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ap: Option<i64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ac: Option<i64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fortitude: Option<i64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reflex: Option<i64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub will: Option<i64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub melee: Option<AttackRaw>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ranged: Option<AttackRaw>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mount: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub special: Option<Vec<String>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub company: Option<i64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub row: Option<i64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub machine: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub class: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub points: Option<i64>,
}

/// The hint for a key of a unit's `profile_overrides` that is no profile
/// field but the unit's own (`mcv`, `reserve`, ...), or the profile's
/// identity.
pub fn misplaced(key: &str) -> Option<String> {
    match key {
        "id" => Some(
            "an override keeps the profile's id; name another profile with the unit's `profile`"
                .into(),
        ),
        "mcv" => Some(
            "the MCV is the unit's own key: write `mcv = N` in the unit's table (States of Battle)"
                .into(),
        ),
        _ => None,
    }
}

/// A value as the army sheet shows it: `300`, `8.5`, `"orc"`, `{ bonus = 5, ... }`.
fn shown(v: &toml::Value) -> String {
    match v {
        toml::Value::String(s) => s.clone(),
        toml::Value::Float(x) if x.fract() == 0.0 && x.abs() < 1e15 => format!("{}", *x as i64),
        other => other.to_string(),
    }
}

impl ProfileOverrides {
    /// The fields given, as a TOML table in declaration order.
    fn given(&self) -> Vec<(String, toml::Value)> {
        let table = toml::Value::try_from(self).expect("plain fields serialize");
        let keys = crate::scenario::parse::fields_of::<ProfileOverrides>();
        let table = table.as_table().cloned().unwrap_or_default();
        keys.iter()
            .filter_map(|k| table.get(*k).map(|v| (k.to_string(), v.clone())))
            .collect()
    }

    /// Whether no field is given.
    pub fn is_empty(&self) -> bool {
        self.given().is_empty()
    }

    /// `listed` with the given fields replaced.
    pub fn apply(&self, listed: &DndProfileRaw) -> DndProfileRaw {
        let mut table = toml::Value::try_from(listed).expect("a profile serializes");
        if let Some(t) = table.as_table_mut() {
            t.extend(self.given());
        }
        table
            .try_into()
            .expect("every override field has the profile field's type")
    }

    /// `points=300, speed=8`: the fields given and their values, as the
    /// army sheet marks an overridden profile.
    pub fn describe(&self) -> String {
        self.given()
            .iter()
            .map(|(k, v)| format!("{k}={}", shown(v)))
            .collect::<Vec<_>>()
            .join(", ")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scenario::parse::fields_of;

    #[test]
    fn every_profile_field_but_its_identity_can_be_overridden() {
        let profile: Vec<&str> = fields_of::<DndProfileRaw>()
            .iter()
            .copied()
            .filter(|k| !["id", "source"].contains(k))
            .collect();
        assert_eq!(fields_of::<ProfileOverrides>(), profile);
    }
}
