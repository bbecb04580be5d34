//! The serde mirror of D&D War inputs: scenarios (battle level and size,
//! table and terrain in inches, units placed by centre and facing,
//! characters deployed alone or joined to a unit), army lists of unit
//! profiles (the seed's characteristics, L65-95) and doctrines. Loose
//! types, as in the other serde mirrors, so that wrong values are reported with every other
//! problem.

use crate::scenario::parse::{fields_of, fields_union, RawFile};
use crate::scenario::raw::{DoctrineMeta, ListMeta, Provenance, Reference, RunDefaults};
use serde::{Deserialize, Serialize};
use std::sync::OnceLock;

/// A D&D War scenario file.
#[derive(Clone, Debug, Deserialize, Serialize)]
pub struct DndScenarioFile {
    pub scenario: DndMeta,
    #[serde(default)]
    pub run: RunDefaults,
    #[serde(default)]
    pub options: toml::Table,
    /// States of Battle rule options (only with `ruleset = "states_of_battle"`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub states_of_battle: Option<toml::Table>,
    #[serde(default)]
    pub battlefield: DndBattlefield,
    #[serde(rename = "side", default)]
    pub sides: Vec<DndSideRaw>,
    /// The scenario's objectives (`[[objective]]`), shared with every
    /// ruleset that plays in inches.
    #[serde(rename = "objective", default, skip_serializing_if = "Vec::is_empty")]
    pub objectives: Vec<crate::objectives::file::ObjectiveRaw>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub provenance: Option<Provenance>,
}

#[derive(Clone, Debug, Deserialize, Serialize)]
pub struct DndMeta {
    pub name: String,
    pub ruleset: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    /// The battle's level (1-30), which sets the budget and the tier.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub level: Option<i64>,
    /// `small`, `medium` (default), `large` or `huge`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub size: Option<String>,
    /// Check the armies against the army-building rules (default true).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub army_building: Option<bool>,
    /// Depth of each side's deployment zone in inches (default 12).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub deployment_depth: Option<f64>,
    /// States of Battle: the core game under the overlay (`dnd_war`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub core: Option<String>,
}

#[derive(Clone, Debug, Deserialize, Serialize)]
pub struct DndBattlefield {
    pub width: f64,
    pub depth: f64,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub terrain: Vec<TerrainRaw>,
}

impl Default for DndBattlefield {
    fn default() -> Self {
        DndBattlefield {
            width: 72.0,
            depth: 48.0,
            terrain: Vec::new(),
        }
    }
}

/// A terrain piece: a convex polygon or a circle, with its flags.
#[derive(Clone, Debug, Deserialize, Serialize)]
pub struct TerrainRaw {
    pub name: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub polygon: Option<Vec<[f64; 2]>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub circle: Option<CircleRaw>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub difficult: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub blocks_sight: Option<bool>,
    /// `none`, `cover` or `superior`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cover: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub elevation: Option<i64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub obstacle: Option<bool>,
}

#[derive(Clone, Debug, Deserialize, Serialize)]
pub struct CircleRaw {
    pub x: f64,
    pub y: f64,
    pub radius: f64,
}

crate::sob_side_fields! {
    /// A side: the D&D War fields, then the States of Battle side block.
    #[derive(Clone, Debug, Deserialize, Serialize)]
    pub struct DndSideRaw {
        pub name: String,
        pub army_list: Reference<DndArmyListFile>,
        pub doctrine: Reference<DndDoctrineFile>,
        #[serde(default)]
        pub units: Vec<DndUnitEntry>,
    }
}

crate::sob_unit_fields! {
    /// One unit, war machine or character of a side, then the States of
    /// Battle unit block.
    #[derive(Clone, Debug, Deserialize, Serialize)]
    pub struct DndUnitEntry {
        pub profile: String,
        /// Name in reports (default: the profile id and a number).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub label: Option<String>,
        /// Centre of the unit, in inches from the south-west corner.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub at: Option<[f64; 2]>,
        /// Facing in degrees clockwise from north (default: toward the enemy).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub facing: Option<f64>,
        /// Company units: full companies and companies across the front.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub companies: Option<i64>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub frontage: Option<i64>,
        /// Loose units: models (war machines: crew).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub models: Option<i64>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub captain: Option<bool>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub standard: Option<bool>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub musician: Option<bool>,
        /// Magic items carried (points and the army's item limit).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub magic_items: Option<i64>,
        /// Characters: the label of the unit he is deployed in.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub joins: Option<String>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub general: Option<bool>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub battle_standard: Option<bool>,
        /// Profile fields replaced for this unit only.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub profile_overrides: Option<super::overrides::ProfileOverrides>,
    }
}

