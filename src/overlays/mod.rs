//! Overlays: rule layers played on top of a core ruleset. States of Battle
//! (`sob/`) adds Morale Counters, Generalship Dice and the Orders, Event and
//! Starter decks to a rank-and-flank core through the `SobCore` contract.

pub mod sob;
