//! The serde mirror of This Means WAR! inputs: scenarios, army lists of
//! troop types (hit points, normal damage, Unit Quality, initiative
//! modifier, movement, range) and doctrines. Loose types, as in the other serde mirrors, so
//! that wrong values are reported with every other problem.

use crate::scenario::parse::{fields_of, RawFile};
use crate::scenario::raw::{Block, DoctrineMeta, ListMeta, Provenance, Reference, RunDefaults};
use serde::{Deserialize, Serialize};

/// A This Means WAR! scenario file.
#[derive(Clone, Debug, Deserialize, Serialize)]
pub struct WarScenarioFile {
    pub scenario: WarMeta,
    #[serde(default)]
    pub run: RunDefaults,
    #[serde(default)]
    pub options: toml::Table,
    pub battlefield: WarBattlefield,
    #[serde(rename = "side", default)]
    pub sides: Vec<WarSideRaw>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub provenance: Option<Provenance>,
}

#[derive(Clone, Debug, Deserialize, Serialize)]
pub struct WarMeta {
    pub name: String,
    pub ruleset: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max_rounds: Option<i64>,
}

#[derive(Clone, Debug, Deserialize, Serialize)]
pub struct WarBattlefield {
    pub width: i64,
    pub depth: i64,
}

#[derive(Clone, Debug, Deserialize, Serialize)]
pub struct WarSideRaw {
    pub name: String,
    pub army_list: Reference<WarArmyListFile>,
    pub doctrine: Reference<WarDoctrineFile>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fights_for_survival: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fights_for_loved_ones: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub morale_effect: Option<bool>,
    #[serde(default)]
    pub units: Vec<WarUnitEntry>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub heroes: Vec<HeroRaw>,
}

#[derive(Clone, Debug, Deserialize, Serialize)]
pub struct WarUnitEntry {
    pub troop: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub count: Option<i64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub at: Option<Vec<[i64; 2]>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub block: Option<Block>,
    /// `weak`, `neutral` (default) or `strong`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub position: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub start_damage: Option<i64>,
}

#[derive(Clone, Debug, Deserialize, Serialize)]
pub struct HeroRaw {
    pub name: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub initiative_mod: Option<i64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub initiative: Option<i64>,
}

/// A This Means WAR! army list.
#[derive(Clone, Debug, Deserialize, Serialize)]
pub struct WarArmyListFile {
    pub army_list: ListMeta,
    #[serde(rename = "troop", default)]
    pub troops: Vec<WarTroopRaw>,
}

#[derive(Clone, Debug, Deserialize, Serialize)]
pub struct WarTroopRaw {
    pub id: String,
    pub name: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub men: Option<i64>,
    pub hp: i64,
    pub damage: f64,
    pub unit_quality: f64,
    pub init_mod: i64,
    #[serde(rename = "move")]
    pub movement: i64,
    pub range: i64,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub causes_fear: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub source: Option<String>,
}

/// A This Means WAR! doctrine file (every key but `[doctrine]` optional).
#[derive(Clone, Debug, Deserialize, Serialize)]
pub struct WarDoctrineFile {
    pub doctrine: DoctrineMeta,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub initiative_phase: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ia_min_pct: Option<i64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ip_move_min_target: Option<i64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub late_initiative: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub close_in_min_target: Option<i64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub targets: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub action_movement: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hold_radius: Option<i64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub surrender: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub forced_move: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub retreat_enclosed: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fall_back_initiative: Option<String>,
}

/// Keys each table of a scenario accepts (for unknown-key hints), read
/// from the serde types above.
fn war_keys(path: &[&str]) -> &'static [&'static str] {
    match path {
        [] => fields_of::<WarScenarioFile>(),
        ["scenario"] => fields_of::<WarMeta>(),
        ["run"] => fields_of::<RunDefaults>(),
        ["battlefield"] => fields_of::<WarBattlefield>(),
        ["side"] => fields_of::<WarSideRaw>(),
        ["side", "units"] => fields_of::<WarUnitEntry>(),
        ["side", "units", "block"] => fields_of::<Block>(),
        ["side", "heroes"] => fields_of::<HeroRaw>(),
        ["side", "army_list", rest @ ..] => WarArmyListFile::known_keys(rest),
        ["side", "doctrine", rest @ ..] => WarDoctrineFile::known_keys(rest),
        _ => &[],
    }
}

impl RawFile for WarScenarioFile {
    fn known_keys(path: &[&str]) -> &'static [&'static str] {
        war_keys(path)
    }

    fn misplaced(path: &[&str], key: &str) -> Option<String> {
        crate::scenario::raw::overrides_not_here(path, key, "This Means WAR!")
    }
}

impl RawFile for WarArmyListFile {
    fn known_keys(path: &[&str]) -> &'static [&'static str] {
        match path {
            [] => fields_of::<WarArmyListFile>(),
            ["army_list"] => fields_of::<ListMeta>(),
            ["troop"] => fields_of::<WarTroopRaw>(),
            _ => &[],
        }
    }
}

impl RawFile for WarDoctrineFile {
    fn known_keys(path: &[&str]) -> &'static [&'static str] {
        match path {
            [] => fields_of::<WarDoctrineFile>(),
            ["doctrine"] => fields_of::<DoctrineMeta>(),
            _ => &[],
        }
    }
}

impl crate::scenario::RunFile for WarScenarioFile {
    fn run_and_provenance(&mut self) -> (&mut RunDefaults, &mut Option<Provenance>) {
        (&mut self.run, &mut self.provenance)
    }
}
