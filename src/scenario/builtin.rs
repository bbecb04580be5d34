//! The default scenario of `muster run`, compiled in (the same file as under
//! `scenarios/`). Each ruleset's built-in army lists and doctrines are in its
//! folder (`builtin.rs`).

pub const DEFAULT_SCENARIO_NAME: &str = "<built-in scenario armies/open_field.toml>";
pub const DEFAULT_SCENARIO: &str = include_str!("../../scenarios/armies/open_field.toml");
