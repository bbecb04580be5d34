//! Dice and random streams. This is the only module that names the RNG type.
//!
//! Battle `i` of a run with seed `s` draws only from [`Dice::for_battle`]`(s, i)`,
//! a xoshiro256++ stream whose 256-bit state is filled by SplitMix64 from a key
//! that mixes `s` and `i`. Streams are therefore independent of thread count,
//! batch size and shard split. The module does not know any rules: it rolls a
//! die with `n` faces, with advantage or disadvantage, and counts the dice
//! rolled (for the benches' RNG floor), and nothing more.

use rand_core::{RngCore, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

/// A source of die rolls for one battle (or one test).
#[derive(Clone, Debug)]
pub struct Dice {
    rng: Xoshiro256PlusPlus,
    /// Dice rolled so far (the benches' RNG floor: draws per battle).
    rolls: u64,
}

/// How many dice a roll uses and which it keeps.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub enum RollMode {
    /// One die.
    Normal,
    /// `1 + extra` dice, keep the highest.
    Advantage { extra: u8 },
    /// `1 + extra` dice, keep the lowest.
    Disadvantage { extra: u8 },
}

/// SplitMix64 finaliser (Steele, Lea, Flood 2014), used to derive stream keys.
fn splitmix64(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

impl Dice {
    /// The stream of battle `battle_idx` in a run with `seed`.
    pub fn for_battle(seed: u64, battle_idx: u64) -> Self {
        let key = splitmix64(seed ^ splitmix64(battle_idx.wrapping_add(0xA076_1D64_78BD_642F)));
        Dice {
            rng: Xoshiro256PlusPlus::seed_from_u64(key),
            rolls: 0,
        }
    }

    /// Dice rolled from this stream so far.
    pub fn rolls(&self) -> u64 {
        self.rolls
    }

    /// A raw 64-bit draw (used by the value-stability test).
    pub fn next_u64(&mut self) -> u64 {
        self.rng.next_u64()
    }

    /// A uniform integer in `1..=faces` (Lemire's unbiased multiply-and-reject).
    pub fn roll(&mut self, faces: u8) -> u8 {
        debug_assert!(faces > 0);
        self.rolls += 1;
        let n = u32::from(faces);
        loop {
            let x = self.rng.next_u32();
            let m = u64::from(x) * u64::from(n);
            let low = m as u32;
            if low >= n || low >= n.wrapping_neg() % n {
                return (m >> 32) as u8 + 1;
            }
        }
    }

    /// Rolls `faces` under `mode`; returns the kept value and every die rolled
    /// (up to four) so that a trace can show them.
    pub fn roll_with(&mut self, faces: u8, mode: RollMode) -> (u8, RolledDice) {
        let (count, keep_high) = match mode {
            RollMode::Normal => (1, true),
            RollMode::Advantage { extra } => (1 + extra.min(3), true),
            RollMode::Disadvantage { extra } => (1 + extra.min(3), false),
        };
        let mut rolled = RolledDice::default();
        let mut kept = if keep_high { 0 } else { u8::MAX };
        for _ in 0..count {
            let r = self.roll(faces);
            rolled.push(r);
            kept = if keep_high { kept.max(r) } else { kept.min(r) };
        }
        (kept, rolled)
    }

    /// A d20 (or any die) roll-off that re-rolls ties; returns `true` when the
    /// first roller wins. `mods` are added to each side's roll.
    pub fn roll_off(&mut self, faces: u8, mods: [i32; 2]) -> (bool, [u8; 2]) {
        loop {
            let a = self.roll(faces);
            let b = self.roll(faces);
            let (sa, sb) = (i32::from(a) + mods[0], i32::from(b) + mods[1]);
            if sa != sb {
                return (sa > sb, [a, b]);
            }
        }
    }
}

/// The dice of one roll, without allocation.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RolledDice {
    values: [u8; 4],
    len: u8,
}

impl RolledDice {
    fn push(&mut self, v: u8) {
        if usize::from(self.len) < self.values.len() {
            self.values[usize::from(self.len)] = v;
            self.len += 1;
        }
    }

    /// The dice in the order they were rolled.
    pub fn as_slice(&self) -> &[u8] {
        &self.values[..usize::from(self.len)]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rolls_stay_in_range() {
        let mut d = Dice::for_battle(7, 3);
        for faces in [1u8, 4, 6, 8, 10, 12, 20] {
            for _ in 0..1000 {
                let r = d.roll(faces);
                assert!((1..=faces).contains(&r));
            }
        }
    }

    #[test]
    fn advantage_keeps_the_highest() {
        let mut a = Dice::for_battle(1, 1);
        let (kept, dice) = a.roll_with(6, RollMode::Advantage { extra: 1 });
        assert_eq!(dice.as_slice().len(), 2);
        assert_eq!(kept, *dice.as_slice().iter().max().unwrap());
        let (kept, dice) = a.roll_with(6, RollMode::Disadvantage { extra: 2 });
        assert_eq!(dice.as_slice().len(), 3);
        assert_eq!(kept, *dice.as_slice().iter().min().unwrap());
    }
}
