//! States of Battle (seed 000, digest `sob_digest.md`): the card-driven
//! overlay that replaces a core game's turn sequence and victory with
//! Generalship Dice roll-offs, Orders and Event decks and Morale Counters.
//! Everything core-specific lies behind the [`core::SobCore`] traits and a
//! core ruleset's [`binding::SobRules`]; the D&D War core implements them
//! in `rulesets/dnd_war/sob_core.rs`.
//!
//! - [`morale`]: the army's Morale Counters from points, each unit's MCV,
//!   and the State of Battle track;
//! - [`rolloff`]: Generalship Dice and the round's roll-off, with its
//!   exact distribution;
//! - [`cards`], [`deck`]: the cards, Orders builds and their legality, and
//!   decks with discard, trash, reshuffle, tutor and reset;
//! - [`options`]: every ambiguity as a named option;
//! - [`deployment`]: the optional deployment by GD roll-offs with nudges;
//! - [`core`]: the contract with a core game and its events;
//! - [`battle`]: the setup, the per-battle state and the round loop;
//! - [`binding`]: the overlay on any core as one of the engine's rulesets
//!   ([`binding::SobOn`]), with its tally and record bookkeeping;
//! - [`ledger`]: MC losses, achievements, netting per resolution;
//! - [`orders`], [`events`], [`windows`]: the cards and what happens out
//!   of sequence (shooting, Stand & Shoot, Manoeuvre, Leadership,
//!   Stratagem);
//! - [`objectives`]: the scenario's objectives: counters forfeited when
//!   seized, counters held at the end, a capture that ends the battle;
//! - [`triggers`]: State of Battle triggers from scenario data
//!   (reinforcements, a new Generalship Die, roll-off and missile
//!   modifiers, push, steal).

pub mod battle;
pub mod binding;
pub mod builtin;
pub mod cards;
pub mod core;
pub mod deck;
pub mod deployment;
pub mod doctrine;
pub mod events;
pub mod input;
pub mod ledger;
pub mod morale;
pub mod objectives;
pub mod options;
pub mod orders;
pub mod rolloff;
pub mod spec;
pub mod triggers;
pub mod windows;

/// What the overlay does not simulate yet, printed with every run of a
/// States of Battle scenario (ARCHITECTURE.md has the same list).
pub const GAP_NOTES: &[&str] = &[
    "States of Battle: NOT SIMULATED: concealed deployment (7.2)",
    "States of Battle: Favour of the Gods re-rolls roll-offs, break tests, rally tests and charge rolls (D15); re-rolling other throws (to-hit pools, panic and fear tests, Army Morale) is NOT SIMULATED",
    "States of Battle on D&D War: a spell power is a profile's ranged attack marked `spell = true`, cast through Cast Spells with the shooting procedure against one target; area powers and limited-duration effects are NOT SIMULATED",
];
