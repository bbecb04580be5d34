//! Remaining moves (L162-194): a company unit moves straight ahead or
//! diagonally up to 45 degrees without turning; to go elsewhere it first
//! turns, by a pivot about its centre (ceil(S/4) or ceil(S/2) inches, not
//! on a double move) or a wheel (frontage x angle), whichever is cheaper.
//! Loose units move in any direction. Difficult ground costs double; no
//! unit ends on another, within 1" of an enemy, or off the table. A double
//! move (2S, no pivot) is allowed with no enemy within 6".
//!
//! Turns are checked for room like moves (L39: units never touch unless
//! engaged): a pivot or wheel whose footprint would meet another unit is
//! made smaller, down to no turn at all (L162-194: a unit pivots "up to"
//! 90 or 180 degrees, and no unit has to use all of its move). Also here:
//! the first enemy a straight slide runs into (a pursuit's contact, L442).

use super::Ctx;
use crate::geometry::rect::{pivot_cost, wheel_cost};
use crate::geometry::terrain::reach_along;
use crate::geometry::{Rect, Vec2};
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
/// How close a unit may come to a friendly unit (and, in a pursuit, to an
/// enemy it does not reach): clear of it, not touching (L39).
pub const CLEARANCE: f64 = 0.01;
/// A turn with no room is tried again this many radians smaller (5 degrees).
const TURN_STEP: f64 = std::f64::consts::PI / 36.0;
/// A slide shorter than this to an enemy's footprint means they touch.
const TOUCHING: f64 = 1e-6;

