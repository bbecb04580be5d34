//! Oriented rectangles: movement trays of company units, bases of lone
//! models. Closest-point distance between footprints, facing arcs by the
//! 45-degree lines from the corners, segment crossing for line of sight,
//! and the manoeuvres that move a tray (advance, wheel about a front corner,
//! pivot about the centre, translate). All queries are allocation-free.
//! The hot ones have shortcuts that return exactly what the plain
//! computation would: a cheap pre-selection of the corner-edge pairs worth
//! measuring (the callers keep distances per pair of units), quick rejections
//! by the centres (their circles, then the trays' projections on the line
//! between them), the nearest corner by squared lengths, and the span of a
//! slide over which two trays surely overlap.

use super::plane::{point_segment_distance_sq, ray_segment, segments_cross, Vec2, EPS};
use serde::Serialize;

/// Which arc of a footprint a point lies in, seen from the footprint.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
pub enum Arc {
    Front,
    Left,
    Right,
    Rear,
}

impl Arc {
    pub fn name(self) -> &'static str {
        match self {
            Arc::Front => "front",
            Arc::Left => "left flank",
            Arc::Right => "right flank",
            Arc::Rear => "rear",
        }
    }

    pub fn is_flank(self) -> bool {
        matches!(self, Arc::Left | Arc::Right)
    }
}

/// The rounding allowance of the quick rejections
/// ([`Rect::surely_farther_than`], [`Rect::crossed_by`]): a thousandth of an
/// inch, far above the tolerances of the exact tests they stand in front of.
const SLACK: f64 = 1e-3;

/// An oriented rectangle: `width` across the front, `depth` front to back,
/// facing the unit vector `facing`.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Rect {
    pub centre: Vec2,
    pub facing: Vec2,
    pub width: f64,
    pub depth: f64,
}

impl Rect {
    /// A rectangle whose centre is `centre`, facing the bearing `degrees`.
    pub fn new(centre: Vec2, bearing: f64, width: f64, depth: f64) -> Self {
        Rect {
            centre,
            facing: Vec2::from_bearing(bearing),
            width,
            depth,
        }
    }

    /// A rectangle whose front edge is centred on `front_centre`.
    pub fn from_front(front_centre: Vec2, facing: Vec2, width: f64, depth: f64) -> Self {
        Rect {
            centre: front_centre - facing * (depth / 2.0),
            facing,
            width,
            depth,
        }
    }

    /// The corners: front-left, front-right, rear-right, rear-left.
    pub fn corners(&self) -> [Vec2; 4] {
        let f = self.facing * (self.depth / 2.0);
        let r = self.facing.right() * (self.width / 2.0);
        let c = self.centre;
        [c + f - r, c + f + r, c - f + r, c - f - r]
    }

    /// The first of [`Rect::corners`] nearest to `p` by
    /// [`Vec2::distance`]. Squared lengths (no square root) pass over the
    /// corners farther than rounding from the least; only the corners left
    /// are told apart by their distance, so the answer is exactly that of
    /// `min_by` on the distances.
    pub fn nearest_corner(&self, p: Vec2) -> Vec2 {
        let corners = self.corners();
        let sq = |c: Vec2| (c - p).dot(c - p);
        let squares = [
            sq(corners[0]),
            sq(corners[1]),
            sq(corners[2]),
            sq(corners[3]),
        ];
        let least = squares[0].min(squares[1]).min(squares[2]).min(squares[3]);
        let cut = near_least(least);
        let mut nearest = (self.centre, f64::INFINITY);
        for (corner, square) in corners.into_iter().zip(squares) {
            if square > cut {
                continue;
            }
            let d = corner.distance(p);
            if nearest.1.is_infinite() || d.total_cmp(&nearest.1).is_lt() {
                nearest = (corner, d);
            }
        }
        nearest.0
    }

    /// The midpoint of the front edge.
    pub fn front_centre(&self) -> Vec2 {
        self.centre + self.facing * (self.depth / 2.0)
    }

    /// The point `p` in this rectangle's frame: x to the right, y forward.
    pub fn to_local(&self, p: Vec2) -> Vec2 {
        let d = p - self.centre;
        Vec2::new(d.dot(self.facing.right()), d.dot(self.facing))
    }

