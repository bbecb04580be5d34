//! The table's geometry: every unit is an axis-aligned block (files x
//! frontage wide, ranks x rank depth deep) facing one of the four table
//! directions (side 1 starts at the south facing north, side 2 facing
//! south). A facing turn keeps the block on its ground, a quarter turn
//! making its depth its front (the caller swaps files and ranks,
//! L1580-1583); a quarter-turn wheel pivots it on its inner front corner
//! (`wheeled`, L1589-1593); obliques are not simulated.
//! Distances are the gap between blocks, or centre to centre when either
//! unit is in Skirmish (L514-520); a flank or rear charge is one that
//! starts behind the target's front edge (L2801-2804).

use super::melee_dice::{Formation, Mount};
use super::state::{frontage, rank_depth, UnitState};

/// The way a unit faces, one of the table's four directions.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Facing {
    #[default]
    North,
    East,
    South,
    West,
}

impl Facing {
    pub fn name(self) -> &'static str {
        match self {
            Facing::North => "north",
            Facing::East => "east",
            Facing::South => "south",
            Facing::West => "west",
        }
    }

    /// The unit vector it faces along (north is +y).
    pub fn ahead(self) -> [f32; 2] {
        match self {
            Facing::North => [0.0, 1.0],
            Facing::East => [1.0, 0.0],
            Facing::South => [0.0, -1.0],
            Facing::West => [-1.0, 0.0],
        }
    }

    /// Whether the front runs north-south (the block lies across the table).
    pub fn across(self) -> bool {
        matches!(self, Facing::East | Facing::West)
    }

    /// Whether turning from this facing to `other` is a quarter turn.
    pub fn quarter_turn_to(self, other: Facing) -> bool {
        self.across() != other.across()
    }

    /// The facing nearest the bearing from `from` to `to`.
    pub fn toward(from: [f32; 2], to: [f32; 2]) -> Facing {
        let (dx, dy) = (to[0] - from[0], to[1] - from[1]);
        match (dx.abs() > dy.abs(), dx > 0.0, dy > 0.0) {
            (true, true, _) => Facing::East,
            (true, false, _) => Facing::West,
            (false, _, true) => Facing::North,
            (false, _, false) => Facing::South,
        }
    }
}

/// A unit's block: centre, half extents along the table's x (west-east)
/// and y (south-north) axes, and the way it faces.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Block {
    pub centre: [f32; 2],
    pub half_x: f32,
    pub half_y: f32,
    pub facing: Facing,
}

impl Block {
    /// Centre and half extent along a table axis (a facing's `ahead`).
    pub fn along(&self, axis: [f32; 2]) -> (f32, f32) {
        let at = self.centre[0] * axis[0] + self.centre[1] * axis[1];
        let half = if axis[0] != 0.0 {
            self.half_x
        } else {
            self.half_y
        };
        (at, half)
    }
}

/// The number of ranks of `figures` in `files` files.
pub fn ranks(figures: u16, files: u16) -> u16 {
    if files == 0 {
        0
    } else {
        figures.div_ceil(files)
    }
}

/// Half extents along x and y of `figures` in `files` files of a
/// formation and mount, facing `facing`.
pub fn half_extents(
    figures: u16,
    files: u16,
    (formation, mount): (Formation, Mount),
    facing: Facing,
) -> (f32, f32) {
    let files = files.min(figures).max(1);
    let half_w = f32::from(files) * frontage(formation, mount) / 2.0;
    let half_d = f32::from(ranks(figures, files).max(1)) * rank_depth(formation, mount) / 2.0;
    if facing.across() {
        (half_d, half_w)
    } else {
        (half_w, half_d)
    }
}

/// The block of `figures` figures in `files` files of `formation` and
/// `mount`, centred on `centre` and facing north (the set-ups' geometry,
/// `deploy`).
pub fn block_at(
    centre: [f32; 2],
    (figures, files): (u16, u16),
    formation: Formation,
    mount: Mount,
) -> Block {
    let (half_x, half_y) = half_extents(figures, files, (formation, mount), Facing::North);
    Block {
        centre,
        half_x,
        half_y,
        facing: Facing::North,
    }
}

