//! `muster trace`: replays one battle alone, as text or JSON lines.

use super::{EXIT_ERROR, EXIT_OK};
use crate::engine::play_one;
use crate::rules::armies::Armies;
use crate::rules::{Ruleset, TraceEvent, VecTrace};
use crate::scenario::ScenarioRules;
use clap::{Args, ValueEnum};
use std::path::PathBuf;

#[derive(Clone, Copy, Debug, ValueEnum)]
pub enum Format {
    Text,
    Jsonl,
}

#[derive(Args, Debug)]
pub struct TraceArgs {
    /// Scenario file (default: the built-in armies/open_field.toml).
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

pub fn trace(args: TraceArgs) -> anyhow::Result<i32> {
    let Ok(scenario) = super::load(args.scenario.as_deref())? else {
        return Ok(EXIT_ERROR);
    };
    let seed = args.seed.unwrap_or(scenario.seed);
    let evs = match &scenario.rules {
        ScenarioRules::Armies(setup) => events(
            &Armies {
                setup: setup.clone(),
            },
            seed,
            args.battle,
        ),
    };
    let mut out = String::new();
    for e in &evs {
        match args.format {
            Format::Text => out.push_str(&e.to_string()),
            Format::Jsonl => out.push_str(&serde_json::to_string(e)?),
        }
        out.push('\n');
    }
    use std::io::Write;
    match std::io::stdout().lock().write_all(out.as_bytes()) {
        Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => Err(e.into()),
        _ => Ok(EXIT_OK),
    }
}
