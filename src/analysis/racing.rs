//! Racing many variants to find the best: rounds of doubling length on
//! common random numbers, where after each round a variant is dropped
//! when its paired 95% interval against the current leader lies wholly
//! below zero, Bonferroni-corrected for the comparisons of that round
//! (after F-Race, Birattari et al. 2002, with Newcombe's paired interval
//! in place of the Friedman test). Survivors have played every battle
//! index so far, so they stay paired with each other.

use crate::stats::{bonferroni_z, PairedWins};

/// A variant's standing when the race ends.
#[derive(Clone, Debug, PartialEq)]
pub struct Standing {
    pub variant: usize,
    /// Battle indices it played.
    pub battles: u64,
    pub rate: f64,
    /// The round it was dropped in (None: it survived).
    pub dropped_in: Option<usize>,
}

/// The race's bookkeeping between rounds.
#[derive(Clone, Debug)]
pub struct Race {
    /// Joint wins over all variants (survivors' battles).
    pub paired: PairedWins,
    pub alive: Vec<usize>,
    pub standings: Vec<Standing>,
    pub round: usize,
    /// Battle indices played by the survivors.
    pub played: u64,
}

impl Race {
    pub fn new(k: usize) -> Self {
        Race {
            paired: PairedWins::new(k),
            alive: (0..k).collect(),
            standings: (0..k)
                .map(|variant| Standing {
                    variant,
                    battles: 0,
                    rate: 0.0,
                    dropped_in: None,
                })
                .collect(),
            round: 0,
            played: 0,
        }
    }

    /// The survivor with the highest win rate.
    pub fn leader(&self) -> usize {
        *self
            .alive
            .iter()
            .max_by(|&&a, &&b| {
                self.paired
                    .rate(a)
                    .total_cmp(&self.paired.rate(b))
                    .then(b.cmp(&a))
            })
            .expect("a race has a survivor")
    }

    /// Adds a round's results (`round` holds the survivors, in `alive`
    /// order) and drops the variants that are separated from the leader.
    pub fn finish_round(&mut self, round: &PairedWins, alpha: f64) {
        // The global matrix keeps every variant; rows of dropped ones
        // stop growing, which is why only survivors are compared.
        let mut survivors = PairedWins::new(self.paired.variants());
        survivors.merge_mapped(round, &self.alive);
        self.paired.merge(&survivors);
        self.played += round.battles;
        for &v in &self.alive {
            self.standings[v].battles = self.played;
            self.standings[v].rate = self.paired.rate(v);
        }
        let leader = self.leader();
        let z = bonferroni_z(alpha, self.alive.len().saturating_sub(1));
        let round_no = self.round;
        let dropped: Vec<usize> = self
            .alive
            .iter()
            .copied()
            .filter(|&v| v != leader && self.paired.difference(v, leader, z).paired.1 < 0.0)
            .collect();
        for v in &dropped {
            self.standings[*v].dropped_in = Some(round_no);
        }
        self.alive.retain(|v| !dropped.contains(v));
        self.round += 1;
    }

    /// The survivors that cannot be separated from the leader at level
    /// `alpha` (Bonferroni over the survivors), the leader first.
    pub fn inseparable(&self, alpha: f64) -> Vec<usize> {
        let leader = self.leader();
        let z = bonferroni_z(alpha, self.alive.len().saturating_sub(1));
        let mut set: Vec<usize> = self
            .alive
            .iter()
            .copied()
            .filter(|&v| v == leader || self.paired.difference(v, leader, z).paired.1 >= 0.0)
            .collect();
        set.sort_by(|&a, &b| {
            self.paired
                .rate(b)
                .total_cmp(&self.paired.rate(a))
                .then(a.cmp(&b))
        });
        set
    }
}
