//! `muster fairness`: random legal armies of (nearly) equal points from a
//! fairness list play each other, and an additive logistic model of the
//! result on the unit counts prices every unit. `list` reads and validates
//! the list file, `armies` draws armies, `model` fits and prices; this file
//! builds each matchup's scenario and plays the matchups, each on battle
//! indices of its own (`engine::play_each`), so matchups are independent.

pub mod armies;
pub mod list;
pub mod model;
mod probe;

use crate::engine::{play_each, Observer};
use crate::rules::{Ruleset, Side};
use crate::scenario::{Scenario, ScenarioRules, WithRulesets};
use crate::stats::Clocked;
use armies::Market;
use list::FairnessList;
use model::Matchup;
use std::sync::atomic::AtomicBool;

/// The market of `list` at `budget` and `spread`.
pub fn market(list: &FairnessList, budget: u32, spread: f64) -> Market {
    Market {
        costs: list.options.iter().map(|o| o.cost).collect(),
        min: list.options.iter().map(|o| o.min).collect(),
        max: list.options.iter().map(|o| o.max).collect(),
        sides: list.options.iter().map(|o| o.sides).collect(),
        budget,
        spread,
        slots: [list.slots[0].len(), list.slots[1].len()],
    }
}

/// A matchup ready to play: the armies' counts per unit and their scenario.
pub struct Planned {
    pub armies: [Vec<u32>; 2],
    pub scenario: Scenario,
}

/// Draws the armies of matchups `0..n` and builds their scenarios, giving
/// up as soon as `stop` says so; an Err is a message for the user.
pub fn build_matchups(
    list: &FairnessList,
    market: &Market,
    seed: u64,
    n: u64,
    stop: &dyn Fn() -> bool,
) -> Result<Vec<Planned>, String> {
    let costs = || {
        let listed: Vec<String> = list
            .options
            .iter()
            .map(|o| format!("{} {} (max {})", o.name, o.cost, o.max))
            .collect();
        format!("; the units cost {}", listed.join(", "))
    };
    if let Some(why) = market.impossible() {
        return Err(why + &costs());
    }
    (0..n)
        .map(|j| {
            if stop() {
                return Err("stopped before every matchup was built".to_string());
            }
            let armies = market.matchup(seed, j).map_err(|e| e + &costs())?;
            let scenario = list
                .scenario(&[&armies[0], &armies[1]], &format!("matchup {}", j + 1))
                .map_err(|p| format!("matchup {} cannot be played:\n{p}", j + 1))?;
            Ok(Planned { armies, scenario })
        })
        .collect()
}

/// Plays `per` battles of every matchup; returns the finished matchups (a
/// prefix when cancelled), whether all finished, and how many of their
/// battles the clock ended.
pub fn play_matchups(
    matchups: &[Planned],
    seed: u64,
    per: u64,
    cancel: &AtomicBool,
    observer: &dyn Observer,
) -> (Vec<Matchup>, bool, Clocked) {
    struct Job<'a> {
        seed: u64,
        per: u64,
        cancel: &'a AtomicBool,
        observer: &'a dyn Observer,
    }
    impl WithRulesets for Job<'_> {
        type Output = Vec<Option<(u64, u64, u64, Clocked)>>;
        fn run<R: Ruleset>(self, rulesets: &[&R]) -> Self::Output {
            play_each(rulesets, self.seed, self.per, self.cancel, self.observer)
                .into_iter()
                .zip(rulesets)
                .map(|(t, r)| {
                    t.map(|t| {
                        let (wins, n) = t.win_count(Side::A);
                        (wins, t.draws, n, r.tally_shape().clocked(&t))
                    })
                })
                .collect()
        }
    }
    let rules: Vec<&ScenarioRules> = matchups.iter().map(|m| &m.scenario.rules).collect();
    let results = ScenarioRules::with_all(
        &rules,
        Job {
            seed,
            per,
            cancel,
            observer,
        },
    )
    .unwrap_or_default();
    let mut clocked = Clocked::default();
    let played: Vec<Matchup> = results
        .iter()
        .zip(matchups)
        .map_while(|(r, planned)| {
            r.map(|(wins, draws, n, clock)| {
                clocked.add(clock);
                Matchup {
                    armies: planned.armies.clone(),
                    score: wins as f64 + draws as f64 / 2.0,
                    battles: n,
                }
            })
        })
        .collect();
    let all = played.len() == matchups.len();
    (played, all, clocked)
}
