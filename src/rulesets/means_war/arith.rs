//! The arithmetic of This Means WAR!, all integer (digest B-G22): phase
//! numbers from Unit Quality and initiative modifiers, initiative-attack
//! percentages, damage scaled by the surviving fraction, and "% killed" in
//! milli-percent. Unit Quality is carried in half points (1.5 is 3) and
//! normal damage in milli-points (783.75 is 783750), so results such as
//! the text's floor(313.5) = 313 never depend on floating point.

use super::morale::MoraleState;
use super::options::{ApMoveFraction, PhaseRounding};

/// `value_x2 / 2` made an integer by the phase rounding rule.
pub fn round_half(value_x2: i32, rounding: PhaseRounding) -> i32 {
    match rounding {
        PhaseRounding::HalfUp => (value_x2 + 1).div_euclid(2),
        PhaseRounding::Floor => value_x2.div_euclid(2),
    }
}

/// Action Phase number: `11 - UQ + initiative modifier`, fixed for the battle (L18-20, L26).
pub fn action_phase(uq_x2: i32, init_mod: i32, rounding: PhaseRounding) -> i32 {
    round_half(22 - uq_x2 + 2 * init_mod, rounding)
}

/// Initiative Phase number: `d20 + initiative modifier + UQ` (L13-15, L28).
pub fn initiative_phase(d20: i32, uq_x2: i32, init_mod: i32, rounding: PhaseRounding) -> i32 {
    d20 + round_half(uq_x2 + 2 * init_mod, rounding)
}

/// Initiative-attack percentage `(IP - AP) x 5`, capped; 0 when the IP does not beat the AP (L55).
pub fn ia_pct(ip: i32, ap: i32, cap: i64) -> i64 {
    if ip <= ap {
        0
    } else {
        (5 * i64::from(ip - ap)).min(cap)
    }
}

/// Damage of one attack: `floor(damage x pct% x hp / scale_hp x mult)` (L57, L68).
///
/// `hp / scale_hp` is the surviving fraction; `mult` is the product of the
/// rout x3 and routed-target x2 multipliers.
pub fn attack_damage(damage_milli: i64, pct: i64, hp: i64, scale_hp: i64, mult: i64) -> i64 {
    if scale_hp <= 0 || hp <= 0 {
        return 0;
    }
    let num = i128::from(damage_milli) * i128::from(pct) * i128::from(hp) * i128::from(mult);
    let den = 1000 * 100 * i128::from(scale_hp);
    (num / den) as i64
}

/// `floor(100 000 x part / whole)`: a percentage in milli-percent (L62).
pub fn milli_pct(part: i64, whole: i64) -> i64 {
    if whole <= 0 {
        0
    } else {
        (i128::from(part) * 100_000 / i128::from(whole)) as i64
    }
}

/// Squares a unit with standard movement `m` moves in its Initiative and
/// Action Phases in `state` (L51, L134, L152, L162; digest B-TV26): half of
/// M in each phase, retreat and withdraw add M to the IP, rout adds 2M to
/// both. `Full` gives the action phase all of M instead of half.
pub fn move_budgets(m: i32, state: MoraleState, fraction: ApMoveFraction) -> (i32, i32) {
    let ip = m / 2;
    let ap = match fraction {
        ApMoveFraction::Half => m - m / 2,
        ApMoveFraction::Full => m,
    };
    match state {
        MoraleState::Normal | MoraleState::FallBack => (ip, ap),
        MoraleState::Retreat | MoraleState::Withdraw => (ip + m, ap),
        MoraleState::Rout => (ip + 2 * m, ap + 2 * m),
        MoraleState::Surrender => (0, 0),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn half_points_round_as_the_text_rounds() {
        assert_eq!(round_half(21, PhaseRounding::HalfUp), 11);
        assert_eq!(round_half(5, PhaseRounding::HalfUp), 3);
        assert_eq!(round_half(5, PhaseRounding::Floor), 2);
        assert_eq!(round_half(-1, PhaseRounding::HalfUp), 0);
        assert_eq!(round_half(-1, PhaseRounding::Floor), -1);
    }
}
