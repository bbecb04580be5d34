//! Throughput of the Armies default scenario: battles per second on one
//! thread through the engine, and on all threads. The bench checks its
//! answer: the engine's tally must equal a plain sequential loop over the
//! same battles, so a fast wrong answer fails. `-- --quick` plays fewer battles.

use muster::dice::Dice;
use muster::engine::{self, Plan, Silent};
use muster::rules::armies::Armies;
use muster::rules::{BattleRecord, NoTrace, Ruleset};
use muster::scenario::{load_default, ScenarioRules};
use muster::stats::Tally;
use std::sync::atomic::AtomicBool;
use std::time::Instant;

fn main() {
    let quick = std::env::args().any(|a| a == "--quick");
    let n: u64 = if quick { 2_000 } else { 50_000 };
    let ruleset = match load_default().expect("default scenario").rules {
        ScenarioRules::Armies(setup) => Armies { setup },
        _ => unreachable!("the default scenario is an Armies scenario"),
    };
    let seed = 1;
    // Reference answer: a plain loop.
    let mut reference = Tally::new(&ruleset.tally_shape());
    let mut scratch = ruleset.new_scratch();
    let mut record = BattleRecord::default();
    for i in 0..n {
        ruleset.play(
            &mut Dice::for_battle(seed, i),
            &mut scratch,
            &mut record,
            &mut NoTrace,
        );
        reference.add(&record);
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
        let result = pool.install(|| engine::run(&ruleset, seed, Plan::Fixed(n), &cancel, &Silent));
        let secs = start.elapsed().as_secs_f64();
        assert_eq!(
            result.tally, reference,
            "engine tally differs from the sequential loop on {threads} threads"
        );
        let rate = n as f64 / secs;
        rates.push(rate);
        println!("armies open_field: {n} battles on {threads} thread(s): {secs:.2} s, {rate:.0} battles/s");
    }
    println!("speed-up: {:.2}", rates[1] / rates[0]);
}
