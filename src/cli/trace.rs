//! `muster trace`: replays one battle alone, as text or JSON lines.

use super::EXIT_OK;
use crate::engine::play_one;
use crate::rules::{Ruleset, TraceEvent, VecTrace};
use crate::scenario::WithRuleset;
use clap::{Args, ValueEnum};
use std::path::PathBuf;

#[derive(Clone, Copy, Debug, ValueEnum)]
pub enum Format {
    Text,
    Jsonl,
}

#[derive(Args, Debug)]
pub struct TraceArgs {
    /// Scenario file (default: the built-in states_of_battle/heroes_and_monster.toml).
    pub scenario: Option<PathBuf>,
    /// Index of the battle to replay (0-based, as in a run).
    #[arg(long, default_value_t = 0)]
    pub battle: u64,
    /// Seed of the run (default: the scenario's [run] seed, else 1).
    #[arg(long)]
    pub seed: Option<u64>,
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,
}

/// The events of battle `battle` of `ruleset` under `seed`, starting with `BattleStart`.
pub fn events<R: Ruleset>(ruleset: &R, seed: u64, battle: u64) -> Vec<TraceEvent> {
    let mut trace = VecTrace::default();
    trace.events.push(TraceEvent::BattleStart { battle, seed });
    play_one(ruleset, seed, battle, &mut trace);
    trace.events
}

/// The trace of one battle of a scenario with its ruleset.
struct TraceJob {
    seed: u64,
    battle: u64,
}

impl WithRuleset for TraceJob {
    type Output = Vec<TraceEvent>;
    fn run<R: Ruleset>(self, ruleset: &R) -> Vec<TraceEvent> {
        events(ruleset, self.seed, self.battle)
    }
}

pub fn trace(args: TraceArgs) -> anyhow::Result<i32> {
    let scenario = super::load(args.scenario.as_deref())?;
    let seed = args.seed.unwrap_or(scenario.seed);
    let evs = scenario.rules.with(TraceJob {
        seed,
        battle: args.battle,
    });
    let mut out = String::new();
    for e in &evs {
        match args.format {
            Format::Text => out.push_str(&e.to_string()),
            Format::Jsonl => out.push_str(&serde_json::to_string(e)?),
        }
        out.push('\n');
    }
    super::print_stdout(&out)?;
    Ok(EXIT_OK)
}
