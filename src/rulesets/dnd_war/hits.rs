//! Rolling to hit and turning hits into casualties (L240-287, L676-689):
//! the chart formula `need = min(20, max(floor, DEF - atk))` with the 8+
//! floor for everyone but characters, the resilience rule
//! `removed = floor(hits / R)`, and the bolt thrower's chain of secondary
//! attacks at -2 each.

use crate::dice::Dice;

/// The lowest roll that can hit for anyone who is not a character (L269).
pub const NON_CHARACTER_FLOOR: i32 = 8;

/// The d20 roll needed to hit defence `def` with attack bonus `atk`; rolls
/// below `floor` always miss and a 20 always hits.
pub fn need(atk: i32, def: i32, floor: i32) -> i32 {
    (def - atk).max(floor).min(20)
}

/// A States of Battle spent Stand & Shoot (digest 6.4, TV-25): the need
/// is raised to the top band `min`, and never above 20.
pub fn top_band(need: i32, min: i32) -> i32 {
    need.max(min).min(20)
}

/// The chance that one d20 reaches `need`.
pub fn p_hit(need: i32) -> f64 {
    f64::from((21 - need).clamp(0, 20)) / 20.0
}

/// Rolls `dice` d20s against `need` and returns the hits.
pub fn roll_hits(dice: &mut Dice, n_dice: u32, need: i32) -> u32 {
    (0..n_dice)
        .filter(|_| i32::from(dice.roll(20)) >= need)
        .count() as u32
}

/// Minions removed by `hits` against rank-and-file of resilience `r`: one per
/// hit at R 1, otherwise `floor(hits / R)` with the remainder discarded (L279-283).
pub fn minions_removed(hits: u32, resilience: u8) -> u32 {
    hits / u32::from(resilience.max(1))
}

/// How a bolt thrower's chain went.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct BoltChain {
    pub hits: u32,
    pub rolls: u32,
}

/// The bolt thrower (L676-689): a primary attack at `atk`, then on every
/// hit a secondary attack at a further -2, until a miss or `max_hits`
/// hits. Against a target without companies only the primary is made.
/// `roll` supplies each d20.
pub fn bolt_chain(
    roll: impl FnMut() -> i32,
    atk: i32,
    reflex: i32,
    target_has_companies: bool,
    max_hits: u32,
) -> BoltChain {
    bolt_chain_floored(roll, atk, reflex, target_has_companies, max_hits, None)
}

/// [`bolt_chain`] with every attack's need raised to the top band
/// `min_need` when given (a States of Battle spent Stand & Shoot, digest
/// 6.4, see [`top_band`]).
pub fn bolt_chain_floored(
    mut roll: impl FnMut() -> i32,
    atk: i32,
    reflex: i32,
    target_has_companies: bool,
    max_hits: u32,
    min_need: Option<i32>,
) -> BoltChain {
    let mut chain = BoltChain::default();
    let mut bonus = atk;
    loop {
        chain.rolls += 1;
        let plain = need(bonus, reflex, NON_CHARACTER_FLOOR);
        let need = min_need.map_or(plain, |m| top_band(plain, m));
        if roll() < need {
            break;
        }
        chain.hits += 1;
        if chain.hits >= max_hits || !target_has_companies {
            break;
        }
        bonus -= 2;
    }
    chain
}

/// Attack dice of a multiattack (L229-234): `a` uses of one at-will power;
/// `first_use_extra` extra attacks granted by the power (e.g. Twin Strike's
/// second attack) count on the first use only; `class_extra` adds a class
/// rule's +1 (Rapid Shot, Quickspell, Dance of Blades, Mass Curse).
pub fn multiattack_dice(a: u8, first_use_extra: u8, class_extra: u8) -> u32 {
    u32::from(a) + u32::from(first_use_extra) + u32::from(class_extra)
}

/// Whether a ranged attack on a character riding a monster strikes the
/// rider (d6 of 5-6) rather than the mount (1-4) (L534).
pub fn strikes_rider(d6: u8) -> bool {
    d6 >= 5
}

/// Whether a model whose base is `gap` inches from an enemy fights with
/// `reach` (L355, G-03): strictly closer than the reach by default, or
/// within it under the inclusive reading.
pub fn within_reach(gap: f64, reach: f64, inclusive: bool) -> bool {
    if inclusive {
        gap <= reach
    } else {
        gap < reach
    }
}

/// Attacks a unit still makes in a phase: its engaged models less the
/// casualties it has already suffered this phase (L394, charge casualties
/// included); none if it has spent its standard action shooting (L359).
pub fn attacks_left(engaged_models: u32, casualties_this_phase: u32, has_shot: bool) -> u32 {
    if has_shot {
        0
    } else {
        engaged_models.saturating_sub(casualties_this_phase)
    }
}
