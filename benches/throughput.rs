//! Throughput per ruleset on its reference scenario: battles per second on
//! one thread through the engine, and on all threads. Each bench checks its
//! answer: the engine's tally must equal a plain sequential loop over the
//! same battles, so a fast wrong answer fails. `-- --quick` plays fewer
//! battles (CI runs it that way).
//!
//! The dice primitive comes first: nanoseconds per d20, with the face
//! frequencies checked against 1/20. Each ruleset then reports its RNG
//! floor: the dice it rolls per battle times the cost of a die, against
//! the time a battle takes on one thread.
//!
//! Each bench also pins its first [`PINNED`] battles at seed 1: the first
//! side's wins and the draws, recorded from this version. A change of
//! rules or doctrine that changes them must update the pin on purpose.
//!
//! Every ruleset of the registry is benched on the reference scenario its
//! spec names (Armies `open_field`, the built-in default; This Means WAR!
//! `pikemen_vs_swordsmen`; D&D War `infantry_lines`; States of Battle
//! `heroes_and_monster`; Standards of Valor `cohort_vs_warband`), with the pin
//! its spec records.

use muster::dice::Dice;
use muster::engine::{self, Plan, Silent};
use muster::registry;
use muster::rules::{BattleRecord, NoTrace, Ruleset, Side};
use muster::scenario::{load_scenario, WithRuleset};
use muster::stats::Tally;
use std::path::Path;
use std::sync::atomic::AtomicBool;
use std::time::Instant;

/// Battles whose result each bench pins (within every bench's `n`, quick
/// or not).
const PINNED: u64 = registry::PINNED_BATTLES;

/// Plays `n` battles of one scenario sequentially and through the engine.
struct Bench<'a> {
    label: &'a str,
    n: u64,
    /// The first side's wins and the draws in battles `0..PINNED` at seed 1.
    pinned: (u64, u64),
    /// Nanoseconds per die roll (from the dice bench).
    ns_per_roll: f64,
}

impl WithRuleset for Bench<'_> {
    type Output = ();
    fn run<R: Ruleset>(self, ruleset: &R) {
        let (label, n, seed) = (self.label, self.n, 1);
        let mut reference = Tally::new(&ruleset.tally_shape());
        let mut scratch = ruleset.new_scratch();
        let mut record = BattleRecord::default();
        let mut rolls = 0;
        for i in 0..n {
            let mut dice = Dice::for_battle(seed, i);
            ruleset.play(&mut dice, &mut scratch, &mut record, &mut NoTrace);
            rolls += dice.rolls();
            reference.add(&record);
            if i + 1 == PINNED {
                let found = (reference.win_count(Side::A).0, reference.draws);
                assert_eq!(
                    found, self.pinned,
                    "{label}: the first {PINNED} battles at seed 1 changed (first side's wins, draws)"
                );
            }
        }
        let cancel = AtomicBool::new(false);
        let mut rates = Vec::new();
        for threads in [
            1,
            std::thread::available_parallelism().map_or(2, |p| p.get()),
        ] {
            let pool = rayon::ThreadPoolBuilder::new()
                .num_threads(threads)
                .build()
                .unwrap();
            let start = Instant::now();
            let result =
                pool.install(|| engine::run(ruleset, seed, Plan::Fixed(n), &cancel, &Silent));
            let secs = start.elapsed().as_secs_f64();
            assert_eq!(
                result.tally, reference,
                "{label}: engine tally differs from the sequential loop on {threads} threads"
            );
            let rate = n as f64 / secs;
            rates.push(rate);
            println!(
                "{label}: {n} battles on {threads} thread(s): {secs:.2} s, {rate:.0} battles/s"
            );
        }
        println!("{label}: speed-up {:.2}", rates[1] / rates[0]);
        let per_battle = rolls as f64 / n as f64;
        let floor_us = per_battle * self.ns_per_roll / 1000.0;
        let battle_us = 1e6 / rates[0];
        println!(
            "{label}: {per_battle:.0} dice per battle; RNG floor {floor_us:.1} us of {battle_us:.1} us per battle ({:.1}%)",
            100.0 * floor_us / battle_us
        );
    }
}

/// Rolls `n` d20s; returns nanoseconds per roll after checking that each
/// face comes up 1/20 of the time (within 6 standard deviations).
fn dice_bench(n: u64) -> f64 {
    let mut dice = Dice::for_battle(1, 0);
    let mut counts = [0u64; 20];
    let start = Instant::now();
    for _ in 0..n {
        counts[usize::from(dice.roll(20)) - 1] += 1;
    }
    let secs = start.elapsed().as_secs_f64();
    let p = 1.0 / 20.0;
    let sd = (n as f64 * p * (1.0 - p)).sqrt();
    for (face, &c) in counts.iter().enumerate() {
        let z = (c as f64 - n as f64 * p) / sd;
        assert!(
            z.abs() < 6.0,
            "d20 face {}: {c} of {n} (z = {z:.1})",
            face + 1
        );
    }
    assert_eq!(dice.rolls(), n);
    let ns = 1e9 * secs / n as f64;
    println!("dice: {n} d20 rolls on 1 thread: {secs:.2} s, {ns:.2} ns per roll");
    ns
}

fn main() {
    let quick = std::env::args().any(|a| a == "--quick");
    let n = |full: u64| if quick { full / 25 } else { full };
    let ns_per_roll = dice_bench(n(100_000_000));
    for spec in registry::RULESETS {
        let reference = spec.reference();
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(reference.scenario);
        let stem = path.file_stem().and_then(|s| s.to_str()).unwrap_or("");
        let label = format!("{} {stem}", spec.kind().name());
        let scenario = load_scenario(&path).expect("shipped scenario");
        scenario.rules.with(Bench {
            label: &label,
            pinned: reference.pinned,
            n: n(reference.battles),
            ns_per_roll,
        });
    }
}
