//! Which models touch an enemy (L355, digest §3.5 "Who can fight?"):
//! every model whose base touches an enemy's footprint fights, whatever
//! the two bases' widths. The enemy's footprint is projected onto the
//! engaged edge of the unit (its front, a flank or its rear, in the unit's
//! own frame), and each model slot standing along that edge whose base
//! overlaps the projection counts (a sliver of overlap is contact; a
//! corner that only meets a corner is not).
//!
//! Model slots along an edge:
//! - a company's front row: `row_width` models across each 4" tray;
//! - a company unit's flank: one slot per row of models, ranks deep
//!   (`TRAY_DEPTH` split over the rows of a company);
//! - a company unit's rear: the rear row, one slot per model width;
//! - a loose unit (skirmishers, crews, a lone model, a character): its
//!   front row of files (on a flank, its rows) at `LOOSE_PITCH`, each on
//!   its own base; a lone model is one slot as wide as its base, so a 2"
//!   troll touching a 1" character counts its one model.
//!
//! Simplification: flank and rear slots are laid out as if every company
//! were full, so a rear rank with a partial or missing company may count a
//! slot that stands empty; the count never exceeds the models alive.

use super::Ctx;
use crate::geometry::Arc;
use crate::rules::Tracer;
use crate::rulesets::dnd_war::body::{TRAY_DEPTH, TRAY_WIDTH};
use crate::rulesets::dnd_war::setup::loose_block;

/// Overlap shorter than this along an edge is a corner meeting a corner.
const SLIVER: f64 = 1e-6;

/// A row of `count` model bases along an edge: the first base starts at
/// `first`, each is `base` wide and the next starts `pitch` further on.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct BaseRow {
    pub first: f64,
    pub pitch: f64,
    pub base: f64,
    pub count: u32,
}

impl BaseRow {
    /// Bases of the row that overlap the span `lo..hi` (same axis).
    pub fn touching(&self, (lo, hi): (f64, f64)) -> u32 {
        (0..self.count)
            .filter(|&k| {
                let start = self.first + self.pitch * f64::from(k);
                hi.min(start + self.base) - lo.max(start) > SLIVER
            })
            .count() as u32
    }
}

impl<T: Tracer> Ctx<'_, T> {
    /// The span `enemy`'s footprint covers along `unit`'s edge on `arc`,
    /// in `unit`'s frame (x across the front and rear, y along a flank).
    pub fn enemy_span(&self, unit: usize, enemy: usize, arc: Arc) -> (f64, f64) {
        let r = self.st.units[unit].rect();
        let (mut lo, mut hi) = (f64::INFINITY, f64::NEG_INFINITY);
        for c in self.st.units[enemy].rect().corners() {
            let local = r.to_local(c);
            let along = if arc.is_flank() { local.y } else { local.x };
            lo = lo.min(along);
            hi = hi.max(along);
        }
        (lo, hi)
    }

    /// The model bases of `unit` standing along its edge on `arc` (company
    /// units on a flank or the rear; loose units on any edge).
    pub fn edge_row(&self, unit: usize, arc: Arc) -> BaseRow {
        let p = self.profile(unit);
        let body = &self.st.units[unit].body;
        let r = self.st.units[unit].rect();
        if !p.has_companies() {
            let (files, rows, pitch) = loose_block(p, body);
            let (first, count) = if arc.is_flank() {
                (-r.depth / 2.0, rows)
            } else {
                (-r.width / 2.0, files)
            };
            return BaseRow {
                first,
                pitch,
                base: p.size.base_inches(),
                count,
            };
        }
        let row_width = body.row_width().max(1);
        if arc.is_flank() {
            let rows = u32::from(body.company_size().div_ceil(row_width));
            let slot = TRAY_DEPTH / f64::from(rows.max(1));
            BaseRow {
                first: -r.depth / 2.0,
                pitch: slot,
                base: slot,
                count: rows * u32::from(body.ranks()),
            }
        } else {
            let slot = TRAY_WIDTH / f64::from(row_width);
            BaseRow {
                first: -r.width / 2.0,
                pitch: slot,
                base: slot,
                count: u32::from(body.front_companies()) * u32::from(row_width),
            }
        }
    }

    /// Models of `unit` whose bases touch `enemy` along its edge on `arc`
    /// (at most the models alive; a loose unit in an engagement has at
    /// least one model in contact).
    pub fn models_touching(&self, unit: usize, enemy: usize, arc: Arc) -> u32 {
        let row = self.edge_row(unit, arc);
        let touching = row.touching(self.enemy_span(unit, enemy, arc));
        #[cfg(debug_assertions)]
        self.audit_touching(unit, enemy, arc, &row, touching);
        let alive = u32::from(self.st.units[unit].body.alive);
        let floor = u32::from(!self.profile(unit).has_companies());
        touching.max(floor).min(alive)
    }
}