impl<T: Tracer> Ctx<'_, T> {
    /// How far `unit` can slide along `dir`, up to `wanted`, ending clear of
    /// every other unit, at least `enemy_gap` from enemies, and on the table.
    /// Travel shrinks by [`BACKOFF`] until it is legal. When a unit in the
    /// way overlaps the slid footprint, every shorter travel that surely
    /// still overlaps it ([`crate::geometry::Rect::overlap_span`]) is passed over unmeasured:
    /// it would fail the same way, so the answer is unchanged.
    pub fn clear_travel(&self, unit: usize, dir: Vec2, wanted: f64, enemy_gap: f64) -> f64 {
        let start = *self.st.units[unit].rect();
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
            let Some((o, gap)) = self.blocker(unit, &r, enemy_gap) else {
                return travel;
            };
            if gap == 0.0 {
                if let Some((lo, hi)) = start.overlap_span(dir, &o, SURE_OVERLAP) {
                    while travel <= hi && travel - BACKOFF >= lo {
                        travel -= BACKOFF;
                    }
                }
            }
            travel -= BACKOFF;
        }
    }

    /// The footprint of a unit that `unit` standing at `r` would come too
    /// close to, and the gap: nearer than [`CLEARANCE`] to a friend or
    /// `enemy_gap` to an enemy, unless `unit` already stands that near to
    /// it and `r` takes it no nearer.
    fn blocker(&self, unit: usize, r: &Rect, enemy_gap: f64) -> Option<(Rect, f64)> {
        let side = self.st.units[unit].side;
        self.st.units.iter().enumerate().find_map(|(i, o)| {
            if i == unit || !o.on_table() {
                return None;
            }
            let need = if o.side == side { CLEARANCE } else { enemy_gap };
            if r.surely_farther_than(o.rect(), need) {
                return None;
            }
            let gap = r.distance(o.rect());
            let now = self.st.distance(unit, i);
            // Footprints already touching measure 0 apart however deep
            // they cross: then only a place that crosses no deeper is no
            // nearer.
            let no_nearer = if gap == 0.0 && now == 0.0 {
                let here = self.st.units[unit].rect();
                r.penetration(o.rect()) <= here.penetration(o.rect()) + 1e-9
            } else {
                gap >= now
            };
            let clear = gap >= need || no_nearer;
            (!clear).then_some((*o.rect(), gap))
        })
    }

    /// Whether `unit` has room to stand at `r`: on the table and not too
    /// close to another unit ([`Ctx::blocker`]).
    pub fn has_room(&self, unit: usize, r: &Rect, enemy_gap: f64) -> bool {
        self.setup.board.holds(r) && self.blocker(unit, r, enemy_gap).is_none()
    }

    /// The largest turn of `unit` toward `radians` (clockwise positive)
    /// that has room, as `turned` makes it (a pivot or a wheel of the
    /// footprint), and its footprint: the whole turn, else ever smaller
    /// ones by [`TURN_STEP`], else `None` (no turn). L162-194: a pivot is of
    /// "up to" 90 or 180 degrees; L39: units never touch unless engaged.
    pub fn roomy_turn(
        &self,
        unit: usize,
        radians: f64,
        enemy_gap: f64,
        turned: impl Fn(&Rect, f64) -> Rect,
    ) -> Option<(f64, Rect)> {
        let r = *self.st.units[unit].rect();
        let mut angle = radians.abs();
        while angle > 1e-9 {
            let turn = angle.copysign(radians);
            let rect = turned(&r, turn);
            if self.has_room(unit, &rect, enemy_gap) {
                return Some((turn, rect));
            }
            angle -= TURN_STEP;
        }
        None
    }

    /// `unit` pivots on the spot toward facing `dir` as far as it has room
    /// (the pursuit's pivot, L442; a rally's reform, L150, may use it too).
    /// Returns the facing it ends with.
    pub fn face_with_room(&mut self, unit: usize, dir: Vec2, enemy_gap: f64) -> Vec2 {
        let r = *self.st.units[unit].rect();
        let clockwise = r.facing.cross(dir) < 0.0;
        let angle = r.facing.angle_to(dir);
        let signed = if clockwise { angle } else { -angle };
        if let Some((_, rect)) = self.roomy_turn(unit, signed, enemy_gap, Rect::pivoted) {
            self.st.units[unit].set_rect(rect);
        }
        self.st.units[unit].rect().facing
    }

    /// The first enemy other than `except` that `unit`, sliding along
    /// `dir`, runs into within `travel` inches, and the slide to contact.
    /// An enemy it already touches counts only if it lies ahead.
    pub fn first_enemy_in_path(
        &self,
        unit: usize,
        dir: Vec2,
        travel: f64,
        except: usize,
    ) -> Option<(usize, f64)> {
        let start = *self.st.units[unit].rect();
        let side = self.st.units[unit].side;
        let mut first: Option<(usize, f64)> = None;
        for (i, o) in self.st.units.iter().enumerate() {
            // Sliding into contact takes at least the distance between the two.
            if i == except
                || o.side == side
                || !o.on_table()
                || start.surely_farther_than(o.rect(), travel)
            {
                continue;
            }
            let Some(d) = start.contact_distance(dir, o.rect()) else {
                continue;
            };
            let ahead = (o.rect().centre - start.centre).dot(dir) > 0.0;
            if d <= TOUCHING && !ahead {
                continue;
            }
            if d <= travel && first.map_or(true, |(_, best)| d < best) {
                first = Some((i, d));
            }
        }
        first
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
            let Some(cost) = self.turn_to_walk(unit, dir, speed, double, budget) else {
                return 0.0;
            };
            budget -= cost;
            let r2 = *self.st.units[unit].rect();
            dir = within_diagonal(r2.facing, (goal - r2.centre).normalized());
        } else if !companies {
            self.face_with_room(unit, dir, ENEMY_EXCLUSION);
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

    /// A company unit about to walk along `dir` turns toward it by the
    /// cheaper of a pivot (not on a double move) and a wheel, as far as it
    /// has room ([`Ctx::roomy_turn`]; no turn if none has). Returns the
    /// inches spent, or `None` if the whole turn costs more than `budget`.
    fn turn_to_walk(
        &mut self,
        unit: usize,
        dir: Vec2,
        speed: f64,
        double: bool,
        budget: f64,
    ) -> Option<f64> {
        let r = *self.st.units[unit].rect();
        let angle = r.facing.angle_to(dir);
        let pivot = if double {
            f64::INFINITY
        } else {
            pivot_cost(speed, angle)
        };
        let wheel = wheel_cost(r.width, angle);
        if pivot.min(wheel) > budget {
            return None;
        }
        let clockwise = r.facing.cross(dir) < 0.0;
        let signed = if clockwise { angle } else { -angle };
        let pivots = pivot <= wheel;
        let make = if pivots { Rect::pivoted } else { Rect::wheeled };
        let Some((turn, rect)) = self.roomy_turn(unit, signed, ENEMY_EXCLUSION, make) else {
            self.change(unit, |_| "has no room to turn".to_string());
            return Some(0.0);
        };
        let cost = if pivots {
            pivot_cost(speed, turn)
        } else {
            wheel_cost(r.width, turn)
        };
        self.st.units[unit].set_rect(rect);
        self.change(unit, |_| {
            format!(
                "turns {:.0} degrees ({cost:.1} inches)",
                turn.abs().to_degrees()
            )
        });
        Some(cost)
    }

    /// Whether `unit` may double move now (no enemy within 6", L182).
    pub fn may_double_move(&self, unit: usize) -> bool {
        match self.st.nearest_enemy(unit) {
            None => true,
            Some((_, d)) => double_move_allowed(d),
        }
    }
}

/// `dir`, or if it leads more than 45 degrees off `facing`, the diagonal
/// of 45 degrees on its side: the most a company unit may move off its
/// facing without turning (L162-194).
fn within_diagonal(facing: Vec2, dir: Vec2) -> Vec2 {
    if facing.angle_to(dir) <= FRAC_PI_4 + 1e-9 {
        return dir;
    }
    let clockwise = facing.cross(dir) < 0.0;
    facing.rotated(if clockwise { FRAC_PI_4 } else { -FRAC_PI_4 })
}
