//! decks.csv and the manifest of a deck race: every build ranked with its
//! interval, its difference to the best and its confirmation on a fresh
//! seed, and the best builds in words.

use super::csv_out::{csv_write, f4};
use super::html::Manifest;
use super::study::question;
use crate::analysis::decks::{build_text, DeckRace, RacePlan, ALPHA};
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
    /// Seconds the race took.
    pub elapsed: f64,
    pub command: String,
}

/// Writes decks.csv into `out` and returns the report's manifest.
pub fn write(out: &Path, d: &DecksReport, race: &DeckRace) -> anyhow::Result<Manifest> {
    csv_write(&out.join("decks.csv"), &header(), &rows(d, race))?;
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
        tables: vec![("decks.csv".to_string(), "Every build, best first".to_string())],
    })
}

fn header() -> Vec<String> {
    let mut header = vec!["rank".to_string(), "build".to_string()];
    header.extend(MENU.iter().map(|(o, _)| o.id().to_string()));
    header.extend(
        [
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
        ]
        .map(String::from),
    );
    header
}

/// Every build's row, those that played longest first, then by win rate.
fn rows(d: &DecksReport, deck: &DeckRace) -> Vec<Vec<String>> {
    let race = &deck.race;
    let leader = race.leader();
    let z = bonferroni_z(ALPHA, race.alive.len().saturating_sub(1));
    let mut order: Vec<usize> = (0..d.builds.len()).collect();
    order.sort_by(|&a, &b| {
        let (sa, sb) = (&race.standings[a], &race.standings[b]);
        sb.battles
            .cmp(&sa.battles)
            .then(sb.rate.total_cmp(&sa.rate))
            .then(a.cmp(&b))
    });
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
        let mut row = vec![(rank + 1).to_string(), build_text(&d.builds[v])];
        row.extend(d.builds[v].0.iter().map(|n| n.to_string()));
        row.extend([
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
        ]);
        rows.push(row);
    }
    rows
}

/// The answers in words: the best build, the builds inseparable from it
/// and the race's cost.
fn answers(d: &DecksReport, deck: &DeckRace) -> Vec<String> {
    let (race, builds) = (&deck.race, d.builds);
    let mut answers = Vec::new();
    if deck.partial {
        answers.push("INTERRUPTED: the race did not finish; do not use this ranking.".to_string());
    }
    let leader = race.leader();
    let best = &race.standings[leader];
    answers.push(format!(
        "Best build for {}: {} ({:.1}% over {} battles).",
        d.side,
        build_text(&builds[leader]),
        100.0 * best.rate,
        best.battles
    ));
    answers.push(format!(
        "{} of {} builds cannot be separated from the best at 95% (Bonferroni over the {} survivors of {} rounds); the top ones:",
        deck.inseparable.len(),
        builds.len(),
        race.alive.len(),
        race.round
    ));
    for &v in deck.inseparable.iter().take(5) {
        answers.push(format!(
            "{}: {:.1}% in the race{}",
            build_text(&builds[v]),
            100.0 * race.standings[v].rate,
            match deck.confirmation(v) {
                Some((p, i)) => {
                    let (lo, hi) = wilson(p.wins[i], p.battles, Z_95);
                    format!(
                        ", {:.1}% (95% interval {:.1}% to {:.1}%) on a fresh seed",
                        100.0 * p.rate(i),
                        100.0 * lo,
                        100.0 * hi
                    )
                }
                None => String::new(),
            }
        ));
    }
    answers.push(format!(
        "The race took {} battles in {:.0} s (every build playing every battle of every round would have taken {}).",
        deck.total_battles,
        d.elapsed,
        builds.len() as u64 * race.played
    ));
    answers
}
