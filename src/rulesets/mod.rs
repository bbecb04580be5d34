//! The native rulesets, one folder each: the rules (setup, state, battle),
//! the doctrine that makes a player's choices, and the input side
//! (`input/`: the serde mirror of its files and their validation).

pub mod armies;
pub mod dnd_war;
pub mod means_war;
pub mod standards_of_valor;
