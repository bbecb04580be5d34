//! Points and vectors on a table measured in inches, and the segment
//! primitives everything else is built from (point-to-segment distance,
//! segment crossing, ray casts). Plain `f64`, `Copy`, no allocation.

use serde::Serialize;

/// Distances closer than this are treated as equal (a billionth of an inch).
pub const EPS: f64 = 1e-9;

/// A point or a vector in inches. `x` runs along the long edge, `y` from
/// side A's table edge toward side B's.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize)]
pub struct Vec2 {
    pub x: f64,
    pub y: f64,
}

impl Vec2 {
    pub const ZERO: Vec2 = Vec2 { x: 0.0, y: 0.0 };

    pub const fn new(x: f64, y: f64) -> Self {
        Vec2 { x, y }
    }

    /// The unit vector at `degrees` clockwise from "north" (+y): 0 faces
    /// side B's edge, 90 faces +x, 180 faces side A's edge.
    pub fn from_bearing(degrees: f64) -> Self {
        let r = degrees.to_radians();
        Vec2::new(r.sin(), r.cos())
    }

    /// The bearing of this vector in degrees, in `[0, 360)` (see [`Vec2::from_bearing`]).
    pub fn bearing(self) -> f64 {
        let d = self.x.atan2(self.y).to_degrees();
        if d < 0.0 {
            d + 360.0
        } else {
            d
        }
    }

    pub fn dot(self, o: Vec2) -> f64 {
        self.x * o.x + self.y * o.y
    }

    /// The z component of the 3-D cross product.
    pub fn cross(self, o: Vec2) -> f64 {
        self.x * o.y - self.y * o.x
    }

    pub fn length(self) -> f64 {
        self.x.hypot(self.y)
    }

    pub fn distance(self, o: Vec2) -> f64 {
        (self - o).length()
    }

    /// This vector scaled to length 1 (the zero vector stays zero).
    pub fn normalized(self) -> Vec2 {
        let l = self.length();
        if l < EPS {
            Vec2::ZERO
        } else {
            self * (1.0 / l)
        }
    }

    /// Rotated 90 degrees clockwise: the "right hand" of a facing.
    pub fn right(self) -> Vec2 {
        Vec2::new(self.y, -self.x)
    }

    /// Rotated by `radians` clockwise (the bearing grows).
    pub fn rotated(self, radians: f64) -> Vec2 {
        let (s, c) = radians.sin_cos();
        Vec2::new(self.x * c + self.y * s, -self.x * s + self.y * c)
    }

    /// The angle in radians between two unit vectors, in `[0, pi]`.
    pub fn angle_to(self, o: Vec2) -> f64 {
        self.cross(o).abs().atan2(self.dot(o))
    }
}

impl std::ops::Add for Vec2 {
    type Output = Vec2;
    fn add(self, o: Vec2) -> Vec2 {
        Vec2::new(self.x + o.x, self.y + o.y)
    }
}

impl std::ops::Sub for Vec2 {
    type Output = Vec2;
    fn sub(self, o: Vec2) -> Vec2 {
        Vec2::new(self.x - o.x, self.y - o.y)
    }
}

impl std::ops::Mul<f64> for Vec2 {
    type Output = Vec2;
    fn mul(self, k: f64) -> Vec2 {
        Vec2::new(self.x * k, self.y * k)
    }
}

impl std::ops::Neg for Vec2 {
    type Output = Vec2;
    fn neg(self) -> Vec2 {
        Vec2::new(-self.x, -self.y)
    }
}

impl std::fmt::Display for Vec2 {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "({:.1}, {:.1})", self.x, self.y)
    }
}

/// The distance from `p` to the segment `a`-`b`.
pub fn point_segment_distance(p: Vec2, a: Vec2, b: Vec2) -> f64 {
    point_segment_distance_sq(p, a, b).sqrt()
}

