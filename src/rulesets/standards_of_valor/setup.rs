//! The validated description of a Standards of Valor battle: figure types
//! (the army list's profiles, priced by the seed's formula), the units on
//! the table (figures, files, formation, quality, Leadership Value, their
//! superior; where the set-up put them, `deploy`), each side's Mission
//! Motivation, fatigue and doctrine, and the scenario's objectives.
//! Immutable for the whole batch.

use super::arms::{Ability, Melee, Missile, Quality};
use super::deploy::SetupKind;
use super::doctrine::SovDoctrine;
use super::ladder::Die;
use super::melee_dice::{Formation, Mount};
use super::options::SovOptions;
use crate::rules::Side;
use crate::words;

words!(
    /// Mission Motivation (L1099-1126): which events force Confidence tests.
    pub enum Motivation {
        "low" => Low,
        "medium" => Medium,
        "high" => High,
    }
);

words!(
    /// Fatigue (L1128-1134): the starting Confidence Level and the rally cap.
    pub enum Fatigue {
        "fresh" => Fresh,
        "tired" => Tired,
        "exhausted" => Exhausted,
    }
);

words!(
    /// How a figure type fights: on foot or mounted.
    pub enum MountWord {
        "foot" => Foot,
        "horse" => Horse,
    }
);

impl MountWord {
    pub fn mount(self) -> Mount {
        match self {
            MountWord::Foot => Mount::Foot,
            MountWord::Horse => Mount::Horse,
        }
    }
}

/// One figure type of an army list (a company data card, L3157-3249).
#[derive(Clone, Debug, PartialEq)]
pub struct Profile {
    pub id: String,
    pub name: String,
    pub mount: Mount,
    pub move_die: Die,
    pub armour: Die,
    pub large_shield: bool,
    /// The missile weapon it fires (the first listed), if any.
    pub missile: Option<Missile>,
    /// Every missile weapon it carries (all are priced).
    pub missiles: Vec<Missile>,
    /// Its hand-to-hand weapons; the first is the one it fights with, the
    /// second replaces a lance after the first charge.
    pub melee: Vec<Melee>,
    pub abilities: Vec<Ability>,
}

impl Profile {
    pub fn has(&self, a: Ability) -> bool {
        self.abilities.contains(&a)
    }

    /// Heavy infantry (D4 move) or heavy cavalry (D10 move), which Green
    /// units test panic on seeing (L1318).
    pub fn is_heavy(&self) -> bool {
        match self.mount {
            Mount::Foot => self.move_die == Die::D4,
            Mount::Horse => self.move_die == Die::D10,
        }
    }
}

/// One unit on the table.
#[derive(Clone, Debug, PartialEq)]
pub struct UnitSpec {
    pub side: Side,
    pub label: String,
    /// Index into [`SovSetup::profiles`].
    pub profile: usize,
    pub figures: u16,
    /// Figures in the front rank.
    pub files: u16,
    pub formation: Formation,
    pub quality: Quality,
    /// Leadership Value 1 (inspiring) to 3 (poor), L256-259.
    pub lv: u8,
    /// Its superior's unit index (who may rally it), if any.
    pub parent: Option<usize>,
    /// Centre, in inches from the south-west corner.
    pub at: [f32; 2],
    /// Its points under the scenario's cost model (figures x figure cost).
    pub points: u32,
}

/// One side's circumstances and doctrine.
#[derive(Clone, Debug, PartialEq)]
pub struct SideSetup {
    pub name: String,
    pub motivation: Motivation,
    pub fatigue: Fatigue,
    pub doctrine: SovDoctrine,
}

/// A validated Standards of Valor battle.
#[derive(Clone, Debug, PartialEq)]
pub struct SovSetup {
    pub options: SovOptions,
    pub width: f32,
    pub depth: f32,
    pub terrain: super::terrain::Terrain,
    pub profiles: Vec<Profile>,
    pub units: Vec<UnitSpec>,
    pub sides: [SideSetup; 2],
    /// How the units reached their `at` (`[battlefield] setup`).
    pub set_up: SetupKind,
    /// The units in the order the set-up places them (L685, L693); empty
    /// when the scenario places them. Recorded only: placement does not
    /// react to the enemy's.
    pub placing_order: Vec<usize>,
    /// The scenario's objectives (`[[objective]]`; see `objectives`).
    pub objectives: Vec<crate::objectives::Objective>,
    /// The table edges a side's forces get off through (`[[exit]]`).
    pub exits: Vec<crate::objectives::exits::Exit>,
}

impl SovSetup {
    /// Whether the scenario gives a side something to take or to reach
    /// (objectives or exits): its battles are then graded (`victory.csv`).
    pub fn has_goals(&self) -> bool {
        !self.objectives.is_empty() || !self.exits.is_empty()
    }

    pub fn profile_of(&self, unit: usize) -> &Profile {
        &self.profiles[self.units[unit].profile]
    }

    pub fn side_index(&self, unit: usize) -> usize {
        match self.units[unit].side {
            Side::A => 0,
            Side::B => 1,
        }
    }
}
