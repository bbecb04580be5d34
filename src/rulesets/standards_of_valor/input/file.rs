//! The serde mirror of Standards of Valor inputs: scenarios (table size,
//! each side's Mission Motivation, fatigue, army list, doctrine and units,
//! the scenario's objectives),
//! army lists of figure types (a company data card's movement, armour,
//! weapons and abilities, L3157-3249) and doctrines. Loose types, so that
//! wrong values are reported with every other problem.

use crate::objectives::exits::ExitRaw;
use crate::objectives::file::ObjectiveRaw;
use crate::scenario::parse::{fields_of, RawFile};
use crate::scenario::raw::{DoctrineMeta, ListMeta, Provenance, Reference, RunDefaults};
use serde::{Deserialize, Serialize};

/// A Standards of Valor scenario file.
#[derive(Clone, Debug, Deserialize, Serialize)]
pub struct SovScenarioFile {
    pub scenario: SovMeta,
    #[serde(default)]
    pub run: RunDefaults,
    #[serde(default)]
    pub options: toml::Table,
    pub battlefield: SovBattlefield,
    #[serde(rename = "side", default)]
    pub sides: Vec<SovSideRaw>,
    /// The scenario's objectives (`[[objective]]`, L677, L695-706), shared
    /// with every ruleset that plays in inches.
    #[serde(rename = "objective", default, skip_serializing_if = "Vec::is_empty")]
    pub objectives: Vec<ObjectiveRaw>,
    /// The table edges a side's forces try to get off through (`[[exit]]`,
    /// L698).
    #[serde(rename = "exit", default, skip_serializing_if = "Vec::is_empty")]
    pub exits: Vec<ExitRaw>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub provenance: Option<Provenance>,
}

#[derive(Clone, Debug, Deserialize, Serialize)]
pub struct SovMeta {
    pub name: String,
    pub ruleset: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    /// Written by `muster fairness` into its generated scenarios; Standards
    /// of Valor has no army-building rules, so only `false` is accepted.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub army_building: Option<bool>,
}

/// The table, in inches, its terrain, and how the units are set up.
#[derive(Clone, Debug, Deserialize, Serialize)]
pub struct SovBattlefield {
    pub width: f64,
    pub depth: f64,
    /// `placed` (default: every unit has `at`), `fixed_battle` or
    /// `encounter` (L682-693: the set-up places every unit; none has `at`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub setup: Option<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub terrain: Vec<SovTerrainRaw>,
}

/// A terrain piece: a convex polygon or a circle, and its kind.
#[derive(Clone, Debug, Deserialize, Serialize)]
pub struct SovTerrainRaw {
    pub name: String,
    /// `scrub`, `woods`, `rough` or `wall`.
    pub kind: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub polygon: Option<Vec<[f64; 2]>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub circle: Option<SovCircleRaw>,
}

/// A circle's centre and radius, in inches.
#[derive(Clone, Debug, Deserialize, Serialize)]
pub struct SovCircleRaw {
    pub x: f64,
    pub y: f64,
    pub radius: f64,
}

#[derive(Clone, Debug, Deserialize, Serialize)]
pub struct SovSideRaw {
    pub name: String,
    pub army_list: Reference<SovArmyListFile>,
    pub doctrine: Reference<SovDoctrineFile>,
    /// `low`, `medium` (default) or `high` (L1099-1126).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mission_motivation: Option<String>,
    /// `fresh` (default), `tired` or `exhausted` (L1128-1134).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fatigue: Option<String>,
    #[serde(default)]
    pub units: Vec<SovUnitEntry>,
}

/// One unit on the table.
#[derive(Clone, Debug, Deserialize, Serialize)]
pub struct SovUnitEntry {
    pub profile: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub label: Option<String>,
    pub figures: i64,
    /// Figures in the front rank (default: all in one rank for Skirmish,
    /// else a block about twice as wide as deep); more than `figures`
    /// stands them all in one rank.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub files: Option<i64>,
    /// `close`, `open` or `skirmish`.
    pub formation: String,
    /// `untrained`, `green`, `regular`, `veteran` or `elite`.
    pub quality: String,
    /// Leadership Value 1-3 (lower is better).
    pub lv: i64,
    /// The label of its superior's unit (who may rally it).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub parent: Option<String>,
    /// Centre `[x, y]` in inches from the south-west corner; only when
    /// the battlefield's `setup` is `placed`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub at: Option<[f64; 2]>,
}

