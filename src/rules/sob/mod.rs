//! States of Battle (seed 000, digest `sob_digest.md`): the card-driven
//! overlay that replaces a core game's turn sequence and victory with
//! Generalship Dice roll-offs, Orders and Event decks and Morale Counters.
//!
//! Built so far, as pure functions checked against the digest's section 9
//! vectors and exact probabilities:
//! - [`morale`]: the army's Morale Counters from points, each unit's MCV,
//!   and the State of Battle track (segments, losses, gains, the current
//!   State, the Army Morale condition and handicaps);
//! - [`rolloff`]: Generalship Dice and the round's roll-off (cards drawn,
//!   tutor, tie), with its exact distribution.
//!
//! Not built yet: the round loop, the decks and cards, achievements,
//! out-of-sequence shooting, the core trait and the ruleset itself. No
//! scenario can name `states_of_battle` yet (it gets a clear error).

pub mod morale;
pub mod rolloff;