    /// The local point `(x, y)` (x right, y forward) on the table.
    pub fn to_world(&self, local: Vec2) -> Vec2 {
        self.centre + self.facing.right() * local.x + self.facing * local.y
    }

    pub fn contains(&self, p: Vec2) -> bool {
        let l = self.to_local(p);
        l.x.abs() <= self.width / 2.0 + EPS && l.y.abs() <= self.depth / 2.0 + EPS
    }

    /// Whether the two rectangles overlap or touch (separating-axis test).
    pub fn overlaps(&self, other: &Rect) -> bool {
        self.overlaps_with_corners(other, &self.corners(), &other.corners())
    }

    /// The four axes that can separate this rectangle from `other`: both
    /// rectangles' facings and their rights.
    fn separating_axes(&self, other: &Rect) -> [Vec2; 4] {
        [
            self.facing,
            self.facing.right(),
            other.facing,
            other.facing.right(),
        ]
    }

    /// How deep the two rectangles cross: the least distance one must move
    /// along any separating axis to clear the other (0 when they only
    /// touch or are apart).
    pub fn penetration(&self, other: &Rect) -> f64 {
        let (a, b) = (self.corners(), other.corners());
        let axes = self.separating_axes(other);
        axes.iter()
            .map(|&axis| {
                let (amin, amax) = project(&a, axis);
                let (bmin, bmax) = project(&b, axis);
                (amax - bmin).min(bmax - amin)
            })
            .fold(f64::INFINITY, f64::min)
            .max(0.0)
    }

    /// [`Rect::overlaps`] given both rectangles' [`Rect::corners`].
    fn overlaps_with_corners(&self, other: &Rect, a: &[Vec2; 4], b: &[Vec2; 4]) -> bool {
        let axes = self.separating_axes(other);
        axes.iter().all(|&axis| {
            let (amin, amax) = project(a, axis);
            let (bmin, bmax) = project(b, axis);
            amax >= bmin - EPS && bmax >= amin - EPS
        })
    }

    /// The travels `t` over which this rectangle, slid by `dir * t`,
    /// overlaps `other` by at least `depth` on each of the four separating
    /// axes, as `(lo, hi)`, if there are any. The overlap of two convex
    /// shapes sliding along a line is one interval, so every travel between
    /// `lo` and `hi` overlaps; with `depth` above rounding, [`Rect::overlaps`]
    /// holds there for sure.
    pub fn overlap_span(&self, dir: Vec2, other: &Rect, depth: f64) -> Option<(f64, f64)> {
        let (a, b) = (self.corners(), other.corners());
        let axes = self.separating_axes(other);
        let (mut lo, mut hi) = (f64::NEG_INFINITY, f64::INFINITY);
        for axis in axes {
            let (amin, amax) = project(&a, axis);
            let (bmin, bmax) = project(&b, axis);
            // The slide moves our projection by t * k; it must land in [low, high].
            let (low, high) = (bmin + depth - amax, bmax - depth - amin);
            let k = dir.dot(axis);
            if low > high {
                return None;
            }
            if k.abs() < 1e-12 {
                if low > 0.0 || high < 0.0 {
                    return None;
                }
                continue;
            }
            let (t0, t1) = if k > 0.0 {
                (low / k, high / k)
            } else {
                (high / k, low / k)
            };
            lo = lo.max(t0);
            hi = hi.min(t1);
        }
        (lo <= hi).then_some((lo, hi))
    }

    /// Whether the two rectangles are certainly more than `gap` apart, from
    /// their centres and facings (no corners). `false` means only "maybe
    /// not": the caller must then measure [`Rect::distance`]. The test
    /// allows [`SLACK`] for rounding, so it never says `true` where
    /// `distance` would be `<= gap`; a caller that skips work on `true`
    /// gets exactly the answers it would have got without the test.
    ///
    /// First by the circles around the centres (no square root); then by
    /// the line through both centres: along it each rectangle reaches at
    /// most its half-width and half-depth projected, and the gap between
    /// the two projections is never more than the distance. The second
    /// test is much tighter for wide trays facing each other.
    pub fn surely_farther_than(&self, other: &Rect, gap: f64) -> bool {
        let reach = gap + self.reach() + other.reach() + SLACK;
        let d = self.centre - other.centre;
        let dd = d.dot(d);
        if reach < 0.0 {
            return false;
        }
        if dd > reach * reach {
            return true;
        }
        // With u = d / |d|, a rectangle's projection on u reaches
        // (w |u.right| + h |u.facing|) / 2 from its centre's; both sides
        // are multiplied by |d| to spare the divisions.
        let support = |r: &Rect| {
            (d.dot(r.facing.right()).abs() * r.width + d.dot(r.facing).abs() * r.depth) / 2.0
        };
        dd - support(self) - support(other) > (gap + SLACK) * dd.sqrt()
    }

