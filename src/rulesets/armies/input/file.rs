//! The serde mirror of the three Armies input files (scenarios, army lists
//! and doctrines). Fields are loose (signed integers, plain strings) so that a
//! wrong value reaches validation and is reported with every other problem
//! instead of stopping the parse. Unknown keys are collected by the loader.

use crate::scenario::parse::{fields_of, fields_union, RawFile};
use crate::scenario::raw::{Block, DoctrineMeta, ListMeta, Provenance, Reference, RunDefaults};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::sync::OnceLock;

/// A scenario file.
#[derive(Clone, Debug, Deserialize, Serialize)]
pub struct ScenarioFile {
    pub scenario: ScenarioMeta,
    #[serde(default)]
    pub run: RunDefaults,
    #[serde(default)]
    pub options: toml::Table,
    pub battlefield: Battlefield,
    #[serde(rename = "side", default)]
    pub sides: Vec<SideRaw>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub provenance: Option<Provenance>,
}

#[derive(Clone, Debug, Deserialize, Serialize)]
pub struct ScenarioMeta {
    pub name: String,
    pub ruleset: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max_rounds: Option<i64>,
    /// `assault` (attacker and defender) or `meeting` (both attack).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub engagement: Option<String>,
    /// Soldiers per unit, for unit entries given as `soldiers`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub scale: Option<i64>,
    /// The board edge the attacker comes from: south, north, west or east.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub attack_edge: Option<String>,
}

#[derive(Clone, Debug, Default, Deserialize, Serialize)]
pub struct Battlefield {
    pub width: i64,
    pub depth: i64,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub terrain: Vec<Area>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub fortifications: Vec<Area>,
    /// Overrides or additions to the fortification table (kind -> hp, bonus).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub fortification_types: BTreeMap<String, FortType>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub walls: Vec<WallRaw>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub engines: Vec<EngineRaw>,
}

/// A rectangle of squares (`from` to `to`, inclusive) or a list of squares (`at`).
#[derive(Clone, Debug, Deserialize, Serialize)]
pub struct Area {
    pub kind: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub from: Option<[i64; 2]>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub to: Option<[i64; 2]>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub at: Option<Vec<[i64; 2]>>,
}

#[derive(Clone, Debug, Deserialize, Serialize)]
pub struct FortType {
    pub hp: i64,
    pub bonus: i64,
}

/// A wall along grid lines between corner points `from` and `to`.
#[derive(Clone, Debug, Deserialize, Serialize)]
pub struct WallRaw {
    pub from: [i64; 2],
    pub to: [i64; 2],
}

#[derive(Clone, Debug, Deserialize, Serialize)]
pub struct EngineRaw {
    pub troop: String,
    pub at: [i64; 2],
}

#[derive(Clone, Debug, Deserialize, Serialize)]
pub struct SideRaw {
    pub name: String,
    /// `attacker` or `defender` (assault only).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub role: Option<String>,
    pub army_list: Reference<ArmyListFile>,
    pub doctrine: Reference<DoctrineFile>,
    /// Modifier to the d20 operations (cunning) check.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub operations: Option<i64>,
    #[serde(default)]
    pub units: Vec<UnitEntry>,
}

#[derive(Clone, Debug, Deserialize, Serialize)]
pub struct UnitEntry {
    pub troop: String,
    /// `troop` (default), `officer` or `commander`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub role: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub count: Option<i64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub soldiers: Option<i64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub at: Option<Vec<[i64; 2]>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub block: Option<Block>,
}

/// An army list: troop profiles for one ruleset.
#[derive(Clone, Debug, Deserialize, Serialize)]
pub struct ArmyListFile {
    pub army_list: ListMeta,
    #[serde(rename = "troop", default)]
    pub troops: Vec<TroopRaw>,
}

#[derive(Clone, Debug, Deserialize, Serialize)]
pub struct TroopRaw {
    pub id: String,
    pub name: String,
    pub morale: i64,
    #[serde(rename = "move")]
    pub movement: i64,
    pub power: String,
    pub range: i64,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub leash: Option<i64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub commander_anchors: Option<bool>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub traits: Vec<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub attack_advantage_min_morale: Option<i64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub points: Option<i64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub source: Option<String>,
}

