//! Room on the table (L1612-1621: no unit moves into another, and a move
//! ends with no figures inside another unit). Voluntary changes of a
//! unit's footprint, a reform or a facing turn, are made only where the
//! new block is clear of every other unit ([`Battle::has_room`]). An
//! integrity loss cannot be refused: the widened block steps the least
//! distance along a table axis that clears it ([`Battle::make_room`], our
//! gap fill, read from L1621's rule that a fleeing unit ending inside a
//! friend moves on until clear). Withdrawals and falls back are moves:
//! they stop short of a unit in the way, or go around a friend
//! ([`Battle::move_away`]).

use super::battle::Battle;
use super::field::{self, Block, Facing};
use super::melee_dice::Formation;
use crate::rules::Tracer;

impl<T: Tracer> Battle<'_, T> {
    /// Whether `block`, a new place or shape for `u`, is clear of every
    /// other unit on the table but the ones `u` is locked in combat with.
    pub fn has_room(&self, u: usize, block: &Block) -> bool {
        self.first_overlapped(u, block).is_none()
    }

    /// The first unit on the table, other than `u` and its combat
    /// partners, that `block` overlaps.
    fn first_overlapped(&self, u: usize, block: &Block) -> Option<usize> {
        self.overlapped(u, block).next()
    }

    /// Whether `u` and `o` are locked in the same hand-to-hand.
    fn fights_with(&self, u: usize, o: usize) -> bool {
        let (a, b) = (self.st.units[u].locked_with, self.st.units[o].locked_with);
        a == Some(o as u16) || b == Some(u as u16) || (a.is_some() && a == b)
    }

    /// `u`'s block where it stands with `files`, `formation` and `facing`.
    pub fn block_as(&self, u: usize, files: u16, formation: Formation, facing: Facing) -> Block {
        let s = &self.st.units[u];
        let who = (formation, self.setup.profile_of(u).mount);
        let (half_x, half_y) = field::half_extents(s.figures, files, who, facing);
        Block {
            centre: s.pos,
            half_x,
            half_y,
            facing,
        }
    }

    /// Whether `block`, a new place for `u`, lies on the table and clear
    /// of every other unit on it.
    pub fn fits_on_table(&self, u: usize, block: &Block) -> bool {
        let [x, y] = block.centre;
        let inside = x - block.half_x >= 0.0
            && x + block.half_x <= self.setup.width
            && y - block.half_y >= 0.0
            && y + block.half_y <= self.setup.depth;
        inside && self.has_room(u, block)
    }

    /// After `u`'s block grew where it stands (an integrity loss), or a
    /// move out of a hand-to-hand left it inside another unit, moves it the
    /// least distance, in up to three steps each along a table axis, that
    /// clears every unit it overlaps, when such a place is on the table.
    pub fn make_room(&mut self, u: usize) {
        let here = self.block(u);
        let Some(first) = self.first_overlapped(u, &here) else {
            return;
        };
        let mut best = None;
        self.search_room(u, (here, 0.0), 3, &mut best);
        if let Some((len, centre)) = best {
            self.st.units[u].pos = centre;
            self.change(u, |b| {
                format!("makes room: steps {len:.1}\" clear of {}", b.label(first))
            });
        }
    }

    /// Keeps in `best` the shortest way (length, centre) for `u`, now at
    /// `at` after moving `so_far`, to a clear place on the table in up to
    /// `steps` more steps, each just clearing one unit it overlaps.
    fn search_room(
        &self,
        u: usize,
        (at, so_far): (Block, f32),
        steps: u8,
        best: &mut Option<(f32, [f32; 2])>,
    ) {
        if steps == 0 {
            return;
        }
        for o in self.overlapped(u, &at) {
            for shift in clearing_shifts(&at, &self.block(o)) {
                let len = so_far + shift[0].abs() + shift[1].abs();
                if best.is_some_and(|(b, _)| b <= len) {
                    continue;
                }
                let centre = [at.centre[0] + shift[0], at.centre[1] + shift[1]];
                let moved = Block { centre, ..at };
                if self.fits_on_table(u, &moved) {
                    *best = Some((len, centre));
                } else {
                    self.search_room(u, (moved, len), steps - 1, best);
                }
            }
        }
    }

    /// Every unit on the table, other than `u` and its combat partners,
    /// that `block` overlaps.
    fn overlapped<'a>(&'a self, u: usize, block: &'a Block) -> impl Iterator<Item = usize> + 'a {
        (0..self.st.units.len())
            .filter(move |&o| o != u && self.st.units[o].on_table() && !self.fights_with(u, o))
            .filter(move |&o| field::overlap(block, &self.block(o)))
    }

    /// Moves `u` straight toward `to` (a withdrawal or fall back), short of
    /// any unit in the way, going around a friend's end; a unit that
    /// leaves a hand-to-hand where the blocks met deeper than their edges
    /// and is stopped before it is clear then makes room.
    pub fn move_away(&mut self, u: usize, to: [f32; 2]) {
        self.move_among_units(u, to, u);
        self.make_room(u);
    }
}

/// The four moves along a table axis that take `mover` just clear of
/// `other` (left, right, back, forward), each 0.02" beyond touching.
fn clearing_shifts(mover: &Block, other: &Block) -> [[f32; 2]; 4] {
    let reach = [
        mover.half_x + other.half_x + 0.02,
        mover.half_y + other.half_y + 0.02,
    ];
    let gap = [0, 1].map(|k| mover.centre[k] - other.centre[k]);
    let to = |k: usize, sign: f32| sign * reach[k] - gap[k];
    [
        [to(0, -1.0), 0.0],
        [to(0, 1.0), 0.0],
        [0.0, to(1, -1.0)],
        [0.0, to(1, 1.0)],
    ]
}
