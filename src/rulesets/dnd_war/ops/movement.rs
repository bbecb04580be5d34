//! Remaining moves (L162-194): a company unit moves straight ahead or
//! diagonally up to 45 degrees without turning; to go elsewhere it first
//! turns, by a pivot about its centre (ceil(S/4) or ceil(S/2) inches, not
//! on a double move) or a wheel (frontage x angle), whichever is cheaper.
//! Loose units move in any direction. Difficult ground costs double; no
//! unit ends on another, within 1" of an enemy, or off the table. A double
//! move (2S, no pivot) is allowed with no enemy within 6".

use super::Ctx;
use crate::geometry::rect::{pivot_cost, wheel_cost};
use crate::geometry::terrain::reach_along;
use crate::geometry::Vec2;
use crate::rules::Tracer;
use crate::rulesets::dnd_war::distances::double_move_allowed;
use std::f64::consts::FRAC_PI_4;

/// No voluntary move ends within this distance of an enemy (L39).
pub const ENEMY_EXCLUSION: f64 = 1.0;
/// Travel is shortened in steps of this many inches until the move is legal.
const BACKOFF: f64 = 0.25;
/// How deep an overlap must be on every axis for [`Ctx::clear_travel`] to
/// trust it without measuring: far above rounding, far below a footprint.
const SURE_OVERLAP: f64 = 1e-6;

impl<T: Tracer> Ctx<'_, T> {
    /// How far `unit` can slide along `dir`, up to `wanted`, ending clear of
    /// every other unit, at least `enemy_gap` from enemies, and on the table.
    /// Travel shrinks by [`BACKOFF`] until it is legal. When a unit in the
    /// way overlaps the slid footprint, every shorter travel that surely
    /// still overlaps it ([`crate::geometry::Rect::overlap_span`]) is passed over unmeasured:
    /// it would fail the same way, so the answer is unchanged.
    pub fn clear_travel(&self, unit: usize, dir: Vec2, wanted: f64, enemy_gap: f64) -> f64 {
        let start = *self.st.units[unit].rect();
        let side = self.st.units[unit].side;
        let mut travel = wanted.max(0.0);
        loop {
            if travel <= 0.0 {
                return 0.0;
            }
            let r = start.translated(dir * travel);
            if !self.setup.board.holds(&r) {
                travel -= BACKOFF;
                continue;
            }
            let blocker = self.st.units.iter().enumerate().find_map(|(i, o)| {
                if i == unit || !o.on_table() {
                    return None;
                }
                // Never closer than allowed, unless we started closer and move away.
                let need = if o.side == side { 0.01 } else { enemy_gap };
                if r.surely_farther_than(o.rect(), need) {
                    return None;
                }
                let gap = r.distance(o.rect());
                let clear = gap >= need || gap >= self.st.distance(unit, i);
                (!clear).then_some((o, gap))
            });
            let Some((o, gap)) = blocker else {
                return travel;
            };
            if gap == 0.0 {
                if let Some((lo, hi)) = start.overlap_span(dir, o.rect(), SURE_OVERLAP) {
                    while travel <= hi && travel - BACKOFF >= lo {
                        travel -= BACKOFF;
                    }
                }
            }
            travel -= BACKOFF;
        }
    }

    /// `unit` walks (or double moves) toward `goal`, stopping `stop_short`
    /// inches from `goal_unit`'s footprint if given, else with its centre
    /// `stop_short` from `goal`. Returns the inches moved.
    pub fn walk_toward(
        &mut self,
        unit: usize,
        goal: Vec2,
        goal_unit: Option<usize>,
        stop_short: f64,
        double: bool,
    ) -> f64 {
        let p = self.profile(unit);
        let speed = self.joined_speed(unit);
        let companies = p.has_companies();
        let mut budget = if double { 2.0 * speed } else { speed };
        // A character who joined this turn used part of the move (TV-22).
        budget = (budget - self.st.units[unit].move_spent).max(0.0);
        let r = *self.st.units[unit].rect();
        let to = goal - r.centre;
        if to.length() < 1e-9 {
            return 0.0;
        }
        let mut dir = to.normalized();
        let angle = r.facing.angle_to(dir);
        if companies && angle > FRAC_PI_4 + 1e-9 {
            // Turn to face the goal: the cheaper of a pivot and a wheel.
            let pivot = if double {
                f64::INFINITY
            } else {
                pivot_cost(speed, angle)
            };
            let wheel = wheel_cost(r.width, angle);
            let cost = pivot.min(wheel);
            if cost > budget {
                return 0.0;
            }
            budget -= cost;
            let clockwise = r.facing.cross(dir) < 0.0;
            let turn = if clockwise { angle } else { -angle };
            self.st.units[unit].set_rect(if pivot <= wheel {
                r.pivoted(turn)
            } else {
                r.wheeled(turn)
            });
            let r2 = *self.st.units[unit].rect();
            dir = (goal - r2.centre).normalized();
            self.change(unit, |_| {
                format!("turns {:.0} degrees ({cost:.1} inches)", angle.to_degrees())
            });
        } else if !companies {
            self.st.units[unit].set_facing(dir);
        }
        let start = self.st.units[unit].rect().centre;
        let mut wanted = reach_along(start, dir, budget, &self.setup.terrain);
        // Sliding into contact takes at least the distance between the two:
        // a goal surely farther than the wanted travel (and the stop) leaves
        // it unchanged.
        let here = *self.st.units[unit].rect();
        let goal_rect = goal_unit.map(|g| self.st.units[g].rect());
        if let Some(g) = goal_rect.filter(|g| !here.surely_farther_than(g, wanted + stop_short)) {
            if let Some(d) = here.contact_distance(dir, g) {
                wanted = wanted.min((d - stop_short).max(0.0));
            }
        } else if goal_unit.is_none() {
            // A point: the centre stops `stop_short` short of it.
            wanted = wanted.min((here.centre.distance(goal) - stop_short).max(0.0));
        }
        let travel = self.clear_travel(unit, dir, wanted, ENEMY_EXCLUSION + 1e-6);
        if travel > 0.0 {
            self.st.units[unit].translate(dir * travel);
            let u = &mut self.st.units[unit];
            if double {
                u.flags.double_moved = true;
            } else {
                u.flags.walked = true;
            }
            self.change(unit, |_| {
                format!(
                    "{} {travel:.1} inches",
                    if double { "double moves" } else { "walks" }
                )
            });
        }
        travel
    }

    /// Whether `unit` may double move now (no enemy within 6", L182).
    pub fn may_double_move(&self, unit: usize) -> bool {
        match self.st.nearest_enemy(unit) {
            None => true,
            Some((_, d)) => double_move_allowed(d),
        }
    }
}
