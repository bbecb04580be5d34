//! Throughput per ruleset on its reference scenario: battles per second on
//! one thread through the engine, and on all threads. Each bench checks its
//! answer: the engine's tally must equal a plain sequential loop over the
//! same battles, so a fast wrong answer fails. `-- --quick` plays fewer
//! battles (CI runs it that way).
//!
//! Reference scenarios: Armies `open_field` (the built-in default) and This
//! Means WAR! `pikemen_vs_swordsmen`, D&D War `infantry_lines`, States of
//! Battle `heroes_and_monster`.

use muster::dice::Dice;
use muster::engine::{self, Plan, Silent};
use muster::rules::{BattleRecord, NoTrace, Ruleset};
use muster::scenario::{load_default, load_scenario, Scenario, WithRuleset};
use muster::stats::Tally;
use std::path::Path;
use std::sync::atomic::AtomicBool;
use std::time::Instant;

/// Plays `n` battles of one scenario sequentially and through the engine.
struct Bench {
    label: &'static str,
    n: u64,
}

impl WithRuleset for Bench {
    type Output = ();
    fn run<R: Ruleset>(self, ruleset: &R) {
        let (label, n, seed) = (self.label, self.n, 1);
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
    }
}

fn scenario(rel: &str) -> Scenario {
    load_scenario(&Path::new(env!("CARGO_MANIFEST_DIR")).join(rel)).expect("shipped scenario")
}

fn main() {
    let quick = std::env::args().any(|a| a == "--quick");
    let n = |full: u64| if quick { full / 25 } else { full };
    let armies = load_default().expect("default scenario");
    armies.rules.with(Bench {
        label: "armies open_field",
        n: n(50_000),
    });
    scenario("scenarios/means_war/pikemen_vs_swordsmen.toml")
        .rules
        .with(Bench {
            label: "means_war pikemen_vs_swordsmen",
            n: n(50_000),
        });
    scenario("scenarios/dnd_war/infantry_lines.toml")
        .rules
        .with(Bench {
            label: "dnd_war infantry_lines",
            n: n(50_000),
        });
    scenario("scenarios/states_of_battle/heroes_and_monster.toml")
        .rules
        .with(Bench {
            label: "states_of_battle heroes_and_monster",
            n: n(20_000),
        });
}
