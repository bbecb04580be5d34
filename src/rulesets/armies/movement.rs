//! Movement (digest A1.6, A1.11): every square a unit may legally end its
//! move on. Straight lines along the 8 compass directions (or any angle, as
//! an option) with 1-2-1 diagonal costs, no crossing or squeezing past units,
//! walls, difficult terrain, aerial units flying over everything, and the
//! Bladedancers' two-leg split move. Choosing among the squares is the
//! doctrine's business.

use super::options::{DifficultMode, FriendlyOnPath, MoveGeometry, SplitParity};
use super::state::View;
use crate::geometry::grid::{for_each_square_between, Direction, Square};

/// What a leg walk carries from step to step.
#[derive(Clone, Copy)]
struct Walk {
    at: Square,
    cost: i32,
    diagonals: u32,
    difficult: bool,
}

struct Mover {
    unit: usize,
    aerial: bool,
    crew: bool,
    movement: i32,
    start_difficult: bool,
}

impl View<'_> {
    /// Appends to `out` every square unit `u` may end its move on, given
    /// `bonus` extra movement. The start square is not included.
    pub fn legal_moves(&self, u: usize, bonus: u8, out: &mut Vec<Square>) {
        let start = self.state.units[u].pos;
        let profile = self.fighting_profile(u);
        let mover = Mover {
            unit: u,
            aerial: self.troop(u).traits.aerial && self.state.units[u].manning.is_none(),
            crew: self.state.units[u].manning.is_some(),
            movement: i32::from(profile.movement) + i32::from(bonus),
            start_difficult: self.setup.board.terrain(start).difficult,
        };
        if self.options().move_geometry == MoveGeometry::AnyAngle {
            self.any_angle_moves(&mover, start, out);
            return;
        }
        let split = profile.traits.split_move;
        let origin = Walk {
            at: start,
            cost: 0,
            diagonals: 0,
            difficult: mover.start_difficult,
        };
        for dir in Direction::ALL {
            self.walk_leg(&mover, origin, dir, &mut |stop, open| {
                if open {
                    out.push(stop.at);
                }
                if split {
                    let second = match self.options().split_move_diagonal_parity {
                        SplitParity::Continue => stop,
                        SplitParity::Reset => Walk {
                            diagonals: 0,
                            ..stop
                        },
                    };
                    for dir2 in Direction::ALL {
                        if dir2 != dir {
                            self.walk_leg(&mover, second, dir2, &mut |end, open2| {
                                if open2 {
                                    out.push(end.at);
                                }
                            });
                        }
                    }
                }
            });
        }
    }

    fn budget(&self, m: &Mover, difficult: bool) -> i32 {
        match self.options().difficult_terrain_mode {
            DifficultMode::HalveIfAnyOnPath if difficult && !m.aerial => (m.movement / 2).max(1),
            DifficultMode::HalveIfStartIn if m.start_difficult && !m.aerial => {
                (m.movement / 2).max(1)
            }
            _ => m.movement,
        }
    }

    /// Whether a unit of the mover's side may pass through `s` (friendly units
    /// may be crossed as difficult terrain under the draft-notes option).
    /// Returns `None` when blocked, else whether the square counts as difficult.
    fn passable(&self, m: &Mover, s: Square) -> Option<bool> {
        if !self.setup.board.contains(s) {
            return None;
        }
        let terrain = self.setup.board.terrain(s);
        if m.aerial {
            return Some(false);
        }
        if terrain.impassable {
            return None;
        }
        let g = self.state.ground.get(s).copied().unwrap_or(0);
        let a = self.state.air.get(s).copied().unwrap_or(0);
        let mut difficult = terrain.difficult;
        for x in [g, a] {
            if x != 0 {
                let other = usize::from(x) - 1;
                let friendly = self.side_of(other) == self.side_of(m.unit);
                if friendly
                    && self.options().friendly_units_on_path == FriendlyOnPath::DifficultTerrain
                {
                    difficult = true;
                } else {
                    return None;
                }
            }
        }
        Some(difficult)
    }

    /// Whether the mover may end its move on `s` (already known passable).
    fn can_end_on(&self, m: &Mover, s: Square) -> bool {
        if self.setup.board.terrain(s).impassable {
            return false;
        }
        let a = self.state.air.get(s).copied().unwrap_or(0);
        if m.aerial {
            return a == 0;
        }
        let g = self.state.ground.get(s).copied().unwrap_or(0);
        let engine = self.state.engine_at.get(s).copied().unwrap_or(0);
        g == 0 && a == 0 && !(m.crew && engine != 0)
    }

    /// Walks straight from `from` in `dir`, calling `visit(stop, can_end_here)`
    /// for every square reached within the budget.
    fn walk_leg(&self, m: &Mover, from: Walk, dir: Direction, visit: &mut dyn FnMut(Walk, bool)) {
        let mut w = from;
        loop {
            let next = w.at.offset(dir, 1);
            let Some(difficult_here) = self.passable(m, next) else {
                return;
            };
            if !m.aerial {
                if dir.is_diagonal() && self.squeeze_blocked(w.at, next) {
                    return;
                }
                if self.setup.board.walls.blocks_step(w.at, next) {
                    return;
                }
            }
            let mut step = if dir.is_diagonal() && w.diagonals % 2 == 1 {
                2
            } else {
                1
            };
            if difficult_here
                && !m.aerial
                && self.options().difficult_terrain_mode == DifficultMode::CostTwoPerSquare
            {
                step *= 2;
            }
            let walk = Walk {
                at: next,
                cost: w.cost + step,
                diagonals: w.diagonals + u32::from(dir.is_diagonal()),
                difficult: w.difficult || difficult_here,
            };
            if walk.cost > self.budget(m, walk.difficult) {
                return;
            }
            visit(walk, self.can_end_on(m, next));
            w = walk;
        }
    }

    /// Any-angle moves: every square within the budget whose centre-to-centre
    /// line touches no unit, impassable square or wall.
    fn any_angle_moves(&self, m: &Mover, start: Square, out: &mut Vec<Square>) {
        let reach = i16::try_from(m.movement).unwrap_or(i16::MAX);
        for y in (start.y - reach)..=(start.y + reach) {
            for x in (start.x - reach)..=(start.x + reach) {
                let to = Square::new(x, y);
                if to == start || !self.setup.board.contains(to) {
                    continue;
                }
                let Some(mut difficult) = self.passable(m, to) else {
                    continue;
                };
                difficult |= m.start_difficult;
                let mut extra = i32::from(difficult);
                let clear = for_each_square_between(start, to, |s| match self.passable(m, s) {
                    Some(d) => {
                        difficult |= d;
                        extra += i32::from(d);
                        true
                    }
                    None => false,
                });
                if !clear || (!m.aerial && self.wall_crossed(start, to)) {
                    continue;
                }
                let mut cost = self.dist(start, to);
                if !m.aerial
                    && self.options().difficult_terrain_mode == DifficultMode::CostTwoPerSquare
                {
                    cost += extra;
                }
                if cost <= self.budget(m, difficult) && self.can_end_on(m, to) {
                    out.push(to);
                }
            }
        }
    }

    /// Whether the centre-to-centre segment from `a` to `b` touches a wall.
    fn wall_crossed(&self, a: Square, b: Square) -> bool {
        let walls = &self.setup.board.walls;
        if walls.is_empty() {
            return false;
        }
        // Doubled coordinates: centres are odd, grid lines even.
        let p = (2 * i32::from(a.x) + 1, 2 * i32::from(a.y) + 1);
        let q = (2 * i32::from(b.x) + 1, 2 * i32::from(b.y) + 1);
        let vertical = walls.vertical.iter().map(|&(x, y)| {
            (
                (2 * i32::from(x), 2 * i32::from(y)),
                (2 * i32::from(x), 2 * i32::from(y) + 2),
            )
        });
        let horizontal = walls.horizontal.iter().map(|&(x, y)| {
            (
                (2 * i32::from(x), 2 * i32::from(y)),
                (2 * i32::from(x) + 2, 2 * i32::from(y)),
            )
        });
        vertical
            .chain(horizontal)
            .any(|(r, s)| segments_touch(p, q, r, s))
    }
}

fn orient(a: (i32, i32), b: (i32, i32), c: (i32, i32)) -> i32 {
    ((b.0 - a.0) * (c.1 - a.1) - (b.1 - a.1) * (c.0 - a.0)).signum()
}

fn on_segment(a: (i32, i32), b: (i32, i32), c: (i32, i32)) -> bool {
    c.0 >= a.0.min(b.0) && c.0 <= a.0.max(b.0) && c.1 >= a.1.min(b.1) && c.1 <= a.1.max(b.1)
}

/// Whether closed segments `p-q` and `r-s` share a point.
fn segments_touch(p: (i32, i32), q: (i32, i32), r: (i32, i32), s: (i32, i32)) -> bool {
    let (o1, o2, o3, o4) = (
        orient(p, q, r),
        orient(p, q, s),
        orient(r, s, p),
        orient(r, s, q),
    );
    if o1 != o2 && o3 != o4 {
        return true;
    }
    (o1 == 0 && on_segment(p, q, r))
        || (o2 == 0 && on_segment(p, q, s))
        || (o3 == 0 && on_segment(r, s, p))
        || (o4 == 0 && on_segment(r, s, q))
}
