//! Mergeable accumulators and the statistics derived from them.
//!
//! Everything a batch keeps is an integer count ([`Histogram`], [`Tally`]), so
//! merging tallies is exact and order-independent and memory stays flat in the
//! number of battles. Floating point appears only when a finished tally is
//! summarised ([`wilson`], [`Histogram::quantile`], [`Histogram::mean`]).

mod histogram;
pub mod logistic;
mod paired;
mod tally;

pub use histogram::Histogram;
pub use paired::{bonferroni_z, difference, hybrid_score, Difference, PairTable, PairedWins};
pub use tally::{clock_marks, Bands, Clocked, SideTable, Tally, TallyShape, UnitEvents, UnitMeta};

/// The 97.5% quantile of the standard normal distribution (for 95% intervals).
pub const Z_95: f64 = 1.959_963_984_540_054;

/// The Wilson score interval (Wilson 1927) for `successes` out of `n` at
/// normal quantile `z`: `(centre ± z·sqrt(p(1-p)/n + z²/4n²)) / (1 + z²/n)`.
/// Returns `(0, 1)` when `n == 0`. Unlike the Wald interval it stays inside
/// [0, 1] and keeps its coverage near 0% and 100%.
pub fn wilson(successes: u64, n: u64, z: f64) -> (f64, f64) {
    if n == 0 {
        return (0.0, 1.0);
    }
    let n_f = n as f64;
    let p = successes as f64 / n_f;
    let z2 = z * z;
    let denom = 1.0 + z2 / n_f;
    let centre = p + z2 / (2.0 * n_f);
    let half = z * (p * (1.0 - p) / n_f + z2 / (4.0 * n_f * n_f)).sqrt();
    (
        ((centre - half) / denom).max(0.0),
        ((centre + half) / denom).min(1.0),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wilson_matches_a_published_value() {
        // 81 of 263 (Newcombe 1998, example 1): 0.2553 .. 0.3662 at 95%.
        let (lo, hi) = wilson(81, 263, Z_95);
        assert!((lo - 0.2553).abs() < 1e-4, "{lo}");
        assert!((hi - 0.3662).abs() < 1e-4, "{hi}");
        let (lo, hi) = wilson(0, 10, Z_95);
        assert_eq!(lo, 0.0);
        assert!((hi - 0.2775).abs() < 1e-4, "{hi}");
    }

    #[test]
    fn hybrid_score_matches_newcombes_worked_example() {
        // 56/70 - 48/80 (Newcombe 1998, independent proportions, table II
        // example (a), method 10): 0.0524 .. 0.3339.
        let (lo, hi) = hybrid_score((56, 70), (48, 80), 0.0, Z_95);
        assert!((lo - 0.0524).abs() < 1e-4, "{lo}");
        assert!((hi - 0.3339).abs() < 1e-4, "{hi}");
    }

    #[test]
    fn bonferroni_z_is_the_normal_quantile_of_the_split_level() {
        assert!((bonferroni_z(0.05, 1) - Z_95).abs() < 1e-9);
        // 0.05 / 10 = 0.005, two-sided: the 0.9975 quantile, 2.8070.
        assert!((bonferroni_z(0.05, 10) - 2.8070).abs() < 1e-4);
    }
}
