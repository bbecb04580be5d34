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
use crate::rulesets::dnd_war::doctrine::{AcceptChallenge, ApUse, CombatOrder, ShootPriority};
use crate::scenario::checks::word_names as names;

const fn knob(key: &'static str, values: KnobValues) -> Knob {
    Knob::new(key, values)
}

const BOOL: KnobValues = KnobValues::Bool;

/// The keys `muster counter` searches in a D&D War doctrine.
pub const DOCTRINE_KNOBS: &[Knob] = &[
    knob("take_initiative", BOOL),
    knob("movement", KnobValues::Words(names::<MovementWord>)),
    knob(
        "charge_min_sixths",
        KnobValues::Range {
            lo: 1,
            hi: 6,
            step: 1,
        },
    ),
    knob("prefer_flank_rear", BOOL),
    // Legal -20..=40; courage bonuses in play run from about -5 to +25.
    knob(
        "fear_min_courage",
        KnobValues::Range {
            lo: -5,
            hi: 25,
            step: 5,
        },
    ),
    knob("shoot_priority", KnobValues::Words(names::<ShootPriority>)),
    knob("combat_order", KnobValues::Words(names::<CombatOrder>)),
    knob("pursue", BOOL),
    knob("shoot_before_charging", BOOL),
    knob("issue_challenges", BOOL),
    knob(
        "accept_challenges",
        KnobValues::Words(names::<AcceptChallenge>),
    ),
    knob(
        "character_dice_pct",
        KnobValues::Range {
            lo: 0,
            hi: 100,
            step: 10,
        },
    ),
    knob("action_points", KnobValues::Words(names::<ApUse>)),
    knob("partial_companies_support", BOOL),
    knob("leave_to_charge", BOOL),
    knob("ap_extra_move", BOOL),
    knob("ap_act_first", BOOL),
];
