//! The default scenario of `muster run`, compiled in (the same file as under
//! `scenarios/`). Each ruleset's built-in army lists and doctrines are in its
//! folder (`builtin.rs`).

pub const DEFAULT_SCENARIO_NAME: &str = "<built-in scenario armies/open_field.toml>";
pub const DEFAULT_SCENARIO: &str = include_str!("../../scenarios/armies/open_field.toml");

// Until the validators name their own folder's built-ins:
pub use crate::overlays::sob::builtin::DOCTRINES as SOB_DOCTRINES;
pub use crate::rulesets::armies::builtin::{ARMY_LISTS, DOCTRINES};
pub use crate::rulesets::dnd_war::builtin::{
    ARMY_LISTS as DND_ARMY_LISTS, DOCTRINES as DND_DOCTRINES,
};
pub use crate::rulesets::means_war::builtin::{
    ARMY_LISTS as WAR_ARMY_LISTS, DOCTRINES as WAR_DOCTRINES,
};
