//! Doctrines for Standards of Valor: which unit activates next, passing,
//! who goes first when the side chooses, how units move, what they shoot
//! and charge, how a charged unit answers (stand or withdraw, defensive
//! fire), follow-through, suppression removal, rallies, Shield Walls,
//! reforming, facing threats, withdrawing from hand-to-hand, combined
//! assaults and how much of the army plays the scenario's objectives
//! (`objective_share`). Every decision the battle
//! asks a doctrine for is a word of this file, and the trace names the key
//! that made it.

use crate::words;

words!(
    /// `activation_order`: which unactivated unit a side activates next.
    pub enum ActivationOrder {
        "front_first" => FrontFirst,
        "threatened_first" => ThreatenedFirst,
        "listed" => Listed,
    }
);

words!(
    /// `passing`: whether the side passes when the rules allow it (L743-748).
    pub enum Passing {
        "never" => Never,
        "when_allowed" => WhenAllowed,
    }
);

words!(
    /// `first_activation`: when this side chooses who activates first (L750-753).
    pub enum FirstActivation {
        "go_first" => GoFirst,
        "let_enemy_go" => LetEnemyGo,
    }
);

words!(
    /// `movement`: where units go when they are not charging.
    pub enum Movement {
        "advance" => Advance,
        "hold" => Hold,
        "skirmish" => Skirmish,
    }
);

words!(
    /// `charge`: when a unit declares a close assault.
    pub enum Charge {
        "eager" => Eager,
        "favourable" => Favourable,
        "never" => Never,
    }
);

words!(
    /// `targets`: which enemy a unit fires at or charges: the text's target
    /// priority, or a superior's order to take the nearest or the weakest,
    /// which holds where the superior sees the unit and that enemy
    /// (L541; see `priority.rs`).
    pub enum Targets {
        "priority" => Priority,
        "nearest" => Nearest,
        "weakest" => Weakest,
    }
);

words!(
    /// `receive_charge`: whether a charged unit that passed its test stands
    /// or withdraws anyway (L2669).
    pub enum ReceiveCharge {
        "stand" => Stand,
        "withdraw_if_outnumbered" => WithdrawIfOutnumbered,
    }
);

words!(
    /// `hth_withdraw`: whether a unit locked in hand-to-hand tries to
    /// withdraw instead of fighting on (L2794-2799).
    pub enum HthWithdraw {
        "never" => Never,
        "when_outnumbered" => WhenOutnumbered,
    }
);

words!(
    /// `combined_assault`: whether unactivated friends in reach join a close
    /// assault on the same enemy (L2863-2872), and what the party does when
    /// one of them refuses or falls back under defensive fire.
    pub enum CombinedAssault {
        "never" => Never,
        "press_on" => PressOn,
        "all_or_none" => AllOrNone,
    }
);

/// A side's doctrine, typed.
#[derive(Clone, Debug, PartialEq)]
pub struct SovDoctrine {
    pub name: String,
    pub activation_order: ActivationOrder,
    pub passing: Passing,
    pub first_activation: FirstActivation,
    pub movement: Movement,
    pub charge: Charge,
    pub targets: Targets,
    /// Fire a second time in an activation, accepting the ammunition test.
    pub second_fire: bool,
    /// Prepare a volley (a Reorganize) before firing volley weapons.
    pub volley: bool,
    pub receive_charge: ReceiveCharge,
    pub defensive_fire: bool,
    pub follow_through: bool,
    /// Spend actions removing suppression before anything else.
    pub remove_suppression_first: bool,
    pub rally: bool,
    /// Superiors transfer activations to subordinates with enemies in reach.
    pub transfers: bool,
    pub shield_wall: bool,
    /// Raise integrity back toward the starting formation when able.
    pub reform: bool,
    /// Turn to face an enemy that could charge the unit's flank or rear
    /// (a Reform, L963-965).
    pub face_threats: bool,
    /// Keep firing and charging lanes: a unit whose enemy a formed friend
    /// hides from it (under `formed_units_block_sight`) first steps out
    /// from behind that friend.
    pub keep_lanes: bool,
    pub hth_withdraw: HthWithdraw,
    pub combined_assault: CombinedAssault,
    /// Percent of the side's units, nearest an objective first, sent to
    /// take and hold the scenario's objectives (nothing without them).
    pub objective_share: u8,
}

impl SovDoctrine {
    /// The default doctrine: every key at its first word.
    pub fn plain(name: &str) -> Self {
        SovDoctrine {
            name: name.to_string(),
            activation_order: ActivationOrder::FrontFirst,
            passing: Passing::Never,
            first_activation: FirstActivation::GoFirst,
            movement: Movement::Advance,
            charge: Charge::Favourable,
            targets: Targets::Priority,
            second_fire: false,
            volley: true,
            receive_charge: ReceiveCharge::Stand,
            defensive_fire: true,
            follow_through: true,
            remove_suppression_first: true,
            rally: true,
            transfers: false,
            shield_wall: true,
            reform: true,
            face_threats: true,
            keep_lanes: true,
            hth_withdraw: HthWithdraw::Never,
            combined_assault: CombinedAssault::Never,
            objective_share: 50,
        }
    }
}
