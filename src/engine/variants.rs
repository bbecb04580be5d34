//! Several variants of one scenario on common random numbers: battle `i` of
//! every variant draws from `Dice::for_battle(seed, i)`, so the variants
//! differ only by what was varied. For each battle index every variant is
//! played in turn on the same worker; the per-variant tallies and the joint
//! wins of every pair ([`PairedWins`]) are merged in chunk order, exactly as
//! a single run is, so results do not depend on the thread count.

use super::{in_waves, Observer, RawChunk, RowSink, CHUNK};
use crate::dice::Dice;
use crate::rules::{BattleRecord, NoTrace, Ruleset, Side};
use crate::stats::{PairedWins, Tally};
use std::sync::atomic::AtomicBool;

/// What a variants batch accumulates: one tally per variant and the joint
/// wins of the focus side.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct VariantTallies {
    pub tallies: Vec<Tally>,
    pub paired: PairedWins,
}

impl VariantTallies {
    pub fn new<R: Ruleset>(rulesets: &[&R]) -> Self {
        VariantTallies {
            tallies: rulesets
                .iter()
                .map(|r| Tally::new(&r.tally_shape()))
                .collect(),
            paired: PairedWins::new(rulesets.len()),
        }
    }

    pub fn merge(&mut self, other: &VariantTallies) {
        for (t, o) in self.tallies.iter_mut().zip(&other.tallies) {
            t.merge(o);
        }
        self.paired.merge(&other.paired);
    }

    /// Battle indices played.
    pub fn battles(&self) -> u64 {
        self.paired.battles
    }
}

/// Plays battles `start..start + n` of every variant into `into`, `focus`
/// being the side whose wins are paired, handing every battle's row to
/// `rows` when given (battle by battle, each battle's variants in order).
/// Returns false when cancelled (the result then holds a prefix of whole
/// chunks).
#[allow(clippy::too_many_arguments)]
pub fn play_variants<R: Ruleset>(
    rulesets: &[&R],
    focus: Side,
    seed: u64,
    start: u64,
    n: u64,
    into: &mut VariantTallies,
    cancel: &AtomicBool,
    observer: &dyn Observer,
    mut rows: Option<RowSink>,
) -> bool {
    let collect = rows.is_some();
    // About CHUNK battles per chunk whatever the number of variants, so that
    // a search over hundreds of variants still keeps every core busy.
    let chunk = (CHUNK / rulesets.len().max(1) as u64).max(4);
    in_waves(
        start,
        start + n,
        chunk,
        cancel,
        observer,
        rulesets.len() as u64,
        || {
            let scratch: Vec<_> = rulesets
                .iter()
                .map(|r| (r.new_scratch(), BattleRecord::default()))
                .collect();
            (scratch, Vec::with_capacity(rulesets.len()))
        },
        |(scratch, winners), first, last| {
            let mut acc = VariantTallies::new(rulesets);
            let mut chunk = collect.then(RawChunk::default);
            for idx in first..last {
                winners.clear();
                for (v, ruleset) in rulesets.iter().enumerate() {
                    let (s, record) = &mut scratch[v];
                    let mut dice = Dice::for_battle(seed, idx);
                    ruleset.play(&mut dice, s, record, &mut NoTrace);
                    acc.tallies[v].add(record);
                    if let Some(chunk) = chunk.as_mut() {
                        chunk.push(idx, v as u32, record);
                    }
                    if record.winner == Some(focus) {
                        winners.push(v);
                    }
                }
                acc.paired.add(winners);
            }
            (acc, chunk)
        },
        |(acc, chunk)| {
            into.merge(&acc);
            if let (Some(sink), Some(chunk)) = (rows.as_mut(), chunk) {
                sink(chunk);
            }
        },
    )
}
