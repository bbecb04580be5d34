//! Deployment by Generalship Dice roll-offs (States of Battle 7.1) on the
//! D&D War table. The scenario's positions become each side's deployment
//! slots; the overlay decides who places the next unit, and these
//! operations place it and make the nudges (digest D24 a):
//!
//! - a side places its units in scenario order (characters inside a unit
//!   come with it; reserve units are not placed);
//! - a missile unit or war machine takes the free slot with the most
//!   enemy units already placed within its range (then the closest to
//!   them); any other unit takes the free slot closest to the placed
//!   enemy it would most like to fight (missile units first, then the
//!   cheapest); with no enemy placed, a unit keeps its own slot if free;
//! - a slot is legal when the unit's tray there is on the table, inside
//!   its deployment zone and clear of every unit placed so far; with no
//!   legal slot left the unit takes its own (or any free) slot regardless,
//!   and the trace says so;
//! - a nudge moves one placed missile unit or war machine with no enemy in
//!   range up to `nudge` inches straight toward the nearest placed enemy
//!   (in 2" steps down to 2"), keeping the same legality. Swaps are not
//!   used.

use super::Ctx;
use crate::geometry::{Rect, Vec2};
use crate::rules::{Side, Tracer};
use crate::rulesets::dnd_war::setup::footprint;
use crate::rulesets::dnd_war::state::Slot;