/// A doctrine file.
#[derive(Clone, Debug, Deserialize, Serialize)]
pub struct DoctrineFile {
    pub doctrine: DoctrineMeta,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub move_order: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub attack_order: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub keep_leash: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hold_fire_for_move: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub lure: Option<bool>,
    #[serde(default)]
    pub movement: Vec<MoveRuleRaw>,
    #[serde(default)]
    pub targets: TargetsRaw,
    #[serde(default)]
    pub siege: SiegeRaw,
}

#[derive(Clone, Debug, Deserialize, Serialize)]
pub struct MoveRuleRaw {
    pub when: String,
    pub goal: String,
}

#[derive(Clone, Debug, Default, Deserialize, Serialize)]
pub struct TargetsRaw {
    #[serde(default)]
    pub priority: Vec<String>,
}

#[derive(Clone, Debug, Default, Deserialize, Serialize)]
pub struct SiegeRaw {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub man: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub target: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub dismount: Option<String>,
}

/// Keys each table of the three Armies file kinds accepts (for unknown-key
/// hints), read from the serde types above. The top level of any of the
/// three files accepts the keys of all three.
fn armies_keys(keys: &[&str]) -> &'static [&'static str] {
    static TOP: OnceLock<Vec<&'static str>> = OnceLock::new();
    match keys {
        [] => fields_union(&TOP, || {
            vec![
                fields_of::<ScenarioFile>(),
                fields_of::<ArmyListFile>(),
                fields_of::<DoctrineFile>(),
            ]
        }),
        ["scenario"] => fields_of::<ScenarioMeta>(),
        ["run"] => fields_of::<RunDefaults>(),
        ["battlefield"] => fields_of::<Battlefield>(),
        ["battlefield", "terrain" | "fortifications"] => fields_of::<Area>(),
        ["battlefield", "walls"] => fields_of::<WallRaw>(),
        ["battlefield", "engines"] => fields_of::<EngineRaw>(),
        ["side"] => fields_of::<SideRaw>(),
        ["side", "units"] => fields_of::<UnitEntry>(),
        ["side", "units", "block"] => fields_of::<Block>(),
        ["side", "army_list"] => fields_of::<ArmyListFile>(),
        ["side", "doctrine"] => fields_of::<DoctrineFile>(),
        ["side", "army_list", t @ ("army_list" | "troop")]
        | ["side", "doctrine", t @ ("doctrine" | "movement" | "targets" | "siege")] => {
            file_keys(&[t])
        }
        rest => file_keys(rest),
    }
}

/// Keys of the tables inside an army list or a doctrine.
fn file_keys(keys: &[&str]) -> &'static [&'static str] {
    match keys {
        ["army_list"] => fields_of::<ListMeta>(),
        ["troop"] => fields_of::<TroopRaw>(),
        ["doctrine"] => fields_of::<DoctrineMeta>(),
        ["movement"] => fields_of::<MoveRuleRaw>(),
        ["targets"] => fields_of::<TargetsRaw>(),
        ["siege"] => fields_of::<SiegeRaw>(),
        _ => &[],
    }
}

impl RawFile for ScenarioFile {
    fn known_keys(path: &[&str]) -> &'static [&'static str] {
        armies_keys(path)
    }

    fn misplaced(path: &[&str], key: &str) -> Option<String> {
        crate::scenario::raw::overrides_not_here(path, key, "Armies")
    }
}

impl RawFile for ArmyListFile {
    fn known_keys(path: &[&str]) -> &'static [&'static str] {
        armies_keys(path)
    }
}

impl RawFile for DoctrineFile {
    fn known_keys(path: &[&str]) -> &'static [&'static str] {
        armies_keys(path)
    }
}

impl crate::scenario::RunFile for ScenarioFile {
    fn run_and_provenance(&mut self) -> (&mut RunDefaults, &mut Option<Provenance>) {
        (&mut self.run, &mut self.provenance)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn derived_keys_name_every_field_in_declaration_order() {
        let top = ScenarioFile::known_keys(&[]);
        assert_eq!(top.len(), 17);
        assert_eq!(
            &top[..7],
            [
                "scenario",
                "run",
                "options",
                "battlefield",
                "side",
                "provenance",
                "army_list"
            ]
        );
        assert_eq!(top.last(), Some(&"siege"));
        assert_eq!(ArmyListFile::known_keys(&["troop"])[3], "move");
        assert_eq!(
            ScenarioFile::known_keys(&["side", "doctrine", "siege"]),
            ["man", "target", "dismount"]
        );
        assert!(ScenarioFile::known_keys(&["side", "army_list", "doctrine"]).is_empty());
    }
}
