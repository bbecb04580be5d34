//! Compulsory targets (L543-553): a unit with a fleeing (Routed) enemy in
//! charging range, in sight and not locked in hand-to-hand, must try to
//! charge it unless it passes a Reaction test to hold back. A doctrine
//! that charges eagerly goes without the test; any other tests at TL 0
//! (the text gives no Threat Level). Charging range is the charge reach
//! (`charge_reach`), as for Inspired and Impetuous units. The text's other
//! compulsory targets, the enemy's baggage train and undefended camp, are
//! a scenario's objectives: one the enemy owns whose capture ends the
//! battle, with none of the enemy's units in it, compels a unit within
//! charging range of its edge in the same way (a fleeing enemy first);
//! the unit charges into it with its combat moves. The text asks this of
//! the camp only while it is undefended; that a baggage train compels
//! only while undefended too is our reading (a defended one is reached
//! through its defenders, whom the doctrine charges or not as any unit).
//! The text gives no sight rule for a camp, so none is asked.

use super::battle::Battle;
use super::doctrine::Charge;
use super::ladder::TestResult;
use super::state::Cl;
use crate::rules::Tracer;

impl<T: Tracer> Battle<'_, T> {
    /// The nearest fleeing enemy `u` would have to charge, if any.
    fn fleeing_target(&self, u: usize) -> Option<usize> {
        if !self.can_charge(u) {
            return None;
        }
        let reach = self.charge_reach(u);
        let mine = self.block(u);
        self.enemies(u)
            .filter(|&e| {
                let s = &self.st.units[e];
                s.cl == Cl::Routed && s.locked_with.is_none()
            })
            .map(|e| (e, self.dist_from(u, &mine, e)))
            .filter(|&(e, d)| d <= reach && self.sees(u, e))
            .min_by(|a, b| a.1.total_cmp(&b.1))
            .map(|(e, _)| e)
    }

    /// Unit `u`'s compulsory charge at a fleeing enemy (L546-553): true when
    /// the activation went to it, false when there is none or `u` held back.
    pub(super) fn compulsory_charge(&mut self, u: usize) -> bool {
        let Some(t) = self.fleeing_target(u) else {
            return self.compulsory_camp_charge(u);
        };
        if self.holds_back(u, "hold back from a fleeing enemy") {
            return false;
        }
        self.decided_with(
            u,
            "charge",
            |b| format!("compulsory at {}", b.label(t)),
            "compulsory target",
        );
        let mut actions = 1;
        self.charge_at(u, t, &mut actions);
        true
    }

    /// Whether `u` passes the Reaction test that holds it back from a
    /// compulsory target (an eager doctrine does not try).
    fn holds_back(&mut self, u: usize, purpose: &str) -> bool {
        let eager = self.setup.sides[self.side(u)].doctrine.charge == Charge::Eager;
        !eager && self.reaction(u, 0, purpose) == TestResult::Pass
    }

    /// Unit `u`'s compulsory charge into an undefended enemy camp or
    /// baggage train in reach (L546-549): true when the activation went to
    /// it.
    fn compulsory_camp_charge(&mut self, u: usize) -> bool {
        let Some(k) = self.enemy_camp_in_reach(u) else {
            return false;
        };
        if self.holds_back(u, "hold back from the enemy camp") {
            return false;
        }
        self.decided_with(
            u,
            "charge",
            |b| format!("compulsory into objective {}", b.setup.objectives[k].name),
            "compulsory target",
        );
        self.charge_camp(u, k);
        true
    }
}
