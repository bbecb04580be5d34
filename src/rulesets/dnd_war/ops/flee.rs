//! Fall back! moves (L138-150, G-04 to G-07): a fleeing unit turns for free
//! to face its flight and moves 2d6 + 2S - 12 inches (L142; 0 at least;
//! difficult ground costs double) in a straight line. The sweep
//! meets, in order of distance, allies it passes through (each tests at
//! DC 13 plus panic modifiers or flees the same way, engaged or not, L145),
//! the first enemy (You Cannot Pass!: the fleeing unit is destroyed; an
//! enemy it touches, or overlaps only by its turn, counts only if it lies
//! ahead, so a broken unit never flees into the units it fought) and the
//! board edge (it is removed as a casualty). A flight whose roll ends on an
//! ally that stood its ground stops short of it, at the farthest clear
//! point of its path (units may not touch unless engaged, L39), unless
//! `flee_carries_on_until_clear` carries it on past the roll. Also here:
//! rallying at the start of the movement phase, and the compulsory fall
//! back of units that fail to.

use super::movement::ENEMY_EXCLUSION;
use super::Ctx;
use crate::geometry::terrain::reach_along;
use crate::geometry::Vec2;
use crate::overlays::sob::core::{CoreEvent, FleeCause};
use crate::rules::Tracer;
use crate::rulesets::dnd_war::courage::{self, TestKind};
use crate::rulesets::dnd_war::distances::flee_distance;
use crate::rulesets::dnd_war::options::FleeDirection;
use crate::rulesets::dnd_war::state::Status;

/// The step, in inches, by which a flight that would end on another unit
/// backs off (or carries on) until it is clear.
const STEP: f64 = 0.5;

/// A contact distance this short means the units already touch.
const TOUCHING: f64 = 1e-6;

