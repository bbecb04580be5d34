//! The validated description of a This Means WAR! battle: troop types with
//! hit points, normal damage, Unit Quality and initiative modifier (the
//! parts 1-2 values that part 3 assumes), the units on a grid of 50-ft
//! squares, the sides' morale circumstances and doctrines, and the optional
//! heroes (PCs and unique NPCs) that share the initiative count.

use super::options::WarOptions;
use crate::geometry::grid::Square;
use crate::rules::Side;
use crate::rulesets::means_war::doctrine::WarDoctrine;

/// One army-unit type (100 soldiers treated as one creature, L3-7).
#[derive(Clone, Debug, PartialEq)]
pub struct TroopType {
    pub id: String,
    pub name: String,
    pub men: i64,
    /// Hit points of one unit.
    pub hp: i64,
    /// Normal damage per unit per round, in milli-points.
    pub damage_milli: i64,
    /// Unit Quality in half points (1.5 is 3).
    pub uq_x2: i32,
    pub init_mod: i32,
    /// Standard movement M in squares per round.
    pub move_squares: i32,
    /// Attack range in squares (1: adjacent only).
    pub range_squares: i32,
    /// Enemies near it check at -20 ("unnatural fear effects or facing horrific foe", L113).
    pub causes_fear: bool,
}

/// A unit's tactical position (L111-112), set per unit in the scenario.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Position {
    Weak,
    Neutral,
    Strong,
}

/// One unit on the board.
#[derive(Clone, Debug, PartialEq)]
pub struct UnitSpec {
    pub side: Side,
    /// Index into [`WarSetup::troops`].
    pub troop: usize,
    /// Index into [`WarSetup::groups`].
    pub group: usize,
    pub label: String,
    pub at: Square,
    pub position: Position,
    /// Damage already taken when the battle starts.
    pub start_damage: i64,
}

/// A PC or unique NPC on the initiative count (L9, L22, L32-47). Part 3
/// gives heroes no war-round actions, so they only take their place in the
/// order of events; the trace shows it.
#[derive(Clone, Debug, PartialEq)]
pub struct Hero {
    pub name: String,
    pub initiative: HeroInitiative,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HeroInitiative {
    /// d20 + modifier each round.
    Rolled(i32),
    /// A fixed count (for reproducing the text's example).
    Fixed(i32),
}

/// One side.
#[derive(Clone, Debug, PartialEq)]
pub struct SideSetup {
    pub name: String,
    pub doctrine: WarDoctrine,
    pub fights_for_survival: bool,
    pub fights_for_loved_ones: bool,
    /// Under an extraordinary morale-enhancing effect (+10, L114).
    pub morale_effect: bool,
    pub heroes: Vec<Hero>,
}

/// The units of one troop type on one side: they share an initiative roll.
#[derive(Clone, Debug, PartialEq)]
pub struct Group {
    pub side: Side,
    pub troop: usize,
    pub units: Vec<usize>,
}

/// Everything a battle needs, validated.
#[derive(Clone, Debug, PartialEq)]
pub struct WarSetup {
    pub options: WarOptions,
    pub width: i16,
    pub depth: i16,
    pub max_rounds: u16,
    pub troops: Vec<TroopType>,
    pub units: Vec<UnitSpec>,
    /// Troop-type groups in scenario order (the order of the round's d20s).
    pub groups: Vec<Group>,
    pub sides: [SideSetup; 2],
}

impl WarSetup {
    pub fn side(&self, side: Side) -> &SideSetup {
        &self.sides[side.index()]
    }

    /// The board row a side flees toward: side A's is row 0, side B's the last row.
    pub fn own_edge(&self, side: Side) -> i16 {
        match side {
            Side::A => 0,
            Side::B => self.depth - 1,
        }
    }
}
