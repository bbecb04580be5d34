//! Terrain on the table (L556-576, L1422-1561): scrub, woods, rough
//! ground and walls, each a convex polygon or a circle. A unit whose centre
//! stands inside scrub or woods has soft cover all round, inside rough
//! ground hard cover; a wall gives hard cover to a unit within 3" behind
//! it against shots and charges that cross it (cover is directional,
//! L576). Woods block sight through them (a unit inside sees out, L556).
//! Moving costs 1, 2 or 3 inches an inch by
//! terrain, formation and mount (the table of L1443-1467), and a mover
//! stops at the edge of terrain impassable to it. Hills are not simulated.

use super::melee_dice::{Formation, Mount};
use crate::geometry::{Area, Vec2};
use crate::words;

words!(
    /// A terrain piece's kind.
    pub enum TerrainKind {
        "scrub" => Scrub,
        "woods" => Woods,
        "rough" => Rough,
        "wall" => Wall,
    }
);

/// Protection from fire and in hand-to-hand (L564-576).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum CoverLevel {
    None,
    Soft,
    Hard,
}

impl CoverLevel {
    /// The Range die's shift, and the opponent's Quality die's shift down
    /// in hand-to-hand (L573, L2702-2704).
    pub fn steps(self) -> i8 {
        self as i8
    }
}

/// One terrain piece.
#[derive(Clone, Debug, PartialEq)]
pub struct Feature {
    pub kind: TerrainKind,
    pub area: Area,
}

fn v(p: [f32; 2]) -> Vec2 {
    Vec2::new(f64::from(p[0]), f64::from(p[1]))
}

/// Inches of movement an inch of `kind` costs a unit of this formation
/// and mount; None where it may not go.
pub fn cost_per_inch(kind: TerrainKind, formation: Formation, mount: Mount) -> Option<f32> {
    use Formation::{Close, Open, Skirmish};
    match (kind, formation, mount) {
        (TerrainKind::Scrub, Skirmish, _) | (TerrainKind::Scrub, Open, Mount::Horse) => Some(1.0),
        (TerrainKind::Scrub, _, _) => Some(2.0),
        (TerrainKind::Woods | TerrainKind::Rough, Close, _) => None,
        (TerrainKind::Woods | TerrainKind::Rough, Skirmish, _) => Some(2.0),
        (TerrainKind::Woods | TerrainKind::Rough, Open, _) => Some(3.0),
        (TerrainKind::Wall, _, _) => Some(3.0),
    }
}

/// The table's terrain.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Terrain {
    pub features: Vec<Feature>,
}

impl Terrain {
    /// The cover of a unit at `target` against a shot or charge from `from`.
    pub fn cover(&self, target: [f32; 2], from: [f32; 2]) -> CoverLevel {
        let (t, f) = (v(target), v(from));
        let level = |x: &Feature| match x.kind {
            TerrainKind::Scrub | TerrainKind::Woods if x.area.contains(t) => CoverLevel::Soft,
            TerrainKind::Rough if x.area.contains(t) => CoverLevel::Hard,
            TerrainKind::Wall if x.area.crossed_by(f, t) && near(&x.area, t, 3.0) => {
                CoverLevel::Hard
            }
            _ => CoverLevel::None,
        };
        self.features
            .iter()
            .map(level)
            .max()
            .unwrap_or(CoverLevel::None)
    }

    /// Whether woods block the sight line `a`-`b`: woods crossed that hold
    /// neither end.
    pub fn woods_between(&self, a: [f32; 2], b: [f32; 2]) -> bool {
        let (a, b) = (v(a), v(b));
        self.features.iter().any(|x| {
            let woods = x.kind == TerrainKind::Woods;
            woods && x.area.crossed_by(a, b) && !x.area.contains(a) && !x.area.contains(b)
        })
    }

    /// Whether the point is in rough ground (no ranks count in the scrum, L2774).
    pub fn rough_at(&self, p: [f32; 2]) -> bool {
        let p = v(p);
        self.features
            .iter()
            .any(|x| x.kind == TerrainKind::Rough && x.area.contains(p))
    }

    /// Whether a straight move from `a` to `b` touches any terrain.
    pub fn touches(&self, a: [f32; 2], b: [f32; 2]) -> bool {
        let (a, b) = (v(a), v(b));
        self.features.iter().any(|x| x.area.crossed_by(a, b))
    }

