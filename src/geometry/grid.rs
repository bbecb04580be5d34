//! Square grids: coordinates, distances, directions, per-square storage and
//! supercover lines. Everything is integer and allocation-free per query.

use serde::Serialize;

/// A square of the grid; `x` runs east, `y` runs north from the south edge.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
pub struct Square {
    pub x: i16,
    pub y: i16,
}

impl Square {
    pub const fn new(x: i16, y: i16) -> Self {
        Square { x, y }
    }

    pub fn offset(self, d: Direction, steps: i16) -> Square {
        let (dx, dy) = d.delta();
        Square::new(self.x + dx * steps, self.y + dy * steps)
    }
}

impl std::fmt::Display for Square {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "({},{})", self.x, self.y)
    }
}

/// How distances on the grid are counted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Metric {
    /// D&D 3.5 diagonals: first diagonal 1, second 2, then 1 again:
    /// `max(|dx|,|dy|) + floor(min(|dx|,|dy|) / 2)`.
    Diag121,
    /// Every diagonal costs 1: `max(|dx|,|dy|)`.
    Chebyshev,
}

impl Metric {
    pub fn dist(self, a: Square, b: Square) -> i32 {
        let dx = (i32::from(a.x) - i32::from(b.x)).abs();
        let dy = (i32::from(a.y) - i32::from(b.y)).abs();
        let (hi, lo) = if dx > dy { (dx, dy) } else { (dy, dx) };
        match self {
            Metric::Diag121 => hi + lo / 2,
            Metric::Chebyshev => hi,
        }
    }
}

/// The eight compass directions.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum Direction {
    N,
    NE,
    E,
    SE,
    S,
    SW,
    W,
    NW,
}

impl Direction {
    pub const ALL: [Direction; 8] = [
        Direction::N,
        Direction::NE,
        Direction::E,
        Direction::SE,
        Direction::S,
        Direction::SW,
        Direction::W,
        Direction::NW,
    ];

    pub fn delta(self) -> (i16, i16) {
        match self {
            Direction::N => (0, 1),
            Direction::NE => (1, 1),
            Direction::E => (1, 0),
            Direction::SE => (1, -1),
            Direction::S => (0, -1),
            Direction::SW => (-1, -1),
            Direction::W => (-1, 0),
            Direction::NW => (-1, 1),
        }
    }

    pub fn is_diagonal(self) -> bool {
        let (dx, dy) = self.delta();
        dx != 0 && dy != 0
    }
}

/// Dense storage of one value per square of a `width` x `depth` grid.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Grid<T> {
    width: i16,
    depth: i16,
    cells: Vec<T>,
}

impl<T: Clone> Grid<T> {
    /// Becomes a copy of `other`, reusing this grid's storage.
    pub fn copy_from(&mut self, other: &Grid<T>) {
        self.width = other.width;
        self.depth = other.depth;
        self.cells.clear();
        self.cells.extend_from_slice(&other.cells);
    }

    pub fn new(width: i16, depth: i16, fill: T) -> Self {
        let n = usize::try_from(i32::from(width) * i32::from(depth)).unwrap_or(0);
        Grid {
            width,
            depth,
            cells: vec![fill; n],
        }
    }

    pub fn fill(&mut self, value: T) {
        for c in &mut self.cells {
            *c = value.clone();
        }
    }
}

impl<T> Grid<T> {
    pub fn width(&self) -> i16 {
        self.width
    }

    pub fn depth(&self) -> i16 {
        self.depth
    }

    pub fn contains(&self, s: Square) -> bool {
        s.x >= 0 && s.y >= 0 && s.x < self.width && s.y < self.depth
    }

    fn index(&self, s: Square) -> usize {
        debug_assert!(self.contains(s));
        usize::try_from(i32::from(s.y) * i32::from(self.width) + i32::from(s.x)).unwrap_or(0)
    }

    /// The value at `s`, or `None` off the grid.
    pub fn get(&self, s: Square) -> Option<&T> {
        if self.contains(s) {
            Some(&self.cells[self.index(s)])
        } else {
            None
        }
    }

    /// Mutable value at `s`; panics off the grid (callers check `contains`).
    pub fn at_mut(&mut self, s: Square) -> &mut T {
        let i = self.index(s);
        &mut self.cells[i]
    }
}

/// Calls `visit` for every square that the segment between the centres of
/// `a` and `b` passes through or touches (a supercover line), excluding `a`
/// and `b`; stops early when `visit` returns `false`. Returns whether it ran
/// to the end.
pub fn for_each_square_between(
    a: Square,
    b: Square,
    mut visit: impl FnMut(Square) -> bool,
) -> bool {
    // Work in doubled coordinates so that centres and edges are integers.
    let (x0, y0) = (i32::from(a.x), i32::from(a.y));
    let (x1, y1) = (i32::from(b.x), i32::from(b.y));
    let (dx, dy) = (x1 - x0, y1 - y0);
    let (lo_x, hi_x) = (x0.min(x1), x0.max(x1));
    let (lo_y, hi_y) = (y0.min(y1), y0.max(y1));
    for y in lo_y..=hi_y {
        for x in lo_x..=hi_x {
            if (x, y) == (x0, y0) || (x, y) == (x1, y1) {
                continue;
            }
            // Distance from the square's centre to the line, compared with
            // the square's half-extent projected on the line's normal:
            // the segment touches the closed square iff |cross| <= (|dx|+|dy|)/2.
            let cross = (x - x0) * dy - (y - y0) * dx;
            if 2 * cross.abs() <= dx.abs() + dy.abs() && !visit(Square::new(x as i16, y as i16)) {
                return false;
            }
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn straight_line_touches_the_squares_in_between() {
        let mut seen = Vec::new();
        for_each_square_between(Square::new(0, 0), Square::new(3, 0), |s| {
            seen.push(s);
            true
        });
        assert_eq!(seen, vec![Square::new(1, 0), Square::new(2, 0)]);
        let mut diag = Vec::new();
        for_each_square_between(Square::new(0, 0), Square::new(2, 2), |s| {
            diag.push(s);
            true
        });
        // The exact diagonal touches the corners of (1,0) and (0,1) too.
        assert!(diag.contains(&Square::new(1, 1)));
        assert!(diag.contains(&Square::new(1, 0)));
    }
}
