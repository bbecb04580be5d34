//! The card-layer doctrine's searchable keys for `muster counter`: every
//! decision of [`SobDoctrineFile`](super::file::SobDoctrineFile) with the
//! values a search may give it, the word lists the validator's own.
//! `favour_roll_off` is legal from 0 to 99 (a loss margin of the
//! Generalship roll-off); the search tries 0 (never) to 6, the margins a
//! roll-off of the usual d8 to d12 is lost by often enough to matter (the
//! shipped doctrines use 1 and 3). Left out, as set-up rather than play:
//! `deployment` (which army deploys first).

use super::validate::{Words, WHEN_WORDS};
use crate::overlays::sob::doctrine::{
    Activation, Fire, GoFirst, OrdersOrder, RallyPick, StratagemTags, Tutor,
};
use crate::registry::{Knob, KnobValues};

/// The words of a [`Words`] type, as a knob's word list.
fn words<W: Words>() -> Vec<&'static str> {
    W::WORDS.iter().map(|(w, _)| *w).collect()
}

fn when() -> Vec<&'static str> {
    WHEN_WORDS.to_vec()
}

const WHEN: KnobValues = KnobValues::Words(when);

/// The keys `muster counter` searches in a card-layer doctrine.
pub const DOCTRINE_KNOBS: &[Knob] = &[
    Knob::new("go_first", KnobValues::Words(words::<GoFirst>)),
    Knob::new("tutor", KnobValues::Words(words::<Tutor>)),
    Knob::new("indecision_first", KnobValues::Bool),
    Knob::new("orders_order", KnobValues::Words(words::<OrdersOrder>)),
    Knob::new("activation", KnobValues::Words(words::<Activation>)),
    Knob::new("casters_forward", KnobValues::Bool),
    Knob::new("rally_pick", KnobValues::Words(words::<RallyPick>)),
    Knob::new("omens", WHEN),
    Knob::new("group_most_units", KnobValues::Bool),
    Knob::new("sneaky_critters", WHEN),
    Knob::new("fire", KnobValues::Words(words::<Fire>)),
    Knob::new("stand_and_shoot", WHEN),
    Knob::new("leadership", WHEN),
    Knob::new("favour", WHEN),
    Knob::new(
        "favour_roll_off",
        KnobValues::Range {
            lo: 0,
            hi: 6,
            step: 1,
        },
    ),
    Knob::new("manoeuvre", WHEN),
    Knob::new("stratagem_tags", KnobValues::Words(words::<StratagemTags>)),
    Knob::new("stratagem_plus4", WHEN),
    Knob::new("heroic_challenge", WHEN),
];
