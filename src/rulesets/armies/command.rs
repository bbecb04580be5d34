//! Command and control (digest A1.3): officers and the commander, leash
//! distances, disbanding by leash with its cascade, and (as an option)
//! isolated leaders. The leash questions are on [`View`] so that doctrines
//! can ask them of a hypothetical move before making it.

use super::battle::Battle;
use super::options::LeaderIsolation;
use super::setup::Role;
use super::state::{View, END_COMMANDER_ISOLATED, FATE_LEASH};
use crate::geometry::grid::{Direction, Square};
use crate::rules::{TraceEvent, Tracer};

/// An officer unit farther than this from its commander is disbanded (L119-121).
pub const OFFICER_LEASH: i32 = 8;

impl View<'_> {
    fn pos_with(&self, u: usize, moved: Option<(usize, Square)>) -> Square {
        match moved {
            Some((m, s)) if m == u => s,
            _ => self.state.units[u].pos,
        }
    }

    /// Whether unit `u` is within its leash, with unit `moved.0` imagined at `moved.1`.
    pub fn leash_holds(&self, u: usize, moved: Option<(usize, Square)>) -> bool {
        let side = self.side_of(u);
        let p = self.pos_with(u, moved);
        match self.state.units[u].role {
            Role::Commander => true,
            Role::Officer => match self.commander_of(side) {
                Some(c) => self.dist(p, self.pos_with(c, moved)) <= OFFICER_LEASH,
                None => true,
            },
            Role::Troop => {
                let troop = self.troop(u);
                let leash = i32::from(troop.leash);
                let commander_counts =
                    self.options().commander_anchors_troops || troop.commander_anchors;
                self.units_of(side).any(|a| {
                    a != u
                        && match self.state.units[a].role {
                            Role::Officer => true,
                            Role::Commander => commander_counts,
                            Role::Troop => false,
                        }
                        && self.dist(p, self.pos_with(a, moved)) <= leash
                })
            }
        }
    }

    /// Whether every unit of `u`'s side would keep its leash with `u` at `to`.
    pub fn side_leashes_hold_if_moved(&self, u: usize, to: Square) -> bool {
        self.units_of(self.side_of(u))
            .all(|o| self.leash_holds(o, Some((u, to))))
    }

    /// Whether every neighbour of `u` is an enemy unit, impassable or off the board.
    pub fn enclosed(&self, u: usize) -> bool {
        let side = self.side_of(u);
        let p = self.state.units[u].pos;
        Direction::ALL.iter().all(|&d| {
            let n = p.offset(d, 1);
            if !self.setup.board.contains(n) || self.setup.board.terrain(n).impassable {
                return true;
            }
            let g = self.state.ground.get(n).copied().unwrap_or(0);
            let a = self.state.air.get(n).copied().unwrap_or(0);
            [g, a]
                .iter()
                .any(|&x| x != 0 && self.side_of(usize::from(x) - 1) != side)
        })
    }
}

impl<T: Tracer> Battle<'_, T> {
    /// Checks isolation and every leash on both sides, disbanding and
    /// re-checking until nothing changes (the cascade of L102-107).
    pub(super) fn check_command(&mut self) {
        let first = self.acting;
        loop {
            let mut changed = false;
            for side in [first, first.other()] {
                for u in 0..self.st.units.len() {
                    if !self.st.units[u].alive || self.setup.units[u].side != side {
                        continue;
                    }
                    if self.setup.options.leader_isolation == LeaderIsolation::Enclosed
                        && self.st.units[u].role != Role::Troop
                        && self.view().enclosed(u)
                    {
                        let round = self.st.round;
                        if self.st.units[u].role == Role::Commander {
                            self.note(|b| TraceEvent::Change {
                                round,
                                unit: b.label(u),
                                change: "commander isolated: can no longer command".to_string(),
                            });
                            self.end(Some(side.other()), END_COMMANDER_ISOLATED);
                            return;
                        }
                        self.st.units[u].role = Role::Troop;
                        self.note(|b| TraceEvent::Change {
                            round,
                            unit: b.label(u),
                            change: "officer isolated: no longer counts as an officer".to_string(),
                        });
                        changed = true;
                    }
                    if !self.view().leash_holds(u, None) {
                        self.disband(u, FATE_LEASH);
                        changed = true;
                        if self.over.is_some() {
                            return;
                        }
                    }
                }
            }
            if !changed {
                return;
            }
        }
    }
}
