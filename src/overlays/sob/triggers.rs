//! State of Battle triggers (seed L143-150, digest 1.4 "scenario hooks"):
//! scenario data that makes something happen when an army reaches a State
//! (Shaken, Bloodied or Desperate). The seed lists reinforcements when
//! Desperate, buffs when Bloodied, penalties when Shaken, pushing an army
//! into a lower State and stealing counters; each is one [`Effect`].
//!
//! - One-off effects (reinforcements, a new Generalship Die, push, steal)
//!   fire once, the first time the army's State is the trigger's State or
//!   worse while it still has counters. A fall that skips a State fires
//!   that State's triggers too. Reinforcements march on at the start of
//!   the next round, at their deployment position; while that spot is
//!   taken they wait another round.
//! - Standing modifiers (roll-off, missile to-hit) apply while the army's
//!   State is the trigger's State or worse, and stop when gains lift it.
//!
//! MC moved by push and steal is counted as `state_trigger` in mc_flow.csv.

use super::battle::Game;
use super::core::SobCore;
use super::ledger::Flow;
use super::morale::SobState;
use crate::rules::Side;

/// What a trigger does.
#[derive(Clone, Debug, PartialEq)]
pub enum Effect {
    /// These reserve units (core unit indexes) come on.
    Reinforcements(Vec<usize>),
    /// The side rolls this Generalship Die from now on.
    GeneralshipDie(u8),
    /// Added to the side's roll-off throws while the State holds.
    RollOff(i32),
    /// Added to the side's shots, in to-hit steps, while the State holds.
    Missile(i32),
    /// The army named (`opponent` or the side itself) loses the counters
    /// of its current segment, falling into its next State. A Desperate
    /// army is not pushed (it would be routed).
    Push { opponent: bool },
    /// The opponent loses this many counters and the side gains them.
    Steal(u32),
}

impl Effect {
    /// A standing modifier rather than a one-off.
    pub fn standing(&self) -> bool {
        matches!(self, Effect::RollOff(_) | Effect::Missile(_))
    }
}

/// One trigger of a scenario.
#[derive(Clone, Debug, PartialEq)]
pub struct StateTrigger {
    /// The side whose State is watched (and who benefits or suffers).
    pub side: Side,
    pub state: SobState,
    pub effect: Effect,
}

impl<C: SobCore> Game<'_, C> {
    fn trigger_holds(&self, t: &StateTrigger) -> bool {
        let now = self.state(t.side);
        now >= t.state && now != SobState::Routed
    }

    /// Fires the one-off triggers whose State has been reached; returns
    /// whether any changed MC (the caller applies the change).
    pub fn fire_triggers(&mut self) -> bool {
        let mut moved_mc = false;
        for k in 0..self.setup.triggers.len() {
            if self.over() || self.b.trigger_fired[k] {
                continue;
            }
            let t = &self.setup.triggers[k];
            if !self.trigger_holds(t) {
                continue;
            }
            self.b.trigger_fired[k] = true;
            let (s, state) = (t.side, t.state);
            self.say(s, |g| {
                format!(
                    "is {}: State trigger {}",
                    state.name(),
                    describe(&g.setup.triggers[k].effect)
                )
            });
            match self.setup.triggers[k].effect {
                Effect::Reinforcements(ref units) => {
                    self.b.awaiting.extend(units.iter().copied());
                }
                Effect::GeneralshipDie(d) => self.b.gd_now[s.index()] = d,
                Effect::RollOff(_) | Effect::Missile(_) => {}
                Effect::Push { opponent } => {
                    let target = if opponent { s.other() } else { s };
                    let track = &self.b.tracks[target.index()];
                    if track.state() < SobState::Desperate {
                        let k = track.in_current_segment() as i64;
                        self.add(target, Flow::StateTrigger, -k);
                        moved_mc = true;
                    }
                }
                Effect::Steal(k) => {
                    self.add(s.other(), Flow::StateTrigger, -i64::from(k));
                    self.add(s, Flow::StateTrigger, i64::from(k));
                    moved_mc = true;
                }
            }
        }
        moved_mc
    }

    /// The standing modifier of `s` now: roll-off (`missile` false) or
    /// missile to-hit steps.
    pub fn trigger_modifier(&self, s: Side, missile: bool) -> i32 {
        self.setup
            .triggers
            .iter()
            .filter(|t| t.side == s && self.trigger_holds(t))
            .map(|t| match t.effect {
                Effect::RollOff(m) if !missile => m,
                Effect::Missile(m) if missile => m,
                _ => 0,
            })
            .sum()
    }

    /// Reinforcements waiting to come on try to (start of a round).
    pub fn reinforcements_arrive(&mut self) {
        let mut k = 0;
        while k < self.b.awaiting.len() {
            let u = self.b.awaiting[k];
            if self.core.arrive(u) {
                self.b.awaiting.swap_remove(k);
                let s = self.core.side(u);
                self.say(s, |g| {
                    format!("{} arrives as reinforcements", g.core.label(u))
                });
            } else {
                k += 1;
            }
        }
        self.settle();
    }
}

/// A trigger's effect in words (trace and notes).
pub fn describe(e: &Effect) -> String {
    match e {
        Effect::Reinforcements(units) => {
            format!("brings on {} reserve unit(s) next round", units.len())
        }
        Effect::GeneralshipDie(d) => format!("sets the Generalship Die to d{d}"),
        Effect::RollOff(m) => format!("adds {m:+} to roll-offs while it holds"),
        Effect::Missile(m) => format!("adds {m:+} to-hit step(s) to shots while it holds"),
        Effect::Push { opponent: true } => "pushes the opponent into his next State".into(),
        Effect::Push { opponent: false } => "pushes the army into its next State".into(),
        Effect::Steal(k) => format!("steals {k} MC from the opponent"),
    }
}
