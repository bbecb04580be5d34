//! Standards of Valor direct fire with handheld weapons, steps 1-5 of
//! digest 9.2 (Ch XIV, L2279-2438). The firer rolls its Quality Die, a
//! Firepower Die and, for area fire, an Area Fire Die (L2325-2333, L2298);
//! the target rolls the Range Die, D4 up to one effective range band, one
//! step per further band, impossible beyond five (L2348-2351, L2390; band
//! k = ceil(d / ERB), digest ambiguity 11). None of the firer's dice above the target
//! roll: no effect; one: one suppression marker and nothing else; two or
//! more: suppression plus potential hits = sum of all firer dice / range die
//! size, with the remainder giving one more hit when a second range-die roll
//! is at most the remainder (L2401-2421). Potential hits are capped at the
//! target's figures (digest ambiguity 56). Each potential hit is a casualty when the
//! Impact roll beats the Armour roll (L2430). The text never says how total
//! FP becomes a die (its one data point: FP 12 -> D12, L2427), so
//! [`FpDieMap`] offers the Stargrunt bands (digest A7) and one step per 3 FP.
//! Exact outcome distributions by full enumeration back the CI checks. The
//! roll functions do not allocate.

use super::ladder::{multiple_opposed, Die, Opposed};
use crate::dice::Dice;

/// How total Fire Power becomes the Firepower Die (digest A7; the text is silent).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FpDieMap {
    /// Stargrunt II bands: <= 4 D4, 5-6 D6, 7-8 D8, 9-10 D10, >= 11 D12.
    Stargrunt,
    /// One step per 3 FP: <= 3 D4, 4-6 D6, 7-9 D8, 10-11 D10, >= 12 D12.
    Thirds,
}

/// The Firepower Die for total Fire Power `fp_halves / 2`, or None for no
/// fire power. FP is fractional (0.5 per firearm figure), so the argument is
/// FP x 2; the total is rounded **down** to whole FP before mapping, so a
/// lone firearm (FP 0.5) or none gives None, and 1.5 FP maps as 1. Both maps
/// send 12 to D12, the text's one data point (L2427).
pub fn firepower_die(fp_halves: u32, map: FpDieMap) -> Option<Die> {
    let fp = fp_halves / 2;
    let tops: [u32; 4] = match map {
        FpDieMap::Stargrunt => [4, 6, 8, 10],
        FpDieMap::Thirds => [3, 6, 9, 11],
    };
    if fp == 0 {
        return None;
    }
    let steps = tops.iter().filter(|&&top| fp > top).count();
    Die::from_index(steps as i8)
}

/// The unshifted Range Die for a target `distance` away with effective range
/// band `erb`, both in the same unit (tenths or hundredths of an inch):
/// k = ceil(d / ERB), at least 1 (d = 0 is band 1); k = 1 D4 .. k = 5 D12;
/// beyond, or with a zero ERB, None (no shot, L2390).
pub fn range_band_die(distance: u32, erb: u16) -> Option<Die> {
    if erb == 0 {
        return None;
    }
    let k = distance.div_ceil(u32::from(erb)).max(1);
    if k > 5 {
        return None;
    }
    Die::from_index(k as i8 - 1)
}

/// What one fire action did to its target (L2405-2413).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FireEffect {
    /// No firer die beat the range die.
    NoEffect,
    /// Exactly one did: one suppression marker, nothing more.
    Suppress,
    /// Two or more did: one suppression marker and these potential hits
    /// (capped at the target's figures).
    Effective {
        /// Potential hits, each to be checked for penetration.
        potential_hits: u16,
    },
}

/// The dice of one fire resolution, for a trace.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct FireRoll {
    /// The firer's rolls (QD, FP die, optional area die); `len` are used.
    pub firer: [u8; 3],
    /// How many firer dice were rolled.
    pub len: u8,
    /// The target's range-die roll.
    pub target: u8,
    /// The second range-die roll for the remainder; 0 when not rolled.
    pub remainder: u8,
}

impl FireRoll {
    /// The firer's rolls in order.
    pub fn firer_rolls(&self) -> &[u8] {
        &self.firer[..usize::from(self.len)]
    }

