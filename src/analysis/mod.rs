//! Balance analysis on top of the engine: variants of a scenario played on
//! common random numbers and compared pairwise. Pure: no IO, no printing;
//! the CLI writes what these functions return.

pub mod play;
pub mod racing;
pub mod tune;
pub mod vary;