    /// The cost of the inch starting at `p` for this mover (None: impassable).
    fn cost_at(&self, p: [f32; 2], formation: Formation, mount: Mount) -> Option<f32> {
        let p = v(p);
        let mut cost = 1.0f32;
        for x in self.features.iter().filter(|x| x.area.contains(p)) {
            cost = cost.max(cost_per_inch(x.kind, formation, mount)?);
        }
        Some(cost)
    }

    /// How far along the straight line from `from` to `to` (at most `len`
    /// inches away) a mover gets with `budget` inches of movement, in
    /// quarter-inch steps.
    pub fn travel(
        &self,
        (from, to): ([f32; 2], [f32; 2]),
        len: f32,
        budget: f32,
        who: (Formation, Mount),
    ) -> f32 {
        const STEP: f32 = 0.25;
        let (dx, dy) = (to[0] - from[0], to[1] - from[1]);
        let dist = (dx * dx + dy * dy).sqrt().max(1e-6);
        let (mut done, mut left) = (0.0f32, budget);
        while done < len {
            let step = STEP.min(len - done);
            let at = [
                from[0] + dx * (done + step / 2.0) / dist,
                from[1] + dy * (done + step / 2.0) / dist,
            ];
            let Some(cost) = self.cost_at(at, who.0, who.1) else {
                break;
            };
            if left < step * cost {
                done += left / cost;
                break;
            }
            left -= step * cost;
            done += step;
        }
        done
    }
}

/// Whether point `p` lies within `d` inches of the area.
fn near(area: &Area, p: Vec2, d: f64) -> bool {
    use crate::geometry::Shape;
    match &area.shape {
        Shape::Circle { centre, radius } => p.distance(*centre) <= radius + d,
        Shape::Polygon(pts) => {
            let n = pts.len();
            area.contains(p)
                || (0..n).any(|i| {
                    crate::geometry::plane::point_segment_distance(p, pts[i], pts[(i + 1) % n]) <= d
                })
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::Shape;

    fn square(kind: TerrainKind, x0: f64, y0: f64, x1: f64, y1: f64) -> Feature {
        let pts = vec![
            Vec2::new(x0, y0),
            Vec2::new(x1, y0),
            Vec2::new(x1, y1),
            Vec2::new(x0, y1),
        ];
        Feature {
            kind,
            area: Area {
                name: "x".into(),
                shape: Shape::Polygon(pts),
                difficult: false,
                blocks_sight: false,
                cover: crate::geometry::Cover::None,
                elevation: 0,
                obstacle: false,
            },
        }
    }

    #[test]
    fn cover_and_sight() {
        let t = Terrain {
            features: vec![
                square(TerrainKind::Woods, 10.0, 10.0, 20.0, 20.0),
                square(TerrainKind::Wall, 30.0, 19.5, 40.0, 20.5),
            ],
        };
        assert_eq!(t.cover([15.0, 15.0], [15.0, 40.0]), CoverLevel::Soft);
        assert_eq!(
            t.cover([35.0, 18.0], [35.0, 40.0]),
            CoverLevel::Hard,
            "behind the wall"
        );
        assert_eq!(
            t.cover([35.0, 18.0], [35.0, 5.0]),
            CoverLevel::None,
            "shot from behind"
        );
        assert!(t.woods_between([15.0, 5.0], [15.0, 25.0]));
        assert!(
            !t.woods_between([15.0, 15.0], [15.0, 25.0]),
            "a unit inside sees out"
        );
    }

    #[test]
    fn movement_costs_by_formation() {
        // L1443-1467: light woods are poor going for skirmishers (2),
        // difficult for Open Order (3), impassable to Close Order.
        let t = Terrain {
            features: vec![square(TerrainKind::Woods, 0.0, 4.0, 50.0, 50.0)],
        };
        let path = ([0.0, 0.0], [0.0, 20.0]);
        let skirm = t.travel(path, 20.0, 8.0, (Formation::Skirmish, Mount::Foot));
        assert!(
            (skirm - 6.0).abs() < 0.01,
            "4 clear inches, then 4 more at 2: {skirm}"
        );
        let open = t.travel(path, 20.0, 7.0, (Formation::Open, Mount::Foot));
        assert!((open - 5.0).abs() < 0.01, "4 clear, then 3 at 3: {open}");
        let close = t.travel(path, 20.0, 12.0, (Formation::Close, Mount::Foot));
        assert!((close - 4.0).abs() < 0.01, "stops at the edge: {close}");
    }
}
