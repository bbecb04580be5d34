//! The Action Phase of a troop type (L89-101; digest B1.5, B1.7, B8): first
//! every unit's morale check, then movement by state and doctrine, then the
//! part-4 steps (leadership, luck, tactical advantages: not simulated), then
//! every unit's attack, resolved together.

use super::arith::{ia_pct, initiative_phase, move_budgets};
use super::battle::Battle;
use super::conduct::{Goal, Reachable};
use super::morale::MoraleState;
use super::options::CheckTrigger;
use super::state::Presence;
use crate::rules::Tracer;

impl<T: Tracer> Battle<'_, T> {
    /// Squares a unit moves in its action phase in state `state` (B-TV26).
    fn action_budget(&self, u: usize, state: MoraleState) -> i32 {
        let m = self.setup.troops[self.setup.units[u].troop].move_squares;
        move_budgets(m, state, self.setup.options.ap_move_fraction).1
    }

    /// The action phase of group `g`.
    pub fn action_phase(&mut self, g: usize, members: &mut Vec<usize>) {
        members.clear();
        members.extend(
            self.setup.groups[g]
                .units
                .iter()
                .copied()
                .filter(|&u| self.st.units[u].presence == Presence::OnBoard),
        );
        if members.is_empty() {
            return;
        }
        let ap = self.st.groups[g].ap;
        self.announce(g, |_| format!("action phase at {ap}"));
        // 1. Morale checks.
        for &u in members.iter() {
            let unit = &self.st.units[u];
            if unit.presence != Presence::OnBoard {
                continue;
            }
            let due = match self.setup.options.morale_check_trigger {
                CheckTrigger::EveryActionPhase => true,
                CheckTrigger::EngagedOrDamaged => {
                    unit.damaged_since_ap || self.view().adjacent_enemies(u).next().is_some()
                }
            };
            if due {
                let budget = self.action_budget(u, unit.morale);
                self.morale_check(u, budget, true);
            }
        }
        // 2. Movement.
        let t = &self.setup.troops[self.setup.groups[g].troop];
        let routed_pct = ia_pct(
            initiative_phase(20, t.uq_x2, t.init_mod, self.setup.options.phase_rounding),
            ap,
            self.setup.options.ia_pct_cap,
        );
        self.hits.clear();
        for &u in members.iter() {
            if self.st.units[u].presence != Presence::OnBoard {
                continue;
            }
            let state = self.st.units[u].morale;
            let budget = self.action_budget(u, state);
            let side = self.setup.units[u].side;
            match state {
                MoraleState::Normal => {
                    let v = self.view();
                    if v.enemies_in_range(u).next().is_none() {
                        let nearest = v.nearest_enemy_dist(side, self.st.units[u].pos);
                        if !self.setup.side(side).doctrine.holds_line(nearest) {
                            let goal = self.normal_goal(u);
                            self.move_by(u, budget, goal);
                        }
                    }
                }
                MoraleState::FallBack => {
                    self.move_by(u, budget, Goal::Refuge);
                }
                MoraleState::Withdraw => {
                    let v = self.view();
                    if !v.adjacent_enemies(u).any(|e| v.hostile(side, e)) {
                        self.move_by(u, budget, Goal::Refuge);
                    }
                }
                MoraleState::Retreat => {
                    let attacked = self.st.units[u].damaged_since_ap;
                    if !attacked && !self.is_enclosed(u, budget) {
                        self.run_away(u, budget, false, 0);
                    }
                }
                MoraleState::Rout => {
                    self.run_away(u, budget, true, routed_pct);
                }
                MoraleState::Surrender => {}
            }
        }
        for &u in members.iter() {
            let unit = &mut self.st.units[u];
            unit.damaged_since_ap = false;
            unit.damage_from.clear();
        }
        // 3-5. Leadership/Tactics, Luck, Tactical Advantages: part 4, not simulated.
        // 6. Attacks.
        for &u in members.iter() {
            if self.st.units[u].presence != Presence::OnBoard {
                continue;
            }
            let side = self.setup.units[u].side;
            match self.st.units[u].morale {
                MoraleState::Normal => {
                    self.attack(u, Reachable::InRange, 100, 1, false);
                }
                MoraleState::Retreat => {
                    let budget = self.action_budget(u, MoraleState::Retreat);
                    let which = if self.is_enclosed(u, budget) {
                        Reachable::Enclosed
                    } else {
                        Reachable::InRange
                    };
                    self.attack(u, which, 100, 1, false);
                }
                MoraleState::Withdraw => {
                    let v = self.view();
                    if v.adjacent_enemies(u).any(|e| v.hostile(side, e)) {
                        self.attack(u, Reachable::Adjacent, 100, 1, false);
                    }
                }
                MoraleState::FallBack | MoraleState::Rout | MoraleState::Surrender => {}
            }
        }
        // 7. Resolve.
        self.resolve_hits();
    }
}
