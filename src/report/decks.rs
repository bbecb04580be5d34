//! decks.csv and the manifest of a deck race: every build ranked with its
//! key (`B1` the best, as the charts label it), its interval, its
//! difference to the best and its confirmation on a fresh seed, then its
//! full build; build_keys.csv, the charts' legend; and the best builds in
//! words, each with its key.

use super::csv_out::{csv_write, f4};
use super::html::Manifest;
use super::study::question;
use crate::analysis::decks::{build_text, DeckRace, RacePlan, ALPHA};
use crate::analysis::racing::Race;
use crate::analysis::verdict::{self, Current, Diff, Standing};
use crate::overlays::sob::cards::{OrdersBuild, MENU};
use crate::stats::{bonferroni_z, wilson, Z_95};
use std::path::Path;

/// What was raced, for the report.
pub struct DecksReport<'a> {
    pub scenario: &'a str,
    /// The side whose deck is built.
    pub side: &'a str,
    pub builds: &'a [OrdersBuild],
    pub plan: RacePlan,
    /// The side's build in the scenario, and its index among `builds`
    /// (None: not raced).
    pub current: (OrdersBuild, Option<usize>),
    pub command: String,
}

/// Writes decks.csv into `out` and returns the report's manifest.
pub fn write(out: &Path, d: &DecksReport, race: &DeckRace) -> anyhow::Result<Manifest> {
    let rows = rows(d, race);
    csv_write(&out.join("decks.csv"), &header(), &rows)?;
    let header = header();
    let col = |name: &str| {
        header
            .iter()
            .position(|c| c == name)
            .expect("a decks.csv column")
    };
    let (key, build) = (col("key"), col("build"));
    let legend: Vec<Vec<String>> = rows
        .iter()
        .map(|r| vec![r[key].clone(), r[build].clone()])
        .collect();
    csv_write(
        &out.join(KEYS_FILE),
        &["key".to_string(), "build".to_string()],
        &legend,
    )?;
    Ok(Manifest {
        kind: "decks".to_string(),
        title: format!("Orders decks of {}: {}", d.side, d.scenario),
        command: d.command.clone(),
        question: question(
            d.scenario,
            vec![
            ("deck side", d.side.to_string()),
            ("builds", d.builds.len().to_string()),
            ("race", format!("{} rounds from {} battles per build, doubling; drop when the paired interval to the leader is below 0 (Bonferroni)", d.plan.rounds, d.plan.first_round)),
            ("confirmation seed", race.confirm_seed.to_string()),
            ],
            d.plan.seed,
        ),
        answers: answers(d, race),
        tables: vec![
            (
                KEYS_FILE.to_string(),
                "Build keys of the charts (B1 ranks first)".to_string(),
            ),
            ("decks.csv".to_string(), "Every build, best first".to_string()),
        ],
    })
}

/// The charts' legend: each build's key and its full build.
pub const KEYS_FILE: &str = "build_keys.csv";

fn header() -> Vec<String> {
    let mut header: Vec<String> = [
        "rank",
        "key",
        "focus_side",
        "battles",
        "win_rate",
        "win_rate_lo95",
        "win_rate_hi95",
        "diff_to_best",
        "diff_lo_bonferroni",
        "diff_hi_bonferroni",
        "status",
        "confirm_win_rate",
        "confirm_lo95",
        "confirm_hi95",
        "build",
    ]
    .map(String::from)
    .to_vec();
    header.extend(MENU.iter().map(|(o, _)| o.id().to_string()));
    header
}

/// A build's key, from its place in [`ranking`] (0: `B1`).
fn key(rank: usize) -> String {
    format!("B{}", rank + 1)
}

/// The builds ranked: those that played longest first, then by win rate.
fn ranking(race: &Race) -> Vec<usize> {
    let mut order: Vec<usize> = (0..race.standings.len()).collect();
    order.sort_by(|&a, &b| {
        let (sa, sb) = (&race.standings[a], &race.standings[b]);
        sb.battles
            .cmp(&sa.battles)
            .then(sb.rate.total_cmp(&sa.rate))
            .then(a.cmp(&b))
    });
    order
}