/// The block of unit state `u` of mount `mount`.
pub fn block(u: &UnitState, mount: Mount) -> Block {
    let key = 1 << 63
        | u64::from(u.figures)
        | u64::from(u.files) << 16
        | (u.formation as u64) << 32
        | (u.facing as u64) << 40;
    let memo = u.extent_memo.get();
    let (half_x, half_y) = if memo.key == key {
        memo.half
    } else {
        let half = half_extents(u.figures, u.files, (u.formation, mount), u.facing);
        u.extent_memo.set(super::state::ExtentMemo { key, half });
        half
    };
    Block {
        centre: u.pos,
        half_x,
        half_y,
        facing: u.facing,
    }
}

/// The movement a quarter-turn wheel takes (L1593): the arc the outer
/// front figure walks pivoting on the inner one, the frontage x pi/2.
pub fn wheel_distance(frontage: f32) -> f32 {
    frontage * std::f32::consts::FRAC_PI_2
}

/// Block `b` after a quarter-turn wheel to face `to` (L1589-1593): it
/// pivots on the front corner on the side it turns to, and its front keeps
/// its width.
pub fn wheeled(b: &Block, to: Facing) -> Block {
    let (a, n) = (b.facing.ahead(), to.ahead());
    let (hw, hd) = if b.facing.across() {
        (b.half_y, b.half_x)
    } else {
        (b.half_x, b.half_y)
    };
    let pivot = [0, 1].map(|k| b.centre[k] + a[k] * hd + n[k] * hw);
    let centre = [0, 1].map(|k| pivot[k] + a[k] * hw - n[k] * hd);
    let (half_x, half_y) = if to.across() { (hd, hw) } else { (hw, hd) };
    Block {
        centre,
        half_x,
        half_y,
        facing: to,
    }
}

/// Whether blocks `a` and `b` overlap (touching edges do not).
pub fn overlap(a: &Block, b: &Block) -> bool {
    (a.centre[0] - b.centre[0]).abs() < a.half_x + b.half_x - 0.01
        && (a.centre[1] - b.centre[1]).abs() < a.half_y + b.half_y - 0.01
}

/// The measured distance between two units (closest figures, or centres
/// when either is in Skirmish).
pub fn distance(a: &Block, a_skirmish: bool, b: &Block, b_skirmish: bool) -> f32 {
    let dx = (a.centre[0] - b.centre[0]).abs();
    let dy = (a.centre[1] - b.centre[1]).abs();
    if a_skirmish || b_skirmish {
        return (dx * dx + dy * dy).sqrt();
    }
    let gx = (dx - a.half_x - b.half_x).max(0.0);
    let gy = (dy - a.half_y - b.half_y).max(0.0);
    (gx * gx + gy * gy).sqrt()
}

/// The shortest way from block `a` to block `b`: a vector as long as
/// their [`distance`], so that moving `a` along it by that distance makes
/// the two touch. Between blocks it runs from the nearest part of one to
/// the nearest part of the other (straight ahead where their sides
/// overlap, corner to corner where they do not); with a skirmisher, centre
/// to centre, as that distance is measured.
pub fn closing_vector(a: &Block, a_skirmish: bool, b: &Block, b_skirmish: bool) -> [f32; 2] {
    let dx = b.centre[0] - a.centre[0];
    let dy = b.centre[1] - a.centre[1];
    if a_skirmish || b_skirmish {
        return [dx, dy];
    }
    let gx = (dx.abs() - a.half_x - b.half_x).max(0.0);
    let gy = (dy.abs() - a.half_y - b.half_y).max(0.0);
    [gx.copysign(dx), gy.copysign(dy)]
}

/// The distance from the nearest part of block `b` to the point `p` (0
/// when the point is on the block).
pub fn distance_to_point(b: &Block, p: [f32; 2]) -> f32 {
    let gx = ((b.centre[0] - p[0]).abs() - b.half_x).max(0.0);
    let gy = ((b.centre[1] - p[1]).abs() - b.half_y).max(0.0);
    gx.hypot(gy)
}

/// Where a charge started relative to the target, by the way the target
/// faces: 0 front, 1 flank, 2 rear.
pub fn charge_aspect(attacker: &Block, target: &Block) -> u8 {
    let axis = target.facing.ahead();
    let (t_at, t_half) = target.along(axis);
    let (a_at, a_half) = attacker.along(axis);
    let (front, rear) = (t_at + t_half, t_at - t_half);
    let (att_front, att_back) = (a_at + a_half, a_at - a_half);
    if att_front < rear {
        2
    } else if att_back < front - 0.01 {
        1
    } else {
        0
    }
}

