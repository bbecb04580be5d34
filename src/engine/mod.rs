//! The batch engine: plays battles in parallel with rayon (the only module
//! that uses it) and merges their tallies in battle order.
//!
//! Battles are cut into fixed chunks of [`CHUNK`] consecutive indices; battle
//! `i` always draws from `Dice::for_battle(seed, i)`. Chunks run in parallel
//! in waves of bounded size, and each wave's tallies are merged in chunk
//! order, so results do not depend on the thread count and memory does not
//! grow with the number of battles. A cancelled run keeps the longest prefix
//! of finished chunks, so a partial result is exactly the first `k` battles.
//! A shard plays one contiguous index range ([`run_range`]); tallies of
//! disjoint ranges add up to the tally of their union. Progress leaves
//! through an [`Observer`]; the engine never prints.

mod raw;
mod separate;
mod variants;

pub use raw::{RawChunk, RowSink};
pub use separate::play_each;
pub use variants::{play_variants, VariantTallies};

use crate::dice::Dice;
use crate::rules::{BattleRecord, NoTrace, Ruleset, Side};
use crate::stats::{wilson, Tally, Z_95};
use rayon::prelude::*;
use std::sync::atomic::{AtomicBool, Ordering};

/// Battles per chunk: the unit of parallel work and of cancellation.
pub const CHUNK: u64 = 256;
/// Chunks per wave per thread: bounds the tallies held at once.
const WAVE_CHUNKS_PER_THREAD: u64 = 8;

/// Receives progress from a running batch.
pub trait Observer: Sync {
    /// `n` more battles have finished.
    fn battles_done(&self, n: u64);
}

/// An observer that ignores progress.
pub struct Silent;

impl Observer for Silent {
    fn battles_done(&self, _n: u64) {}
}

/// The result of playing a range of battles.
#[derive(Clone, Debug, PartialEq)]
pub struct BatchResult {
    pub tally: Tally,
    /// Whether the run was cancelled before playing every battle asked for.
    pub partial: bool,
}

/// Plays one battle alone (what `muster trace` and the tests use); identical
/// to battle `battle_idx` of a batch.
pub fn play_one<R: Ruleset, T: crate::rules::Tracer>(
    ruleset: &R,
    seed: u64,
    battle_idx: u64,
    trace: &mut T,
) -> BattleRecord {
    let mut scratch = ruleset.new_scratch();
    let mut record = BattleRecord::default();
    let mut dice = Dice::for_battle(seed, battle_idx);
    ruleset.play(&mut dice, &mut scratch, &mut record, trace);
    record
}

fn play_chunk<R: Ruleset>(
    ruleset: &R,
    seed: u64,
    first: u64,
    end: u64,
    scratch: &mut (R::Scratch, BattleRecord),
    tally: &mut Tally,
    mut rows: Option<&mut RawChunk>,
) {
    for idx in first..end {
        let mut dice = Dice::for_battle(seed, idx);
        ruleset.play(&mut dice, &mut scratch.0, &mut scratch.1, &mut NoTrace);
        tally.add(&scratch.1);
        if let Some(rows) = rows.as_deref_mut() {
            rows.push(idx, 0, &scratch.1);
        }
    }
}

/// Runs `work` over chunks of `chunk` consecutive indices of
/// `start..end` in waves (at most [`WAVE_CHUNKS_PER_THREAD`] chunks per
/// thread), each worker with its own `init()` state, and hands the chunk
/// results to `merge` in chunk order. Stops at a chunk boundary when
/// `cancel` is set; returns whether every chunk ran.
#[allow(clippy::too_many_arguments)]
pub(crate) fn in_waves<S, T: Send>(
    start: u64,
    end: u64,
    chunk: u64,
    cancel: &AtomicBool,
    observer: &dyn Observer,
    battles_per_index: u64,
    init: impl Fn() -> S + Sync + Send,
    work: impl Fn(&mut S, u64, u64) -> T + Sync + Send,
    mut merge: impl FnMut(T),
) -> bool {
    let wave = chunk * WAVE_CHUNKS_PER_THREAD * rayon::current_num_threads() as u64;
    let mut wave_start = start;
    while wave_start < end {
        let wave_end = (wave_start + wave).min(end);
        let chunks: Vec<(u64, u64)> = (wave_start..wave_end)
            .step_by(chunk as usize)
            .map(|c| (c, (c + chunk).min(wave_end)))
            .collect();
        let results: Vec<Option<T>> = chunks
            .par_iter()
            .map_init(&init, |state, &(first, last)| {
                if cancel.load(Ordering::Relaxed) {
                    return None;
                }
                let out = work(state, first, last);
                observer.battles_done((last - first) * battles_per_index);
                Some(out)
            })
            .collect();
        for r in results {
            match r {
                Some(r) => merge(r),
                None => return false,
            }
        }
        if cancel.load(Ordering::Relaxed) && wave_end < end {
            return false;
        }
        wave_start = wave_end;
    }
    true
}

/// Called with the tally of the finished prefix after every chunk is
/// merged (a run's checkpoints); it decides itself whether to act.
pub type PrefixHook<'a> = &'a mut (dyn FnMut(&Tally) + Send);

/// Plays battles `start..start + n_battles` into `into`, in the current
/// rayon pool, handing every battle's row to `rows` (in battle order) when
/// given. Stops early (at a chunk boundary) when `cancel` is set.
#[allow(clippy::too_many_arguments)]
pub fn play_range<R: Ruleset>(
    ruleset: &R,
    seed: u64,
    start: u64,
    n_battles: u64,
    into: &mut Tally,
    cancel: &AtomicBool,
    observer: &dyn Observer,
    rows: Option<RowSink>,
) -> bool {
    play_range_hooked(
        ruleset, seed, start, n_battles, into, cancel, observer, rows, None,
    )
}