    /// Sum of all the firer's rolls, including those that failed (L2413).
    pub fn sum(&self) -> u16 {
        self.firer_rolls().iter().map(|&r| u16::from(r)).sum()
    }
}

/// Potential hits from a firer total `sum` against `range` (L2415-2421):
/// floor(sum / size), plus one when the remainder r > 0 and the second
/// range-die roll `remainder_roll` is <= r. Not capped.
pub fn potential_hits_for(sum: u16, range: Die, remainder_roll: u8) -> u16 {
    let size = u16::from(range.faces());
    let r = sum % size;
    let extra = r > 0 && u16::from(remainder_roll) <= r;
    sum / size + u16::from(extra)
}

/// Reads rolled fire dice (the remainder roll already in `roll` when it was
/// needed): the effect, potential hits capped at `target_figures`.
pub fn read_fire(roll: &FireRoll, range: Die, target_figures: u16) -> FireEffect {
    match multiple_opposed(roll.firer_rolls(), roll.target) {
        Opposed::Fail => FireEffect::NoEffect,
        Opposed::Success => FireEffect::Suppress,
        Opposed::Major => {
            let hits = potential_hits_for(roll.sum(), range, roll.remainder);
            FireEffect::Effective {
                potential_hits: hits.min(target_figures),
            }
        }
    }
}

/// Rolls one fire resolution (steps 3-4): the firer's 1-3 dice (only the
/// first three are used), the target's `range` die, and the remainder roll
/// when fully effective with a remainder.
pub fn resolve_fire(
    dice: &mut Dice,
    firer: &[Die],
    range: Die,
    target_figures: u16,
) -> (FireEffect, FireRoll) {
    debug_assert!((1..=3).contains(&firer.len()));
    let mut roll = FireRoll::default();
    for (slot, die) in roll.firer.iter_mut().zip(firer) {
        *slot = die.roll(dice);
        roll.len += 1;
    }
    roll.target = range.roll(dice);
    let major = multiple_opposed(roll.firer_rolls(), roll.target) == Opposed::Major;
    if major && roll.sum() % u16::from(range.faces()) > 0 {
        roll.remainder = range.roll(dice);
    }
    (read_fire(&roll, range, target_figures), roll)
}

/// Step 5 (L2430): each potential hit is a casualty iff the Impact roll
/// beats the Armour roll. Returns the casualties.
pub fn penetrations(dice: &mut Dice, hits: u16, imp: Die, armour: Die) -> u16 {
    (0..hits)
        .filter(|_| imp.roll(dice) > armour.roll(dice))
        .count() as u16
}

/// Calls `f` with every combination of rolls of `firer` (up to 3 dice),
/// each equally likely.
fn for_each_roll(firer: &[Die], mut f: impl FnMut(&FireRoll)) {
    let n = firer.len().min(3);
    let mut roll = FireRoll {
        firer: [1; 3],
        len: n as u8,
        ..FireRoll::default()
    };
    loop {
        f(&roll);
        // Odometer step over the first n dice.
        let mut i = 0;
        while i < n && roll.firer[i] == firer[i].faces() {
            roll.firer[i] = 1;
            i += 1;
        }
        if i == n {
            return;
        }
        roll.firer[i] += 1;
    }
}

/// The number of equally likely (firer rolls, target roll) outcomes.
fn outcomes(firer: &[Die], range: Die) -> f64 {
    let faces: f64 = firer.iter().take(3).map(|d| f64::from(d.faces())).product();
    faces * f64::from(range.faces())
}

/// Exact [P(no effect), P(suppression only), P(effective)] by enumeration.
pub fn fire_distribution(firer: &[Die], range: Die) -> [f64; 3] {
    let mut counts = [0u32; 3];
    for_each_roll(firer, |roll| {
        for t in 1..=range.faces() {
            let k = match multiple_opposed(roll.firer_rolls(), t) {
                Opposed::Fail => 0,
                Opposed::Success => 1,
                Opposed::Major => 2,
            };
            counts[k] += 1;
        }
    });
    let n = outcomes(firer, range);
    counts.map(|c| f64::from(c) / n)
}

