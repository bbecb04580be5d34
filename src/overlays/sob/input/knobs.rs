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

const fn knob(key: &'static str, values: KnobValues) -> Knob {
    Knob::new(key, values)
}

const WHEN: KnobValues = KnobValues::Words(when);

/// The keys `muster counter` searches in a card-layer doctrine.
pub const DOCTRINE_KNOBS: &[Knob] = &[
    knob("go_first", KnobValues::Words(words::<GoFirst>)),
    knob("tutor", KnobValues::Words(words::<Tutor>)),
    knob("indecision_first", KnobValues::Bool),
    knob("orders_order", KnobValues::Words(words::<OrdersOrder>)),
    knob("activation", KnobValues::Words(words::<Activation>)),
    knob("rally_pick", KnobValues::Words(words::<RallyPick>)),
    knob("omens", WHEN),
    knob("group_most_units", KnobValues::Bool),
    knob("sneaky_critters", WHEN),
    knob("fire", KnobValues::Words(words::<Fire>)),
    knob("stand_and_shoot", WHEN),
    knob("leadership", WHEN),
    knob("favour", WHEN),
    knob(
        "favour_roll_off",
        KnobValues::Range {
            lo: 0,
            hi: 6,
            step: 1,
        },
    ),
    knob("manoeuvre", WHEN),
    knob("stratagem_tags", KnobValues::Words(words::<StratagemTags>)),
    knob("stratagem_plus4", WHEN),
    knob("heroic_challenge", WHEN),
];