/// Where along the move `from` -> `to` (0 at the start, 1 at the end) a
/// block of half extents `half` first touches `other`; None when it never
/// does, or when it overlaps `other` already at the start (it may move
/// out). Blocks that only touch edges do not count; a block that starts
/// touching and moves in is stopped at 0.
pub fn first_touch(from: [f32; 2], to: [f32; 2], half: (f32, f32), other: &Block) -> Option<f32> {
    let reach = [other.half_x + half.0 - 0.01, other.half_y + half.1 - 0.01];
    // A move that stays clear of the reach on either axis, by more than
    // float noise could bridge, never touches: the answer without the
    // divisions below (most units are nowhere near a line of sight).
    let clear_of = |k: usize| {
        let (lo, hi) = (other.centre[k] - reach[k], other.centre[k] + reach[k]);
        from[k].max(to[k]) < lo - CLEARLY || from[k].min(to[k]) > hi + CLEARLY
    };
    if clear_of(0) || clear_of(1) {
        return None;
    }
    crossing(from, to, reach, other)
}

/// [`first_touch`] solved for the crossing, with `reach` the two blocks'
/// half extents added (less the edge-touch allowance).
fn crossing(from: [f32; 2], to: [f32; 2], reach: [f32; 2], other: &Block) -> Option<f32> {
    let (mut t_in, mut t_out) = (f32::NEG_INFINITY, f32::INFINITY);
    for k in 0..2 {
        let (lo, hi) = (other.centre[k] - reach[k], other.centre[k] + reach[k]);
        let d = to[k] - from[k];
        if d.abs() < 1e-6 {
            if from[k] <= lo || from[k] >= hi {
                return None;
            }
            continue;
        }
        let (a, b) = ((lo - from[k]) / d, (hi - from[k]) / d);
        t_in = t_in.max(a.min(b));
        t_out = t_out.min(a.max(b));
    }
    let touches = t_in < t_out && (0.0..=1.0).contains(&t_in);
    if touches || t_in >= 0.0 || t_out <= t_in {
        return touches.then_some(t_in);
    }
    // Starts inside the reach: a block that only just touches `other`
    // (within float noise of its edge) is stopped at once when the move
    // takes it in across that edge, rather than counted as inside and let
    // through; a slide along the edge it touches goes on.
    let toward = |k: usize| (to[k] - from[k]) * (other.centre[k] - from[k]) > 0.0;
    let in_by = (0..2)
        .filter(|&k| toward(k))
        .map(|k| reach[k] - (from[k] - other.centre[k]).abs())
        .fold(f32::INFINITY, f32::min);
    let travel_inside = t_out.min(1.0) * (to[0] - from[0]).hypot(to[1] - from[1]);
    (in_by < TOUCH && travel_inside > TOUCH).then_some(0.0)
}

/// How far inside another block's reach a block may start and still count
/// as only touching it, in inches.
const TOUCH: f32 = 0.05;

/// How far outside another block's reach a move must stay, on one axis,
/// for [`first_touch`] to answer None without solving for the crossing:
/// far more than float rounding of the crossing fractions could bridge.
const CLEARLY: f32 = 0.01;

/// The point a fraction `t` of the way from `from` to `to`.
pub fn lerp(from: [f32; 2], to: [f32; 2], t: f32) -> [f32; 2] {
    [
        from[0] + (to[0] - from[0]) * t,
        from[1] + (to[1] - from[1]) * t,
    ]
}

/// `from` moved toward `to` by up to `step` inches, stopping `stop` inches
/// short of it; returns the new point and whether it arrived.
pub fn toward(from: [f32; 2], to: [f32; 2], step: f32, stop: f32) -> ([f32; 2], bool) {
    let (dx, dy) = (to[0] - from[0], to[1] - from[1]);
    let len = (dx * dx + dy * dy).sqrt();
    let room = (len - stop).max(0.0);
    if room <= step {
        let k = if len > 0.0 { room / len } else { 0.0 };
        return ([from[0] + dx * k, from[1] + dy * k], true);
    }
    let k = step / len;
    ([from[0] + dx * k, from[1] + dy * k], false)
}

/// `from` moved `step` inches straight away from `threat`.
pub fn away(from: [f32; 2], threat: [f32; 2], step: f32) -> [f32; 2] {
    let (dx, dy) = (from[0] - threat[0], from[1] - threat[1]);
    let len = (dx * dx + dy * dy).sqrt();
    if len < 1e-3 {
        return from;
    }
    [from[0] + dx / len * step, from[1] + dy / len * step]
}

