//! The serde mirror of the States of Battle parts of a scenario (a D&D
//! War scenario with `ruleset = "states_of_battle"`): each side's Orders
//! build, and the States of Battle doctrine file. Loose types, as in
//! the other serde mirrors, so that wrong values are reported with every other problem.

use crate::scenario::parse::{fields_of, RawFile};
use crate::scenario::raw::{DoctrineMeta, Reference};
use serde::{Deserialize, Serialize};

/// A side's 14 Orders from the menu (the 2 Lulls are added).
#[derive(Clone, Debug, Default, Deserialize, Serialize)]
pub struct OrdersRaw {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub brilliant_tactician: Option<i64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cast_spells: Option<i64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub engines_of_war_reload: Option<i64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub melee: Option<i64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub missile_reload: Option<i64>,
    #[serde(rename = "move", default, skip_serializing_if = "Option::is_none")]
    pub move_: Option<i64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub move_command_group: Option<i64>,
}

impl OrdersRaw {
    /// The counts in menu order (absent = 0), which is the order of the
    /// fields (`fields_of::<OrdersRaw>()` names them).
    pub fn counts(&self) -> [Option<i64>; 7] {
        [
            self.brilliant_tactician,
            self.cast_spells,
            self.engines_of_war_reload,
            self.melee,
            self.missile_reload,
            self.move_,
            self.move_command_group,
        ]
    }
}

/// A State of Battle trigger of a side (`[[side.trigger]]`).
#[derive(Clone, Debug, Default, Deserialize, Serialize)]
pub struct TriggerRaw {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub state: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub effect: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub units: Option<Vec<String>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub die: Option<i64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub modifier: Option<i64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub count: Option<i64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub target: Option<String>,
}

/// A States of Battle doctrine file: one word per decision (digest 8).
#[derive(Clone, Debug, Deserialize, Serialize)]
pub struct SobDoctrineFile {
    pub doctrine: DoctrineMeta,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub go_first: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tutor: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub indecision_first: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub orders_order: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub activation: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub casters_forward: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rally_pick: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub omens: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub group_most_units: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sneaky_critters: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fire: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stand_and_shoot: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub leadership: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub favour: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub favour_roll_off: Option<i64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub manoeuvre: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stratagem_tags: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stratagem_plus4: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub heroic_challenge: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub deployment: Option<String>,
}

pub fn sob_doctrine_keys(path: &[&str]) -> &'static [&'static str] {
    match path {
        [] => fields_of::<SobDoctrineFile>(),
        ["doctrine"] => fields_of::<DoctrineMeta>(),
        _ => &[],
    }
}

impl RawFile for SobDoctrineFile {
    fn known_keys(path: &[&str]) -> &'static [&'static str] {
        sob_doctrine_keys(path)
    }
}

/// The overlay's fields of one side of a core's scenario, as
/// [`sob_side_fields!`] declares them (it implements this trait; the
/// core's side struct must have `name: String` and `units: Vec<U>` with
/// `U` declared through [`sob_unit_fields!`]).
pub trait SobSideBlock {
    fn side_name(&self) -> &str;
    fn gd(&self) -> Option<i64>;
    fn mc_adjust(&self) -> Option<i64>;
    fn orders(&self) -> Option<&OrdersRaw>;
    fn sob_doctrine_mut(&mut self) -> &mut Option<Reference<SobDoctrineFile>>;
    fn has_sob_doctrine(&self) -> bool;
    fn triggers(&self) -> &[TriggerRaw];
    /// The overlay's fields of each unit of the side, in file order.
    fn unit_blocks(&self) -> Vec<&dyn SobUnitBlock>;
}

/// The overlay's fields of one unit entry, as [`sob_unit_fields!`]
/// declares them.
pub trait SobUnitBlock {
    fn mcv(&self) -> Option<i64>;
    fn reserve(&self) -> Option<bool>;
}

/// Declares a core's side table with the overlay's side fields after the
/// core's own: a core's scenario format embeds the States of Battle side
/// block by declaring its side struct through this macro (the fields stay
/// flat keys of `[[side]]`; `#[serde(flatten)]` would hide unknown keys
/// from the unknown-key check).
#[macro_export]
macro_rules! sob_side_fields {
    ($(#[$meta:meta])* $vis:vis struct $name:ident { $($core:tt)* }) => {
        $(#[$meta])*
        $vis struct $name {
            $($core)*
            /// States of Battle: the Generalship Die (default 10).
            #[serde(default, skip_serializing_if = "Option::is_none")]
            pub gd: Option<i64>,
            /// States of Battle: Morale Counters added to (or taken from) the army's.
            #[serde(default, skip_serializing_if = "Option::is_none")]
            pub mc_adjust: Option<i64>,
            /// States of Battle: the Orders build (default: the doctrine's D23 build).
            #[serde(default, skip_serializing_if = "Option::is_none")]
            pub orders: Option<$crate::overlays::sob::input::file::OrdersRaw>,
            /// States of Battle: the card-layer doctrine (default `steady`).
            #[serde(default, skip_serializing_if = "Option::is_none")]
            pub sob_doctrine: Option<
                $crate::scenario::raw::Reference<$crate::overlays::sob::input::file::SobDoctrineFile>,
            >,
            /// States of Battle: State of Battle triggers of this side.
            #[serde(rename = "trigger", default, skip_serializing_if = "Vec::is_empty")]
            pub triggers: Vec<$crate::overlays::sob::input::file::TriggerRaw>,
        }

        impl $crate::overlays::sob::input::file::SobSideBlock for $name {
            fn side_name(&self) -> &str {
                &self.name
            }
            fn gd(&self) -> Option<i64> {
                self.gd
            }
            fn mc_adjust(&self) -> Option<i64> {
                self.mc_adjust
            }
            fn orders(&self) -> Option<&$crate::overlays::sob::input::file::OrdersRaw> {
                self.orders.as_ref()
            }
            fn sob_doctrine_mut(
                &mut self,
            ) -> &mut Option<
                $crate::scenario::raw::Reference<$crate::overlays::sob::input::file::SobDoctrineFile>,
            > {
                &mut self.sob_doctrine
            }
            fn has_sob_doctrine(&self) -> bool {
                self.sob_doctrine.is_some()
            }
            fn triggers(&self) -> &[$crate::overlays::sob::input::file::TriggerRaw] {
                &self.triggers
            }
            fn unit_blocks(&self) -> Vec<&dyn $crate::overlays::sob::input::file::SobUnitBlock> {
                self.units
                    .iter()
                    .map(|u| u as &dyn $crate::overlays::sob::input::file::SobUnitBlock)
                    .collect()
            }
        }
    };
}

/// Declares a core's unit entry with the overlay's unit fields after the
/// core's own (see [`sob_side_fields!`]).
#[macro_export]
macro_rules! sob_unit_fields {
    ($(#[$meta:meta])* $vis:vis struct $name:ident { $($core:tt)* }) => {
        $(#[$meta])*
        $vis struct $name {
            $($core)*
            /// States of Battle: the unit's MCV (default: from its points).
            #[serde(default, skip_serializing_if = "Option::is_none")]
            pub mcv: Option<i64>,
            /// States of Battle: reinforcements, off the table until a side's
            /// `[[side.trigger]]` with `effect = "reinforcements"` brings them on.
            #[serde(default, skip_serializing_if = "Option::is_none")]
            pub reserve: Option<bool>,
        }

        impl $crate::overlays::sob::input::file::SobUnitBlock for $name {
            fn mcv(&self) -> Option<i64> {
                self.mcv
            }
            fn reserve(&self) -> Option<bool> {
                self.reserve
            }
        }
    };
}
