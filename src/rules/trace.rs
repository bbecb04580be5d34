//! The battle trace: every die roll, every decision with the doctrine rule
//! that made it, and every change of state, as typed events.
//!
//! Rules code emits events through a [`Tracer`]. In batch runs the tracer is
//! [`NoTrace`], whose `ON` is `false`, so event construction compiles away.

use serde::Serialize;

/// One thing that happened in a battle.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum TraceEvent {
    BattleStart {
        battle: u64,
        seed: u64,
    },
    Round {
        round: u16,
    },
    Turn {
        round: u16,
        side: String,
    },
    Roll {
        round: u16,
        who: String,
        purpose: String,
        die: u8,
        dice: Vec<u8>,
        kept: u8,
        modifier: i32,
    },
    Decision {
        round: u16,
        side: String,
        unit: String,
        decision: String,
        choice: String,
        rule: String,
    },
    Change {
        round: u16,
        unit: String,
        change: String,
    },
    End {
        round: u16,
        winner: Option<String>,
        reason: String,
    },
}

impl std::fmt::Display for TraceEvent {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            TraceEvent::BattleStart { battle, seed } => {
                write!(f, "battle {battle} (seed {seed})")
            }
            TraceEvent::Round { round } => write!(f, "== round {round} =="),
            TraceEvent::Turn { round, side } => write!(f, "[r{round}] -- {side}'s turn --"),
            TraceEvent::Roll {
                round,
                who,
                purpose,
                die,
                dice,
                kept,
                modifier,
            } => {
                let dice: Vec<String> = dice.iter().map(u8::to_string).collect();
                write!(
                    f,
                    "[r{round}]   roll  {who}: {purpose} d{die} [{}] keeps {kept}",
                    dice.join(",")
                )?;
                if *modifier != 0 {
                    write!(f, " {modifier:+} = {}", i32::from(*kept) + modifier)?;
                }
                Ok(())
            }
            TraceEvent::Decision {
                round,
                side,
                unit,
                decision,
                choice,
                rule,
            } if unit.is_empty() => write!(
                f,
                "[r{round}]   {side} decides {decision}: {choice}  (doctrine: {rule})"
            ),
            TraceEvent::Decision {
                round,
                side,
                unit,
                decision,
                choice,
                rule,
            } => write!(
                f,
                "[r{round}]   {side} decides {decision} for {unit}: {choice}  (doctrine: {rule})"
            ),
            TraceEvent::Change {
                round,
                unit,
                change,
            } => {
                write!(f, "[r{round}]   {unit}: {change}")
            }
            TraceEvent::End {
                round,
                winner,
                reason,
            } => match winner {
                Some(w) => write!(f, "end after round {round}: {w} wins ({reason})"),
                None => write!(f, "end after round {round}: draw ({reason})"),
            },
        }
    }
}

/// Receives trace events.
pub trait Tracer {
    /// Whether events are wanted at all; `false` lets the compiler drop them.
    const ON: bool;

    fn record(&mut self, event: TraceEvent);

    /// Records an event with the battle state it was made in. A core whose
    /// state a checker may want passes it here; the checker (the battle
    /// checks of the test suite) downcasts it, every other tracer drops it.
    fn record_in(&mut self, event: TraceEvent, _state: &dyn std::any::Any) {
        self.record(event);
    }

    /// Builds and records an event only when tracing is on.
    #[inline(always)]
    fn emit(&mut self, make: impl FnOnce() -> TraceEvent) {
        if Self::ON {
            self.record(make());
        }
    }
}

/// The tracer of batch runs: records nothing.
pub struct NoTrace;

impl Tracer for NoTrace {
    const ON: bool = false;
    fn record(&mut self, _event: TraceEvent) {}
}

/// Keeps every event in memory (for `muster trace` and tests).
#[derive(Default)]
pub struct VecTrace {
    pub events: Vec<TraceEvent>,
}

impl Tracer for VecTrace {
    const ON: bool = true;
    fn record(&mut self, event: TraceEvent) {
        self.events.push(event);
    }
}
