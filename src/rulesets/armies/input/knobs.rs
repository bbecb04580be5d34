//! The Armies doctrine's searchable keys for `muster counter`: its
//! single-valued decisions, each with the validator's own word list. Left
//! out: the `[[movement]]` rules and `[targets] priority` (ordered lists,
//! not single values; a search over orders needs moves of its own) and
//! `[siege]` (how an assault is manned and dismounted: set-up of the
//! siege rather than play, and absent from field battles).

use crate::registry::{Knob, KnobValues};
use crate::rulesets::armies::doctrine::{AttackOrder, HoldFire, MoveOrder};
use crate::scenario::checks::word_names as names;

/// The keys `muster counter` searches in an Armies doctrine.
pub const DOCTRINE_KNOBS: &[Knob] = &[
    Knob::new("move_order", KnobValues::Words(names::<MoveOrder>)),
    Knob::new("attack_order", KnobValues::Words(names::<AttackOrder>)),
    Knob::new("keep_leash", KnobValues::Bool),
    Knob::new("lure", KnobValues::Bool),
    Knob::new("hold_fire_for_move", KnobValues::Words(names::<HoldFire>)),
];
