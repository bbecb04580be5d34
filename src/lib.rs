//! muster: a Monte Carlo balance lab for mass-battle wargames.
//!
//! Modules in reading order:
//! - [`dice`]: the RNG streams (battle `i` of seed `s` has its own stream) and die rolls.
//! - [`geometry`]: grids, and tables measured in inches (trays, arcs, terrain).
//! - [`rules`]: the [`rules::Ruleset`] trait, battle records, traces, rule options,
//!   and one folder per ruleset (`armies`, `means_war`, `dnd_war`).
//! - [`doctrine`]: scripted decisions, one module per ruleset.
//! - [`scenario`]: reading and validating scenario, army-list and doctrine files.
//! - [`engine`]: parallel, deterministic batches of battles.
//! - [`stats`]: exact tallies and the intervals derived from them.
//! - [`analysis`]: variants on common random numbers, tuning, the deck race.
//! - [`report`]: CSV, run.toml, charts and report.html writers (atomic).
//! - [`shard`]: `--shard K/N` battle ranges, shard files and their merging.
//! - [`cli`]: the command line (clap, terminal, progress bar).

pub mod analysis;
pub mod base;
pub mod cli;
pub mod dice;
pub mod engine;
pub mod geometry;
pub mod objectives;
pub mod overlays;
#[cfg(feature = "parquet")]
pub mod parquet;
pub mod registry;
pub mod report;
pub mod rules;
pub mod rulesets;
pub mod scenario;
pub mod shard;
pub mod stats;

/// The version and git revision of this build.
pub const VERSION: &str = env!("CARGO_PKG_VERSION");
pub const GIT_REVISION: &str = env!("MUSTER_GIT_REVISION");