impl<T: Tracer> Ctx<'_, T> {
    /// Test builds count the touching bases again the plain way, one base
    /// at a time (a thin strip along each base's edge of the same slot
    /// layout, measured against the enemy's footprint rather than projected
    /// onto the edge), wherever the two units touch square to each other
    /// (as every charge leaves them): a projection or rounding error fails
    /// every battle test, the battle-invariant suite over the shipped
    /// scenarios among them. The slot layout itself is checked by the unit
    /// and fidelity tests, not here. Rounding moves a footprint by far less than [`AUDIT_BAND`]:
    /// the count must lie between the bases touched with each strip
    /// shortened by that band at both ends and those touched with each
    /// strip lengthened by it.
    #[cfg(debug_assertions)]
    pub fn audit_touching(&self, unit: usize, enemy: usize, arc: Arc, row: &BaseRow, got: u32) {
        let r = *self.st.units[unit].rect();
        let e = *self.st.units[enemy].rect();
        let square = r.facing.dot(e.facing).abs();
        let apart = r.distance(&e) > TOUCH;
        if apart || ((square - 1.0).abs() > 1e-9 && square > 1e-9) {
            return;
        }
        let count = |stretch: f64| {
            (0..row.count)
                .filter(|&k| base_strip(&r, row, k, arc, stretch).distance(&e) <= TOUCH)
                .count() as u32
        };
        let (surely, at_most) = (count(-AUDIT_BAND), count(AUDIT_BAND));
        debug_assert!(
            (surely..=at_most).contains(&got),
            "models of unit {unit} touching unit {enemy} on its {arc:?}: {got}, \
             base by base {surely} to {at_most}"
        );
    }
}

/// Footprints this close touch (the audit's tolerance across the edge).
#[cfg(debug_assertions)]
const TOUCH: f64 = 1e-6;

/// How far along the edge the audit lets rounding move a contact.
#[cfg(debug_assertions)]
const AUDIT_BAND: f64 = 1e-4;

/// A strip a hair thick just inside `r`'s edge on `arc`, along base `k` of
/// `row`, lengthened by `stretch` at both ends (shortened when negative).
#[cfg(debug_assertions)]
fn base_strip(
    r: &crate::geometry::Rect,
    row: &BaseRow,
    k: u32,
    arc: Arc,
    stretch: f64,
) -> crate::geometry::Rect {
    use crate::geometry::Vec2;
    const THIN: f64 = 1e-8;
    let mid = row.first + row.pitch * f64::from(k) + row.base / 2.0;
    let long = row.base + 2.0 * stretch;
    let (local, width, depth) = match arc {
        Arc::Front => (Vec2::new(mid, r.depth / 2.0 - THIN), long, THIN),
        Arc::Rear => (Vec2::new(mid, -r.depth / 2.0 + THIN), long, THIN),
        Arc::Right => (Vec2::new(r.width / 2.0 - THIN, mid), THIN, long),
        Arc::Left => (Vec2::new(-r.width / 2.0 + THIN, mid), THIN, long),
    };
    crate::geometry::Rect {
        centre: r.to_world(local),
        facing: r.facing,
        width,
        depth,
    }
}

#[cfg(test)]
mod tests {
    use super::BaseRow;

    #[test]
    fn a_wide_base_touching_a_narrow_one_counts_its_model() {
        // A 2" troll's front edge, a 1" character against part of it.
        let troll = BaseRow {
            first: -1.0,
            pitch: 2.0,
            base: 2.0,
            count: 1,
        };
        assert_eq!(troll.touching((0.2, 1.2)), 1);
        assert_eq!(
            troll.touching((1.0, 2.0)),
            0,
            "corner to corner is no contact"
        );
    }

    #[test]
    fn misaligned_contact_counts_every_base_touched() {
        // Four 1" models; a 1" enemy straddling the second and third.
        let row = BaseRow {
            first: -2.0,
            pitch: 1.0,
            base: 1.0,
            count: 4,
        };
        assert_eq!(row.touching((-0.5, 0.5)), 2);
        assert_eq!(row.touching((-2.0, 2.0)), 4);
        assert_eq!(row.touching((-9.0, -2.0)), 0);
    }

    #[test]
    fn loose_bases_with_gaps_count_only_bases_touched() {
        // Skirmishers: 1" bases at a 2" pitch; an enemy over the gap only.
        let row = BaseRow {
            first: -2.5,
            pitch: 2.0,
            base: 1.0,
            count: 3,
        };
        assert_eq!(row.touching((-1.4, -0.6)), 0);
        assert_eq!(row.touching((-1.4, 0.6)), 1);
    }
}
