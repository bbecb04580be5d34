//! What the overlay's input validation needs from a core, in two traits:
//! [`SobScenarioInput`], the overlay's parts of the core's scenario file
//! (its serde mirror implements it; the side and unit blocks come from
//! `sob_side_fields!` and `sob_unit_fields!`), and [`SobBattleInput`],
//! the core's validated battle as the overlay counts it (each unit's
//! points toward the Morale Counters, its kind of shooting, its reserve
//! flag). A second core implements these two beside its `SobCore`; the
//! overlay's validation (`validate`, `triggers`) is written against them.

use super::file::SobSideBlock;
use crate::base::Side;
use crate::overlays::sob::options::SobOptions;

/// The overlay's parts of a core's scenario file.
pub trait SobScenarioInput {
    type Side: SobSideBlock;
    /// The `[states_of_battle]` option table, when given.
    fn overlay_options(&self) -> Option<&toml::Table>;
    /// The `core` named in `[scenario]`, when given.
    fn core_named(&self) -> Option<&str>;
    fn sides(&self) -> &[Self::Side];
    fn sides_mut(&mut self) -> &mut [Self::Side];
}

/// What a unit shoots with, as an Orders build's warnings see it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shooting {
    None,
    Missile,
    Machine,
    Spells,
}

/// One unit of the core's validated battle, in scenario order (reserve
/// units included).
#[derive(Clone, Debug)]
pub struct OverlayUnit {
    pub label: String,
    pub side: Side,
    pub reserve: bool,
    /// Points toward the unit's MCV (and the army's Morale Counters).
    pub points: u32,
    /// Whether those points count toward the army's Morale Counters.
    pub in_army_total: bool,
    pub shooting: Shooting,
}

/// How the core's battle converts to Morale Counters.
#[derive(Clone, Debug)]
pub struct McBasis {
    /// Points per Morale Counter.
    pub ratio: f64,
    /// The note that says how the ratio was found.
    pub note: String,
    pub units: Vec<OverlayUnit>,
}

/// A core's validated battle, as the overlay's validation needs it.
pub trait SobBattleInput {
    /// The Morale Counter basis of the battle under `options`.
    fn mc_basis(&self, options: &SobOptions) -> McBasis;
    /// The scenario's objectives, validated with the core's table.
    fn objectives(&self) -> &[crate::objectives::Objective];
}
