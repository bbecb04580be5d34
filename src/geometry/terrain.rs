//! The table and what stands on it: the board's edges, and terrain areas
//! (convex polygons or circles) with their flags: difficult ground, hills
//! with an elevation, woods and walls that give cover or block sight,
//! obstacles. This module measures (how much of a path lies inside an area,
//! where a ray leaves the board); what a flag means in play is the
//! ruleset's business.

use super::plane::{point_segment_distance, ray_segment, Vec2, EPS};
use super::rect::Rect;
use serde::Serialize;

/// The playing area: `width` along x, `depth` along y, corner at the origin.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Board {
    pub width: f64,
    pub depth: f64,
}

impl Board {
    pub fn contains(&self, p: Vec2) -> bool {
        p.x >= -EPS && p.y >= -EPS && p.x <= self.width + EPS && p.y <= self.depth + EPS
    }

    /// Whether the whole rectangle is on the table.
    pub fn holds(&self, r: &Rect) -> bool {
        r.corners().iter().all(|&c| self.contains(c))
    }

    /// The unit vector from `p` toward the nearest board edge.
    pub fn nearest_edge_direction(&self, p: Vec2) -> Vec2 {
        let candidates = [
            (p.x, Vec2::new(-1.0, 0.0)),
            (self.width - p.x, Vec2::new(1.0, 0.0)),
            (p.y, Vec2::new(0.0, -1.0)),
            (self.depth - p.y, Vec2::new(0.0, 1.0)),
        ];
        let mut best = candidates[0];
        for c in candidates {
            if c.0 < best.0 {
                best = c;
            }
        }
        best.1
    }

    /// How far the rectangle can slide along `dir` before any corner reaches
    /// an edge (0 if one is already off).
    pub fn distance_to_edge(&self, r: &Rect, dir: Vec2) -> f64 {
        r.corners()
            .iter()
            .map(|&c| self.exit_distance(c, dir))
            .fold(f64::INFINITY, f64::min)
    }

    /// How far a point can go along `dir` before it leaves the board.
    pub fn exit_distance(&self, p: Vec2, dir: Vec2) -> f64 {
        if !self.contains(p) {
            return 0.0;
        }
        let along = |pos: f64, d: f64, max: f64| {
            if d > EPS {
                (max - pos) / d
            } else if d < -EPS {
                -pos / d
            } else {
                f64::INFINITY
            }
        };
        along(p.x, dir.x, self.width)
            .min(along(p.y, dir.y, self.depth))
            .max(0.0)
    }
}

/// What a terrain area does to shots through it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub enum Cover {
    #[default]
    None,
    /// -2 to hit.
    Cover,
    /// -5 to hit.
    Superior,
}

/// The outline of a terrain area.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub enum Shape {
    /// A convex polygon, vertices in order (either winding).
    Polygon(Vec<Vec2>),
    Circle {
        centre: Vec2,
        radius: f64,
    },
}

/// One terrain piece and its flags.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Area {
    pub name: String,
    pub shape: Shape,
    /// Every inch moved inside costs two.
    pub difficult: bool,
    /// Lines of sight through the area are blocked.
    pub blocks_sight: bool,
    pub cover: Cover,
    /// Height of the ground inside (hills), 0 for flat ground.
    pub elevation: i8,
    /// A wall or hedge: cover in close combat.
    pub obstacle: bool,
}

impl Area {
    pub fn contains(&self, p: Vec2) -> bool {
        match &self.shape {
            Shape::Circle { centre, radius } => p.distance(*centre) <= *radius + EPS,
            Shape::Polygon(v) => {
                let n = v.len();
                let mut sign = 0.0f64;
                for i in 0..n {
                    let c = (v[(i + 1) % n] - v[i]).cross(p - v[i]);
                    if c.abs() <= EPS {
                        continue;
                    }
                    if sign == 0.0 {
                        sign = c.signum();
                    } else if c.signum() != sign {
                        return false;
                    }
                }
                true
            }
        }
    }

    /// The length of the segment `a`-`b` that lies inside the area.
    pub fn length_inside(&self, a: Vec2, b: Vec2) -> f64 {
        match self.clip(a, b) {
            Some((t0, t1)) => (t1 - t0) * a.distance(b),
            None => 0.0,
        }
    }

