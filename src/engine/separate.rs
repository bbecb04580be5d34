//! Several rulesets, each playing its own battles: ruleset `j` of a list
//! plays battle indices `j*per .. (j+1)*per` of the seed, so no two share a
//! stream and their results are independent (what a regression over
//! matchups needs, unlike the common random numbers of `variants`). The
//! rulesets run in parallel, each one's battles in order, so every tally is
//! the same for any thread count.

use super::Observer;
use crate::dice::Dice;
use crate::rules::{BattleRecord, NoTrace, Ruleset};
use crate::stats::Tally;
use rayon::prelude::*;
use std::sync::atomic::{AtomicBool, Ordering};

/// Battles a ruleset plays between two looks at the cancel flag.
const CANCEL_STEP: u64 = 256;

/// Plays `per` battles of each ruleset; None for those not finished before
/// `cancel` was set.
pub fn play_each<R: Ruleset>(
    rulesets: &[&R],
    seed: u64,
    per: u64,
    cancel: &AtomicBool,
    observer: &dyn Observer,
) -> Vec<Option<Tally>> {
    rulesets
        .par_iter()
        .enumerate()
        .map(|(j, ruleset)| {
            if cancel.load(Ordering::Relaxed) {
                return None;
            }
            let mut scratch = ruleset.new_scratch();
            let mut record = BattleRecord::default();
            let mut tally = Tally::new(&ruleset.tally_shape());
            let first = j as u64 * per;
            let mut from = first;
            while from < first + per {
                // A ruleset's battles are checked for `cancel` a step at a
                // time, so a stop is quick however many it plays; one cut
                // short is not returned.
                if cancel.load(Ordering::Relaxed) {
                    return None;
                }
                let to = (from + CANCEL_STEP).min(first + per);
                for idx in from..to {
                    let mut dice = Dice::for_battle(seed, idx);
                    ruleset.play(&mut dice, &mut scratch, &mut record, &mut NoTrace);
                    tally.add(&record);
                }
                observer.battles_done(to - from);
                from = to;
            }
            Some(tally)
        })
        .collect()
}