/// Every build's row, in [`ranking`] order.
fn rows(d: &DecksReport, deck: &DeckRace) -> Vec<Vec<String>> {
    let race = &deck.race;
    let leader = race.leader();
    let z = bonferroni_z(ALPHA, race.alive.len().saturating_sub(1));
    let order = ranking(race);
    let mut rows = Vec::new();
    for (rank, &v) in order.iter().enumerate() {
        let s = &race.standings[v];
        let wins = (s.rate * s.battles as f64).round() as u64;
        let (lo, hi) = wilson(wins, s.battles, Z_95);
        let (diff, dlo, dhi) = if s.dropped_in.is_none() {
            let d = race.paired.difference(v, leader, z);
            (f4(d.estimate), f4(d.paired.0), f4(d.paired.1))
        } else {
            (String::new(), String::new(), String::new())
        };
        let status = match s.dropped_in {
            None if deck.inseparable.contains(&v) => "inseparable from the best".to_string(),
            None => "survived, separated".to_string(),
            Some(r) => format!("dropped in round {}", r + 1),
        };
        let (c, clo, chi) = match deck.confirmation(v) {
            Some((p, i)) => {
                let (lo, hi) = wilson(p.wins[i], p.battles, Z_95);
                (f4(p.rate(i)), f4(lo), f4(hi))
            }
            None => (String::new(), String::new(), String::new()),
        };
        let mut row = vec![
            (rank + 1).to_string(),
            key(rank),
            d.side.to_string(),
            s.battles.to_string(),
            f4(s.rate),
            f4(lo),
            f4(hi),
            diff,
            dlo,
            dhi,
            status,
            c,
            clo,
            chi,
            build_text(&d.builds[v]),
        ];
        row.extend(d.builds[v].0.iter().map(|n| n.to_string()));
        rows.push(row);
    }
    rows
}

/// The answers in words: the verdict, where the current build stands,
/// the builds inseparable from the best and the race's cost.
fn answers(d: &DecksReport, deck: &DeckRace) -> Vec<String> {
    let (race, builds) = (&deck.race, d.builds);
    let leader = race.leader();
    let best = &race.standings[leader];
    let wins = (best.rate * best.battles as f64).round() as u64;
    let (lo, hi) = wilson(wins, best.battles, Z_95);
    let best_text = build_text(&builds[leader]);
    let current = match d.current.1 {
        None => Current::NotRaced,
        Some(c) if deck.inseparable.contains(&c) => Current::Among,
        Some(_) => Current::Behind,
    };
    let mut answers = vec![verdict::decks(
        d.side,
        (&best_text, best.rate, lo, hi),
        deck.inseparable.len(),
        race.round,
        &current,
    )];
    if deck.partial {
        answers.push("INTERRUPTED: the race did not finish; do not use this ranking.".to_string());
    }
    if race.round == 0 {
        return answers;
    }
    answers.push(match d.current.1 {
        Some(c) => {
            let rank = ranking(race).iter().position(|&v| v == c).unwrap_or(0) + 1;
            let s = &race.standings[c];
            let standing = match s.dropped_in {
                _ if c == leader => Standing::Best,
                Some(r) => Standing::Dropped(r + 1),
                None => {
                    let z = bonferroni_z(ALPHA, race.alive.len().saturating_sub(1));
                    let diff = race.paired.difference(c, leader, z);
                    Standing::Survived(Diff {
                        estimate: diff.estimate,
                        lo: diff.paired.0,
                        hi: diff.paired.1,
                    })
                }
            };
            verdict::current_build(
                d.side,
                &build_text(&d.current.0),
                rank,
                builds.len(),
                s.rate,
                &standing,
            )
        }
        None => format!(
            "Your current build ({}) was not among the builds raced; add it with --build to rank it.",
            build_text(&d.current.0)
        ),
    });
    answers.push(format!(
        "Best build for {}: {best_text} ({} over {} battles).",
        d.side,
        verdict::pct(best.rate),
        best.battles
    ));
    answers.push(format!(
        "{} of {} cannot be separated from the best at 95% (Bonferroni over the {} of {}); the top ones:",
        deck.inseparable.len(),
        verdict::count(builds.len(), "build"),
        verdict::count(race.alive.len(), "survivor"),
        verdict::count(race.round, "round")
    ));
    let order = ranking(race);
    for &v in deck.inseparable.iter().take(5) {
        let rank = order.iter().position(|&o| o == v).unwrap_or(0);
        answers.push(format!(
            "{} = {}: {} in the race{}",
            key(rank),
            build_text(&builds[v]),
            verdict::pct(race.standings[v].rate),
            match deck.confirmation(v) {
                Some((p, i)) => {
                    let (lo, hi) = wilson(p.wins[i], p.battles, Z_95);
                    format!(
                        ", {} (95% interval {}) on a fresh seed",
                        verdict::pct(p.rate(i)),
                        verdict::pct_span(lo, hi)
                    )
                }
                None => String::new(),
            }
        ));
    }
    // No wall-clock time: the report of the same command is the same
    // file (the terminal says how long the race took).
    answers.push(format!(
        "The race took {} battles (every build playing every battle of every round would have taken {}).",
        deck.total_battles,
        builds.len() as u64 * race.played
    ));
    answers
}
