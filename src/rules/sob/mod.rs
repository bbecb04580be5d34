//! States of Battle (seed 000, digest `sob_digest.md`): the card-driven
//! overlay that replaces a core game's turn sequence and victory with
//! Generalship Dice roll-offs, Orders and Event decks and Morale Counters.
//! Everything core-specific lies behind the [`core::SobCore`] trait; the
//! D&D War core implements it in `rules/dnd_war/sob_core.rs`.
//!
//! - [`morale`]: the army's Morale Counters from points, each unit's MCV,
//!   and the State of Battle track;
//! - [`rolloff`]: Generalship Dice and the round's roll-off, with its
//!   exact distribution;
//! - [`cards`], [`deck`]: the cards, Orders builds and their legality, and
//!   decks with discard, trash, reshuffle, tutor and reset;
//! - [`options`]: every ambiguity as a named option;
//! - [`core`]: the contract with a core game and its events;
//! - [`battle`]: the setup, the per-battle state and the round loop;
//! - [`ledger`]: MC losses, achievements, netting per resolution;
//! - [`orders`], [`events`], [`windows`]: the cards and what happens out
//!   of sequence (shooting, Stand & Shoot, Manoeuvre, Leadership,
//!   Stratagem).

pub mod battle;
pub mod cards;
pub mod core;
pub mod deck;
pub mod events;
pub mod ledger;
pub mod morale;
pub mod options;
pub mod orders;
pub mod rolloff;
pub mod windows;
