//! tune.csv and the manifest of a tuning search: the win rate at every
//! value played, the crossing of the target and its interval in words.

use super::csv_out::{csv_write, f4};
use super::html::Manifest;
use super::study::{header, question};
use crate::analysis::tune::{Param, Searched};
use std::path::Path;

/// What was tuned, for the report.
pub struct TuneReport<'a> {
    pub scenario: &'a str,
    /// The parameter's path in the scenario.
    pub path: &'a str,
    pub param: Param,
    pub unit: Option<&'a str>,
    pub range: (i64, i64),
    pub target: f64,
    /// The compared side.
    pub side: &'a str,
    pub battles: u64,
    pub seed: u64,
    /// The parameter's value in the scenario, when it is written there.
    pub current: Option<i64>,
    pub command: String,
}

impl TuneReport<'_> {
    /// What is tuned in words: "the MC ratio", "troll's MCV".
    pub fn what(&self) -> String {
        match self.param {
            Param::McRatio => "the MC ratio".to_string(),
            p => format!(
                "{}'s {}",
                self.unit.unwrap_or(""),
                if p == Param::Mcv { "MCV" } else { "points" }
            ),
        }
    }
}

/// Writes tune.csv into `out` and returns the report's manifest.
pub fn write(out: &Path, t: &TuneReport, searched: &Searched) -> anyhow::Result<Manifest> {
    let rows: Vec<Vec<String>> = searched
        .tuned
        .curve
        .iter()
        .map(|p| {
            vec![
                t.path.to_string(),
                p.value.to_string(),
                t.side.to_string(),
                t.battles.to_string(),
                f4(p.rate),
                f4(p.lo),
                f4(p.hi),
                f4(t.target),
            ]
        })
        .collect();
    let header = header([
        "path",
        "value",
        "focus_side",
        "battles",
        "win_rate",
        "win_rate_lo95",
        "win_rate_hi95",
        "target",
    ]);
    csv_write(&out.join("tune.csv"), &header, &rows)?;
    let what = t.what();
    let side = t.side;
    Ok(Manifest {
        kind: "tune".to_string(),
        title: format!("Tune {what}: {}", t.scenario),
        command: t.command.clone(),
        question: question(
            t.scenario,
            vec![
                ("parameter", t.path.to_string()),
                ("range", format!("{}..{}", t.range.0, t.range.1)),
                ("target", format!("{side} wins {:.0}%", 100.0 * t.target)),
                ("battles per value", t.battles.to_string()),
            ],
            t.seed,
        ),
        answers: answers(t, searched),
        tables: vec![(
            "tune.csv".to_string(),
            "Win rate per value played".to_string(),
        )],
    })
}

/// The answers in words: where the win rate crosses the target, the values
/// consistent with it, and the scenario's own value.
fn answers(t: &TuneReport, searched: &Searched) -> Vec<String> {
    let (tuned, side, what) = (&searched.tuned, t.side, t.what());
    let mut answers = Vec::new();
    if searched.partial {
        answers.push(
            "INTERRUPTED: the values were not all played in full; do not use these numbers."
                .to_string(),
        );
    }
    match (tuned.bracket, tuned.crossing) {
        (Some((a, b)), Some(x)) => {
            answers.push(format!(
                "{side} wins {:.0}% when {what} is about {x:.2} (between {} and {}).",
                100.0 * t.target,
                a.value,
                b.value
            ));
            for p in [a, b] {
                answers.push(format!(
                    "At {} = {}: {side} wins {:.1}% (95% interval {:.1}% to {:.1}%).",
                    what,
                    p.value,
                    100.0 * p.rate,
                    100.0 * p.lo,
                    100.0 * p.hi
                ));
            }
        }
        _ => answers.push(format!(
            "The win rate of {side} does not cross {:.0}% for {what} in {}..{}: it goes from {:.1}% to {:.1}%. Widen --range.",
            100.0 * t.target,
            t.range.0,
            t.range.1,
            100.0 * tuned.curve.first().map_or(f64::NAN, |p| p.rate),
            100.0 * tuned.curve.last().map_or(f64::NAN, |p| p.rate)
        )),
    }
    match tuned.consistent {
        Some((a, b)) => answers.push(format!(
            "Values of {what} whose 95% interval holds {:.0}%: {a} to {b} (the answer's interval, by test inversion on the values played).",
            100.0 * t.target
        )),
        None => answers.push(format!(
            "No value played has a 95% interval holding {:.0}%.",
            100.0 * t.target
        )),
    }
    if let Some(c) = t.current {
        answers.push(format!("The scenario has {what} = {c}."));
    }
    answers
}