/// A Standards of Valor army list.
#[derive(Clone, Debug, Deserialize, Serialize)]
pub struct SovArmyListFile {
    pub army_list: ListMeta,
    #[serde(rename = "profile", default)]
    pub profiles: Vec<SovProfileRaw>,
}

/// One figure type.
#[derive(Clone, Debug, Deserialize, Serialize)]
pub struct SovProfileRaw {
    pub id: String,
    pub name: String,
    /// `foot` or `horse`.
    pub mount: String,
    /// Movement die: `d4` .. `d12` (L230-236).
    #[serde(rename = "move")]
    pub move_die: String,
    /// Armour die: `d4` (none) .. `d12` (super heavy) (L238-241).
    pub armour: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub large_shield: Option<bool>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub missile: Vec<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub melee: Vec<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub abilities: Vec<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub source: Option<String>,
}

/// A Standards of Valor doctrine file (every key but `[doctrine]` optional).
#[derive(Clone, Debug, Deserialize, Serialize)]
pub struct SovDoctrineFile {
    pub doctrine: DoctrineMeta,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub activation_order: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub passing: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub first_activation: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub movement: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub charge: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub targets: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub second_fire: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub volley: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub receive_charge: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub defensive_fire: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub follow_through: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub remove_suppression_first: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rally: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub transfers: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub shield_wall: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reform: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub face_threats: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub keep_lanes: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hth_withdraw: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub combined_assault: Option<String>,
    /// Percent of the side's units, nearest an objective first, sent to
    /// take and hold the scenario's objectives (0-100).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub objective_share: Option<i64>,
}

fn sov_keys(path: &[&str]) -> &'static [&'static str] {
    match path {
        [] => fields_of::<SovScenarioFile>(),
        ["scenario"] => fields_of::<SovMeta>(),
        ["run"] => fields_of::<RunDefaults>(),
        ["battlefield"] => fields_of::<SovBattlefield>(),
        ["battlefield", "terrain"] => fields_of::<SovTerrainRaw>(),
        ["battlefield", "terrain", "circle"] => fields_of::<SovCircleRaw>(),
        ["side"] => fields_of::<SovSideRaw>(),
        ["side", "units"] => fields_of::<SovUnitEntry>(),
        ["objective"] => fields_of::<ObjectiveRaw>(),
        ["exit"] => fields_of::<ExitRaw>(),
        ["side", "army_list", rest @ ..] => SovArmyListFile::known_keys(rest),
        ["side", "doctrine", rest @ ..] => SovDoctrineFile::known_keys(rest),
        _ => &[],
    }
}

impl RawFile for SovScenarioFile {
    fn known_keys(path: &[&str]) -> &'static [&'static str] {
        sov_keys(path)
    }

    fn misplaced(path: &[&str], key: &str) -> Option<String> {
        crate::scenario::raw::overrides_not_here(path, key, "Standards of Valor")
    }
}

impl RawFile for SovArmyListFile {
    fn known_keys(path: &[&str]) -> &'static [&'static str] {
        match path {
            [] => fields_of::<SovArmyListFile>(),
            ["army_list"] => fields_of::<ListMeta>(),
            ["profile"] => fields_of::<SovProfileRaw>(),
            _ => &[],
        }
    }
}

impl RawFile for SovDoctrineFile {
    fn known_keys(path: &[&str]) -> &'static [&'static str] {
        match path {
            [] => fields_of::<SovDoctrineFile>(),
            ["doctrine"] => fields_of::<DoctrineMeta>(),
            _ => &[],
        }
    }
}

impl crate::scenario::RunFile for SovScenarioFile {
    fn run_and_provenance(&mut self) -> (&mut RunDefaults, &mut Option<Provenance>) {
        (&mut self.run, &mut self.provenance)
    }
}