/// Exact expected potential hits per fire action (0 unless effective; the
/// remainder hit counted at its probability r / size; uncapped).
pub fn expected_potential_hits(firer: &[Die], range: Die) -> f64 {
    let size = u16::from(range.faces());
    let mut total = 0.0;
    for_each_roll(firer, |roll| {
        let s = roll.sum();
        let per = f64::from(s / size) + f64::from(s % size) / f64::from(size);
        let beaten = (1..=range.faces())
            .filter(|&t| multiple_opposed(roll.firer_rolls(), t) == Opposed::Major)
            .count();
        total += per * beaten as f64;
    });
    total / outcomes(firer, range)
}

#[cfg(test)]
mod tests {
    use super::super::arms::Missile;
    use super::super::ladder::{opposed, p_exceeds};
    use super::*;
    use Die::*;

    #[test]
    fn t36_range_bands() {
        let erb = Missile::ShortBow.erb_tenths(D8);
        assert_eq!(erb, 40);
        let d = [39, 40, 41, 90, 200, 205].map(|d| range_band_die(d, erb));
        assert_eq!(d, [Some(D4), Some(D4), Some(D6), Some(D8), Some(D12), None]);
        assert_eq!(range_band_die(0, erb), Some(D4));
        assert_eq!(range_band_die(10, 0), None);
        // Hundredths work the same way (a Green throwing spear, 0.75").
        let erb = Missile::ThrowingSpear.erb_hundredths(D6);
        assert_eq!(range_band_die(75, erb), Some(D4));
        assert_eq!(range_band_die(376, erb), None);
    }

    /// The range die after `shift`, or None when no shot.
    fn shot(distance: u32, erb: u16, shift: i8) -> Option<Die> {
        range_band_die(distance, erb)?.shifted_range(shift)
    }

    #[test]
    fn t37_maximum_ranges() {
        for (shift, max) in [(0, 200), (1, 160), (2, 120)] {
            assert_eq!(shot(max, 40, shift), Some(D12), "shift {shift}");
            assert_eq!(shot(max + 1, 40, shift), None, "shift {shift}");
        }
    }

    #[test]
    fn t38_lone_figure() {
        let erb = 40;
        assert_eq!(shot(41, erb, 2), Some(D10));
        assert_eq!(shot(41, erb, 3), Some(D12));
        assert_eq!(shot(41, erb, 4), None); // hard cover
                                            // worked-examples A8: band 3 in the open is still a legal D12 shot.
        assert_eq!(shot(120, erb, 2), Some(D12));
        assert_eq!(shot(121, erb, 2), None);
    }

    #[test]
    fn t39_archers_example_both_readings() {
        let erb = Missile::ShortBow.erb_tenths(D8);
        assert_eq!(range_band_die(90, erb), Some(D8));
        assert_eq!(shot(90, erb, 1), Some(D10)); // the text: Shield Wall only
        assert_eq!(shot(90, erb, 1 - 1), Some(D8)); // the rules: also close formation
        let fp = 12 * u32::from(Missile::ShortBow.stats().fp_halves);
        assert_eq!(firepower_die(fp, FpDieMap::Stargrunt), Some(D12));
        assert_eq!(firepower_die(fp, FpDieMap::Thirds), Some(D12));
    }

    fn fixed(firer: &[u8], target: u8, remainder: u8) -> FireRoll {
        let mut roll = FireRoll {
            target,
            remainder,
            ..FireRoll::default()
        };
        roll.firer[..firer.len()].copy_from_slice(firer);
        roll.len = firer.len() as u8;
        roll
    }

