//! The Initiative Phase of a troop type (L49-57, L130, L149, L158, L168;
//! digest B1.3, B8): each of its units, in scenario order, attacks at
//! (IP - AP) x 5 % or moves budget its movement as its state and doctrine say;
//! a unit that moved checks morale at once (L53); the type's attacks are
//! resolved together at the end.

use super::arith::{ia_pct, move_budgets};
use super::battle::Battle;
use super::conduct::{Goal, Reachable};
use super::morale::MoraleState;
use super::state::Presence;
use crate::rules::Tracer;
use crate::rulesets::means_war::doctrine::{FallBackIp, IpAction};

impl<T: Tracer> Battle<'_, T> {
    /// The initiative phase at `number` of group `g` (all its units, or only
    /// `only`); `routed` phases hold the routing units.
    pub fn initiative_phase(
        &mut self,
        g: usize,
        only: Option<usize>,
        routed: bool,
        number: i32,
        members: &mut Vec<usize>,
    ) {
        members.clear();
        for &u in &self.setup.groups[g].units {
            let unit = &self.st.units[u];
            if only.map_or(true, |x| x == u)
                && unit.presence == Presence::OnBoard
                && !unit.ip_done
                && (unit.morale == MoraleState::Rout) == routed
                && unit.morale != MoraleState::Surrender
            {
                members.push(u);
            }
        }
        if members.is_empty() {
            return;
        }
        let ap = self.st.groups[g].ap;
        let routed_note = if routed {
            " (routed units roll 20)"
        } else {
            ""
        };
        self.announce(g, |_| {
            format!("initiative phase at {number}{routed_note} (action phase {ap})")
        });
        self.hits.clear();
        for &u in members.iter() {
            if self.st.units[u].presence != Presence::OnBoard {
                continue;
            }
            self.st.units[u].ip_done = true;
            let m = self.setup.troops[self.setup.units[u].troop].move_squares;
            let pct = ia_pct(number, ap, self.setup.options.ia_pct_cap);
            let (moved, budget) = self.initiative_action(u, m, number > ap, pct);
            if moved
                && self.setup.options.ip_move_triggers_check
                && self.st.units[u].presence == Presence::OnBoard
            {
                self.morale_check(u, budget, false);
            }
        }
        self.resolve_hits();
    }

    /// What one unit does in its initiative phase; returns whether it moved and its move budget.
    fn initiative_action(&mut self, u: usize, m: i32, beats: bool, pct: i64) -> (bool, i32) {
        let state = self.st.units[u].morale;
        let (budget, _) = move_budgets(m, state, self.setup.options.ap_move_fraction);
        match state {
            MoraleState::Rout => (self.run_away(u, budget, true, pct), budget),
            MoraleState::Retreat => {
                if self.is_enclosed(u, budget) {
                    if beats {
                        self.attack(u, Reachable::Enclosed, pct, 1, true);
                    }
                    (false, budget)
                } else {
                    (self.run_away(u, budget, false, 0), budget)
                }
            }
            MoraleState::Withdraw => (self.move_by(u, budget, Goal::Refuge), budget),
            MoraleState::FallBack => {
                let adjacent = self
                    .view()
                    .adjacent_enemies(u)
                    .any(|e| self.view().hostile(self.setup.units[u].side, e));
                if adjacent && beats {
                    self.attack(u, Reachable::Adjacent, pct, 1, true);
                    (false, budget)
                } else if self
                    .setup
                    .side(self.setup.units[u].side)
                    .doctrine
                    .fall_back_initiative
                    == FallBackIp::MoveAway
                {
                    (self.move_by(u, budget, Goal::Refuge), budget)
                } else {
                    (false, budget)
                }
            }
            MoraleState::Normal => {
                let in_range = self.view().enemies_in_range(u).next().is_some();
                let target = if in_range {
                    0
                } else {
                    self.view().morale_target(u, 0)
                };
                let doctrine = &self.setup.side(self.setup.units[u].side).doctrine;
                let d = doctrine.ip_action(beats, in_range, pct, target);
                self.decided(
                    u,
                    "initiative phase",
                    |_| format!("{:?} ({pct}%)", d.choice),
                    d.rule,
                );
                match d.choice {
                    IpAction::Attack => {
                        self.attack(u, Reachable::InRange, pct, 1, true);
                        (false, budget)
                    }
                    IpAction::Move => (self.move_by(u, budget, Goal::Advance), budget),
                    IpAction::Hold => (false, budget),
                }
            }
            MoraleState::Surrender => (false, 0),
        }
    }
}
