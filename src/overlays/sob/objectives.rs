//! The scenario's objectives under States of Battle (shared rules in
//! [`crate::objectives`]). The overlay decides what they mean: an
//! objective's owner starts with its extra Morale Counters and forfeits
//! them the first time it is seized (seed L131, the town defence), counted
//! as `objective_seized` in mc_flow.csv; taking one whose capture ends the
//! battle ends it (L265: "objective captured"), and its taker wins; when
//! the time limit ends the battle, each side's remaining counters are
//! compared with the `at_end` counters of the objectives it holds added
//! (L133: "subject to any scenario-specific victory conditions"). Holders
//! are updated after every resolution, when the ledger settles.

use super::battle::{End, Game};
use super::core::SobCore;
use super::ledger::Flow;

impl<C: SobCore> Game<'_, C> {
    /// Updates who holds each objective and applies what seizing one does.
    pub fn update_objectives(&mut self) {
        if self.setup.objectives.is_empty() || self.over() {
            return;
        }
        let core = &*self.core;
        self.b
            .holders
            .update(&self.setup.objectives, |o, s| core.units_within(o, s));
        let h = &self.b.holders;
        self.core
            .audit_objectives(&self.setup.objectives, &h.holder, &h.seized);
        for k in 0..self.b.holders.seized.len() {
            let z = self.b.holders.seized[k];
            self.say(z.to, |g| {
                format!("takes objective {}", g.setup.objectives[z.objective].name)
            });
            if let (Some(from), true) = (z.from, z.forfeit > 0) {
                self.add(from, Flow::ObjectiveSeized, -i64::from(z.forfeit));
            }
            if z.ends_battle && !self.over() {
                self.b.end = Some(End::ObjectiveTaken);
                self.b.winner = Some(z.to);
            }
        }
        self.apply_pending();
    }

    /// The counters each side adds at the time limit for the objectives it holds.
    pub fn held_at_end(&self) -> [u32; 2] {
        self.b.holders.at_end(&self.setup.objectives)
    }
}
