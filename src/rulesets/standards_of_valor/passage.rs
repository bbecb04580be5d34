//! Moving through other units (L1612-1621). No unit moves into or through
//! an enemy other than the one it charges or closes on. Skirmishers, and
//! fleeing units, which count as Skirmish, may pass through friendly
//! Skirmish and Open Order units but may not end inside one; every unit
//! goes around friendly Close Order units, and formed units go around
//! every friend. Going around is one sidestep past the nearer end of the
//! friend in the way. A friend that a fleeing unit passes through tests
//! Confidence at the ratio of fleeing to standing figures (cavalry double),
//! and a fleeing unit that ends inside a friend is moved on until clear.
//! Broken moves do not look at other units (Broken units skirmish);
//! withdrawals and falls back stop short of them (`room.rs`).

use super::battle::Battle;
use super::field;
use super::melee_dice::Formation;
use super::state::Cl;
use crate::rules::Tracer;

impl<T: Tracer> Battle<'_, T> {
    /// Whether `u` may pass through its friend `f` (L1616-1618).
    fn may_pass_through(&self, u: usize, f: usize) -> bool {
        let s = &self.st.units[u];
        let loose = s.formation == Formation::Skirmish || s.cl == Cl::Routed;
        loose && self.st.units[f].formation != Formation::Close
    }

    /// The mover's half extents.
    fn half_extents(&self, u: usize) -> (f32, f32) {
        let b = self.block(u);
        (b.half_x, b.half_y)
    }

    /// The first unit a move of `u` from `from` to `to` runs into that it
    /// may not enter (an enemy other than `target`, or a friend it may not
    /// pass through), and how far along the move that happens.
    fn first_obstacle(
        &self,
        u: usize,
        (from, to): ([f32; 2], [f32; 2]),
        target: usize,
    ) -> Option<(usize, f32)> {
        let half = self.half_extents(u);
        let side = self.side(u);
        (0..self.st.units.len())
            .filter(|&o| o != u && o != target && self.st.units[o].on_table())
            .filter(|&o| self.side(o) != side || !self.may_pass_through(u, o))
            .filter_map(|o| field::first_touch(from, to, half, &self.block(o)).map(|t| (o, t)))
            .min_by(|a, b| a.1.total_cmp(&b.1))
    }

    /// Where a move of `u` from `from` to `to` ends among the other units,
    /// and the unit that stopped it: short of the first unit in its way,
    /// and never inside a friend it passed through.
    fn path_end(
        &self,
        u: usize,
        from: [f32; 2],
        to: [f32; 2],
        target: usize,
    ) -> ([f32; 2], Option<usize>) {
        let (end, blocker) = match self.first_obstacle(u, (from, to), target) {
            Some((o, t)) => (field::lerp(from, to, t), Some(o)),
            None => (to, None),
        };
        if self.friend_overlapped(u, end).is_none() {
            return (end, blocker);
        }
        let half = self.half_extents(u);
        let side = self.side(u);
        let entered = (0..self.st.units.len())
            .filter(|&f| f != u && self.side(f) == side && self.st.units[f].on_table())
            .filter_map(|f| field::first_touch(from, end, half, &self.block(f)))
            .filter(|&t| t < 1.0)
            .min_by(f32::total_cmp);
        match entered {
            Some(t) => (field::lerp(from, end, t), blocker),
            None => (end, blocker),
        }
    }

    /// A friend that `u` placed at `at` would overlap.
    fn friend_overlapped(&self, u: usize, at: [f32; 2]) -> Option<usize> {
        let half = self.half_extents(u);
        let side = self.side(u);
        (0..self.st.units.len())
            .filter(|&f| f != u && self.side(f) == side && self.st.units[f].on_table())
            .find(|&f| {
                let b = self.block(f);
                (at[0] - b.centre[0]).abs() < b.half_x + half.0 - 0.01
                    && (at[1] - b.centre[1]).abs() < b.half_y + half.1 - 0.01
            })
    }

    /// Moves `u` toward `to` as far as the other units let it, stepping
    /// around the end of a friend in its way; `target` is the enemy it
    /// charges or closes on.
    pub fn move_among_units(&mut self, u: usize, to: [f32; 2], target: usize) {
        let from = self.st.units[u].pos;
        let (end, blocker) = self.path_end(u, from, to, target);
        self.st.units[u].pos = end;
        let Some(f) = blocker.filter(|&f| self.side(f) == self.side(u)) else {
            return;
        };
        let left = dist(end, to);
        if left < 0.1 {
            return;
        }
        let past = self.past_the_end(u, f, (from, to));
        let step_to = field::toward(end, past, left, 0.0).0;
        self.st.units[u].pos = self.path_end(u, end, step_to, target).0;
        self.change(u, |b| format!("goes around {}", b.label(f)));
    }

    /// The point beside friend `f`'s nearer end that clears it, level with
    /// `u`, for a move mostly along one table axis.
    pub(super) fn past_the_end(
        &self,
        u: usize,
        f: usize,
        (from, to): ([f32; 2], [f32; 2]),
    ) -> [f32; 2] {
        let main = usize::from((to[1] - from[1]).abs() > (to[0] - from[0]).abs());
        let side_axis = 1 - main;
        let (b, half) = (self.block(f), self.half_extents(u));
        let reach = [b.half_x + half.0 + 0.5, b.half_y + half.1 + 0.5][side_axis];
        let (low, high) = (b.centre[side_axis] - reach, b.centre[side_axis] + reach);
        let goal = to[side_axis];
        let lateral = if (goal - low).abs() <= (goal - high).abs() {
            low
        } else {
            high
        };
        let mut point = self.st.units[u].pos;
        point[side_axis] = lateral;
        point
    }

    /// A fleeing unit's move to `to` (L1619-1621): each friend it passes
    /// through tests Confidence at TL = fleeing figures / standing figures
    /// (a ratio of 1/2 or more counts at least 1, as for fright checks),
    /// and a unit that ends inside a friend is moved on past it along the
    /// table's depth, the way routs flee.
    pub fn flee_to(&mut self, u: usize, to: [f32; 2]) {
        let from = self.st.units[u].pos;
        let half = self.half_extents(u);
        let side = self.side(u);
        for f in 0..self.st.units.len() {
            let passed = f != u
                && self.side(f) == side
                && self.st.units[f].standing()
                && field::first_touch(from, to, half, &self.block(f)).is_some();
            if passed {
                let (fleeing, standing) = (self.weight(u), self.weight(f).max(1));
                let tl = if 2 * fleeing < standing {
                    0
                } else {
                    (fleeing / standing).max(1) as i32
                };
                self.confidence(f, tl, "fleeing friends pass through");
            }
        }
        self.st.units[u].pos = to;
        let away = if to[1] < from[1] { -1.0 } else { 1.0 };
        for _ in 0..self.st.units.len() {
            let Some(f) = self.friend_overlapped(u, self.st.units[u].pos) else {
                break;
            };
            let b = self.block(f);
            self.st.units[u].pos[1] = b.centre[1] + away * (b.half_y + half.1);
        }
    }
}

/// The straight distance between two points.
fn dist(a: [f32; 2], b: [f32; 2]) -> f32 {
    (a[0] - b[0]).hypot(a[1] - b[1])
}
