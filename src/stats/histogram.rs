//! Exact integer histograms over small non-negative values.

/// Counts of the values `0..len`; values past the end land in the last bin
/// (callers size histograms so that this never happens for valid rules).
#[derive(Clone, Debug, PartialEq, Eq, Default, serde::Serialize, serde::Deserialize)]
pub struct Histogram {
    counts: Vec<u64>,
}

impl Histogram {
    /// A histogram for the values `0..=max_value`.
    pub fn new(max_value: usize) -> Self {
        Histogram {
            counts: vec![0; max_value + 1],
        }
    }

    pub fn add(&mut self, value: usize) {
        let last = self.counts.len() - 1;
        self.counts[value.min(last)] += 1;
    }

    pub fn merge(&mut self, other: &Histogram) {
        for (a, b) in self.counts.iter_mut().zip(&other.counts) {
            *a += b;
        }
    }

    pub fn counts(&self) -> &[u64] {
        &self.counts
    }

    pub fn total(&self) -> u64 {
        self.counts.iter().sum()
    }

    pub fn mean(&self) -> f64 {
        let n = self.total();
        if n == 0 {
            return 0.0;
        }
        let sum: f64 = self
            .counts
            .iter()
            .enumerate()
            .map(|(v, &c)| v as f64 * c as f64)
            .sum();
        sum / n as f64
    }

    /// The nearest-rank quantile: the smallest value `v` whose cumulative
    /// count reaches `ceil(q · total)` (at least 1). Exact, no interpolation.
    pub fn quantile(&self, q: f64) -> usize {
        let n = self.total();
        if n == 0 {
            return 0;
        }
        let rank = ((q * n as f64).ceil() as u64).clamp(1, n);
        let mut seen = 0;
        for (v, &c) in self.counts.iter().enumerate() {
            seen += c;
            if seen >= rank {
                return v;
            }
        }
        self.counts.len() - 1
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nearest_rank_quantiles() {
        let mut h = Histogram::new(10);
        for v in 1..=10 {
            h.add(v);
        }
        assert_eq!(h.quantile(0.1), 1);
        assert_eq!(h.quantile(0.5), 5);
        assert_eq!(h.quantile(0.9), 9);
        assert_eq!(h.quantile(1.0), 10);
        assert!((h.mean() - 5.5).abs() < 1e-12);
    }
}
