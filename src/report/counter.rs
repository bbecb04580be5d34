//! The files of `muster counter`: search.csv (every candidate the search
//! played), counter.csv (the start and the best of each best response on
//! its confirmation seed), the found doctrines under doctrines/,
//! competent.toml after fictitious play, and the manifest with the answers
//! in words.

use super::csv_out::{csv_write, f4};
use super::html::Manifest;
use super::study::{header, question};
use super::write_text;
use crate::analysis::counter::competent::Competent;
use crate::analysis::counter::space::{Point, Space};
use crate::analysis::counter::{Played, Response};
use crate::analysis::verdict::{self, count};
use crate::stats::{wilson, Z_95};
use std::path::Path;

/// A doctrine file to write: `side.S.FIELD`, its path in the folder and
/// its text.
pub struct DoctrineOut {
    pub path: String,
    pub file: String,
    pub text: String,
}

/// What was searched, for the report.
pub struct CounterReport<'a> {
    pub scenario: &'a str,
    pub slug: &'a str,
    pub names: [&'a str; 2],
    pub spaces: [&'a Space; 2],
    pub played: &'a Played,
    pub budget: u64,
    pub confirm: u64,
    /// `--rounds` (0: one best response).
    pub rounds: usize,
    pub margin: f64,
    pub seed: u64,
    pub doctrines: Vec<DoctrineOut>,
    pub command: String,
}

/// Writes the folder's files into `out` and returns the manifest.
pub fn write(out: &Path, c: &CounterReport) -> anyhow::Result<Manifest> {
    csv_write(&out.join("search.csv"), &search_header(), &search_rows(c))?;
    csv_write(
        &out.join("counter.csv"),
        &counter_header(),
        &counter_rows(c),
    )?;
    for d in &c.doctrines {
        write_text(&out.join(&d.file), &d.text)?;
    }
    if c.rounds > 0 {
        let competent = Competent {
            scenario: c.slug.to_string(),
            converged: c.played.converged,
            margin: c.margin,
            rounds: c.rounds,
            edit: c
                .doctrines
                .iter()
                .map(|d| crate::analysis::counter::competent::Edit {
                    path: d.path.clone(),
                    file: d.file.clone(),
                })
                .collect(),
        };
        write_text(
            &out.join(crate::analysis::counter::competent::FILE),
            &competent.to_text()?,
        )?;
    }
    let fields: Vec<String> = c.spaces[c.played.responses[0].side]
        .fields()
        .iter()
        .map(|f| f.to_string())
        .collect();
    Ok(Manifest {
        kind: "counter".to_string(),
        title: format!("Best response: {}", c.scenario),
        command: c.command.clone(),
        question: question(
            c.scenario,
            vec![
                ("searching side", c.names[c.played.responses[0].side].to_string()),
                ("doctrine layers searched", fields.join(", ")),
                ("search", format!("successive halving over {} sampled doctrines (the start among them) on half the budget, then local moves of one knob; budget {} battles per best response", crate::analysis::counter::SAMPLE, c.budget)),
                ("confirmation", format!("{} battles each for the start and the best, on a fresh seed per best response (counter.csv)", c.confirm)),
                ("fictitious play", if c.rounds == 0 { "off".to_string() } else { format!("at most {} rounds, margin {}", c.rounds, c.margin) }),
            ],
            c.seed,
        ),
        answers: answers(c),
        tables: vec![
            ("counter.csv".to_string(), "Start and best on the confirmation seed".to_string()),
            ("search.csv".to_string(), "Every candidate the search played".to_string()),
        ],
    })
}

fn search_header() -> Vec<String> {
    header([
        "step",
        "side",
        "search_seed",
        "round",
        "candidate",
        "changes",
        "battles",
        "wins",
        "win_rate",
    ])
}

/// Every evaluation, each step's candidates keyed `C0` (its start) and
/// `C1`... in order of first play.
fn search_rows(c: &CounterReport) -> Vec<Vec<String>> {
    let mut rows = Vec::new();
    for r in &c.played.responses {
        let space = c.spaces[r.side];
        let mut keys: Vec<Point> = vec![r.start.clone()];
        for e in &r.found.evaluations {
            let k = match keys.iter().position(|p| *p == e.point) {
                Some(k) => k,
                None => {
                    keys.push(e.point.clone());
                    keys.len() - 1
                }
            };
            rows.push(vec![
                (r.step + 1).to_string(),
                c.names[r.side].to_string(),
                r.search_seed.to_string(),
                e.round.clone(),
                format!("C{k}"),
                space.describe(&r.start, &e.point),
                e.battles.to_string(),
                e.wins.to_string(),
                f4(e.wins as f64 / e.battles.max(1) as f64),
            ]);
        }
    }
    rows
}

fn counter_header() -> Vec<String> {
    header([
        "step",
        "side",
        "doctrine",
        "label",
        "changes",
        "confirm_seed",
        "battles",
        "wins",
        "win_rate",
        "win_rate_lo95",
        "win_rate_hi95",
        "gain",
        "gain_lo95",
        "gain_hi95",
        "adopted",
    ])
}

/// Two rows per best response: its start and its best on the fresh seed.
fn counter_rows(c: &CounterReport) -> Vec<Vec<String>> {
    let mut rows = Vec::new();
    for r in &c.played.responses {
        let Some(conf) = &r.confirmation else {
            continue;
        };
        let p = &conf.paired;
        let gain = conf.gain();
        let side = c.names[r.side];
        for (which, v) in [("start", 0), ("best", p.variants() - 1)] {
            let (lo, hi) = wilson(p.wins[v], p.battles, Z_95);
            let point = if which == "start" {
                &r.start
            } else {
                &r.found.best
            };
            let (g, glo, ghi, adopted) = if which == "best" {
                (
                    f4(gain.estimate),
                    f4(gain.lo),
                    f4(gain.hi),
                    r.confirmed().to_string(),
                )
            } else {
                Default::default()
            };
            rows.push(vec![
                (r.step + 1).to_string(),
                side.to_string(),
                which.to_string(),
                format!("{} {side} {which}", r.step + 1),
                c.spaces[r.side].describe(&r.start, point),
                conf.seed.to_string(),
                p.battles.to_string(),
                p.wins[v].to_string(),
                f4(p.rate(v)),
                f4(lo),
                f4(hi),
                g,
                glo,
                ghi,
                adopted,
            ]);
        }
    }
    rows
}

/// One best response in words.
fn response_answer(c: &CounterReport, r: &Response) -> String {
    let Some(conf) = &r.confirmation else {
        return format!("{}: interrupted.", c.names[r.side]);
    };
    let p = &conf.paired;
    let v = p.variants() - 1;
    let (lo, hi) = wilson(p.wins[v], p.battles, Z_95);
    let changes = c.spaces[r.side].describe(&r.start, &r.found.best);
    verdict::counter(&verdict::Response {
        side: c.names[r.side],
        other: c.names[1 - r.side],
        changes: &changes,
        rate: (p.rate(v), lo, hi),
        gain: conf.gain(),
        budget: c.budget,
        opponents: r.opponents,
    })
}

fn answers(c: &CounterReport) -> Vec<String> {
    let played = c.played;
    let mut out = Vec::new();
    if c.rounds > 0 {
        out.push(convergence(c));
    }
    for r in &played.responses {
        let mut a = response_answer(c, r);
        if c.rounds > 0 {
            a = format!(
                "Step {} ({}): {a}",
                r.step + 1,
                if r.confirmed() {
                    "adopted"
                } else {
                    "not adopted"
                }
            );
        }
        out.push(a);
    }
    let battles: u64 = played.responses.iter().map(|r| r.found.battles).sum();
    let moves: usize = played.responses.iter().map(|r| r.found.moves).sum();
    // No wall-clock time: the report of the same command is the same
    // file (the terminal says how long the search took).
    out.push(format!(
        "The search played {} battles ({} per best response at most; {} accepted), the confirmation {} battles per doctrine on a fresh seed.",
        battles,
        c.budget,
        count(moves, "local move"),
        c.confirm,
    ));
    let mut sides: Vec<usize> = c.played.responses.iter().map(|r| r.side).collect();
    sides.sort_unstable();
    sides.dedup();
    let refused: Vec<&str> = sides
        .iter()
        .flat_map(|&s| c.spaces[s].refused.iter().map(String::as_str))
        .collect();
    if !refused.is_empty() {
        out.push(format!(
            "Left out of the search, refused by the doctrine as it stands: {}.",
            refused.join("; ")
        ));
    }
    let files: Vec<&str> = c.doctrines.iter().map(|d| d.file.as_str()).collect();
    out.push(format!("Doctrine files: {}.", files.join(", ")));
    out
}

/// Whether fictitious play found a competent-play matchup.
fn convergence(c: &CounterReport) -> String {
    let p = c.played;
    let margin = format!("{} points", verdict::fixed(100.0 * c.margin, 1));
    if p.converged {
        format!(
            "Competent-play matchup after {}: in the last round neither side's best response gains more than {margin} (the lower end of its paired 95% interval); competent.toml names the pair.",
            count(p.rounds, "round")
        )
    } else {
        format!(
            "NOT CONVERGED after {}: a side's best response still gains more than {margin}; competent.toml names the last pair with converged = false.",
            count(p.rounds, "round")
        )
    }
}
