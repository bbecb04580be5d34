//! tune.csv and the manifest of a tuning search: the win rate at every
//! value played, the crossing of the target and its interval in words.

use super::csv_out::{csv_write, f4};
use super::html::Manifest;
use super::study::{header, question};
use crate::analysis::tune::{Param, Searched};
use crate::analysis::verdict::{self, TuneFacts};
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
        what(self.param, self.unit)
    }
}

/// What is tuned in words: "the MC ratio", "troll's MCV".
pub fn what(param: Param, unit: Option<&str>) -> String {
    match param {
        Param::McRatio => "the MC ratio".to_string(),
        p => {
            let name = match p {
                Param::Mcv => "MCV",
                Param::Figures => "figures",
                _ => "points",
            };
            format!("{}'s {name}", unit.unwrap_or(""))
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
                (
                    "target",
                    format!(
                        "{} {:.0}%",
                        crate::analysis::verdict::side_wins(side),
                        100.0 * t.target
                    ),
                ),
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

/// The tuning verdict's facts.
fn facts<'a>(t: &'a TuneReport, searched: &Searched, what: &'a str) -> TuneFacts<'a> {
    let tuned = &searched.tuned;
    let rate_at = |v: i64| {
        tuned
            .curve
            .iter()
            .find(|p| p.value == v)
            .map_or(f64::NAN, |p| p.rate)
    };
    TuneFacts {
        what,
        side: t.side,
        target: t.target,
        current: t.current,
        range: t.range,
        crossing: tuned.crossing,
        consistent: tuned.consistent,
        ends: (rate_at(t.range.0), rate_at(t.range.1)),
        beyond: searched.beyond,
    }
}

/// The answers in words: the verdict, the scenario's own value, where the
/// win rate crosses the target and the values consistent with it.
fn answers(t: &TuneReport, searched: &Searched) -> Vec<String> {
    let (tuned, side, what) = (&searched.tuned, t.side, t.what());
    let mut answers = vec![verdict::tune(&facts(t, searched, &what))];
    if searched.partial {
        answers.push(
            "INTERRUPTED: the values were not all played in full; do not use these numbers."
                .to_string(),
        );
    }
    match t.current {
        Some(c) => answers.push(format!("The scenario has {what} = {c}.")),
        None => answers.push(format!(
            "The scenario does not set {what}; the search ran over {}..{}.",
            t.range.0, t.range.1
        )),
    }
    if let (Some((a, b)), Some(x)) = (tuned.bracket, tuned.crossing) {
        answers.push(format!(
            "{} {:.0}% when {what} is about {x:.2} (between {} and {}).",
            verdict::side_wins(side),
            100.0 * t.target,
            a.value,
            b.value
        ));
        for p in [a, b] {
            answers.push(format!(
                "At {what} = {}: {} {} (95% interval {}).",
                p.value,
                verdict::side_wins(side),
                verdict::pct(p.rate),
                verdict::pct_span(p.lo, p.hi)
            ));
        }
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
    answers
}