/// The square of [`point_segment_distance`] (no square root: for finding
/// the least of many distances).
pub fn point_segment_distance_sq(p: Vec2, a: Vec2, b: Vec2) -> f64 {
    let ab = b - a;
    let len2 = ab.dot(ab);
    let t = if len2 < EPS {
        0.0
    } else {
        ((p - a).dot(ab) / len2).clamp(0.0, 1.0)
    };
    let d = p - (a + ab * t);
    d.dot(d)
}

/// Whether the segments `a`-`b` and `c`-`d` cross or touch.
pub fn segments_cross(a: Vec2, b: Vec2, c: Vec2, d: Vec2) -> bool {
    let r = b - a;
    let s = d - c;
    let denom = r.cross(s);
    let ac = c - a;
    if denom.abs() < EPS {
        // Parallel: they cross only if collinear and overlapping.
        if ac.cross(r).abs() > EPS {
            return false;
        }
        let len2 = r.dot(r);
        if len2 < EPS {
            return point_segment_distance(a, c, d) < EPS;
        }
        let t0 = ac.dot(r) / len2;
        let t1 = (d - a).dot(r) / len2;
        let (lo, hi) = if t0 < t1 { (t0, t1) } else { (t1, t0) };
        return hi >= -EPS && lo <= 1.0 + EPS;
    }
    let t = ac.cross(s) / denom;
    let u = ac.cross(r) / denom;
    (-EPS..=1.0 + EPS).contains(&t) && (-EPS..=1.0 + EPS).contains(&u)
}

/// How far a ray from `origin` along the unit vector `dir` travels before it
/// meets the segment `a`-`b`, if it does.
pub fn ray_segment(origin: Vec2, dir: Vec2, a: Vec2, b: Vec2) -> Option<f64> {
    let s = b - a;
    let denom = dir.cross(s);
    let ao = a - origin;
    if denom.abs() < EPS {
        // Parallel: a collinear segment ahead is met at its nearer end.
        if ao.cross(dir).abs() > EPS {
            return None;
        }
        let (ta, tb) = (ao.dot(dir), (b - origin).dot(dir));
        let (lo, hi) = if ta < tb { (ta, tb) } else { (tb, ta) };
        return if hi < -EPS { None } else { Some(lo.max(0.0)) };
    }
    let t = ao.cross(s) / denom;
    let u = ao.cross(dir) / denom;
    if t >= -EPS && (-EPS..=1.0 + EPS).contains(&u) {
        Some(t.max(0.0))
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bearings_turn_clockwise_from_north() {
        let n = Vec2::from_bearing(0.0);
        assert!((n.y - 1.0).abs() < EPS && n.x.abs() < EPS);
        let e = Vec2::from_bearing(90.0);
        assert!((e.x - 1.0).abs() < EPS);
        assert!(
            (n.right().x - 1.0).abs() < EPS,
            "the right hand of north is east"
        );
        assert!((n.rotated(std::f64::consts::FRAC_PI_2).x - 1.0).abs() < EPS);
        assert!((Vec2::new(-1.0, 0.0).bearing() - 270.0).abs() < 1e-9);
    }

    #[test]
    fn segment_primitives() {
        let (a, b) = (Vec2::new(0.0, 0.0), Vec2::new(4.0, 0.0));
        assert!((point_segment_distance(Vec2::new(2.0, 3.0), a, b) - 3.0).abs() < EPS);
        assert!((point_segment_distance(Vec2::new(7.0, 4.0), a, b) - 5.0).abs() < EPS);
        assert!(segments_cross(
            a,
            b,
            Vec2::new(2.0, -1.0),
            Vec2::new(2.0, 1.0)
        ));
        assert!(!segments_cross(
            a,
            b,
            Vec2::new(5.0, -1.0),
            Vec2::new(5.0, 1.0)
        ));
        assert!(segments_cross(
            a,
            b,
            Vec2::new(3.0, 0.0),
            Vec2::new(6.0, 0.0)
        ));
        let hit = ray_segment(Vec2::new(2.0, -5.0), Vec2::new(0.0, 1.0), a, b);
        assert!((hit.unwrap() - 5.0).abs() < EPS);
        assert!(ray_segment(Vec2::new(2.0, 5.0), Vec2::new(0.0, 1.0), a, b).is_none());
    }
}
