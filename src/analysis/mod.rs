//! Balance analysis on top of the engine: variants of a scenario played on
//! common random numbers and compared pairwise, the tuning search, the
//! deck race, the best-response search over doctrines, and the fairness model over random armies. No printing and
//! no output files (building a variant validates it like any scenario,
//! which may read files the scenario references, and a fairness list is
//! read from its file); the searches are handed a function that plays, so
//! the CLI keeps the workers, Ctrl-C and the progress bar, and writes what
//! these functions return.

pub mod counter;
pub mod decks;
pub mod fairness;
pub mod panel;
pub mod panel_file;
pub mod panel_race;
pub mod play;
pub mod racing;
pub mod tune;
pub mod vary;
pub mod verdict;
