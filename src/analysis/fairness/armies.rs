//! Random legal armies from a fairness list: each army draws a target
//! between `budget * (1 - spread)` and `budget` points, starts from every
//! unit's minimum, then buys units picked uniformly among those that still
//! fit (under their `max`, within the target and the side's slots) until
//! none does. An army that ends below the floor is drawn again. Armies of
//! matchup `j` come from their own stream (`Dice::for_battle(seed ^ SALT, j)`),
//! so the armies do not depend on the thread count or on the battles.

use crate::dice::Dice;

/// Keeps the army streams apart from the battle streams of the same seed.
const SALT: u64 = 0xFA1E_0A2B_3C4D_5E6F;
/// Draws before giving up on reaching the floor.
const TRIES: usize = 1000;

/// What an army may contain.
#[derive(Clone, Debug, PartialEq)]
pub struct Market {
    pub costs: Vec<u32>,
    pub min: Vec<u32>,
    pub max: Vec<u32>,
    /// Which sides may buy each unit.
    pub sides: Vec<[bool; 2]>,
    pub budget: u32,
    /// Fraction of the budget an army may leave unspent.
    pub spread: f64,
    /// Units a side can deploy (its slots).
    pub slots: [usize; 2],
}

impl Market {
    /// The lowest total an army may have.
    pub fn floor(&self) -> u32 {
        (f64::from(self.budget) * (1.0 - self.spread)).ceil() as u32
    }

    /// Side `side`'s minimum counts (zero for units it does not buy).
    fn minimums(&self, side: usize) -> Vec<u32> {
        self.min
            .iter()
            .zip(&self.sides)
            .map(|(&m, buys)| if buys[side] { m } else { 0 })
            .collect()
    }

    /// Why no army can be built, if that is clear before drawing.
    pub fn impossible(&self) -> Option<String> {
        for side in 0..2 {
            let min = self.minimums(side);
            let min_cost = self.points(&min);
            let min_units: u32 = min.iter().sum();
            let cheapest = (0..self.costs.len())
                .filter(|&u| self.sides[u][side])
                .map(|u| self.costs[u])
                .min()
                .unwrap_or(0);
            if min_units == 0 && cheapest > self.budget {
                return Some(format!(
                    "every unit side {} buys costs more than the budget of {} points",
                    side + 1,
                    self.budget
                ));
            }
            if min_cost > self.budget {
                return Some(format!(
                    "side {}'s minimums cost {min_cost} points, over the budget of {}",
                    side + 1,
                    self.budget
                ));
            }
            if min_units as usize > self.slots[side] {
                return Some(format!(
                    "side {}'s minimums need {min_units} slots; it has {}",
                    side + 1,
                    self.slots[side]
                ));
            }
        }
        None
    }

    /// The two armies (counts per unit) of matchup `j`.
    pub fn matchup(&self, seed: u64, j: u64) -> Result<[Vec<u32>; 2], String> {
        let mut dice = Dice::for_battle(seed ^ SALT, j);
        Ok([self.army(&mut dice, 0)?, self.army(&mut dice, 1)?])
    }

    fn army(&self, dice: &mut Dice, side: usize) -> Result<Vec<u32>, String> {
        let floor = self.floor();
        for _ in 0..TRIES {
            let target = floor + uniform(dice, self.budget - floor + 1);
            let mut counts = self.minimums(side);
            let mut spent = self.points(&counts);
            loop {
                let units: u32 = counts.iter().sum();
                let fits: Vec<usize> = (0..self.costs.len())
                    .filter(|&u| {
                        self.sides[u][side]
                            && counts[u] < self.max[u]
                            && spent + self.costs[u] <= target
                            && (units as usize) < self.slots[side]
                    })
                    .collect();
                if fits.is_empty() {
                    break;
                }
                let u = fits[uniform(dice, fits.len() as u32) as usize];
                counts[u] += 1;
                spent += self.costs[u];
            }
            if spent >= floor {
                return Ok(counts);
            }
        }
        Err(format!(
            "no army of {floor} to {} points was found in {TRIES} draws: the units' max counts or side {}'s {} slots leave too little to buy",
            self.budget,
            side + 1,
            self.slots[side]
        ))
    }

    pub fn points(&self, counts: &[u32]) -> u32 {
        self.costs.iter().zip(counts).map(|(c, n)| c * n).sum()
    }
}

/// A uniform draw from `0..n` (n >= 1), by rejection so it has no bias.
fn uniform(dice: &mut Dice, n: u32) -> u32 {
    let n = u64::from(n.max(1));
    let zone = u64::MAX - u64::MAX % n;
    loop {
        let x = dice.next_u64();
        if x < zone {
            return (x % n) as u32;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn market() -> Market {
        Market {
            costs: vec![100, 60, 35],
            min: vec![1, 0, 0],
            max: vec![3, 4, 2],
            sides: vec![[true, true]; 3],
            budget: 500,
            spread: 0.1,
            slots: [8, 8],
        }
    }

    #[test]
    fn armies_are_legal_and_vary() {
        let m = market();
        let mut totals = Vec::new();
        let mut armies = Vec::new();
        for j in 0..300 {
            for army in m.matchup(7, j).unwrap() {
                let pts = m.points(&army);
                assert!((450..=500).contains(&pts), "{pts}");
                for (u, &n) in army.iter().enumerate() {
                    assert!(n >= m.min[u] && n <= m.max[u]);
                }
                totals.push(pts);
                armies.push(army);
            }
        }
        totals.sort_unstable();
        totals.dedup();
        armies.sort_unstable();
        armies.dedup();
        // Every legal army (by enumeration) that no unit could be added to
        // under the budget is drawn.
        let mut legal = Vec::new();
        for a in 1..=3 {
            for b in 0..=4 {
                for c in 0..=2 {
                    let army = vec![a, b, c];
                    let pts = m.points(&army);
                    let full = (0..3).all(|u| army[u] == m.max[u] || pts + m.costs[u] > 500);
                    if (450..=500).contains(&pts) && full {
                        legal.push(army);
                    }
                }
            }
        }
        for army in &legal {
            assert!(armies.contains(army), "{army:?} never drawn: {armies:?}");
        }
        assert!(totals.len() >= 4, "totals hardly vary: {totals:?}");
        assert_eq!(m.matchup(7, 3).unwrap(), m.matchup(7, 3).unwrap());
    }

    #[test]
    fn an_impossible_market_says_why() {
        let mut m = market();
        m.min = vec![3, 4, 2];
        assert!(m.impossible().unwrap().contains("over the budget"));
        // A unit only the second side buys is never in the first side's armies.
        let mut m = market();
        m.sides[2] = [false, true];
        for j in 0..50 {
            let [first, _] = m.matchup(5, j).unwrap();
            assert_eq!(first[2], 0);
        }
        let mut m = market();
        m.max = vec![1, 1, 1];
        assert!(m
            .matchup(1, 0)
            .unwrap_err()
            .contains("no army of 450 to 500"));
    }
}
