//! The dice-driven distances (L140-143, L309-320, L338, L442): how far a
//! charge reaches (`1d6 + S - 3`, a 1 always fails), the fall back!, flee
//! and pursue move (`2d6 + 2S - 12`, clamped at 0 by default), the long
//! charge bonus (strictly more than 2") and the double-move ban (an enemy
//! within 6"). Measured distances within a billionth of an inch of a
//! threshold count as on it, so rounding in a rotation cannot earn a bonus.

use crate::geometry::plane::EPS;

/// The charge distance for a d6 face and a speed; `None` on a 1, which
/// fails "even if the target unit is only 1" away".
pub fn charge_reach(d6: u8, speed: f64) -> Option<f64> {
    (d6 >= 2).then(|| f64::from(d6) + speed - 3.0)
}

/// The chance (in sixths) that a charge of speed `speed` reaches `distance`.
pub fn charge_sixths(speed: f64, distance: f64) -> u32 {
    (2..=6u8)
        .filter(|&d| charge_reach(d, speed).is_some_and(|r| r >= distance))
        .count() as u32
}

/// The longest distance a charge of speed `speed` reaches on at least
/// `sixths` sixths of the d6 (`charge_sixths(speed, d) >= sixths` exactly
/// when `d` is no more than it); `None` when no distance is reached that
/// often (more than 5 sixths, as a 1 always fails).
pub fn reach_on_sixths(sixths: u32, speed: f64) -> Option<f64> {
    match sixths {
        0 => Some(f64::INFINITY),
        1..=5 => charge_reach(7 - sixths as u8, speed),
        _ => None,
    }
}

/// A fall back!, flee or pursuit distance for two d6 faces.
pub fn flee_distance(d1: u8, d2: u8, speed: f64, clamp_at_zero: bool) -> f64 {
    let d = f64::from(d1) + f64::from(d2) + 2.0 * speed - 12.0;
    if clamp_at_zero {
        d.max(0.0)
    } else {
        d
    }
}

/// Whether a charge from `distance` inches earns the +1 to hit and the extra
/// attack dice (strictly more than 2", G-12).
pub fn long_charge(distance: f64) -> bool {
    distance > 2.0 + EPS
}

/// Whether a double move is allowed with the nearest enemy `nearest_enemy`
/// inches away (no enemy within 6", G-49).
pub fn double_move_allowed(nearest_enemy: f64) -> bool {
    nearest_enemy > 6.0 + EPS
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reach_on_sixths_is_the_edge_of_charge_sixths() {
        for speed in [3.0, 4.5, 6.0, 8.0, 12.0] {
            for tenths in 0..200 {
                let d = f64::from(tenths) / 10.0;
                for k in 0..=6 {
                    let reached = reach_on_sixths(k, speed).is_some_and(|r| d <= r);
                    assert_eq!(charge_sixths(speed, d) >= k, reached, "{speed} {d} {k}");
                }
            }
        }
    }
}