    #[test]
    fn t40_t41_fixed_rolls() {
        assert_eq!(
            read_fire(&fixed(&[4, 5], 4, 0), D10, 20),
            FireEffect::Suppress
        );
        assert_eq!(
            read_fire(&fixed(&[4, 4], 4, 0), D10, 20),
            FireEffect::NoEffect
        );
        let eff = |n| FireEffect::Effective { potential_hits: n };
        assert_eq!(read_fire(&fixed(&[5, 6], 4, 1), D10, 20), eff(2));
        assert_eq!(read_fire(&fixed(&[5, 6], 4, 2), D10, 20), eff(1));
        assert_eq!(read_fire(&fixed(&[5, 6], 4, 1), D10, 1), eff(1));
        // S < die size: H = 0 plus the remainder chance (L2421).
        assert_eq!(potential_hits_for(3, D4, 3), 1);
        assert_eq!(potential_hits_for(3, D4, 4), 0);
        assert_eq!(potential_hits_for(12, D6, 1), 2);
        assert_eq!(fixed(&[5, 6, 7], 1, 0).sum(), 18);
    }

    #[test]
    fn t42_penetration() {
        // Imp D6 roll 4 v Armour D6 roll 3: a casualty; any Imp roll <= 3: none.
        assert_eq!(opposed(4, 3), Opposed::Success);
        assert!((1..=3).all(|imp| opposed(imp, 3) == Opposed::Fail));
        let mut dice = Dice::for_battle(42, 0);
        let n = 200_000u32;
        let total: u32 = (0..n / 10)
            .map(|_| u32::from(penetrations(&mut dice, 10, D6, D6)))
            .sum();
        let p = p_exceeds(D6, D6);
        let se = (p * (1.0 - p) / f64::from(n)).sqrt();
        assert!((f64::from(total) / f64::from(n) - p).abs() < 5.0 * se);
    }

    fn near(a: f64, b: f64) -> bool {
        (a - b).abs() < 1e-12
    }

    /// `a` rounds (half up) to the 4-decimal `b`.
    fn four_dp(a: f64, b: f64) -> bool {
        (a - b).abs() <= 5e-5 + 1e-12
    }

    #[test]
    fn t43_t44_exact() {
        let t43 = fire_distribution(&[D8, D12], D10);
        let want = [0.3708, 0.3667, 0.2625];
        assert!(t43.iter().zip(want).all(|(a, b)| four_dp(*a, b)));
        assert!(near(t43[0], 89.0 / 240.0) && near(t43[2], 21.0 / 80.0));
        let e = expected_potential_hits(&[D8, D12], D10);
        assert!(four_dp(e, 0.3588) && near(e, 287.0 / 800.0));
        let t44 = fire_distribution(&[D8, D12], D8);
        let want = [0.2656, 0.4063, 0.3281];
        assert!(t44.iter().zip(want).all(|(a, b)| four_dp(*a, b)));
        assert!(near(t44[1], 13.0 / 32.0));
        let e = expected_potential_hits(&[D8, D12], D8);
        assert!(four_dp(e, 0.5605) && near(e, 287.0 / 512.0));
    }

