//! D&D War: frequencies simulated through the rules code against exact
//! probabilities, each within 4 sigma: to-hit, charge distance, courage and
//! break tests, flee/pursue distances and the bolt thrower's chain. The
//! exact values are worked out here independently of the code under test
//! (the digest's tables and closed forms).

use super::support::{trials, within_4_sigma};
use muster::dice::Dice;
use muster::rulesets::dnd_war::courage;
use muster::rulesets::dnd_war::distances::{charge_reach, flee_distance};
use muster::rulesets::dnd_war::hits::{self, NON_CHARACTER_FLOOR};

/// The exact distribution of a bolt thrower's hits (index = hits), built
/// from each attack's own hit chance: `P(k) = prod(p_0..p_k-1) x (1 - p_k)`.
pub fn bolt_distribution(atk: i32, reflex: i32, max_hits: usize) -> Vec<f64> {
    let p = |k: usize| {
        let need = (reflex - (atk - 2 * k as i32)).clamp(8, 20);
        f64::from(21 - need) / 20.0
    };
    let mut dist = vec![0.0; max_hits + 1];
    let mut reach = 1.0;
    for (k, slot) in dist.iter_mut().enumerate().take(max_hits) {
        *slot = reach * (1.0 - p(k));
        reach *= p(k);
    }
    dist[max_hits] = reach;
    dist
}

#[test]
fn to_hit_frequencies() {
    let n = trials();
    let mut dice = Dice::for_battle(11, 0);
    // (atk, def, exact chance from the chart's "N+" reading)
    for (atk, def, p) in [(16, 25, 0.60), (1, 30, 0.05), (20, 11, 0.65), (6, 20, 0.35)] {
        let need = hits::need(atk, def, NON_CHARACTER_FLOOR);
        let got = u64::from(hits::roll_hits(&mut dice, n as u32, need));
        within_4_sigma(&format!("+{atk} vs {def}"), got, n, p);
    }
}

#[test]
fn charge_distance_frequencies() {
    let n = trials();
    let mut dice = Dice::for_battle(12, 0);
    // The digest's success table in sixths: S 6 at 7" is 3/6, S 3 at 5" 2/6, S 8 at 11" 1/6.
    for (speed, distance, sixths) in [
        (6.0, 7.0, 3.0),
        (3.0, 5.0, 2.0),
        (8.0, 11.0, 1.0),
        (6.0, 1.0, 5.0),
    ] {
        let got = (0..n)
            .filter(|_| charge_reach(dice.roll(6), speed).is_some_and(|r| r >= distance))
            .count() as u64;
        within_4_sigma(&format!("S {speed} at {distance}"), got, n, sixths / 6.0);
    }
}

#[test]
fn courage_and_break_frequencies() {
    let n = trials();
    let mut dice = Dice::for_battle(13, 0);
    // TV-09: +4 vs 13 is 0.60; TV-12: +6 vs 13 is 0.70; TV-31: +4 vs 20 is 0.25;
    // +13 vs 13 always passes (no automatic failure on a 1).
    for (bonus, dc, p) in [(4, 13, 0.60), (6, 13, 0.70), (4, 20, 0.25), (13, 13, 1.0)] {
        let got = (0..n)
            .filter(|_| courage::passes(i32::from(dice.roll(20)), bonus, dc))
            .count() as u64;
        within_4_sigma(&format!("+{bonus} vs DC {dc}"), got, n, p);
    }
    // Against a bigger terror causer only a natural 20 passes (TV-12: 0.05).
    let got = (0..n)
        .filter(|_| courage::ap_to_pass(i32::from(dice.roll(20)), 6, 17, true) == Some(0))
        .count() as u64;
    within_4_sigma("natural 20 only", got, n, 0.05);
}

#[test]
fn flee_distance_frequencies() {
    let n = trials();
    let mut dice = Dice::for_battle(14, 0);
    // 2d6 is triangular: P(sum = s) = (6 - |s - 7|) / 36.
    for speed in [3.0, 6.0] {
        let mut counts = [0u64; 32];
        for _ in 0..n {
            let d = flee_distance(dice.roll(6), dice.roll(6), speed, true);
            counts[d as usize] += 1;
        }
        for (inches, &got) in counts.iter().enumerate() {
            let exact: f64 = (2..=12)
                .filter(|&s| (f64::from(s) + 2.0 * speed - 12.0).max(0.0) as usize == inches)
                .map(|s| f64::from(6 - (s - 7i32).abs()) / 36.0)
                .sum();
            within_4_sigma(&format!("S {speed} flees {inches}"), got, n, exact);
        }
        if speed == 3.0 {
            // The digest's G-04: 42% of S 3 rolls are zero or less.
            assert!((counts[0] as f64 / n as f64 - 15.0 / 36.0).abs() < 0.01);
        }
    }
}

#[test]
fn bolt_chain_frequencies() {
    let n = trials();
    let mut dice = Dice::for_battle(15, 0);
    let exact = bolt_distribution(10, 13, 6);
    let mut counts = [0u64; 7];
    for _ in 0..n {
        let chain = hits::bolt_chain(|| i32::from(dice.roll(20)), 10, 13, true, 6);
        counts[chain.hits as usize] += 1;
    }
    for (k, (&got, &p)) in counts.iter().zip(&exact).enumerate() {
        within_4_sigma(&format!("{k} bolt hits"), got, n, p);
    }
    let skirmish = (0..n)
        .filter(|_| hits::bolt_chain(|| i32::from(dice.roll(20)), 10, 13, false, 6).hits == 1)
        .count() as u64;
    within_4_sigma("one hit on skirmishers", skirmish, n, 0.65);
}
