//! The This Means WAR! doctrine's searchable keys for `muster counter`:
//! every word decision of [`WarDoctrineFile`](super::file::WarDoctrineFile),
//! each with the validator's own word list. Left out: the numbers read
//! only under one value of another key (`ia_min_pct` and
//! `ip_move_min_target` under `initiative_phase`, `close_in_min_target`
//! under `late_initiative`, `hold_radius` under `action_movement`): the
//! validator refuses them beside any other value, so a search changing the
//! word would have to add or remove them with it. Their values stay as the
//! doctrine has them, and a word the doctrine's numbers rule out is left
//! out of the search.

use super::validate::{ActionMovement, InitiativePhase, LateInitiative};
use crate::registry::{Knob, KnobValues};
use crate::rulesets::means_war::doctrine::{
    EnclosedTarget, FallBackIp, ForcedMove, SurrenderPolicy, TargetRule,
};
use crate::scenario::checks::word_names as names;

const fn words(key: &'static str, names: fn() -> Vec<&'static str>) -> Knob {
    Knob::new(key, KnobValues::Words(names))
}

/// The keys `muster counter` searches in a This Means WAR! doctrine.
pub const DOCTRINE_KNOBS: &[Knob] = &[
    words("initiative_phase", names::<InitiativePhase>),
    words("late_initiative", names::<LateInitiative>),
    words("targets", names::<TargetRule>),
    words("action_movement", names::<ActionMovement>),
    words("surrender", names::<SurrenderPolicy>),
    words("forced_move", names::<ForcedMove>),
    words("retreat_enclosed", names::<EnclosedTarget>),
    words("fall_back_initiative", names::<FallBackIp>),
];
