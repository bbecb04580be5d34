//! Doctrines: scripted policies that make every choice a player would make,
//! as pure functions of what the side can observe. A doctrine is data (a
//! TOML file validated by `scenario`); this module owns the typed doctrine
//! and its decisions, one submodule per ruleset. Every decision returns the
//! doctrine rule that made it, for the trace.

pub mod armies;
pub mod dnd_war;
pub mod means_war;
pub mod sob;
