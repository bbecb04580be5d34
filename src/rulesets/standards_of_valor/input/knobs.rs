//! The Standards of Valor doctrine's searchable keys for `muster counter`:
//! every word and yes/no decision of
//! [`SovDoctrineFile`](super::file::SovDoctrineFile), each word key with
//! the validator's own word list, and its one number, `objective_share`,
//! in quarters (searched only in scenarios with objectives or exits, where
//! alone it plays). Nothing is left out.

use crate::registry::{Knob, KnobValues};
use crate::rulesets::standards_of_valor::doctrine::{
    ActivationOrder, Charge, CombinedAssault, FirstActivation, HthWithdraw, Movement, Passing,
    ReceiveCharge, Targets,
};
use crate::scenario::checks::word_names as names;

const fn words(key: &'static str, names: fn() -> Vec<&'static str>) -> Knob {
    Knob::new(key, KnobValues::Words(names))
}

const fn flag(key: &'static str) -> Knob {
    Knob::new(key, KnobValues::Bool)
}

/// The keys `muster counter` searches in a Standards of Valor doctrine.
pub const DOCTRINE_KNOBS: &[Knob] = &[
    words("activation_order", names::<ActivationOrder>),
    words("passing", names::<Passing>),
    words("first_activation", names::<FirstActivation>),
    words("movement", names::<Movement>),
    words("charge", names::<Charge>),
    words("targets", names::<Targets>),
    flag("second_fire"),
    flag("volley"),
    words("receive_charge", names::<ReceiveCharge>),
    flag("defensive_fire"),
    flag("follow_through"),
    flag("remove_suppression_first"),
    flag("rally"),
    flag("transfers"),
    flag("shield_wall"),
    flag("reform"),
    flag("face_threats"),
    flag("keep_lanes"),
    words("hth_withdraw", names::<HthWithdraw>),
    words("combined_assault", names::<CombinedAssault>),
    crate::registry::OBJECTIVE_SHARE,
];