/// The formation after losing one integrity level (Close -> Open ->
/// Skirmish), and the files that keep the frontage width (L481-488).
pub fn lose_integrity(formation: Formation, files: u16, mount: Mount) -> (Formation, u16) {
    let next = match formation {
        Formation::Close => Formation::Open,
        _ => Formation::Skirmish,
    };
    if next == formation {
        return (formation, files);
    }
    let width = f32::from(files) * frontage(formation, mount);
    let files = (width / frontage(next, mount)).floor().max(1.0) as u16;
    (next, files)
}

/// The formation one level up and its files at the same width.
pub fn raise_integrity(formation: Formation, files: u16, mount: Mount) -> (Formation, u16) {
    let next = match formation {
        Formation::Skirmish => Formation::Open,
        _ => Formation::Close,
    };
    let width = f32::from(files) * frontage(formation, mount);
    let files = (width / frontage(next, mount)).floor().max(1.0) as u16;
    (next, files)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn integrity_loss_keeps_the_width() {
        // L484: 6 files Close -> 4 Open -> 3 Skirmish.
        let (f, files) = lose_integrity(Formation::Close, 6, Mount::Foot);
        assert_eq!((f, files), (Formation::Open, 4));
        let (f, files) = lose_integrity(f, files, Mount::Foot);
        assert_eq!((f, files), (Formation::Skirmish, 3));
    }

    fn block_at(centre: [f32; 2], half_x: f32, half_y: f32, facing: Facing) -> Block {
        Block {
            centre,
            half_x,
            half_y,
            facing,
        }
    }

    #[test]
    fn a_right_angle_wheel_walks_a_quarter_circle_and_pivots_on_the_inner_corner() {
        // T31 (L1589-1593): a 10" frontage wheeling 90 degrees uses a
        // quarter circle of its outer figure: 10 x pi/2 = 15.71".
        assert!((wheel_distance(10.0) - 15.708).abs() < 1e-3);
        // A 10" x 2" block facing north wheels right (east): the inner
        // front corner (41, 9) stays put, the front now runs 10" north of
        // it, and the block lies behind (west of) that front.
        let b = block_at([36.0, 8.0], 5.0, 1.0, Facing::North);
        let w = wheeled(&b, Facing::East);
        assert_eq!(w.facing, Facing::East);
        assert!((w.centre[0] - 40.0).abs() < 1e-5 && (w.centre[1] - 14.0).abs() < 1e-5);
        assert!((w.half_x - 1.0).abs() < 1e-5 && (w.half_y - 5.0).abs() < 1e-5);
        assert!(
            (w.centre[0] + w.half_x - 41.0).abs() < 1e-5,
            "front on the pivot"
        );
        assert!(
            (w.centre[1] - w.half_y - 9.0).abs() < 1e-5,
            "pivot at the front's end"
        );
        // Wheeling left pivots on the west corner, (31, 9).
        let w = wheeled(&b, Facing::West);
        assert!((w.centre[0] - 32.0).abs() < 1e-5 && (w.centre[1] - 14.0).abs() < 1e-5);
        // Wheeling back returns to a block of the same shape.
        let back = wheeled(&wheeled(&b, Facing::East), Facing::North);
        assert!((back.half_x - 5.0).abs() < 1e-5 && (back.half_y - 1.0).abs() < 1e-5);
    }

    #[test]
    fn gap_between_blocks() {
        let a = block_at([10.0, 10.0], 5.0, 1.0, Facing::North);
        let b = block_at([10.0, 20.0], 5.0, 1.0, Facing::South);
        assert!((distance(&a, false, &b, false) - 8.0).abs() < 1e-5);
        assert!((distance(&a, true, &b, false) - 10.0).abs() < 1e-5);
        assert_eq!(charge_aspect(&a, &b), 0);
    }

    #[test]
    fn aspect_follows_the_targets_facing() {
        // A 10-wide line at y = 20; a charger 10" to its east.
        let charger = block_at([30.0, 20.0], 2.0, 1.0, Facing::West);
        let facing_south = block_at([10.0, 20.0], 5.0, 1.0, Facing::South);
        assert_eq!(charge_aspect(&charger, &facing_south), 1, "flank");
        // Turned a quarter to the east (L1580-1583), the same line is charged in front.
        let facing_east = block_at([10.0, 20.0], 1.0, 5.0, Facing::East);
        assert_eq!(charge_aspect(&charger, &facing_east), 0, "front");
        // Turned west, the charger is behind it.
        let facing_west = block_at([10.0, 20.0], 1.0, 5.0, Facing::West);
        assert_eq!(charge_aspect(&charger, &facing_west), 2, "rear");
    }

    #[test]
    fn a_move_touches_a_block_in_its_way() {
        let wall = block_at([10.0, 10.0], 5.0, 1.0, Facing::North);
        // A 2x2 block moving north from y = 0 to y = 20 meets it when its
        // front reaches y = 9, its centre at y = 8: 8/20 of the way.
        let t = first_touch([10.0, 0.0], [10.0, 20.0], (1.0, 1.0), &wall).unwrap();
        assert!((t - 0.4).abs() < 1e-3, "{t}");
        // Passing beside it, or stopping short, touches nothing.
        assert_eq!(
            first_touch([17.0, 0.0], [17.0, 20.0], (1.0, 1.0), &wall),
            None
        );
        assert_eq!(
            first_touch([10.0, 0.0], [10.0, 7.0], (1.0, 1.0), &wall),
            None
        );
        // Starting inside it, a unit may move out.
        assert_eq!(
            first_touch([10.0, 10.0], [10.0, 20.0], (1.0, 1.0), &wall),
            None
        );
        // Starting just touching its end (within float noise), a move
        // along its face into it is stopped at once; one away is free.
        let touching = [10.0 - 5.0 - 1.0 + 0.01 + 1e-6, 10.0];
        assert_eq!(
            first_touch(touching, [20.0, 10.0], (1.0, 1.0), &wall),
            Some(0.0)
        );
        assert_eq!(first_touch(touching, [0.0, 10.0], (1.0, 1.0), &wall), None);
        // Just touching its face and sliding along it: free.
        let on_face = [10.0, 10.0 - 1.0 - 1.0 + 0.01 + 1e-6];
        assert_eq!(
            first_touch(on_face, [14.0, on_face[1]], (1.0, 1.0), &wall),
            None
        );
        assert_eq!(
            first_touch(on_face, [10.0, 20.0], (1.0, 1.0), &wall),
            Some(0.0),
            "into the face"
        );
    }

    #[test]
    fn a_turned_block_lies_across_the_table() {
        let close_foot = (Formation::Close, Mount::Foot);
        let north = half_extents(12, 6, close_foot, Facing::North);
        let east = half_extents(12, 6, close_foot, Facing::East);
        assert_eq!(north, (3.0, 1.0));
        assert_eq!(east, (1.0, 3.0));
        assert_eq!(Facing::toward([0.0, 0.0], [5.0, -1.0]), Facing::East);
        assert_eq!(Facing::toward([0.0, 0.0], [-1.0, -5.0]), Facing::South);
    }

    #[test]
    fn the_quick_rejection_never_changes_an_answer() {
        // Segments and blocks scattered by a fixed stream, many of them
        // just clear of the reach or grazing it: the filtered answer is
        // the plain solve's, whenever the filter answers.
        let mut dice = crate::dice::Dice::for_battle(0x51DE_C0DE, 0);
        let mut next = |scale: f32| (dice.next_u64() % 100_000) as f32 / 100_000.0 * scale;
        let facings = [Facing::North, Facing::East, Facing::South, Facing::West];
        for i in 0..200_000 {
            let other = block_at(
                [next(40.0), next(40.0)],
                next(6.0) + 0.1,
                next(6.0) + 0.1,
                facings[i % 4],
            );
            let half = if i % 3 == 0 {
                (0.0, 0.0)
            } else {
                (next(4.0), next(4.0))
            };
            let reach = [other.half_x + half.0 - 0.01, other.half_y + half.1 - 0.01];
            let from = [next(40.0), next(40.0)];
            let to = if i % 5 == 0 {
                // Ends on the reach's edge, or a hair short of it.
                [other.centre[0] - reach[0] - next(0.02), from[1]]
            } else {
                [next(40.0), next(40.0)]
            };
            assert_eq!(
                first_touch(from, to, half, &other),
                crossing(from, to, reach, &other),
                "{from:?} -> {to:?}, {half:?}, {other:?}"
            );
        }
    }
}
