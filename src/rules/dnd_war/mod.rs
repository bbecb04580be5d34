//! The D&D War rules (seed 001, digest `dnd_war_digest.md`): a rank-and-flank
//! game on a table measured in inches, and the first core under States of
//! Battle.
//!
//! Built so far: the seed's arithmetic and tables as pure functions, each
//! checked against the digest's worked examples:
//! - [`traits`]: sizes, races, unit types and psychology rules;
//! - [`hits`]: the to-hit chart formula, resilience, the bolt thrower chain;
//! - [`courage`]: courage bonuses, pass rule, panic/fear/break DCs, AP nudges;
//! - [`distances`]: charge, fall back!/flee/pursue, long charge, double move;
//! - [`body`]: companies, casualty order, front rows, support, Hope is Lost!;
//! - [`resolution`]: combat resolution with every bonus and cap;
//! - [`machines`]: crew speed, stone thrower scatter and misfires;
//! - [`army`]: budgets with the reported errata, formations, magic items, prices.
//!
//! - [`options`], [`setup`], [`state`]: the rule options, a deployed battle,
//!   and the battle state every operation shares;
//! - [`ops`]: the unit-level operations (move, shoot, charge, fight a
//!   combat, rally, flee, courage tests) that the native turn here and the
//!   States of Battle card layer both call;
//! - [`turn`]: the native turn sequence and the end of a battle.
//!
//! Not built yet: characters, war machines in play, army lists, scenario
//! files, doctrine files, the CLI and the outputs (see ARCHITECTURE.md). The
//! ruleset is therefore not runnable: a scenario naming `dnd_war` is
//! refused with "not implemented yet".

pub mod army;
pub mod body;
pub mod courage;
pub mod distances;
pub mod hits;
pub mod machines;
pub mod ops;
pub mod options;
pub mod resolution;
pub mod setup;
pub mod state;
pub mod traits;
pub mod turn;
