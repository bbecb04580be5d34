//! Unit-level operations both phases use: choosing a target with the
//! side's doctrine, running away in a straight line (rout and retreat), and
//! moving to a square picked from the reachable ones (advance, envelop,
//! refuge). Each is one unit at a time, so the initiative and action phase
//! sequences are just orders of calls.

use super::battle::Battle;
use super::movement::{self, flee};
use super::resolve::hit;
use super::state::{View, EMPTY};
use crate::geometry::grid::{Metric, Square};
use crate::rules::{Side, Tracer};
use crate::rulesets::means_war::doctrine::{ApMovement, Candidate};

/// Which enemies a unit may pick from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reachable {
    /// Every hostile enemy in range.
    InRange,
    /// Hostile enemies in the adjacent squares only.
    Adjacent,
    /// Adjacent, chosen by the doctrine's `retreat_enclosed` rule.
    Enclosed,
}

/// How a unit moves to a chosen square.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Goal {
    Advance,
    Envelop,
    Refuge,
}

impl<T: Tracer> Battle<'_, T> {
    /// The doctrine's target for `u` among `which` enemies, counting the
    /// attacks already chosen this phase; None if there is none.
    pub(super) fn pick_target(&mut self, u: usize, which: Reachable) -> Option<usize> {
        let view = View {
            setup: self.setup,
            state: &*self.st,
        };
        let side = view.side_of(u);
        let doctrine = &self.setup.side(side).doctrine;
        self.candidates.clear();
        let pos = self.st.units[u].pos;
        let range = match which {
            Reachable::InRange => self.setup.troops[self.setup.units[u].troop].range_squares,
            _ => 1,
        };
        for e in 0..self.st.units.len() {
            if !view.hostile(side, e) {
                continue;
            }
            let d = match which {
                Reachable::InRange => view.dist(pos, self.st.units[e].pos),
                _ => Metric::Chebyshev.dist(pos, self.st.units[e].pos),
            };
            if d > range {
                continue;
            }
            let (mut pending, mut assigned) = (0, 0u16);
            for h in self.hits.iter().filter(|h| h.target == e) {
                pending += self.damage_of(h.attacker, h.pct, h.mult);
                assigned += 1;
            }
            let needs_target = which == Reachable::Enclosed
                && doctrine.retreat_enclosed
                    == crate::rulesets::means_war::doctrine::EnclosedTarget::LowestTarget;
            self.candidates.push(Candidate {
                unit: e as u16,
                hp_left: self.st.units[e].hp - pending,
                assigned,
                output: self.damage_of(e, 100, 1),
                morale_target: if needs_target {
                    view.morale_target(e, 0)
                } else {
                    0
                },
            });
        }
        let decided = match which {
            Reachable::Enclosed => doctrine.enclosed_target(self.candidates),
            _ => doctrine.choose_target(self.candidates),
        }?;
        let target = usize::from(self.candidates[decided.choice].unit);
        self.decided(u, "target", |b| b.label(target), decided.rule);
        Some(target)
    }

    /// Queues an attack of `u` on its doctrine's target; returns whether it attacks.
    pub(super) fn attack(
        &mut self,
        u: usize,
        which: Reachable,
        pct: i64,
        mult: i64,
        initiative: bool,
    ) -> bool {
        if pct <= 0 {
            return false;
        }
        match self.pick_target(u, which) {
            Some(target) => {
                let allocation = self.setup.options.ia_allocation;
                self.hits
                    .push(hit(u, target, pct, mult, allocation, initiative));
                true
            }
            None => false,
        }
    }

    /// Where `u` runs from: the enemy that routed it while that unit is on
    /// the board, else the nearest enemy, else a point beyond the far edge.
    fn danger(&self, u: usize, from_router: bool) -> Square {
        let view = self.view();
        let side = view.side_of(u);
        let unit = &self.st.units[u];
        if from_router && unit.router != EMPTY && view.on_board(usize::from(unit.router)) {
            return self.st.units[usize::from(unit.router)].pos;
        }
        match view.nearest_enemy(side, unit.pos) {
            Some((e, _)) => self.st.units[e].pos,
            None => {
                let beyond = match side {
                    Side::A => self.setup.depth + 50,
                    Side::B => -50,
                };
                Square::new(unit.pos.x, beyond)
            }
        }
    }

    /// Runs `u` straight away (L129, L149) for `budget` squares; a routing
    /// unit attacks whoever blocks it at `blocked_pct` % x3 (L131, B-G30).
    /// Returns whether it moved or left the board.
    pub fn run_away(&mut self, u: usize, budget: i32, routing: bool, blocked_pct: i64) -> bool {
        let away = self.danger(u, routing);
        let flight = flee(&self.view(), u, away, budget);
        let start = self.st.units[u].pos;
        self.place(u, flight.end);
        if flight.fled {
            self.remove(u, super::state::Presence::Fled);
            return true;
        }
        if let (Some(blocker), true) = (flight.blocked_by, routing) {
            if blocked_pct > 0 {
                let allocation = self.setup.options.ia_allocation;
                self.decided(
                    u,
                    "attack whoever is in the way",
                    |b| b.label(blocker),
                    "routing units attack anyone in the way (L131)",
                );
                self.hits
                    .push(hit(u, blocker, blocked_pct, 3, allocation, true));
            }
        }
        flight.end != start
    }

    /// Moves `u` by `goal` within `budget` squares; returns whether it moved.
    pub(super) fn move_by(&mut self, u: usize, budget: i32, goal: Goal) -> bool {
        let view = View {
            setup: self.setup,
            state: &*self.st,
        };
        self.reach.compute(&view, u, budget);
        let doctrine = &self.setup.side(view.side_of(u)).doctrine;
        let to = match goal {
            Goal::Advance => movement::advance(&view, u, self.reach),
            Goal::Envelop => movement::envelop(&view, u, self.reach),
            Goal::Refuge => movement::refuge(&view, u, self.reach, doctrine.forced_move),
        };
        let moved = to != self.st.units[u].pos;
        self.place(u, to);
        moved
    }

    /// Whether `u` could not get clear of the enemy with `budget` squares (B-G18).
    pub(super) fn is_enclosed(&mut self, u: usize, budget: i32) -> bool {
        let view = View {
            setup: self.setup,
            state: &*self.st,
        };
        self.reach.compute(&view, u, budget);
        view.enclosed(u, self.reach)
    }

    /// The action-phase goal of a Normal unit under its doctrine.
    pub(super) fn normal_goal(&self, u: usize) -> Goal {
        match self
            .setup
            .side(self.setup.units[u].side)
            .doctrine
            .action_movement
        {
            ApMovement::Envelop => Goal::Envelop,
            ApMovement::Advance | ApMovement::HoldLine { .. } => Goal::Advance,
        }
    }
}
