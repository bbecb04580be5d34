//! Movement on the This Means WAR! grid (digest B-G04-B-G07, B-G18,
//! B-G24, B-G30, B-G31): the squares a unit can reach with a budget of
//! squares (8-directional steps at 1-2-1 diagonal cost, through friends but
//! never enemies), the straight-line flight of routing and retreating units
//! (which can leave the board or run into an enemy), and where a unit goes
//! when it advances, envelops, falls back or withdraws. Buffers are reused,
//! so no query allocates.

use super::foes::Foes;
use super::state::{View, EMPTY};
use crate::geometry::grid::{for_each_square_between, Direction, Metric, Square};
use crate::rulesets::means_war::doctrine::ForcedMove;

const UNREACHED: u8 = u8::MAX;

/// The squares one unit can reach, with their cost; reused between queries.
#[derive(Clone, Debug)]
pub struct Reach {
    width: i16,
    depth: i16,
    /// Cost per (square, diagonal parity).
    best: Vec<u8>,
    buckets: Vec<Vec<(Square, u8)>>,
    touched: Vec<Square>,
    out: Vec<(Square, u8)>,
}

impl Reach {
    pub fn new(width: i16, depth: i16) -> Self {
        let n = usize::try_from(i32::from(width) * i32::from(depth) * 2).unwrap_or(0);
        Reach {
            width,
            depth,
            best: vec![UNREACHED; n],
            buckets: Vec::new(),
            touched: Vec::new(),
            out: Vec::new(),
        }
    }

    fn idx(&self, s: Square, parity: u8) -> usize {
        (usize::try_from(i32::from(s.y) * i32::from(self.width) + i32::from(s.x)).unwrap_or(0)) * 2
            + usize::from(parity)
    }

    fn inside(&self, s: Square) -> bool {
        s.x >= 0 && s.y >= 0 && s.x < self.width && s.y < self.depth
    }

    /// The free squares (the unit's own included, at cost 0) `unit` can end a
    /// move of at most `budget` squares on.
    pub fn compute(&mut self, view: &View, unit: usize, budget: i32) {
        for s in self.touched.drain(..) {
            let i = (usize::try_from(i32::from(s.y) * i32::from(self.width) + i32::from(s.x))
                .unwrap_or(0))
                * 2;
            self.best[i] = UNREACHED;
            self.best[i + 1] = UNREACHED;
        }
        self.out.clear();
        let budget = budget.clamp(0, 200) as usize;
        if self.buckets.len() < budget + 1 {
            self.buckets.resize(budget + 1, Vec::new());
        }
        let side = view.side_of(unit);
        let through_friends = view.setup.options.pass_through_friends;
        let start = view.state.units[unit].pos;
        let i0 = self.idx(start, 0);
        self.best[i0] = 0;
        self.touched.push(start);
        self.buckets[0].push((start, 0));
        for cost in 0..=budget {
            while let Some((s, parity)) = self.buckets[cost].pop() {
                if usize::from(self.best[self.idx(s, parity)]) != cost {
                    continue;
                }
                for d in Direction::ALL {
                    let n = s.offset(d, 1);
                    if !self.inside(n) {
                        continue;
                    }
                    let occ = view.state.occupant.get(n).copied().unwrap_or(EMPTY);
                    if occ != EMPTY
                        && usize::from(occ) != unit
                        && (view.side_of(usize::from(occ)) != side || !through_friends)
                    {
                        continue;
                    }
                    let (step, np) = match (d.is_diagonal(), parity) {
                        (false, p) => (1, p),
                        (true, 0) => (1, 1),
                        (true, _) => (2, 0),
                    };
                    let nc = cost + step;
                    if nc > budget {
                        continue;
                    }
                    let ni = self.idx(n, np);
                    if usize::from(self.best[ni]) <= nc {
                        continue;
                    }
                    if self.best[self.idx(n, 0)] == UNREACHED
                        && self.best[self.idx(n, 1)] == UNREACHED
                    {
                        self.touched.push(n);
                    }
                    self.best[ni] = nc as u8;
                    self.buckets[nc].push((n, np));
                }
            }
        }
        for k in 0..self.touched.len() {
            let s = self.touched[k];
            let occ = view.state.occupant.get(s).copied().unwrap_or(EMPTY);
            if occ != EMPTY && usize::from(occ) != unit {
                continue;
            }
            let c = self.best[self.idx(s, 0)].min(self.best[self.idx(s, 1)]);
            self.out.push((s, c));
        }
    }

    /// The reachable free squares and their costs (start square first).
    pub fn squares(&self) -> &[(Square, u8)] {
        &self.out
    }
}

/// Where a straight-line flight ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Flight {
    pub end: Square,
    /// The enemy unit that stood in the way (B-G30).
    pub blocked_by: Option<usize>,
    /// It ran off the board (B-G24).
    pub fled: bool,
}