/// A D&D War army list.
#[derive(Clone, Debug, Deserialize, Serialize)]
pub struct DndArmyListFile {
    pub army_list: ListMeta,
    #[serde(rename = "profile", default)]
    pub profiles: Vec<DndProfileRaw>,
}

/// An attack power as the war rules use it.
#[derive(Clone, Debug, Deserialize, Serialize, PartialEq)]
pub struct AttackRaw {
    pub bonus: i64,
    /// `ac`, `fortitude`, `reflex` or `will`.
    pub vs: String,
    /// Close attacks: reach in inches (default 1, base contact).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reach: Option<f64>,
    /// Ranged attacks: range in inches.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub range: Option<f64>,
    /// Damage per hit against non-minions, e.g. "1d8+4".
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub damage: Option<String>,
    /// Ranged attacks: a spell power (an implement power, DW 001:L198).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub spell: Option<bool>,
}

/// A unit profile (L65-95), at heroic tier.
#[derive(Clone, Debug, Deserialize, Serialize, PartialEq)]
pub struct DndProfileRaw {
    pub id: String,
    pub name: String,
    pub race: String,
    #[serde(rename = "type")]
    pub unit_type: String,
    pub size: String,
    pub level: i64,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rarity: Option<String>,
    pub speed: f64,
    pub initiative: i64,
    /// Hit points; absent for minions.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hp: Option<i64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub resilience: Option<i64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub attacks: Option<i64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ap: Option<i64>,
    pub ac: i64,
    pub fortitude: i64,
    pub reflex: i64,
    pub will: i64,
    pub melee: AttackRaw,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ranged: Option<AttackRaw>,
    /// Cavalry: the mount's size.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mount: Option<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub special: Vec<String>,
    /// Company units: models per full company and per row.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub company: Option<i64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub row: Option<i64>,
    /// War machines: `bolt_thrower` or `stone_thrower`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub machine: Option<String>,
    /// Characters: the class whose war rule applies.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub class: Option<String>,
    /// Points per company (loose units: per model; war machines: the
    /// machine with its crew) instead of the digest's price.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub points: Option<i64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub source: Option<String>,
}

/// A D&D War doctrine file (every key but `[doctrine]` optional).
#[derive(Clone, Debug, Deserialize, Serialize)]
pub struct DndDoctrineFile {
    pub doctrine: DoctrineMeta,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub take_initiative: Option<bool>,
    /// `advance`, `hold` or `gunline`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub movement: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hold_radius: Option<f64>,
    /// Percent of the army (nearest first) sent to the scenario's
    /// objectives, to take and hold them.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub objective_share: Option<i64>,
    /// `nearest` or `unheld`: which objective a unit on duty goes to.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub objective_pick: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub charge_min_sixths: Option<i64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub prefer_flank_rear: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fear_min_courage: Option<i64>,
    /// `closest`, `most_damaged`, `can_panic` or `highest_points`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub shoot_priority: Option<String>,
    /// `biggest` or `favourable`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub combat_order: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pursue: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub shoot_before_charging: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub issue_challenges: Option<bool>,
    /// `always`, `never` or `if_stronger`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub accept_challenges: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub character_dice_pct: Option<i64>,
    /// `tests`, `tests_and_charges` or `never`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub action_points: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub partial_companies_support: Option<bool>,
    /// Ranks of companies every company unit deploys in.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ranks: Option<i64>,
    /// `scenario`, `largest_unit` or `central_unit`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub general_placement: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub join_units: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub leave_to_charge: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ap_extra_move: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ap_act_first: Option<bool>,
}

/// The top-level keys of a doctrine file, read from [`DndDoctrineFile`];
/// hints have always offered `action_points` last, so it moves to the end.
pub fn dnd_doctrine_top() -> &'static [&'static str] {
    static TOP: OnceLock<Vec<&'static str>> = OnceLock::new();
    fields_union(&TOP, || {
        let all = fields_of::<DndDoctrineFile>();
        let (last, rest): (Vec<&'static str>, Vec<&'static str>) =
            all.iter().partition(|k| **k == "action_points");
        vec![rest.leak(), last.leak()]
    })
}

