//! Combat resolution (L398-433, L574, L634): each side's score is its hits
//! plus the bonuses (the best single unit's supporting companies at +2
//! each up to +14, outnumbering +2, a standard +2 or the battle standard
//! +4, high ground +2, flank +2 and rear +4 up to +6, a challenge's
//! overkill +1 per excess hit up to +5); the higher score wins by the
//! difference, and a draw goes to the side that alone has a musician, by 1.

use crate::rules::Side;

/// Support is +2 per company, at most +14 (L413).
pub const SUPPORT_CAP: i32 = 14;
/// Overkill is +1 per excess hit, at most +5 (L433).
pub const OVERKILL_CAP: i32 = 5;

/// What one side brings to a combat's resolution.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SideScore {
    /// Hits caused this turn in the combat, charge hits and Hope is Lost! models included.
    pub hits: u32,
    /// Supporting companies of the side's best-supported unit.
    pub best_unit_support: u32,
    /// Combined unit strength of the side's units in the fight.
    pub unit_strength: u32,
    pub standard: bool,
    pub battle_standard: bool,
    /// The side's highest unit stands strictly higher than every enemy unit.
    pub high_ground: bool,
    pub flank: bool,
    pub rear: bool,
    /// Excess hits on a slain character in a challenge.
    pub overkill: u32,
    pub musician: bool,
}

/// One side's total given the other's (for outnumbering).
pub fn total(me: &SideScore, enemy: &SideScore) -> i32 {
    let mut t = me.hits as i32;
    t += (2 * me.best_unit_support as i32).min(SUPPORT_CAP);
    if me.unit_strength > enemy.unit_strength {
        t += 2;
    }
    if me.battle_standard {
        t += 4;
    } else if me.standard {
        t += 2;
    }
    if me.high_ground {
        t += 2;
    }
    t += 2 * i32::from(me.flank) + 4 * i32::from(me.rear);
    t += (me.overkill as i32).min(OVERKILL_CAP);
    t
}

/// The outcome of a resolution: the winner and the margin, or a draw.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Resolution {
    pub totals: [i32; 2],
    /// `None` for a draw.
    pub winner: Option<Side>,
    pub margin: i32,
}

/// Resolves a combat between sides A and B.
pub fn resolve(a: &SideScore, b: &SideScore) -> Resolution {
    let totals = [total(a, b), total(b, a)];
    let (winner, margin) = match totals[0].cmp(&totals[1]) {
        std::cmp::Ordering::Greater => (Some(Side::A), totals[0] - totals[1]),
        std::cmp::Ordering::Less => (Some(Side::B), totals[1] - totals[0]),
        std::cmp::Ordering::Equal => match (a.musician, b.musician) {
            (true, false) => (Some(Side::A), 1),
            (false, true) => (Some(Side::B), 1),
            _ => (None, 0),
        },
    };
    Resolution {
        totals,
        winner,
        margin,
    }
}
