//! War machine dice (L660-707): crew losses slowing a machine, the stone
//! thrower's d10 and scatter die (a 1 on the d10 misfires whatever the
//! scatter die shows, a hit symbol lands on target, an arrow moves the
//! stone d10 inches in a random direction), and the misfire table.

/// Speed of a machine with `crew_alive` of `crew_start` crew (L666): `S x alive / start`.
pub fn machine_speed(speed: f64, crew_alive: u16, crew_start: u16) -> f64 {
    if crew_start == 0 {
        0.0
    } else {
        speed * f64::from(crew_alive) / f64::from(crew_start)
    }
}

/// Where a stone thrower's shot goes.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Scatter {
    /// d10 = 1: not fired; roll on the misfire table.
    Misfire,
    OnTarget,
    /// Lands `inches` away from the aim point along `bearing` degrees.
    Off {
        inches: f64,
        bearing: f64,
    },
}

/// The scatter result for a d10, a scatter-die face (1-6, faces 5 and 6
/// carry the hit symbol) and a uniform bearing for the arrow (G-40).
pub fn scatter(d10: u8, scatter_face: u8, bearing: f64) -> Scatter {
    if d10 == 1 {
        Scatter::Misfire
    } else if scatter_face >= 5 {
        Scatter::OnTarget
    } else {
        Scatter::Off {
            inches: f64::from(d10),
            bearing,
        }
    }
}

/// The misfire table (L693-699).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Misfire {
    /// 1: machine destroyed and crew slain.
    Destroyed,
    /// 2-3: cannot shoot until repaired (a standard action); one crewman
    /// takes 1d10 damage (2d10 paragon, 3d10 epic).
    Disabled,
    /// 4-6: may not shoot this turn.
    NoShot,
}

pub fn misfire(d6: u8) -> Misfire {
    match d6 {
        1 => Misfire::Destroyed,
        2 | 3 => Misfire::Disabled,
        _ => Misfire::NoShot,
    }
}

/// The stone thrower's minimum range to its aim point (L703).
pub const STONE_MIN_RANGE: f64 = 12.0;

/// Whether a stone thrower may aim at a model `distance` inches away
/// (within range, and not within 12" of the machine).
pub fn stone_aim_legal(distance: f64, range: f64) -> bool {
    distance >= STONE_MIN_RANGE && distance <= range
}
