//! Getting forces off through the enemy's baseline (L698; the shared
//! rules are [`crate::objectives::exits`]). A unit of a side with an exit
//! that is on the table in good order (Shaken or better, not locked in
//! hand-to-hand) leaves by it once its block reaches the exit's edge; the
//! points of its remaining figures count for its side, at the turn limit
//! in the points measure, and, when they reach the exit's `wins_at`, the
//! battle ends in that side's win. The units its doctrine sends to the
//! objectives (`objective_share`) go for the exit instead, straight for
//! the edge, charging and shooting by the rest of their doctrine.

use super::battle::Battle;
use super::state::{move_inches, Cl, Gone};
use crate::objectives::exits::{Edge, Exit};
use crate::rules::Tracer;

/// A block whose far edge is this close to the table's edge has reached it.
const AT_THE_EDGE: f32 = 0.05;

impl<T: Tracer> Battle<'_, T> {
    /// The exit of side `s`, if the scenario gives it one.
    pub fn exit_of(&self, s: usize) -> Option<&Exit> {
        self.setup.exits.iter().find(|e| e.side.index() == s)
    }

    /// Whether unit `u` is sent to its side's exit.
    pub(super) fn on_exit_duty(&self, u: usize) -> bool {
        self.st.on_duty.get(u).copied().unwrap_or(false) && self.exit_of(self.side(u)).is_some()
    }

    /// How far the far edge of `u`'s block lies from its side's exit edge.
    fn gap_to_exit(&self, u: usize, exit: &Exit) -> f32 {
        let b = self.block(u);
        let half = match exit.edge {
            Edge::North | Edge::South => b.half_y,
            Edge::East | Edge::West => b.half_x,
        };
        exit.gap(b.centre, self.setup.width, self.setup.depth) - half
    }

    /// One movement action of `u` straight toward its side's exit edge (a
    /// Shaken unit tests to move, as to advance, L1291). Returns whether
    /// it moved.
    pub(super) fn exit_move(&mut self, u: usize, refused: &mut bool) -> bool {
        let Some(exit) = self.exit_of(self.side(u)).cloned() else {
            return false;
        };
        if !self.ready_to_move(u, refused) {
            return false;
        }
        let (w, d) = (self.setup.width, self.setup.depth);
        let to = exit.straight_out(self.st.units[u].pos, w, d);
        let step = move_inches(self.setup.profile_of(u).move_die);
        let pos = self.ground_step(u, to, step, step);
        self.move_among_units(u, pos, u);
        self.change(u, |b| {
            let left = b.gap_to_exit(u, &exit).max(0.0);
            format!(
                "moves toward the {} edge ({left:.1}\" away)",
                exit.edge.name()
            )
        });
        true
    }

    /// Takes off the table every unit in good order that has reached its
    /// side's exit; the battle ends when a side's points off reach the
    /// exit's `wins_at`.
    pub fn update_exits(&mut self) {
        if self.setup.exits.is_empty() {
            return;
        }
        for u in 0..self.st.units.len() {
            let Some(exit) = self.exit_of(self.side(u)).cloned() else {
                continue;
            };
            let s = &self.st.units[u];
            let in_order = s.on_table() && s.cl >= Cl::Shaken && s.locked_with.is_none();
            if in_order && self.gap_to_exit(u, &exit) <= AT_THE_EDGE {
                self.get_off(u, &exit);
            }
        }
    }

    /// Unit `u` leaves through `exit`: its remaining figures' points count
    /// for its side.
    fn get_off(&mut self, u: usize, exit: &Exit) {
        let spec = &self.setup.units[u];
        let points =
            f64::from(spec.points) * f64::from(self.st.units[u].figures) / f64::from(spec.figures);
        let side = self.side(u);
        self.st.exited[side] += points;
        self.remove(u, Gone::Exited);
        let total = self.st.exited[side];
        let won = exit.wins_at.is_some_and(|w| total >= f64::from(w));
        self.change(u, |_| {
            let ends = if won { ": the battle ends" } else { "" };
            format!(
                "gets off through the {} edge ({points:.0} points; {total:.0} off in all){ends}",
                exit.edge.name()
            )
        });
        if won {
            self.st.taken_by = self.st.taken_by.or(Some(exit.side));
        }
    }
}