    /// Whether any part of the segment `a`-`b` lies inside the area.
    pub fn crossed_by(&self, a: Vec2, b: Vec2) -> bool {
        match &self.shape {
            Shape::Circle { centre, radius } => point_segment_distance(*centre, a, b) <= *radius,
            Shape::Polygon(_) => self.contains(a) || self.contains(b) || self.clip(a, b).is_some(),
        }
    }

    /// Whether the rectangle overlaps the area (a corner or the centre
    /// inside, or an edge of the rectangle crossing it).
    pub fn touches(&self, r: &Rect) -> bool {
        let c = r.corners();
        self.contains(r.centre) || (0..4).any(|i| self.crossed_by(c[i], c[(i + 1) % 4]))
    }

    /// The parameter range `[t0, t1]` of `a + t (b - a)` inside the area.
    fn clip(&self, a: Vec2, b: Vec2) -> Option<(f64, f64)> {
        let d = b - a;
        let (mut t0, mut t1) = (0.0f64, 1.0f64);
        match &self.shape {
            Shape::Circle { centre, radius } => {
                let f = a - *centre;
                let qa = d.dot(d);
                if qa < EPS {
                    return None;
                }
                let qb = 2.0 * f.dot(d);
                let qc = f.dot(f) - radius * radius;
                let disc = qb * qb - 4.0 * qa * qc;
                if disc <= 0.0 {
                    return None;
                }
                let s = disc.sqrt();
                t0 = t0.max((-qb - s) / (2.0 * qa));
                t1 = t1.min((-qb + s) / (2.0 * qa));
            }
            Shape::Polygon(v) => {
                // Cyrus-Beck against each edge's inward half-plane.
                let n = v.len();
                let orientation = polygon_orientation(v);
                for i in 0..n {
                    let e = v[(i + 1) % n] - v[i];
                    let num = orientation * e.cross(a - v[i]);
                    let den = orientation * e.cross(d);
                    if den.abs() < EPS {
                        if num < 0.0 {
                            return None;
                        }
                        continue;
                    }
                    let t = -num / den;
                    if den > 0.0 {
                        t0 = t0.max(t);
                    } else {
                        t1 = t1.min(t);
                    }
                }
            }
        }
        (t1 - t0 > EPS).then_some((t0, t1))
    }

    /// How far a ray from `origin` along `dir` goes before entering the area.
    pub fn entry_distance(&self, origin: Vec2, dir: Vec2) -> Option<f64> {
        if self.contains(origin) {
            return Some(0.0);
        }
        match &self.shape {
            Shape::Circle { centre, radius } => {
                let f = origin - *centre;
                let b = f.dot(dir);
                let c = f.dot(f) - radius * radius;
                let disc = b * b - c;
                (disc >= 0.0 && -b - disc.sqrt() >= 0.0).then(|| -b - disc.sqrt())
            }
            Shape::Polygon(v) => {
                let n = v.len();
                (0..n)
                    .filter_map(|i| ray_segment(origin, dir, v[i], v[(i + 1) % n]))
                    .reduce(f64::min)
            }
        }
    }
}

/// +1 for counter-clockwise vertices, -1 for clockwise.
fn polygon_orientation(v: &[Vec2]) -> f64 {
    let n = v.len();
    let twice_area: f64 = (0..n).map(|i| v[i].cross(v[(i + 1) % n])).sum();
    if twice_area >= 0.0 {
        1.0
    } else {
        -1.0
    }
}

/// The cost in inches of moving straight from `a` to `b`: the length, plus
/// the length again for every difficult area the path runs through.
pub fn path_cost(a: Vec2, b: Vec2, areas: &[Area]) -> f64 {
    a.distance(b)
        + areas
            .iter()
            .filter(|t| t.difficult)
            .map(|t| t.length_inside(a, b))
            .sum::<f64>()
}

