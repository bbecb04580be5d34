//! Racing a doctrine panel: a panel multiplies battles, so pairings whose
//! answer is settled stop early. Every pairing plays battle indices from 0
//! on common random numbers; at each look (after an eighth, a quarter and
//! half of the battles) a pairing is settled, and stops, when its Wilson
//! interval for the compared side's win rate lies wholly on one side of
//! even, at a level Bonferroni-corrected for every pairing at every look
//! (so a pairing stopped early has a 95% interval off even too). The
//! others play on to the full count. Each pairing's battles are reported.

use crate::stats::{bonferroni_z, wilson};

/// The looks, as divisors of the battles: after 1/8, 1/4, 1/2 and all.
pub const LOOKS: [u64; 4] = [8, 4, 2, 1];

/// Family error rate of the settling rule over all pairings and looks.
const ALPHA: f64 = 0.05;

/// What the panel played.
#[derive(Clone, Debug, PartialEq)]
pub struct PanelTally {
    /// The compared side's wins per pairing.
    pub wins: Vec<u64>,
    /// Battles per pairing (fewer for a pairing settled early).
    pub battles: Vec<u64>,
    /// The battles after which a pairing was settled (None: played on).
    pub settled_at: Vec<Option<u64>>,
    /// Whether a signal stopped it.
    pub partial: bool,
}

impl PanelTally {
    pub fn rate(&self, v: usize) -> f64 {
        self.wins[v] as f64 / self.battles[v].max(1) as f64
    }
}

/// One round's outcome for the pairings played: their wins, the battles
/// each played, and whether it was interrupted.
pub struct Round {
    pub wins: Vec<u64>,
    pub battles: u64,
    pub partial: bool,
}

/// Plays `k` pairings for `battles` each; with `race`, settled pairings
/// stop at a look. `play(pairings, start, n)` plays battles `start..start+n`
/// of the given pairings.
pub fn race_panel(
    k: usize,
    battles: u64,
    race: bool,
    mut play: impl FnMut(&[usize], u64, u64) -> anyhow::Result<Round>,
) -> anyhow::Result<PanelTally> {
    let mut t = PanelTally {
        wins: vec![0; k],
        battles: vec![0; k],
        settled_at: vec![None; k],
        partial: false,
    };
    let z = bonferroni_z(ALPHA, k * LOOKS.len());
    let looks: Vec<u64> = match race {
        true => LOOKS
            .iter()
            .map(|d| battles / d)
            .filter(|&n| n > 0)
            .collect(),
        false => vec![battles],
    };
    let mut done = 0;
    for target in looks {
        let alive: Vec<usize> = (0..k).filter(|&v| t.settled_at[v].is_none()).collect();
        if alive.is_empty() || target <= done {
            continue;
        }
        let round = play(&alive, done, target - done)?;
        for (i, &v) in alive.iter().enumerate() {
            t.wins[v] += round.wins[i];
            t.battles[v] += round.battles;
        }
        done += round.battles;
        if round.partial {
            t.partial = true;
            break;
        }
        if target < battles {
            for &v in &alive {
                let (lo, hi) = wilson(t.wins[v], t.battles[v], z);
                if lo > 0.5 || hi < 0.5 {
                    t.settled_at[v] = Some(t.battles[v]);
                }
            }
        }
    }
    Ok(t)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A pairing whose side wins with probability `p`, battle `i` decided
    /// by a fixed hash of `i` (common random numbers).
    fn wins(p: f64, start: u64, n: u64) -> u64 {
        (start..start + n)
            .filter(|i| {
                ((i.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 11) as f64 / (1u64 << 53) as f64) < p
            })
            .count() as u64
    }

    fn play_rates(rates: &[f64], race: bool) -> PanelTally {
        race_panel(rates.len(), 8000, race, |alive, start, n| {
            Ok(Round {
                wins: alive.iter().map(|&v| wins(rates[v], start, n)).collect(),
                battles: n,
                partial: false,
            })
        })
        .unwrap()
    }

    #[test]
    fn clear_pairings_stop_early_and_close_ones_play_on() {
        let t = play_rates(&[0.9, 0.1, 0.5, 0.52], true);
        assert_eq!(t.settled_at[0], Some(1000));
        assert_eq!(t.settled_at[1], Some(1000));
        assert_eq!(t.battles[..2], [1000, 1000]);
        assert_eq!(t.settled_at[2], None);
        assert_eq!(t.battles[2], 8000);
        // Without racing every pairing plays every battle, and a raced
        // pairing that played on has the same wins (the same indices).
        let all = play_rates(&[0.9, 0.1, 0.5, 0.52], false);
        assert_eq!(all.battles, vec![8000; 4]);
        assert_eq!(all.wins[2], t.wins[2]);
        assert_eq!(all.wins[3], t.wins[3]);
    }

    #[test]
    fn an_interruption_keeps_what_was_played() {
        let t = race_panel(2, 800, true, |alive, _, n| {
            Ok(Round {
                wins: vec![n / 2; alive.len()],
                battles: n / 2,
                partial: true,
            })
        })
        .unwrap();
        assert!(t.partial);
        assert_eq!(t.battles, vec![50, 50]);
    }
}