    /// exact-probabilities.md section 3: firer, range, P0, P1, P2, E as
    /// (numerator, denominator) pairs.
    type Anchor = (&'static [Die], Die, [(f64, f64); 4]);

    const ANCHORS: [Anchor; 7] = [
        (
            &[D8, D12],
            D4,
            [(5., 64.), (35., 96.), (107., 192.), (469., 256.)],
        ),
        (
            &[D8, D12],
            D6,
            [(91., 576.), (119., 288.), (247., 576.), (559., 576.)],
        ),
        (
            &[D8, D12],
            D12,
            [(15., 32.), (5., 16.), (7., 32.), (287., 1152.)],
        ),
        (
            &[D8, D8],
            D8,
            [(51., 128.), (21., 64.), (35., 128.), (399., 1024.)],
        ),
        (
            &[D10, D10],
            D10,
            [(77., 200.), (33., 100.), (57., 200.), (99., 250.)],
        ),
        (
            &[D8, D4],
            D6,
            [(37., 96.), (5., 12.), (19., 96.), (163., 576.)],
        ),
        (
            &[D8, D12, D8],
            D10,
            [(157., 480.), (67., 240.), (63., 160.), (4403., 6400.)],
        ),
    ];

    #[test]
    fn more_exact_anchors() {
        for (firer, range, want) in ANCHORS {
            let d = fire_distribution(firer, range);
            let e = expected_potential_hits(firer, range);
            let got = [d[0], d[1], d[2], e];
            for (g, (n, den)) in got.into_iter().zip(want) {
                assert!(near(g, n / den), "{firer:?} v {range:?}: {g} v {n}/{den}");
            }
        }
    }

    #[test]
    fn t45_fp_map() {
        // FP 12, 10 (20 crossbows), 20 (volley), 5, 3, as FP x 2.
        let fp = [24, 20, 40, 10, 6];
        let want = [Some(D12), Some(D10), Some(D12), Some(D6), Some(D4)];
        assert_eq!(fp.map(|f| firepower_die(f, FpDieMap::Stargrunt)), want);
        assert_eq!(fp.map(|f| firepower_die(f, FpDieMap::Thirds)), want);
    }

    /// FP x 2 at the band edges, and the die faces each map gives (0 = none).
    const FP_EDGES: [(u32, u8, u8); 13] = [
        (0, 0, 0),
        (1, 0, 0),
        (2, 4, 4),
        (3, 4, 4),
        (8, 4, 6),
        (9, 4, 6),
        (12, 6, 6),
        (14, 8, 8),
        (18, 10, 8),
        (20, 10, 10),
        (22, 12, 10),
        (24, 12, 12),
        (200, 12, 12),
    ];

    #[test]
    fn fp_map_edges() {
        let faces = |d: Option<Die>| d.map_or(0, Die::faces);
        for (fp, sg, th) in FP_EDGES {
            assert_eq!(faces(firepower_die(fp, FpDieMap::Stargrunt)), sg, "{fp}");
            assert_eq!(faces(firepower_die(fp, FpDieMap::Thirds)), th, "{fp}");
        }
    }

    /// Simulates `n` fire actions; returns outcome counts, hit sum and
    /// hit sum of squares.
    fn simulate(firer: &[Die], range: Die, seed: u64, n: u32) -> ([u32; 3], f64, f64) {
        let mut dice = Dice::for_battle(seed, 7);
        let (mut counts, mut sum, mut sq) = ([0u32; 3], 0.0, 0.0);
        for _ in 0..n {
            let h = match resolve_fire(&mut dice, firer, range, u16::MAX).0 {
                FireEffect::NoEffect => {
                    counts[0] += 1;
                    0
                }
                FireEffect::Suppress => {
                    counts[1] += 1;
                    0
                }
                FireEffect::Effective { potential_hits } => {
                    counts[2] += 1;
                    potential_hits
                }
            };
            sum += f64::from(h);
            sq += f64::from(h) * f64::from(h);
        }
        (counts, sum, sq)
    }

    #[test]
    fn simulated_fire_against_exact() {
        const N: u32 = 200_000;
        let cases: [(&[Die], Die); 4] = [
            (&[D8, D12], D10),
            (&[D8, D12], D8),
            (&[D8, D12, D8], D10),
            (&[D10, D4], D4),
        ];
        let n = f64::from(N);
        for (i, (firer, range)) in cases.into_iter().enumerate() {
            let (counts, sum, sq) = simulate(firer, range, 1000 + i as u64, N);
            for (c, p) in counts.into_iter().zip(fire_distribution(firer, range)) {
                let se = (p * (1.0 - p) / n).sqrt();
                assert!(
                    (f64::from(c) / n - p).abs() <= 5.0 * se,
                    "{firer:?} {range:?}"
                );
            }
            let mean = sum / n;
            let se = ((sq / n - mean * mean) / n).sqrt();
            let e = expected_potential_hits(firer, range);
            assert!(
                (mean - e).abs() <= 5.0 * se,
                "{firer:?} {range:?}: {mean} v {e}"
            );
        }
    }

    #[test]
    fn rolls_are_recorded() {
        let mut dice = Dice::for_battle(3, 3);
        for _ in 0..1000 {
            let (effect, roll) = resolve_fire(&mut dice, &[D8, D12, D6], D6, 5);
            assert_eq!(roll.len, 3);
            assert_eq!(read_fire(&roll, D6, 5), effect);
            let needs = matches!(effect, FireEffect::Effective { .. }) && roll.sum() % 6 > 0;
            assert_eq!(roll.remainder > 0, needs);
        }
    }
}