impl<T: Tracer> Ctx<'_, T> {
    /// Takes every unit that acts on its own off the table, its position
    /// kept as a slot.
    pub fn deploy_clear(&mut self) {
        self.st.sob.slots.clear();
        self.st.sob.unplaced.clear();
        for u in 0..self.st.units.len() {
            let s = &self.st.units[u];
            let placed_later = s.on_table() && s.host.is_none();
            self.st.sob.unplaced.push(placed_later);
            if placed_later {
                self.st.sob.slots.push(Slot {
                    side: s.side,
                    centre: s.rect().centre,
                    facing: s.rect().facing,
                    owner: u,
                    taken: false,
                });
            }
        }
    }

    /// Units of `s` still to place.
    pub fn deploy_left(&self, s: Side) -> usize {
        (0..self.st.units.len())
            .filter(|&u| self.st.sob.unplaced[u] && self.st.units[u].side == s)
            .count()
    }

    fn tray(&self, u: usize, centre: Vec2, facing: Vec2) -> Rect {
        footprint(self.profile(u), &self.st.units[u].body, centre, facing)
    }

    /// On the table, inside `u`'s zone, clear of every placed unit.
    fn legal_spot(&self, u: usize, r: &Rect) -> bool {
        let board = self.setup.board;
        if !board.holds(r) {
            return false;
        }
        let zone = self.setup.deployment_depth;
        if zone > 0.0 {
            let ys = r.corners().map(|c| c.y);
            let inside = match self.st.units[u].side {
                Side::A => ys.iter().all(|&y| y <= zone + 1e-6),
                Side::B => ys.iter().all(|&y| y >= board.depth - zone - 1e-6),
            };
            if !inside {
                return false;
            }
        }
        (0..self.st.units.len()).all(|o| {
            o == u
                || self.st.sob.unplaced[o]
                || !self.st.units[o].on_table()
                || self.st.units[o].host.is_some()
                || !self.st.units[o].rect().overlaps(r)
        })
    }

    fn placed_enemies(&self, s: Side) -> impl Iterator<Item = usize> + '_ {
        (0..self.st.units.len()).filter(move |&e| {
            self.st.units[e].side != s
                && self.st.units[e].on_table()
                && self.st.units[e].host.is_none()
                && !self.st.sob.unplaced[e]
        })
    }

    fn range_of(&self, u: usize) -> Option<f64> {
        self.profile(u).ranged.map(|a| a.inches)
    }

    /// The placement score of slot `k` for `u` (higher is better).
    fn slot_score(&self, u: usize, k: usize) -> f64 {
        let s = self.st.units[u].side;
        let at = self.st.sob.slots[k].centre;
        let own = if self.st.sob.slots[k].owner == u {
            1e-3
        } else {
            0.0
        };
        if self.placed_enemies(s).next().is_none() {
            return own - (at - self.st.units[u].rect().centre).length();
        }
        let dist = |e: usize| (self.st.units[e].rect().centre - at).length();
        if let Some(range) = self.range_of(u) {
            let in_range = self.placed_enemies(s).filter(|&e| dist(e) <= range).count();
            let nearest = self.placed_enemies(s).map(dist).fold(f64::MAX, f64::min);
            return 1000.0 * in_range as f64 - nearest + own;
        }
        let wanted = self
            .placed_enemies(s)
            .min_by_key(|&e| (self.range_of(e).is_none(), self.setup.units[e].points, e));
        let e = wanted.expect("an enemy is placed");
        own - dist(e)
    }

    /// Places the next unit of `s`; false when none is left.
    pub fn deploy_next(&mut self, s: Side) -> bool {
        let Some(u) = (0..self.st.units.len())
            .find(|&u| self.st.sob.unplaced[u] && self.st.units[u].side == s)
        else {
            return false;
        };
        let free = |c: &Self, k: usize| c.st.sob.slots[k].side == s && !c.st.sob.slots[k].taken;
        let best = (0..self.st.sob.slots.len())
            .filter(|&k| free(self, k))
            .filter(|&k| {
                let sl = self.st.sob.slots[k];
                self.legal_spot(u, &self.tray(u, sl.centre, sl.facing))
            })
            .max_by(|&a, &b| self.slot_score(u, a).total_cmp(&self.slot_score(u, b)));
        let (k, crowded) = match best {
            Some(k) => (k, false),
            None => {
                let own = (0..self.st.sob.slots.len())
                    .find(|&k| free(self, k) && self.st.sob.slots[k].owner == u);
                let any = (0..self.st.sob.slots.len()).find(|&k| free(self, k));
                match own.or(any) {
                    Some(k) => (k, true),
                    None => {
                        self.st.sob.unplaced[u] = false;
                        return true;
                    }
                }
            }
        };
        self.st.sob.slots[k].taken = true;
        self.st.sob.unplaced[u] = false;
        let sl = self.st.sob.slots[k];
        self.put(u, self.tray(u, sl.centre, sl.facing));
        let owner = self.st.sob.slots[k].owner;
        self.decided(
            u,
            "deploy",
            |c| {
                let whose = if owner == u {
                    "its own position".to_string()
                } else {
                    format!("the position of {}", c.label(owner))
                };
                format!(
                    "{whose} ({:.0}, {:.0}){}",
                    sl.centre.x,
                    sl.centre.y,
                    if crowded {
                        ", crowded: no clear slot"
                    } else {
                        ""
                    }
                )
            },
            "deployment",
        );
        true
    }

    /// Moves `u` to `rect`, with any character inside it.
    fn put(&mut self, u: usize, rect: Rect) {
        self.st.units[u].set_rect(rect);
        if let Some(h) = self.st.units[u].hero {
            let r = self.tray(h, rect.centre, rect.facing);
            self.st.units[h].set_rect(r);
        }
    }

    /// One nudge by `s` (D24 a); false when no unit wants one.
    pub fn deploy_nudge(&mut self, s: Side, nudge: f64) -> bool {
        for u in 0..self.st.units.len() {
            let unit = &self.st.units[u];
            if unit.side != s || self.st.sob.unplaced[u] || !unit.on_table() || unit.host.is_some()
            {
                continue;
            }
            let Some(range) = self.range_of(u) else {
                continue;
            };
            let start = *unit.rect();
            let here = start.centre;
            let Some(target) = self.placed_enemies(s).min_by(|&a, &b| {
                let d = |e: usize| (self.st.units[e].rect().centre - here).length();
                d(a).total_cmp(&d(b))
            }) else {
                return false;
            };
            let to = self.st.units[target].rect().centre - here;
            if to.length() <= range || to.length() < 1e-9 {
                continue;
            }
            let dir = to.normalized();
            let mut step = nudge;
            while step >= 2.0 - 1e-9 {
                let moved = start.translated(dir * step);
                if self.legal_spot(u, &moved) {
                    self.put(u, moved);
                    self.decided(
                        u,
                        "nudge",
                        |c| format!("{step:.0}\" toward {}", c.label(target)),
                        "deployment",
                    );
                    return true;
                }
                step -= 2.0;
            }
        }
        false
    }
}