/// [`play_range`], handing the tally of the finished prefix to `on_prefix`
/// after every chunk.
#[allow(clippy::too_many_arguments)]
fn play_range_hooked<R: Ruleset>(
    ruleset: &R,
    seed: u64,
    start: u64,
    n_battles: u64,
    into: &mut Tally,
    cancel: &AtomicBool,
    observer: &dyn Observer,
    mut rows: Option<RowSink>,
    mut on_prefix: Option<PrefixHook>,
) -> bool {
    let shape = ruleset.tally_shape();
    let collect = rows.is_some();
    in_waves(
        start,
        start + n_battles,
        CHUNK,
        cancel,
        observer,
        1,
        || (ruleset.new_scratch(), BattleRecord::default()),
        |scratch, first, last| {
            let mut tally = Tally::new(&shape);
            let mut chunk = collect.then(RawChunk::default);
            play_chunk(
                ruleset,
                seed,
                first,
                last,
                scratch,
                &mut tally,
                chunk.as_mut(),
            );
            (tally, chunk)
        },
        |(t, chunk)| {
            into.merge(&t);
            if let (Some(sink), Some(chunk)) = (rows.as_mut(), chunk) {
                sink(chunk);
            }
            if let Some(hook) = on_prefix.as_mut() {
                hook(into);
            }
        },
    )
}

/// The largest 95% Wilson half-width among the sides' win rates.
pub fn widest_half_width(tally: &Tally) -> f64 {
    Side::BOTH
        .iter()
        .map(|&s| {
            let (wins, n) = tally.win_count(s);
            let (lo, hi) = wilson(wins, n, Z_95);
            (hi - lo) / 2.0
        })
        .fold(0.0, f64::max)
}

/// How many battles to play.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Plan {
    /// Exactly this many.
    Fixed(u64),
    /// Batches of `batch` until every side's win-rate half-width is at most
    /// `half_width`, or `max_battles` are played.
    Precision {
        half_width: f64,
        batch: u64,
        max_battles: u64,
    },
}

/// Plays battles `start..start + n` only (one shard of a run, or the rest
/// of a resumed run) on top of `prefix`, the tally of the battles before
/// `start` that belong with them (empty for a fresh shard), handing every
/// battle's row to `rows` and the tally of the finished prefix to
/// `on_prefix` after every chunk, when given. Tallies are exact counts, so
/// a run resumed from its prefix ends byte for byte where one uninterrupted
/// run does.
#[allow(clippy::too_many_arguments)]
pub fn run_range<R: Ruleset>(
    ruleset: &R,
    seed: u64,
    start: u64,
    n: u64,
    prefix: Tally,
    cancel: &AtomicBool,
    observer: &dyn Observer,
    rows: Option<RowSink>,
    on_prefix: Option<PrefixHook>,
) -> BatchResult {
    let mut tally = prefix;
    let done = play_range_hooked(
        ruleset, seed, start, n, &mut tally, cancel, observer, rows, on_prefix,
    );
    BatchResult {
        tally,
        partial: !done,
    }
}

/// Plays a whole run under `plan`.
pub fn run<R: Ruleset>(
    ruleset: &R,
    seed: u64,
    plan: Plan,
    cancel: &AtomicBool,
    observer: &dyn Observer,
) -> BatchResult {
    run_rows(ruleset, seed, plan, cancel, observer, None, None)
}

/// [`run`], also handing every battle's row to `rows` and the tally of the
/// finished prefix to `on_prefix` after every chunk, when given.
pub fn run_rows<R: Ruleset>(
    ruleset: &R,
    seed: u64,
    plan: Plan,
    cancel: &AtomicBool,
    observer: &dyn Observer,
    rows: Option<RowSink>,
    on_prefix: Option<PrefixHook>,
) -> BatchResult {
    let empty = Tally::new(&ruleset.tally_shape());
    let hooks = (rows, on_prefix);
    run_rows_from(ruleset, seed, plan, empty, cancel, observer, hooks)
}

/// [`run_rows`] on top of `prefix`, the tally of the run's first battles
/// (a run resumed under `--precision`): a batch cut short is finished to
/// its boundary before the precision is tested, so the resumed run stops
/// where the uninterrupted one does.
pub fn run_rows_from<R: Ruleset>(
    ruleset: &R,
    seed: u64,
    plan: Plan,
    prefix: Tally,
    cancel: &AtomicBool,
    observer: &dyn Observer,
    (mut rows, mut on_prefix): (Option<RowSink>, Option<PrefixHook>),
) -> BatchResult {
    let mut tally = prefix;
    let mut go = |start: u64, n: u64, tally: &mut Tally| {
        let rows = rows.as_mut().map(|r| &mut **r as RowSink);
        let hook = on_prefix.as_mut().map(|h| &mut **h as PrefixHook);
        play_range_hooked(ruleset, seed, start, n, tally, cancel, observer, rows, hook)
    };
    match plan {
        Plan::Fixed(n) => {
            let start = tally.battles;
            let done = go(start, n - start, &mut tally);
            BatchResult {
                tally,
                partial: !done,
            }
        }
        Plan::Precision {
            half_width,
            batch,
            max_battles,
        } => loop {
            let to_boundary = batch - tally.battles % batch;
            let n = to_boundary.min(max_battles - tally.battles);
            let start = tally.battles;
            if !go(start, n, &mut tally) {
                return BatchResult {
                    tally,
                    partial: true,
                };
            }
            if widest_half_width(&tally) <= half_width || tally.battles >= max_battles {
                return BatchResult {
                    tally,
                    partial: false,
                };
            }
        },
    }
}
