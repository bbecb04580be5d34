//! Win-rate differences between variants played on common random numbers.
//!
//! [`PairedWins`] counts, for K variants played on the same battle indices,
//! each variant's wins of the focus side and, for every pair, the battles
//! both won: exactly the 2x2 tables that paired comparisons need, in integer
//! counts (mergeable, memory flat in the number of battles, quadratic in K).
//! [`difference`] turns one pair into Newcombe's hybrid-score interval for the
//! difference, both paired and as if the samples were independent, so the
//! gain of common random numbers is measured on the same footing.

use super::wilson;
use serde::{Deserialize, Serialize};
use statrs::distribution::{ContinuousCDF, Normal};

/// Focus-side wins of K variants on shared battle indices, with joint wins.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PairedWins {
    /// Battle indices played (every variant played each of them).
    pub battles: u64,
    /// Wins per variant.
    pub wins: Vec<u64>,
    /// Battles won by both `i` and `j`, at `i * k + j` for `i < j`.
    joint: Vec<u64>,
}

impl PairedWins {
    pub fn new(k: usize) -> Self {
        PairedWins {
            battles: 0,
            wins: vec![0; k],
            joint: vec![0; k * k],
        }
    }

    pub fn variants(&self) -> usize {
        self.wins.len()
    }

    /// Adds one battle index: `winners` lists the variants (ascending) whose
    /// focus side won it.
    pub fn add(&mut self, winners: &[usize]) {
        let k = self.variants();
        self.battles += 1;
        for (n, &i) in winners.iter().enumerate() {
            self.wins[i] += 1;
            for &j in &winners[n + 1..] {
                self.joint[i * k + j] += 1;
            }
        }
    }

    /// Adds `other`, whose variants are this one's at indices `map`.
    pub fn merge_mapped(&mut self, other: &PairedWins, map: &[usize]) {
        let (k, ko) = (self.variants(), other.variants());
        self.battles += other.battles;
        for (a, &i) in map.iter().enumerate() {
            self.wins[i] += other.wins[a];
            for (b, &j) in map.iter().enumerate().skip(a + 1) {
                let (lo, hi) = if i < j { (i, j) } else { (j, i) };
                self.joint[lo * k + hi] += other.joint[a * ko + b];
            }
        }
    }

    /// Adds `other` (same variants).
    pub fn merge(&mut self, other: &PairedWins) {
        let map: Vec<usize> = (0..other.variants()).collect();
        self.merge_mapped(other, &map);
    }

    /// Battles both `i` and `j` won.
    pub fn both(&self, i: usize, j: usize) -> u64 {
        match i.cmp(&j) {
            std::cmp::Ordering::Less => self.joint[i * self.variants() + j],
            std::cmp::Ordering::Greater => self.joint[j * self.variants() + i],
            std::cmp::Ordering::Equal => self.wins[i],
        }
    }

    /// Win rate of variant `i`.
    pub fn rate(&self, i: usize) -> f64 {
        self.wins[i] as f64 / self.battles.max(1) as f64
    }

    /// The difference `rate(i) - rate(j)` with its intervals at quantile `z`.
    pub fn difference(&self, i: usize, j: usize, z: f64) -> Difference {
        let both = self.both(i, j);
        difference(
            PairTable {
                both,
                only_first: self.wins[i] - both,
                only_second: self.wins[j] - both,
                neither: self.battles + both - self.wins[i] - self.wins[j],
            },
            z,
        )
    }
}

/// A paired 2x2 table: battles won by both, by the first only, by the
/// second only, and by neither.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PairTable {
    pub both: u64,
    pub only_first: u64,
    pub only_second: u64,
    pub neither: u64,
}

/// A difference of two win rates with its paired and independent intervals.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Difference {
    pub estimate: f64,
    pub paired: (f64, f64),
    pub independent: (f64, f64),
}

impl Difference {
    /// How many times smaller the paired variance is than the independent
    /// one, from the squared ratio of the interval widths (1 when the paired
    /// interval has no width).
    pub fn variance_reduction(&self) -> f64 {
        let paired = self.paired.1 - self.paired.0;
        let independent = self.independent.1 - self.independent.0;
        if paired > 0.0 {
            (independent / paired).powi(2)
        } else {
            1.0
        }
    }
}

/// Newcombe's hybrid score interval for the difference of two proportions
/// from paired data (Newcombe 1998, "Improved confidence intervals for the
/// difference between binomial proportions based on paired data", method
/// 10), with the independent-samples interval from the same two Wilson
/// intervals (Newcombe 1998, "Interval estimation for the difference between
/// independent proportions", method 10) for comparison. Both stay inside
/// [-1, 1] and behave near 0% and 100% where the Wald interval fails.
pub fn difference(t: PairTable, z: f64) -> Difference {
    let n = t.both + t.only_first + t.only_second + t.neither;
    let first = t.both + t.only_first;
    let second = t.both + t.only_second;
    // Phi, the correlation of the 2x2 table; 0 when a margin is empty.
    let margins = [first, n - first, second, n - second].map(|m| m as f64);
    let phi = if margins.contains(&0.0) {
        0.0
    } else {
        let (a, b, c, d) = (
            t.both as f64,
            t.only_first as f64,
            t.only_second as f64,
            t.neither as f64,
        );
        (a * d - b * c) / margins.iter().product::<f64>().sqrt()
    };
    Difference {
        estimate: (first as f64 - second as f64) / n.max(1) as f64,
        paired: hybrid_score((first, n), (second, n), phi, z),
        independent: hybrid_score((first, n), (second, n), 0.0, z),
    }
}

/// Newcombe's method 10 interval for `x1/n1 - x2/n2` with correlation `phi`
/// between the two estimates (0 for independent samples).
pub fn hybrid_score(first: (u64, u64), second: (u64, u64), phi: f64, z: f64) -> (f64, f64) {
    let rate = |(x, n): (u64, u64)| x as f64 / n.max(1) as f64;
    let (p1, p2) = (rate(first), rate(second));
    let (l1, u1) = wilson(first.0, first.1, z);
    let (l2, u2) = wilson(second.0, second.1, z);
    let below = ((p1 - l1).powi(2) - 2.0 * phi * (p1 - l1) * (u2 - p2) + (u2 - p2).powi(2))
        .max(0.0)
        .sqrt();
    let above = ((u1 - p1).powi(2) - 2.0 * phi * (u1 - p1) * (p2 - l2) + (p2 - l2).powi(2))
        .max(0.0)
        .sqrt();
    ((p1 - p2 - below).max(-1.0), (p1 - p2 + above).min(1.0))
}

/// The normal quantile for a two-sided interval of level `1 - alpha`,
/// Bonferroni-corrected for `comparisons` simultaneous intervals (each at
/// level `1 - alpha / comparisons`).
pub fn bonferroni_z(alpha: f64, comparisons: usize) -> f64 {
    let per = alpha / comparisons.max(1) as f64;
    let normal = Normal::new(0.0, 1.0).expect("the standard normal is valid");
    normal.inverse_cdf(1.0 - per / 2.0)
}
