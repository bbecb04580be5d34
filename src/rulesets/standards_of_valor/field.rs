//! The table's geometry: every unit is an axis-aligned block (files x
//! frontage wide, ranks x rank depth deep) whose front faces the enemy's
//! baseline (side 1 starts at the south and faces north). Distances are
//! the gap between blocks, or centre to centre when either unit is in
//! Skirmish (L514-520). Facing never changes, so wheels, obliques and
//! turns are not simulated; a flank or rear charge is one that starts
//! behind the target's front edge (L2801-2804).

use super::melee_dice::{Formation, Mount};
use super::state::{frontage, rank_depth, UnitState};

/// A unit's block: centre, half width, half depth.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Block {
    pub centre: [f32; 2],
    pub half_w: f32,
    pub half_d: f32,
}

/// The number of ranks of `figures` in `files` files.
pub fn ranks(figures: u16, files: u16) -> u16 {
    if files == 0 {
        0
    } else {
        figures.div_ceil(files)
    }
}

/// The block of unit state `u` of mount `mount`.
pub fn block(u: &UnitState, mount: Mount) -> Block {
    block_at(u.pos, (u.figures, u.files), u.formation, mount)
}

/// The block of `figures` figures in `files` files of `formation` and
/// `mount`, centred on `centre` (also the set-ups' geometry, `deploy`).
#[inline]
pub fn block_at(
    centre: [f32; 2],
    (figures, files): (u16, u16),
    formation: Formation,
    mount: Mount,
) -> Block {
    let files = files.min(figures).max(1);
    Block {
        centre,
        half_w: f32::from(files) * frontage(formation, mount) / 2.0,
        half_d: f32::from(ranks(figures, files).max(1)) * rank_depth(formation, mount) / 2.0,
    }
}

/// The measured distance between two units (closest figures, or centres
/// when either is in Skirmish).
pub fn distance(a: &Block, a_skirmish: bool, b: &Block, b_skirmish: bool) -> f32 {
    let dx = (a.centre[0] - b.centre[0]).abs();
    let dy = (a.centre[1] - b.centre[1]).abs();
    if a_skirmish || b_skirmish {
        return (dx * dx + dy * dy).sqrt();
    }
    let gx = (dx - a.half_w - b.half_w).max(0.0);
    let gy = (dy - a.half_d - b.half_d).max(0.0);
    (gx * gx + gy * gy).sqrt()
}

/// Where a charge started relative to the target: 0 front, 1 flank, 2 rear.
/// `target_faces_north` is true for side 1's units.
pub fn charge_aspect(attacker: &Block, target: &Block, target_faces_north: bool) -> u8 {
    let sign = if target_faces_north { 1.0 } else { -1.0 };
    let front = target.centre[1] * sign + target.half_d;
    let rear = target.centre[1] * sign - target.half_d;
    let att_back = attacker.centre[1] * sign - attacker.half_d;
    let att_front = attacker.centre[1] * sign + attacker.half_d;
    if att_front < rear {
        2
    } else if att_back < front - 0.01 {
        1
    } else {
        0
    }
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

    #[test]
    fn gap_between_blocks() {
        let a = Block {
            centre: [10.0, 10.0],
            half_w: 5.0,
            half_d: 1.0,
        };
        let b = Block {
            centre: [10.0, 20.0],
            half_w: 5.0,
            half_d: 1.0,
        };
        assert!((distance(&a, false, &b, false) - 8.0).abs() < 1e-5);
        assert!((distance(&a, true, &b, false) - 10.0).abs() < 1e-5);
        assert_eq!(charge_aspect(&a, &b, false), 0);
    }
}
