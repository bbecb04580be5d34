//! The default scenario of `muster run`, compiled in (the same file as under
//! `scenarios/`). Each ruleset's built-in army lists and doctrines are in its
//! folder (`builtin.rs`).

/// A States of Battle battle, the heart of the tool: a newcomer's first
/// run shows Morale Counter curves, the army sheet and a verdict.
pub const DEFAULT_SCENARIO_NAME: &str =
    "<built-in scenario states_of_battle/heroes_and_monster.toml>";
pub const DEFAULT_SCENARIO: &str =
    include_str!("../../scenarios/states_of_battle/heroes_and_monster.toml");
