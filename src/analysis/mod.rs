//! Balance analysis on top of the engine: variants of a scenario played on
//! common random numbers and compared pairwise. No printing and no IO of
//! its own (building a variant validates it like any scenario, which may read
//! files the scenario references); the CLI writes what these functions return.

pub mod play;
pub mod racing;
pub mod tune;
pub mod vary;