/// Moves `unit` away from `away_from` "in as straight a line as possible"
/// (L129) for up to `budget` squares: each step is the one of the 8 closest
/// in direction to straight away from `away_from` (ties toward its own
/// edge). A step off the board means it leaves the battle; an enemy in the
/// way stops it; a friend is passed through or, if that is not allowed,
/// stepped around.
pub fn flee(view: &View, unit: usize, away_from: Square, budget: i32) -> Flight {
    let side = view.side_of(unit);
    let own_edge = view.setup.own_edge(side);
    let through_friends = view.setup.options.pass_through_friends;
    let mut pos = view.state.units[unit].pos;
    let mut last_free = pos;
    let (mut spent, mut parity) = (0, 0u8);
    loop {
        // Steps that move away, straightest first: cos(angle to the away
        // direction), compared as dot / |step| scaled by 1414 / 1000.
        let (vx, vy) = (
            i32::from(pos.x) - i32::from(away_from.x),
            i32::from(pos.y) - i32::from(away_from.y),
        );
        let mut options: [(i32, i32, usize, Direction); 8] = [(0, 0, 0, Direction::N); 8];
        let mut n_opts = 0;
        for (k, d) in Direction::ALL.into_iter().enumerate() {
            let (dx, dy) = d.delta();
            let dot = i32::from(dx) * vx + i32::from(dy) * vy;
            if dot <= 0 {
                continue;
            }
            let straightness = dot * if d.is_diagonal() { 1000 } else { 1414 };
            let n = pos.offset(d, 1);
            options[n_opts] = (
                -straightness,
                (i32::from(n.y) - i32::from(own_edge)).abs(),
                k,
                d,
            );
            n_opts += 1;
        }
        options[..n_opts].sort_unstable_by_key(|o| (o.0, o.1, o.2));
        let mut moved = false;
        for &(_, _, _, d) in &options[..n_opts] {
            let (step, np) = match (d.is_diagonal(), parity) {
                (false, p) => (1, p),
                (true, 0) => (1, 1),
                (true, _) => (2, 0),
            };
            if spent + step > budget {
                continue;
            }
            let n = pos.offset(d, 1);
            let Some(&occ) = view.state.occupant.get(n) else {
                return Flight {
                    end: last_free,
                    blocked_by: None,
                    fled: true,
                };
            };
            if occ != EMPTY && usize::from(occ) != unit {
                let o = usize::from(occ);
                if view.side_of(o) != side {
                    return Flight {
                        end: last_free,
                        blocked_by: Some(o),
                        fled: false,
                    };
                }
                if !through_friends {
                    continue;
                }
            } else {
                last_free = n;
            }
            pos = n;
            spent += step;
            parity = np;
            moved = true;
            break;
        }
        if !moved {
            return Flight {
                end: last_free,
                blocked_by: None,
                fled: false,
            };
        }
    }
}

/// Whether a friendly unit of `unit` stands on the line from `s` to `enemy`.
fn screened(view: &View, unit: usize, s: Square, enemy: Square) -> bool {
    let side = view.side_of(unit);
    !for_each_square_between(s, enemy, |q| {
        let occ = view.state.occupant.get(q).copied().unwrap_or(EMPTY);
        !(occ != EMPTY && usize::from(occ) != unit && view.side_of(usize::from(occ)) == side)
    })
}

/// Where a falling-back or withdrawing unit goes: not closer to the nearest
/// enemy than now, behind a friend where possible (L161, L171, B-G31), then by the doctrine.
pub fn refuge(view: &View, unit: usize, reach: &Reach, rule: ForcedMove) -> Square {
    let side = view.side_of(unit);
    let here = view.state.units[unit].pos;
    let foes = Foes::hostile(view, side);
    let now = foes.nearest_dist(view, here);
    let own_edge = view.setup.own_edge(side);
    let key = |s: Square, cost: u8| {
        let nearest = foes.nearest(view, s);
        let d = nearest.map_or(i32::MAX, |(_, d)| d);
        let cover = nearest.is_some_and(|(e, _)| screened(view, unit, s, view.state.units[e].pos));
        let crowd = foes.within(view, s, 2);
        let edge = (i32::from(s.y) - i32::from(own_edge)).abs();
        let rule_key = match rule {
            ForcedMove::MaxDistance => (-d, 0),
            ForcedMove::FewestEnemiesNear => (crowd, -d),
            ForcedMove::TowardOwnEdge => (edge, -d),
        };
        (!cover, rule_key, cost, s.y, s.x)
    };
    reach
        .squares()
        .iter()
        .filter(|&&(s, _)| foes.nearest_dist(view, s) >= now)
        .min_by_key(|&&(s, c)| key(s, c))
        .map_or(here, |&(s, _)| s)
}

/// Where an advancing unit goes: into range of the nearest enemy (as far
/// from it as its range allows), else as close as it can get.
pub fn advance(view: &View, unit: usize, reach: &Reach) -> Square {
    let side = view.side_of(unit);
    let here = view.state.units[unit].pos;
    let range = view.setup.troops[view.setup.units[unit].troop].range_squares;
    let foes = Foes::hostile(view, side);
    reach
        .squares()
        .iter()
        .min_by_key(|&&(s, c)| {
            let d = foes.nearest_dist(view, s);
            if d <= range {
                (0, -d, i32::from(c), s.y, s.x)
            } else {
                (1, d, i32::from(c), s.y, s.x)
            }
        })
        .map_or(here, |&(s, _)| s)
}

/// Where an enveloping unit goes: next to an enemy that a friend is already
/// fighting, preferring enemies with the most attackers; else it advances.
pub fn envelop(view: &View, unit: usize, reach: &Reach) -> Square {
    let side = view.side_of(unit);
    let engaged_by = |e: usize, exclude: usize| {
        (0..view.state.units.len())
            .filter(|&f| {
                f != exclude
                    && view.side_of(f) == side
                    && view.on_board(f)
                    && Metric::Chebyshev.dist(view.state.units[f].pos, view.state.units[e].pos) == 1
            })
            .count() as i32
    };
    let best = reach
        .squares()
        .iter()
        .filter_map(|&(s, c)| {
            (0..view.state.units.len())
                .filter(|&e| {
                    view.hostile(side, e)
                        && Metric::Chebyshev.dist(s, view.state.units[e].pos) == 1
                        && engaged_by(e, unit) > 0
                })
                .map(|e| -engaged_by(e, unit))
                .min()
                .map(|k| (k, c, s.y, s.x, s))
        })
        .min();
    match best {
        Some((.., s)) => s,
        None => advance(view, unit, reach),
    }
}
