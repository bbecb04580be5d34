//! Reproducibility: pinned stream values, identical results for any thread
//! count, trace = batch, and cancelled runs keeping an exact prefix.

use muster::dice::Dice;
use muster::engine::{self, Observer, Plan, Silent, CHUNK};
use muster::rules::{NoTrace, Ruleset, Side, TraceEvent, VecTrace};
use muster::rulesets::armies::Armies;
use muster::scenario::{load_scenario, ScenarioRules};
use muster::stats::Tally;
use std::process::Command;
use std::sync::atomic::{AtomicBool, Ordering};

/// The Armies reference scenario (`open_field`), played by most tests here.
fn default_ruleset() -> Armies {
    let path =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios/armies/open_field.toml");
    match load_scenario(&path).expect("open_field loads").rules {
        ScenarioRules::Armies(armies) => *armies,
        _ => unreachable!("open_field is an Armies scenario"),
    }
}

#[test]
fn stream_values_are_pinned() {
    let mut d = Dice::for_battle(1, 0);
    let v: Vec<u64> = (0..3).map(|_| d.next_u64()).collect();
    assert_eq!(
        v,
        [
            12682243128248732856,
            14321507429850632650,
            8943864714635028538
        ]
    );
    let mut d = Dice::for_battle(42, 7);
    let r: Vec<u8> = (0..10).map(|_| d.roll(6)).collect();
    assert_eq!(r, [1, 2, 1, 3, 5, 2, 1, 3, 3, 2]);
}

fn tally_with_threads<R: Ruleset>(r: &R, threads: usize, n: u64) -> Tally {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .unwrap();
    let cancel = AtomicBool::new(false);
    pool.install(|| engine::run(r, 5, Plan::Fixed(n), &cancel, &Silent))
        .tally
}

#[test]
fn tallies_do_not_depend_on_thread_count() {
    let r = default_ruleset();
    let one = tally_with_threads(&r, 1, 3 * CHUNK + 17);
    assert_eq!(one, tally_with_threads(&r, 2, 3 * CHUNK + 17));
    assert_eq!(one, tally_with_threads(&r, 8, 3 * CHUNK + 17));
    assert_eq!(one.battles, 3 * CHUNK + 17);
}

fn war_ruleset() -> muster::rulesets::means_war::MeansWar {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("scenarios/means_war/pikemen_vs_swordsmen.toml");
    match muster::scenario::load_scenario(&path)
        .expect("shipped scenario")
        .rules
    {
        ScenarioRules::MeansWar(war) => *war,
        _ => unreachable!("a means_war scenario"),
    }
}

/// `r`'s tallies are the same on 1, 2 and 8 threads, and tracing a battle
/// changes nothing and ends with its end event; returns the tally.
fn thread_free_and_traced<R: Ruleset>(r: &R, name: &str) -> Tally {
    let one = tally_with_threads(r, 1, 2 * CHUNK + 5);
    assert_eq!(one, tally_with_threads(r, 2, 2 * CHUNK + 5), "{name}");
    assert_eq!(one, tally_with_threads(r, 8, 2 * CHUNK + 5), "{name}");
    for idx in [0u64, 5, 77] {
        let mut trace = VecTrace::default();
        let traced = engine::play_one(r, 3, idx, &mut trace);
        assert_eq!(
            traced,
            engine::play_one(r, 3, idx, &mut NoTrace),
            "{name}: tracing changed battle {idx}"
        );
        assert!(trace
            .events
            .iter()
            .any(|e| matches!(e, TraceEvent::Decision { .. })));
        assert!(matches!(trace.events.last(), Some(TraceEvent::End { .. })));
    }
    one
}

#[test]
fn war_tallies_do_not_depend_on_thread_count_and_trace_equals_batch() {
    let one = thread_free_and_traced(&war_ruleset(), "means_war");
    assert!(
        one.unit_events.iter().sum::<u64>() > 0,
        "morale outcomes are counted"
    );
}

#[test]
fn output_files_are_byte_identical_for_1_and_2_threads() {
    let bin = env!("CARGO_BIN_EXE_muster");
    let dir = tempfile::tempdir().unwrap();
    let outs: Vec<_> = ["1", "2"]
        .iter()
        .map(|t| {
            let out = dir.path().join(format!("t{t}"));
            let status = Command::new(bin)
                .args([
                    "run",
                    "--battles",
                    "1500",
                    "--seed",
                    "9",
                    "--quiet",
                    "--threads",
                    t,
                    "--out",
                ])
                .arg(&out)
                .status()
                .unwrap();
            assert!(status.success());
            out
        })
        .collect();
    for f in ["summary.csv", "rounds.csv", "units.csv", "run.toml"] {
        let a = std::fs::read(outs[0].join(f)).unwrap();
        let b = std::fs::read(outs[1].join(f)).unwrap();
        assert!(!a.is_empty());
        assert_eq!(a, b, "{f} differs between 1 and 2 threads");
    }
    // run.toml reproduces the run.
    let again = dir.path().join("again");
    let status = Command::new(bin)
        .arg("run")
        .arg(outs[0].join("run.toml"))
        .args(["--quiet", "--threads", "2", "--out"])
        .arg(&again)
        .status()
        .unwrap();
    assert!(status.success());
    assert_eq!(
        std::fs::read(outs[0].join("summary.csv")).unwrap(),
        std::fs::read(again.join("summary.csv")).unwrap()
    );
}