    /// How far any point of the rectangle can be from its centre, at most
    /// (half of width plus depth, which is no less than the half-diagonal).
    fn reach(&self) -> f64 {
        (self.width + self.depth) / 2.0
    }

    /// The closest distance between the two rectangles (0 when they
    /// overlap). The answer is the least
    /// corner-to-edge distance, each measured in world coordinates
    /// ([`point_segment_distance_sq`]). Measuring all 32 corner-edge pairs
    /// that way is slow, so each corner is first measured cheaply to the
    /// other rectangle in its frame (no division; the least of its four
    /// cheap edge distances), and only the corner-edge pairs within
    /// rounding of the cheap least are measured again the world way. Any
    /// other pair is longer by far more than both methods' rounding, so the
    /// answer is bit for bit the least over all 32 (tested against that).
    pub fn distance(&self, other: &Rect) -> f64 {
        let (a, b) = (self.corners(), other.corners());
        if self.overlaps_with_corners(other, &a, &b) {
            return 0.0;
        }
        // No corner lies inside the other rectangle, so a corner's least
        // edge distance is its distance to that rectangle: one sum per
        // corner, and only the corners near the least get their four edges.
        let near_a = [0, 1, 2, 3].map(|j| self.outside_distance_sq(b[j]));
        let near_b = [0, 1, 2, 3].map(|j| other.outside_distance_sq(a[j]));
        let mut least = f64::INFINITY;
        for j in 0..4 {
            least = least.min(near_a[j]).min(near_b[j]);
        }
        let cut = near_least(least);
        let mut best = f64::INFINITY;
        for j in 0..4 {
            if near_a[j] <= cut {
                let edges = self.edge_distances_sq(b[j]);
                for i in 0..4 {
                    if edges[i] <= cut {
                        best = best.min(point_segment_distance_sq(b[j], a[i], a[(i + 1) % 4]));
                    }
                }
            }
            if near_b[j] <= cut {
                let edges = other.edge_distances_sq(a[j]);
                for i in 0..4 {
                    if edges[i] <= cut {
                        best = best.min(point_segment_distance_sq(a[j], b[i], b[(i + 1) % 4]));
                    }
                }
            }
        }
        best.sqrt()
    }

    /// The squared distance from `p`, outside this rectangle, to it: in
    /// this frame, the least of [`Rect::edge_distances_sq`] bit for bit
    /// (the nearest edge's sum has the same two terms; every other edge's
    /// terms are no smaller).
    fn outside_distance_sq(&self, p: Vec2) -> f64 {
        let (beyond_x, beyond_y) = self.beyond(self.to_local(p));
        beyond_x * beyond_x + beyond_y * beyond_y
    }

    /// The squared distances from `p` to each edge, in the order of
    /// [`Rect::corners`] (edge i runs from corner i to corner i + 1: front,
    /// right, rear, left), measured in this rectangle's frame.
    fn edge_distances_sq(&self, p: Vec2) -> [f64; 4] {
        let l = self.to_local(p);
        let (hw, hd) = (self.width / 2.0, self.depth / 2.0);
        let (beyond_x, beyond_y) = self.beyond(l);
        let to_edge = |along: f64, across: f64| along * along + across * across;
        [
            to_edge(beyond_x, l.y - hd),
            to_edge(l.x - hw, beyond_y),
            to_edge(beyond_x, l.y + hd),
            to_edge(l.x + hw, beyond_y),
        ]
    }

    /// The closest distance from this rectangle to a point (0 inside).
    pub fn distance_to_point(&self, p: Vec2) -> f64 {
        let (dx, dy) = self.beyond(self.to_local(p));
        dx.hypot(dy)
    }