impl<T: Tracer> Ctx<'_, T> {
    /// Starts `unit` fleeing along `away` (a new flee: from its cause, or to
    /// the nearest edge under `AlwaysNearestEdge`) and makes the move.
    /// `cause` and `causer` are reported to States of Battle. A unit that
    /// already flees and fights no one (it panicked while its fight was
    /// being resolved, L477-484) flees on until it rallies (L146): no
    /// second flight starts.
    pub fn flee(
        &mut self,
        unit: usize,
        away: Vec2,
        why: &str,
        cause: FleeCause,
        causer: Option<usize>,
    ) {
        if self.st.units[unit].fleeing() && !self.st.engaged(unit) {
            return;
        }
        let dir = match self.setup.options.flee_direction {
            FleeDirection::CauseThenEdge if away.length() > 1e-9 => away.normalized(),
            _ => self
                .setup
                .board
                .nearest_edge_direction(self.st.units[unit].rect().centre),
        };
        let broke = cause == FleeCause::Break;
        // Hemmed in by the units it fought, it flees into one of them.
        let hemmed = broke
            && away.length() <= 1e-9
            && self.setup.options.flee_direction == FleeDirection::CauseThenEdge;
        // Traced before the engagements end, naming the enemies a broken
        // unit falls back from.
        self.change(unit, |c| {
            let fought: Vec<String> =
                c.st.opponents(unit)
                    .filter(|_| broke)
                    .map(|(e, _)| c.label(e))
                    .collect();
            let from = if fought.is_empty() {
                String::new()
            } else {
                format!(" from {}", fought.join(", "))
            };
            if hemmed {
                format!("{why} and flees{from} but has no way out: You Cannot Pass!")
            } else {
                format!("{why} and flees{from} toward bearing {:.0}", dir.bearing())
            }
        });
        self.st.disengage(unit);
        let u = &mut self.st.units[unit];
        u.set_status(Status::Fleeing);
        u.flags.fled_this_turn = true;
        u.times_fled += 1;
        u.caught_by = None;
        self.st.report(CoreEvent::Fled {
            unit,
            cause,
            causer,
        });
        if hemmed {
            self.remove_unit(unit, Status::Destroyed);
        } else {
            self.fall_back(unit, dir);
        }
    }

    /// One fall back! move of a fleeing unit along `dir`.
    pub fn fall_back(&mut self, unit: usize, dir: Vec2) {
        let speed = self.profile(unit).speed;
        let (d1, d2) = (
            self.roll(6, unit, "fall back!", 0),
            self.roll(6, unit, "fall back!", 0),
        );
        let budget = flee_distance(d1, d2, speed, true);
        if budget <= 0.0 {
            self.change(unit, |_| "falls back 0 inches".to_string());
            return;
        }
        self.st.units[unit].set_facing(dir);
        let start = *self.st.units[unit].rect();
        let mut travel = reach_along(start.centre, dir, budget, &self.setup.terrain);
        let edge = self.setup.board.distance_to_edge(&start, dir);
        // The first enemy in the path ends the flight: You Cannot Pass! (L144).
        let blocked_by = self.first_enemy_ahead(unit, &start, dir, (travel, edge));
        if let Some((enemy, d)) = blocked_by {
            travel = d;
            self.flee_through_allies(unit, dir, travel);
            self.change(unit, |c| {
                format!(
                    "flees into {} after {d:.1} inches: You Cannot Pass!",
                    c.label(enemy)
                )
            });
            self.remove_unit(unit, Status::Destroyed);
            return;
        }
        if edge <= travel {
            self.flee_through_allies(unit, dir, edge);
            self.st.units[unit].set_rect(start.translated(dir * edge));
            self.remove_unit(unit, Status::FledOffTable);
            return;
        }
        self.flee_through_allies(unit, dir, travel);
        match self.flight_end(unit, &start, dir, (travel, edge)) {
            Some(end) => {
                self.st.units[unit].set_rect(start.translated(dir * end));
                self.change(unit, |_| {
                    if end < travel {
                        format!(
                            "falls back {end:.1} of {travel:.1} inches, stopping short of a unit"
                        )
                    } else {
                        format!("falls back {end:.1} inches")
                    }
                });
            }
            None => self.remove_unit(unit, Status::FledOffTable),
        }
    }

    /// How far along `dir` from `start` a flight of `travel` inches ends
    /// (`None`: off the board `edge`). A flight whose roll (L142) ends on
    /// another unit, an ally that stood its flee-through test (L145),
    /// stops at the farthest point of its path short of it where it
    /// overlaps no unit (units may not touch unless engaged, L39); under
    /// `flee_carries_on_until_clear`, or when no point of its path is
    /// clear, it carries on past the roll until clear.
    fn flight_end(
        &self,
        unit: usize,
        start: &crate::geometry::Rect,
        dir: Vec2,
        (travel, edge): (f64, f64),
    ) -> Option<f64> {
        let clear = |t: f64| !self.overlaps_any(unit, &start.translated(dir * t));
        if clear(travel) {
            return Some(travel);
        }
        if !self.setup.options.flee_carries_on_until_clear {
            let steps = (travel / STEP).ceil() as u32;
            let mut back = (1..=steps).map(|k| (travel - f64::from(k) * STEP).max(0.0));
            if let Some(end) = back.find(|&t| clear(t)) {
                return Some(end);
            }
        }
        let mut end = travel;
        loop {
            end += STEP;
            if end >= edge {
                return None;
            }
            if clear(end) {
                return Some(end);
            }
        }
    }

    /// The first enemy that `unit`, sliding from `start` along `dir`, runs
    /// into within `travel` inches (short of the board `edge`), and the
    /// distance (You Cannot Pass!, L144). An enemy the unit touches, or overlaps only
    /// because it turned to face its move, counts only if it lies ahead
    /// along `dir`: a unit falling back directly away from the units it
    /// fought (L442) moves out of them, not into them.
    fn first_enemy_ahead(
        &self,
        unit: usize,
        start: &crate::geometry::Rect,
        dir: Vec2,
        (travel, edge): (f64, f64),
    ) -> Option<(usize, f64)> {
        let side = self.st.units[unit].side;
        let mut blocked_by: Option<(usize, f64)> = None;
        for (i, other) in self.st.units.iter().enumerate() {
            // Sliding into contact takes at least the distance between the
            // two: an enemy surely farther than the travel cannot stop it.
            if i == unit
                || !other.on_table()
                || other.side == side
                || start.surely_farther_than(other.rect(), travel)
            {
                continue;
            }
            let Some(d) = start.contact_distance(dir, other.rect()) else {
                continue;
            };
            let ahead = (other.rect().centre - start.centre).normalized().dot(dir);
            if d <= TOUCHING && ahead <= TOUCHING {
                continue;
            }
            if d <= travel && d < edge && blocked_by.map_or(true, |(_, best)| d < best) {
                blocked_by = Some((i, d));
            }
        }
        blocked_by
    }

    fn overlaps_any(&self, unit: usize, rect: &crate::geometry::Rect) -> bool {
        self.st
            .units
            .iter()
            .enumerate()
            .any(|(i, o)| i != unit && o.on_table() && o.rect().overlaps(rect))
    }

    /// Allies within `travel` inches of `unit`'s path take the flee-through
    /// test (DC 13 + panic modifiers; a failure flees the same way, L145),
    /// engaged in close combat or not (L482 exempts no one).
    fn flee_through_allies(&mut self, unit: usize, dir: Vec2, travel: f64) {
        let start = *self.st.units[unit].rect();
        let side = self.st.units[unit].side;
        for i in 0..self.st.units.len() {
            let o = &self.st.units[i];
            if i == unit || !o.on_table() || o.side != side || o.fleeing() || o.flags.panic_tested {
                continue;
            }
            // Sliding into contact takes at least the distance between the two.
            if !start.surely_farther_than(o.rect(), travel)
                && start
                    .contact_distance(dir, o.rect())
                    .is_some_and(|d| d < travel)
            {
                self.st.units[i].flags.panic_tested = true;
                let m = self.panic_modifiers(i, None);
                let dc = courage::panic_dc(m, self.profile(i).psychology.stubborn);
                self.change(i, |c| format!("{} flees through it", c.label(unit)));
                if !self.courage_test(i, TestKind::FleeThrough, dc, false) {
                    self.flee(i, dir, "is swept along", FleeCause::FleeThrough, None);
                }
            }
        }
    }

    /// Step 1 of `unit`'s movement phase if it is fleeing (L148-150): a DC 13
    /// test; a pass stops the flight and forces a reform, a failure makes
    /// the compulsory fall back! toward the nearest edge (an engaged
    /// fleeing unit stays where it is, G-06).
    pub fn rally(&mut self, unit: usize) {
        let u = &self.st.units[unit];
        if !u.fleeing() || u.flags.fled_this_turn {
            return;
        }
        self.rally_attempt(unit, true);
    }

    /// The rally test of a fleeing `unit` (DC 13): a pass stops the flight
    /// and forces a reform; a failure makes the compulsory fall back!
    /// when `fall_back_on_fail` (not while engaged). Returns the pass.
    pub fn rally_attempt(&mut self, unit: usize, fall_back_on_fail: bool) -> bool {
        if self.courage_test(unit, TestKind::Rally, courage::DC_RALLY, false) {
            let u = &mut self.st.units[unit];
            u.set_status(Status::Ready);
            u.flags.reformed = true;
            u.times_rallied += 1;
            u.caught_by = None;
            if let Some((enemy, _)) = self.st.nearest_enemy(unit) {
                let to = self.st.units[enemy].rect().centre - self.st.units[unit].rect().centre;
                if !self.st.engaged(unit) && to.length() > 1e-9 {
                    // The reform turns only as far as there is room (L39).
                    self.face_with_room(unit, to.normalized(), ENEMY_EXCLUSION);
                }
            }
            self.change(unit, |_| "rallies and reforms".to_string());
            true
        } else {
            if fall_back_on_fail && !self.st.engaged(unit) {
                let dir = self
                    .setup
                    .board
                    .nearest_edge_direction(self.st.units[unit].rect().centre);
                self.fall_back(unit, dir);
            }
            false
        }
    }
}
