//! The D&D War doctrine's searchable keys for `muster counter`: every
//! decision of [`DndDoctrineFile`](super::file::DndDoctrineFile) with the
//! values a search may give it. Word lists are the validator's own
//! ([`Word::NAMES`](crate::scenario::checks::Word::NAMES)); numbers are the validator's ranges, narrowed where
//! the legal range is wider than play tells apart. Left out, as set-up
//! rather than play: `general_placement`, `join_units` and `ranks` (how the
//! army deploys; a search would rearrange the scenario's deployment),
//! and `hold_radius` (read only with `movement = "hold"`; its default of
//! 12 inches stays).

use super::validate::MovementWord;
use crate::registry::{Knob, KnobValues};
use crate::rulesets::dnd_war::doctrine::{
    AcceptChallenge, ApUse, CombatOrder, ObjectivePick, ShootPriority,
};
use crate::scenario::checks::word_names as names;

const BOOL: KnobValues = KnobValues::Bool;

/// The keys `muster counter` searches in a D&D War doctrine.
pub const DOCTRINE_KNOBS: &[Knob] = &[
    Knob::new("take_initiative", BOOL),
    Knob::new("movement", KnobValues::Words(names::<MovementWord>)),
    Knob::new(
        "charge_min_sixths",
        KnobValues::Range {
            lo: 1,
            hi: 6,
            step: 1,
        },
    ),
    Knob::new("prefer_flank_rear", BOOL),
    // Legal -20..=40; courage bonuses in play run from about -5 to +25.
    Knob::new(
        "fear_min_courage",
        KnobValues::Range {
            lo: -5,
            hi: 25,
            step: 5,
        },
    ),
    Knob::new("shoot_priority", KnobValues::Words(names::<ShootPriority>)),
    Knob::new("combat_order", KnobValues::Words(names::<CombatOrder>)),
    Knob::new("pursue", BOOL),
    Knob::new("shoot_before_charging", BOOL),
    Knob::new("issue_challenges", BOOL),
    Knob::new(
        "accept_challenges",
        KnobValues::Words(names::<AcceptChallenge>),
    ),
    Knob::new(
        "character_dice_pct",
        KnobValues::Range {
            lo: 0,
            hi: 100,
            step: 10,
        },
    ),
    Knob::new("action_points", KnobValues::Words(names::<ApUse>)),
    Knob::new("partial_companies_support", BOOL),
    Knob::new("leave_to_charge", BOOL),
    Knob::new("ap_extra_move", BOOL),
    Knob::new("ap_act_first", BOOL),
    crate::registry::OBJECTIVE_SHARE,
    Knob::for_objectives("objective_pick", KnobValues::Words(names::<ObjectivePick>)),
];