    /// How far the local point `l` lies beyond the side edges' span and
    /// beyond the front and rear edges' span (0 within it).
    fn beyond(&self, l: Vec2) -> (f64, f64) {
        (
            (l.x.abs() - self.width / 2.0).max(0.0),
            (l.y.abs() - self.depth / 2.0).max(0.0),
        )
    }

    /// The arc of this rectangle that `p` lies in. Each arc is bounded by
    /// lines at 45 degrees outward from the corners; a point exactly on a
    /// line counts as the less advantageous arc for an attacker there
    /// (front before flank, flank before rear).
    pub fn arc_of(&self, p: Vec2) -> Arc {
        let l = self.to_local(p);
        let ax = l.x.abs() - self.width / 2.0;
        let fy = l.y - self.depth / 2.0;
        let ry = -l.y - self.depth / 2.0;
        if fy >= -EPS && ax <= fy + EPS {
            Arc::Front
        } else if ry > EPS && ax < ry - EPS {
            Arc::Rear
        } else if l.x < 0.0 {
            Arc::Left
        } else {
            Arc::Right
        }
    }

    /// Whether any of `other`'s corners, edge midpoints or centre is in this
    /// rectangle's `arc` ("at least partly inside the arc").
    pub fn partly_in_arc(&self, other: &Rect, arc: Arc) -> bool {
        let c = other.corners();
        let probes = [
            c[0],
            c[1],
            c[2],
            c[3],
            (c[0] + c[1]) * 0.5,
            (c[1] + c[2]) * 0.5,
            (c[2] + c[3]) * 0.5,
            (c[3] + c[0]) * 0.5,
            other.centre,
        ];
        probes.iter().any(|&p| self.arc_of(p) == arc)
    }

    /// Whether the segment `a`-`b` crosses or touches this rectangle.
    pub fn crossed_by(&self, a: Vec2, b: Vec2) -> bool {
        // A segment whose bounding box misses the rectangle's reach (by more
        // than the crossing test's tolerances) cannot touch it.
        let reach = self.reach() + SLACK;
        let c = self.centre;
        if a.x.max(b.x) < c.x - reach
            || a.x.min(b.x) > c.x + reach
            || a.y.max(b.y) < c.y - reach
            || a.y.min(b.y) > c.y + reach
        {
            return false;
        }
        if self.contains(a) || self.contains(b) {
            return true;
        }
        let c = self.corners();
        (0..4).any(|i| segments_cross(a, b, c[i], c[(i + 1) % 4]))
    }

    /// How far this rectangle can slide along the unit vector `dir` before it
    /// touches `other`, if it ever does (0 when they already touch).
    pub fn contact_distance(&self, dir: Vec2, other: &Rect) -> Option<f64> {
        if self.overlaps(other) {
            return Some(0.0);
        }
        let (a, b) = (self.corners(), other.corners());
        let mut best: Option<f64> = None;
        let mut keep = |t: Option<f64>| {
            if let Some(t) = t {
                best = Some(best.map_or(t, |b: f64| b.min(t)));
            }
        };
        for i in 0..4 {
            for j in 0..4 {
                // Our corners run into their edges, their corners into ours.
                keep(ray_segment(a[j], dir, b[i], b[(i + 1) % 4]));
                keep(ray_segment(b[j], -dir, a[i], a[(i + 1) % 4]));
            }
        }
        best
    }

    /// Moved by `offset`, facing unchanged.
    pub fn translated(&self, offset: Vec2) -> Rect {
        Rect {
            centre: self.centre + offset,
            ..*self
        }
    }

    /// Turned by `radians` clockwise about its centre (a pivot).
    pub fn pivoted(&self, radians: f64) -> Rect {
        Rect {
            facing: self.facing.rotated(radians).normalized(),
            ..*self
        }
    }

    /// Wheeled by `radians` (clockwise positive): the front corner on the
    /// inside of the turn stays put and the rest swings forward around it.
    pub fn wheeled(&self, radians: f64) -> Rect {
        let [fl, fr, _, _] = self.corners();
        // Turning right (clockwise) keeps the front-right corner fixed.
        let hinge = if radians >= 0.0 { fr } else { fl };
        let facing = self.facing.rotated(radians).normalized();
        let centre = hinge + (self.centre - hinge).rotated(radians);
        Rect {
            centre,
            facing,
            ..*self
        }
    }
}