#[test]
fn trace_equals_batch_for_several_battles() {
    let r = default_ruleset();
    let cancel = AtomicBool::new(false);
    for idx in [0u64, 1, 7, 123, 999] {
        let mut trace = VecTrace::default();
        let traced = engine::play_one(&r, 3, idx, &mut trace);
        let silent = engine::play_one(&r, 3, idx, &mut NoTrace);
        assert_eq!(traced, silent, "tracing changed battle {idx}");
        let mut tally = Tally::new(&r.tally_shape());
        assert!(engine::play_range(
            &r, 3, idx, 1, &mut tally, &cancel, &Silent, None
        ));
        let batch_winner = match (tally.wins, tally.draws) {
            ([1, 0], 0) => Some(Side::A),
            ([0, 1], 0) => Some(Side::B),
            _ => None,
        };
        assert_eq!(traced.winner, batch_winner, "battle {idx}");
        let Some(TraceEvent::End { winner, .. }) = trace.events.last() else {
            panic!("trace ends with End")
        };
        assert_eq!(
            winner.as_deref(),
            batch_winner.map(|s| r.side_names()[s.index()])
        );
        assert!(trace
            .events
            .iter()
            .any(|e| matches!(e, TraceEvent::Roll { .. })));
        assert!(trace
            .events
            .iter()
            .any(|e| matches!(e, TraceEvent::Decision { .. })));
    }
}

struct CancelAfterFirst<'a>(&'a AtomicBool);

impl Observer for CancelAfterFirst<'_> {
    fn battles_done(&self, _n: u64) {
        self.0.store(true, Ordering::Relaxed);
    }
}

#[test]
fn a_cancelled_run_keeps_an_exact_prefix() {
    let r = default_ruleset();
    let cancel = AtomicBool::new(false);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(1)
        .build()
        .unwrap();
    let partial = pool.install(|| {
        engine::run(
            &r,
            5,
            Plan::Fixed(40 * CHUNK),
            &cancel,
            &CancelAfterFirst(&cancel),
        )
    });
    assert!(partial.partial);
    assert!(partial.tally.battles > 0 && partial.tally.battles < 40 * CHUNK);
    assert_eq!(partial.tally.battles % CHUNK, 0);
    assert_eq!(
        partial.tally,
        tally_with_threads(&r, 2, partial.tally.battles)
    );
}

#[test]
fn precision_mode_stops_at_the_requested_half_width() {
    let r = default_ruleset();
    let cancel = AtomicBool::new(false);
    let result = engine::run(
        &r,
        5,
        Plan::Precision {
            half_width: 0.03,
            batch: 256,
            max_battles: 100_000,
        },
        &cancel,
        &Silent,
    );
    assert!(!result.partial);
    assert!(engine::widest_half_width(&result.tally) <= 0.03);
    assert!(result.tally.battles < 100_000 && result.tally.battles >= 256);
    // One batch fewer would not have reached it.
    let shorter = tally_with_threads(&r, 2, result.tally.battles - 256);
    assert!(engine::widest_half_width(&shorter) > 0.03);
}

/// [`thread_free_and_traced`] for a scenario of any ruleset.
struct ThreadFree<'a>(&'a str);

impl muster::scenario::WithRuleset for ThreadFree<'_> {
    type Output = Tally;
    fn run<R: Ruleset>(self, ruleset: &R) -> Tally {
        thread_free_and_traced(ruleset, self.0)
    }
}

#[test]
fn dnd_war_and_sob_tallies_do_not_depend_on_thread_count_and_trace_equals_batch() {
    for rel in [
        "dnd_war/characters_and_monster",
        "dnd_war/gunline",
        "states_of_battle/heroes_and_monster",
        "states_of_battle/gunline",
        "states_of_battle/relief_column",
    ] {
        let path =
            std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("scenarios/{rel}.toml"));
        let scenario = muster::scenario::load_scenario(&path).expect("shipped scenario");
        scenario.rules.with(ThreadFree(rel));
    }
}