fn list_keys(path: &[&str]) -> &'static [&'static str] {
    match path {
        [] => fields_of::<DndArmyListFile>(),
        ["army_list"] => fields_of::<ListMeta>(),
        ["profile"] => fields_of::<DndProfileRaw>(),
        ["profile", "melee"] | ["profile", "ranged"] => fields_of::<AttackRaw>(),
        _ => &[],
    }
}

fn doctrine_keys(path: &[&str]) -> &'static [&'static str] {
    match path {
        [] => dnd_doctrine_top(),
        ["doctrine"] => fields_of::<DoctrineMeta>(),
        _ => &[],
    }
}

impl RawFile for DndScenarioFile {
    fn known_keys(path: &[&str]) -> &'static [&'static str] {
        use crate::overlays::sob::input::file as sob;
        match path {
            [] => fields_of::<DndScenarioFile>(),
            ["scenario"] => fields_of::<DndMeta>(),
            ["run"] => fields_of::<RunDefaults>(),
            ["battlefield"] => fields_of::<DndBattlefield>(),
            ["battlefield", "terrain"] => fields_of::<TerrainRaw>(),
            ["battlefield", "terrain", "circle"] => fields_of::<CircleRaw>(),
            ["side"] => fields_of::<DndSideRaw>(),
            ["side", "orders"] => fields_of::<sob::OrdersRaw>(),
            ["side", "trigger"] => fields_of::<sob::TriggerRaw>(),
            ["side", "units"] => fields_of::<DndUnitEntry>(),
            ["objective"] => fields_of::<crate::objectives::file::ObjectiveRaw>(),
            ["side", "units", "profile_overrides"] => {
                fields_of::<super::overrides::ProfileOverrides>()
            }
            ["side", "units", "profile_overrides", "melee" | "ranged"] => fields_of::<AttackRaw>(),
            ["side", "army_list", rest @ ..] => list_keys(rest),
            ["side", "sob_doctrine", rest @ ..] => sob::sob_doctrine_keys(rest),
            ["side", "doctrine", rest @ ..] => doctrine_keys(rest),
            _ => &[],
        }
    }

    fn misplaced(path: &[&str], key: &str) -> Option<String> {
        match path {
            ["side", "units", "profile_overrides"] => super::overrides::misplaced(key),
            _ => None,
        }
    }
}

impl RawFile for DndArmyListFile {
    fn known_keys(path: &[&str]) -> &'static [&'static str] {
        list_keys(path)
    }
}

impl RawFile for DndDoctrineFile {
    fn known_keys(path: &[&str]) -> &'static [&'static str] {
        doctrine_keys(path)
    }
}

impl crate::scenario::RunFile for DndScenarioFile {
    fn run_and_provenance(&mut self) -> (&mut RunDefaults, &mut Option<Provenance>) {
        (&mut self.run, &mut self.provenance)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn derived_keys_keep_the_order_hints_offer() {
        let top = DndDoctrineFile::known_keys(&[]);
        assert_eq!(top.first(), Some(&"doctrine"));
        assert_eq!(top.last(), Some(&"action_points"));
        assert_eq!(top.len(), 24);
        assert_eq!(
            DndArmyListFile::known_keys(&["profile", "ranged"]),
            ["bonus", "vs", "reach", "range", "damage", "spell"]
        );
        assert_eq!(
            DndScenarioFile::known_keys(&["battlefield", "terrain", "circle"]),
            ["x", "y", "radius"]
        );
    }

    #[test]
    fn scenario_keys_come_from_the_types_with_the_overlay_blocks_last() {
        let top = DndScenarioFile::known_keys(&[]);
        assert_eq!(
            top,
            [
                "scenario",
                "run",
                "options",
                "states_of_battle",
                "battlefield",
                "side",
                "objective",
                "provenance"
            ]
        );
        let side = DndScenarioFile::known_keys(&["side"]);
        assert_eq!(&side[..4], ["name", "army_list", "doctrine", "units"]);
        assert_eq!(
            &side[4..],
            ["gd", "mc_adjust", "orders", "sob_doctrine", "trigger"]
        );
        let unit = DndScenarioFile::known_keys(&["side", "units"]);
        assert_eq!(unit.first(), Some(&"profile"));
        assert_eq!(&unit[unit.len() - 2..], ["mcv", "reserve"]);
        assert_eq!(unit.len(), 17);
    }

    #[test]
    fn orders_fields_are_in_menu_order() {
        let menu: Vec<&str> = crate::overlays::sob::cards::MENU
            .iter()
            .map(|(o, _)| o.id())
            .collect();
        assert_eq!(DndScenarioFile::known_keys(&["side", "orders"]), menu);
    }
}