fn project(points: &[Vec2; 4], axis: Vec2) -> (f64, f64) {
    let mut lo = f64::INFINITY;
    let mut hi = f64::NEG_INFINITY;
    for p in points {
        let d = p.dot(axis);
        lo = lo.min(d);
        hi = hi.max(d);
    }
    (lo, hi)
}

/// The inches a wheel through `radians` costs a unit of frontage `width`:
/// the path of its outer front corner, `width * angle`.
pub fn wheel_cost(width: f64, radians: f64) -> f64 {
    width * radians.abs()
}

/// The inches a pivot about the centre costs a unit of speed `speed`:
/// `ceil(speed / 4)` up to 90 degrees, `ceil(speed / 2)` up to 180.
pub fn pivot_cost(speed: f64, radians: f64) -> f64 {
    let a = radians.abs();
    if a < EPS {
        0.0
    } else if a <= std::f64::consts::FRAC_PI_2 + EPS {
        (speed / 4.0).ceil()
    } else {
        (speed / 2.0).ceil()
    }
}

/// The largest squared length within rounding of the least one `least`:
/// the cut between lengths that must be told apart exactly and lengths
/// surely longer ([`Rect::distance`], [`Rect::nearest_corner`]).
fn near_least(least: f64) -> f64 {
    least + 1e-9 * (1.0 + least)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tray(x: f64, y: f64, bearing: f64) -> Rect {
        Rect::new(Vec2::new(x, y), bearing, 4.0, 2.0)
    }

    #[test]
    fn distances_between_trays() {
        let a = tray(10.0, 10.0, 0.0);
        // Straight ahead: front edge at y = 11, other's rear edge at y = 15.
        let b = tray(10.0, 16.0, 180.0);
        assert!((a.distance(&b) - 4.0).abs() < 1e-9);
        // Corner to corner on the diagonal.
        let c = tray(17.0, 16.0, 0.0);
        assert!((a.distance(&c) - (3.0f64.hypot(4.0))).abs() < 1e-9);
        // Overlap is zero.
        assert_eq!(a.distance(&tray(11.0, 10.5, 30.0)), 0.0);
        // A rotated neighbour: distance is from its nearest corner.
        let d = Rect::new(Vec2::new(10.0, 15.0), 45.0, 2.0, 2.0);
        let expect = 15.0 - 2f64.sqrt() - 11.0;
        assert!((a.distance(&d) - expect).abs() < 1e-9);
        assert!((a.distance_to_point(Vec2::new(10.0, 14.0)) - 3.0).abs() < 1e-9);
    }

    /// The least of all 32 corner-edge distances, the way `distance` was
    /// first written: the oracle for the pruned version.
    fn distance_all_pairs(a: &Rect, b: &Rect) -> f64 {
        if a.overlaps(b) {
            return 0.0;
        }
        let (ca, cb) = (a.corners(), b.corners());
        let mut best = f64::INFINITY;
        for i in 0..4 {
            for j in 0..4 {
                best = best.min(point_segment_distance_sq(ca[j], cb[i], cb[(i + 1) % 4]));
                best = best.min(point_segment_distance_sq(cb[j], ca[i], ca[(i + 1) % 4]));
            }
        }
        best.sqrt()
    }

    /// Uniform numbers in [0, 1) from a fixed seed.
    fn uniform(seed: u64) -> impl FnMut() -> f64 {
        use rand_core::{RngCore, SeedableRng};
        let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(seed);
        move || (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64
    }

    #[test]
    fn surely_farther_never_wrong_and_often_sure() {
        let mut unit = uniform(11);
        let (mut sure, mut far) = (0, 0);
        for n in 0..100_000 {
            let grid = n % 4 == 0;
            let mut rect = || {
                let bearing = if grid {
                    90.0 * (unit() * 4.0).floor()
                } else {
                    unit() * 360.0
                };
                let (x, y) = (unit() * 72.0, unit() * 48.0);
                let (x, y) = if grid { (x.round(), y.round()) } else { (x, y) };
                Rect::new(
                    Vec2::new(x, y),
                    bearing,
                    0.5 + unit() * 10.0,
                    0.5 + unit() * 4.0,
                )
            };
            let (a, b) = (rect(), rect());
            let d = distance_all_pairs(&a, &b);
            // Gaps just under, at and over the distance, and anywhere.
            for gap in [d, d - 1e-9, d + 1e-9, d * (1.0 - 1e-12), unit() * 30.0, 0.0] {
                if a.surely_farther_than(&b, gap) {
                    assert!(d > gap, "{a:?} {b:?}: {d} <= {gap}");
                }
            }
            // Sure of most pairs more than an inch beyond the gap.
            if d > 1.0 {
                far += 1;
                sure += usize::from(a.surely_farther_than(&b, d - 1.0));
            }
        }
        assert!(sure * 2 > far, "sure of {sure} of {far}");
    }

    #[test]
    fn nearest_corner_is_the_first_nearest_by_distance() {
        let mut unit = uniform(5);
        for n in 0..100_000 {
            // Every other case on a grid, where ties between corners are common.
            let grid = n % 2 == 0;
            let snap = |v: f64| if grid { (v * 2.0).round() / 2.0 } else { v };
            let bearing = if grid {
                90.0 * (unit() * 4.0).floor()
            } else {
                unit() * 360.0
            };
            let r = Rect::new(
                Vec2::new(snap(unit() * 72.0), snap(unit() * 48.0)),
                bearing,
                snap(1.0 + unit() * 8.0),
                snap(1.0 + unit() * 4.0),
            );
            let p = Vec2::new(snap(unit() * 72.0), snap(unit() * 48.0));
            let plain = r
                .corners()
                .into_iter()
                .min_by(|a, b| a.distance(p).total_cmp(&b.distance(p)))
                .unwrap();
            let fast = r.nearest_corner(p);
            assert_eq!(
                (fast.x.to_bits(), fast.y.to_bits()),
                (plain.x.to_bits(), plain.y.to_bits())
            );
        }
    }

    #[test]
    fn pruned_distance_is_bit_identical_to_all_pairs() {
        let mut unit = uniform(7);
        let mut checked = 0;
        for n in 0..200_000 {
            // Board-sized positions; every 4th pair on a common grid and
            // bearing, so touching and parallel edges are common.
            let grid = n % 4 == 0;
            let rect = |u: &mut dyn FnMut() -> f64| {
                let (x, y) = (u() * 72.0, u() * 48.0);
                let (x, y) = if grid {
                    (x.round(), (y * 2.0).round() / 2.0)
                } else {
                    (x, y)
                };
                let bearing = if grid {
                    (u() * 4.0).floor() * 90.0
                } else {
                    u() * 360.0
                };
                Rect::new(Vec2::new(x, y), bearing, 0.5 + u() * 8.0, 0.5 + u() * 4.0)
            };
            let (a, b) = (rect(&mut unit), rect(&mut unit));
            let (fast, slow) = (a.distance(&b), distance_all_pairs(&a, &b));
            assert_eq!(
                fast.to_bits(),
                slow.to_bits(),
                "{a:?} {b:?}: {fast} vs {slow}"
            );
            checked += usize::from(slow > 0.0);
        }
        assert!(checked > 100_000, "too few separated pairs: {checked}");
    }

    #[test]
    fn overlap_spans_hold_overlaps_only() {
        // A tray sliding north through another: its front edge (y = 11)
        // meets the other's rear edge (y = 15) at t = 4 and its rear edge
        // (y = 9) leaves the other's front edge (y = 17) at t = 8.
        let a = tray(10.0, 10.0, 0.0);
        let b = tray(10.0, 16.0, 0.0);
        let north = Vec2::new(0.0, 1.0);
        let (lo, hi) = a.overlap_span(north, &b, 1e-6).unwrap();
        assert!(
            (lo - 4.0).abs() < 1e-5 && (hi - 8.0).abs() < 1e-5,
            "{lo} {hi}"
        );
        assert!(a.overlap_span(Vec2::new(1.0, 0.0), &b, 1e-6).is_none());
        // Random slides: every travel inside a span overlaps.
        let mut unit = uniform(11);
        let mut spans = 0;
        for _ in 0..20_000 {
            let rect = |u: &mut dyn FnMut() -> f64| {
                let centre = Vec2::new(u() * 24.0, u() * 24.0);
                Rect::new(centre, u() * 360.0, 0.5 + u() * 8.0, 0.5 + u() * 4.0)
            };
            let (p, q) = (rect(&mut unit), rect(&mut unit));
            let dir = Vec2::from_bearing(unit() * 360.0);
            if let Some((lo, hi)) = p.overlap_span(dir, &q, 1e-6) {
                spans += 1;
                for k in 0..=8 {
                    let t = lo + (hi - lo) * f64::from(k) / 8.0;
                    assert!(
                        p.translated(dir * t).overlaps(&q),
                        "{p:?} {q:?} {dir:?} {t}"
                    );
                }
                assert!(!p.translated(dir * (lo - 0.01)).overlaps(&q));
                assert!(!p.translated(dir * (hi + 0.01)).overlaps(&q));
            }
        }
        assert!(spans > 1_000, "too few overlapping slides: {spans}");
    }

    #[test]
    fn arcs_by_corner_diagonals() {
        let a = tray(0.0, 0.0, 0.0); // corners at x = +-2, y = +-1
        assert_eq!(a.arc_of(Vec2::new(0.0, 5.0)), Arc::Front);
        assert_eq!(
            a.arc_of(Vec2::new(5.0, 4.0)),
            Arc::Front,
            "on the 45-degree line"
        );
        assert_eq!(a.arc_of(Vec2::new(5.1, 4.0)), Arc::Right);
        assert_eq!(a.arc_of(Vec2::new(-6.0, 0.0)), Arc::Left);
        assert_eq!(a.arc_of(Vec2::new(0.0, -3.0)), Arc::Rear);
        assert_eq!(
            a.arc_of(Vec2::new(5.0, -4.0)),
            Arc::Right,
            "flank before rear"
        );
        // Rotate the tray to face east: its front is now +x.
        let e = tray(0.0, 0.0, 90.0);
        assert_eq!(e.arc_of(Vec2::new(6.0, 0.0)), Arc::Front);
        assert_eq!(e.arc_of(Vec2::new(0.0, 6.0)), Arc::Left);
        assert!(a.partly_in_arc(&tray(6.0, 5.0, 0.0), Arc::Front));
        assert!(!a.partly_in_arc(&tray(9.0, 2.0, 0.0), Arc::Front));
    }

    #[test]
    fn manoeuvres_keep_shape() {
        let a = tray(10.0, 10.0, 0.0);
        let w = a.wheeled(std::f64::consts::FRAC_PI_2);
        let [_, fr, ..] = a.corners();
        let [_, fr2, ..] = w.corners();
        // Wheeling right: the inner (front-right) corner stays put.
        assert!(fr.distance(fr2) < 1e-9);
        assert!((w.centre.x - 11.0).abs() < 1e-9 && (w.centre.y - 13.0).abs() < 1e-9);
        assert!((w.facing.bearing() - 90.0).abs() < 1e-9);
        assert_eq!(
            format!("{:.2}", wheel_cost(4.0, std::f64::consts::FRAC_PI_2)),
            "6.28"
        );
        assert_eq!(
            format!("{:.2}", wheel_cost(8.0, std::f64::consts::FRAC_PI_4)),
            "6.28"
        );
        let p = a.pivoted(std::f64::consts::PI);
        assert_eq!(p.centre, a.centre);
        assert!((p.facing.bearing() - 180.0).abs() < 1e-9);
    }

    #[test]
    fn line_of_sight_and_sliding() {
        let a = tray(10.0, 10.0, 0.0);
        assert!(a.crossed_by(Vec2::new(0.0, 10.0), Vec2::new(20.0, 10.0)));
        assert!(!a.crossed_by(Vec2::new(0.0, 12.0), Vec2::new(20.0, 12.0)));
        let b = tray(10.0, 20.0, 180.0);
        let d = a.contact_distance(Vec2::new(0.0, 1.0), &b).unwrap();
        assert!((d - 8.0).abs() < 1e-9);
        assert!(a.contact_distance(Vec2::new(0.0, -1.0), &b).is_none());
    }
}