/// How far a move from `a` along the unit vector `dir` gets on a budget of
/// `budget` inches, paying double inside difficult areas.
pub fn reach_along(a: Vec2, dir: Vec2, budget: f64, areas: &[Area]) -> f64 {
    if budget <= 0.0 {
        return 0.0;
    }
    // Cost grows monotonically with distance and at most doubles per
    // overlapping area, so the answer lies between budget / (1 + n) and
    // budget; bisect to a millionth of an inch.
    let n_difficult = areas.iter().filter(|t| t.difficult).count() as f64;
    let (mut lo, mut hi) = (budget / (1.0 + n_difficult), budget);
    if path_cost(a, a + dir * hi, areas) <= budget + EPS {
        return hi;
    }
    for _ in 0..60 {
        let mid = 0.5 * (lo + hi);
        if path_cost(a, a + dir * mid, areas) <= budget {
            lo = mid;
        } else {
            hi = mid;
        }
        if hi - lo < 1e-7 {
            break;
        }
    }
    lo
}

#[cfg(test)]
mod tests {
    use super::*;

    fn square_area(x0: f64, y0: f64, side: f64, difficult: bool) -> Area {
        Area {
            name: "test".into(),
            shape: Shape::Polygon(vec![
                Vec2::new(x0, y0),
                Vec2::new(x0 + side, y0),
                Vec2::new(x0 + side, y0 + side),
                Vec2::new(x0, y0 + side),
            ]),
            difficult,
            blocks_sight: false,
            cover: Cover::None,
            elevation: 0,
            obstacle: false,
        }
    }

    #[test]
    fn clipping_and_containment() {
        let a = square_area(10.0, 0.0, 10.0, true);
        assert!(a.contains(Vec2::new(15.0, 5.0)));
        assert!(!a.contains(Vec2::new(25.0, 5.0)));
        let len = a.length_inside(Vec2::new(0.0, 5.0), Vec2::new(30.0, 5.0));
        assert!((len - 10.0).abs() < 1e-9);
        let c = Area {
            shape: Shape::Circle {
                centre: Vec2::new(0.0, 0.0),
                radius: 2.0,
            },
            ..a.clone()
        };
        assert!((c.length_inside(Vec2::new(-5.0, 0.0), Vec2::new(5.0, 0.0)) - 4.0).abs() < 1e-9);
        assert!(
            (c.entry_distance(Vec2::new(-5.0, 0.0), Vec2::new(1.0, 0.0))
                .unwrap()
                - 3.0)
                .abs()
                < 1e-9
        );
        assert!(
            (a.entry_distance(Vec2::new(0.0, 5.0), Vec2::new(1.0, 0.0))
                .unwrap()
                - 10.0)
                .abs()
                < 1e-9
        );
    }

    #[test]
    fn difficult_ground_halves_the_move() {
        // Digest TV-21: speed 6, 3" of open ground, then difficult terrain.
        let areas = [square_area(3.0, -5.0, 20.0, true)];
        let reached = reach_along(Vec2::ZERO, Vec2::new(1.0, 0.0), 6.0, &areas);
        assert!(
            (reached - 4.5).abs() < 1e-6,
            "3 + 1.5 inches, got {reached}"
        );
        let inside = reach_along(Vec2::new(5.0, 0.0), Vec2::new(1.0, 0.0), 6.0, &areas);
        assert!((inside - 3.0).abs() < 1e-6);
        let open = reach_along(Vec2::new(0.0, 20.0), Vec2::new(1.0, 0.0), 6.0, &areas);
        assert!((open - 6.0).abs() < 1e-9);
    }

    #[test]
    fn board_edges() {
        let b = Board {
            width: 72.0,
            depth: 48.0,
        };
        assert_eq!(
            b.nearest_edge_direction(Vec2::new(70.0, 24.0)),
            Vec2::new(1.0, 0.0)
        );
        assert_eq!(
            b.nearest_edge_direction(Vec2::new(30.0, 3.0)),
            Vec2::new(0.0, -1.0)
        );
        let r = Rect::new(Vec2::new(30.0, 10.0), 180.0, 4.0, 2.0);
        assert!((b.distance_to_edge(&r, Vec2::new(0.0, -1.0)) - 9.0).abs() < 1e-9);
        assert!(b.holds(&r));
        assert!(!b.holds(&r.translated(Vec2::new(0.0, -9.5))));
    }
}
