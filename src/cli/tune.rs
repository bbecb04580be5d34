//! `muster tune`: the value of a unit's points or MCV (or the MC ratio)
//! that makes a matchup even, with its interval and the win-rate curve
//! around it.

use super::study::{
    command_line, conclude, fail, focus_side, load_variants, question, StudyArgs, Workers,
};
use super::EXIT_ERROR;
use crate::analysis::play::StudyPlan;
use crate::analysis::tune::{find_even, Point};
use crate::analysis::vary::{scenario_text, Variant};
use crate::report::csv_out::{csv_write, f4};
use crate::report::html::Manifest;
use crate::rules::RulesetKind;
use crate::scenario::Scenario;
use crate::stats::{wilson, Z_95};
use clap::{Args, ValueEnum};
use std::path::PathBuf;

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Param {
    /// The points of the unit's profile (States of Battle: they set the
    /// army's Morale Counters and the unit's MCV).
    Points,
    /// The unit's MCV (States of Battle).
    Mcv,
    /// Points per Morale Counter, in tenths of XP(L) (States of Battle on D&D War).
    McRatio,
}

#[derive(Args, Debug)]
pub struct TuneArgs {
    /// Scenario file (default: the built-in one).
    pub scenario: Option<PathBuf>,
    /// The unit (its label, or its profile when only one unit has it).
    #[arg(long, required_if_eq_any([("param", "points"), ("param", "mcv")]))]
    pub unit: Option<String>,
    #[arg(long, value_enum)]
    pub param: Param,
    /// The compared side's win rate to reach.
    #[arg(long, default_value_t = 0.5)]
    pub target: f64,
    /// Values searched, LO..HI (default: MCV 1..8, points a quarter to three
    /// times the current value, MC ratio 10..60).
    #[arg(long, value_name = "LO..HI")]
    pub range: Option<String>,
    #[command(flatten)]
    pub study: StudyArgs,
}

/// The path of the parameter in the resolved scenario and its current value.
fn param_path(
    scenario: &Scenario,
    unit: Option<&str>,
    param: Param,
) -> Result<(String, Option<i64>), String> {
    if scenario.kind != RulesetKind::StatesOfBattle {
        return Err(format!(
            "tune works on States of Battle scenarios, where points, MCV and the MC ratio change the battle; in {} points do not change play (price units with a sweep over what they carry instead)",
            scenario.kind.name()
        ));
    }
    if param == Param::McRatio {
        return Ok(("states_of_battle.dnd_mc_ratio_xp_tenths".to_string(), None));
    }
    let unit = unit.unwrap_or_default();
    let text = scenario_text(scenario).map_err(|e| e.to_string())?;
    let doc: toml::Table = text.parse().map_err(|e| format!("{e}"))?;
    let sides = doc
        .get("side")
        .and_then(|s| s.as_array())
        .cloned()
        .unwrap_or_default();
    let mut hits = Vec::new();
    let mut all = Vec::new();
    for (si, side) in sides.iter().enumerate() {
        let units = side
            .get("units")
            .and_then(|u| u.as_array())
            .cloned()
            .unwrap_or_default();
        for (ui, u) in units.iter().enumerate() {
            let label = u.get("label").and_then(|l| l.as_str()).unwrap_or("");
            let profile = u.get("profile").and_then(|l| l.as_str()).unwrap_or("");
            all.push(if label.is_empty() {
                profile.to_string()
            } else {
                label.to_string()
            });
            if label == unit || profile == unit {
                let mcv = u.get("mcv").and_then(|m| m.as_integer());
                hits.push((
                    label == unit,
                    (si, ui, profile.to_string(), mcv, side.clone()),
                ));
            }
        }
    }
    // A label names its unit even when another unit has that profile.
    if hits.iter().any(|(by_label, _)| *by_label) {
        hits.retain(|(by_label, _)| *by_label);
    }
    let (si, ui, profile, mcv, side) = match hits.len() {
        1 => hits.remove(0).1,
        0 => {
            return Err(format!(
                "--unit `{unit}`: no unit has that label or profile; units: {}",
                all.join(", ")
            ))
        }
        n => {
            return Err(format!(
                "--unit `{unit}` names {n} units; give a unit's label"
            ))
        }
    };
    Ok(match param {
        Param::Mcv => (format!("side.{si}.units.{ui}.mcv"), mcv),
        _ => {
            let points = side
                .get("army_list")
                .and_then(|a| a.get("profile"))
                .and_then(|p| p.as_array())
                .and_then(|ps| {
                    ps.iter()
                        .find(|p| p.get("id").and_then(|i| i.as_str()) == Some(&profile))
                })
                .and_then(|p| p.get("points"))
                .and_then(|p| p.as_integer());
            (
                format!("side.{si}.army_list.profile.{profile}.points"),
                points,
            )
        }
    })
}

/// Points for values that were not played (the search is being abandoned).
fn unplayed(values: &[i64]) -> Vec<Point> {
    values
        .iter()
        .map(|&value| Point {
            value,
            rate: f64::NAN,
            lo: 0.0,
            hi: 1.0,
        })
        .collect()
}

fn parse_range(text: &str) -> Option<(i64, i64)> {
    let (a, b) = text.split_once("..")?;
    let (a, b) = (a.trim().parse().ok()?, b.trim().parse().ok()?);
    (a < b).then_some((a, b))
}

pub fn tune(args: TuneArgs) -> anyhow::Result<i32> {
    if let Err(e) = args.study.check() {
        return fail(e);
    }
    if !(args.target > 0.0 && args.target < 1.0) {
        return fail(format!(
            "--target must be a win rate between 0 and 1, not {}",
            args.target
        ));
    }
    let Ok(base) = super::load(args.scenario.as_deref())? else {
        return Ok(EXIT_ERROR);
    };
    let (path, current) = match param_path(&base, args.unit.as_deref(), args.param) {
        Ok(p) => p,
        Err(e) => return fail(e),
    };
    let range = match (&args.range, args.param, current) {
        (Some(r), _, _) => match parse_range(r) {
            Some(r) => r,
            None => return fail(format!("--range `{r}` is not LO..HI with whole numbers, LO < HI")),
        },
        (None, Param::Mcv, _) => (1, 8),
        (None, Param::McRatio, _) => (10, 60),
        (None, Param::Points, Some(p)) => ((p / 4).max(1), (3 * p).max(2)),
        (None, Param::Points, None) => {
            return fail(format!(
                "the profile's points are the digest's price, not written in the scenario; give --range LO..HI ({path})"
            ))
        }
    };
    let names = base.side_names();
    let focus = match focus_side([&names[0], &names[1]], args.study.side.as_deref()) {
        Ok(f) => f,
        Err(e) => return fail(e),
    };
    let seed = args.study.seed.unwrap_or(base.seed);
    let battles = args.study.battles.unwrap_or(base.battles);
    let workers = Workers::new(args.study.threads, 0, args.study.quiet)?;
    let mut failure: Option<String> = None;
    let mut partial = false;
    let mut played = 0u64;
    let tuned = find_even(range.0, range.1, args.target, |values| {
        if failure.is_some() || partial {
            return unplayed(values);
        }
        let edits: Vec<Vec<(String, String)>> = values
            .iter()
            .map(|v| vec![(path.clone(), v.to_string())])
            .collect();
        let variants = match load_variants(args.scenario.as_ref(), &edits) {
            Ok(Ok(v)) => v,
            Ok(Err(e)) => {
                failure = Some(e);
                Vec::new()
            }
            Err(e) => {
                failure = Some(e.to_string());
                Vec::new()
            }
        };
        if variants.is_empty() {
            return unplayed(values);
        }
        workers.progress.grow(battles * variants.len() as u64);
        let refs: Vec<&Variant> = variants.iter().collect();
        match workers.play(&refs, focus, seed, 0, StudyPlan::Fixed(battles)) {
            Ok(r) => {
                partial |= r.partial;
                played += r.played.battles() * values.len() as u64;
                let p = &r.played.paired;
                values
                    .iter()
                    .enumerate()
                    .map(|(i, &value)| {
                        let (lo, hi) = wilson(p.wins[i], p.battles, Z_95);
                        Point {
                            value,
                            rate: p.rate(i),
                            lo,
                            hi,
                        }
                    })
                    .collect()
            }
            Err(e) => {
                failure = Some(e.to_string());
                unplayed(values)
            }
        }
    });
    workers.progress.finish();
    if let Some(e) = failure {
        return fail(e);
    }
    let out = args.study.out_dir("tune", &base.slug());
    let side = &names[focus.index()];
    let rows: Vec<Vec<String>> = tuned
        .curve
        .iter()
        .map(|p| {
            vec![
                path.clone(),
                p.value.to_string(),
                side.clone(),
                battles.to_string(),
                f4(p.rate),
                f4(p.lo),
                f4(p.hi),
                f4(args.target),
            ]
        })
        .collect();
    let header: Vec<String> = [
        "path",
        "value",
        "focus_side",
        "battles",
        "win_rate",
        "win_rate_lo95",
        "win_rate_hi95",
        "target",
    ]
    .map(String::from)
    .to_vec();
    csv_write(&out.join("tune.csv"), &header, &rows)?;
    let mut answers = Vec::new();
    if partial {
        answers.push(
            "INTERRUPTED: the values were not all played in full; do not use these numbers."
                .to_string(),
        );
    }
    let what = match args.param {
        Param::McRatio => "the MC ratio".to_string(),
        p => format!(
            "{}'s {}",
            args.unit.as_deref().unwrap_or(""),
            if p == Param::Mcv { "MCV" } else { "points" }
        ),
    };
    match (tuned.bracket, tuned.crossing) {
        (Some((a, b)), Some(x)) => {
            answers.push(format!(
                "{side} wins {:.0}% when {what} is about {x:.2} (between {} and {}).",
                100.0 * args.target,
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
            100.0 * args.target,
            range.0,
            range.1,
            100.0 * tuned.curve.first().map_or(f64::NAN, |p| p.rate),
            100.0 * tuned.curve.last().map_or(f64::NAN, |p| p.rate)
        )),
    }
    match tuned.consistent {
        Some((a, b)) => answers.push(format!(
            "Values of {what} whose 95% interval holds {:.0}%: {a} to {b} (the answer's interval, by test inversion on the values played).",
            100.0 * args.target
        )),
        None => answers.push(format!(
            "No value played has a 95% interval holding {:.0}%.",
            100.0 * args.target
        )),
    }
    if let Some(c) = current {
        answers.push(format!("The scenario has {what} = {c}."));
    }
    say!(
        "{played} battles on {} values, seed {seed}",
        tuned.curve.len()
    );
    let manifest = Manifest {
        kind: "tune".to_string(),
        title: format!("Tune {what}: {}", base.name),
        command: command_line(),
        question: question(
            &base.name,
            vec![
                ("parameter", path.clone()),
                ("range", format!("{}..{}", range.0, range.1)),
                ("target", format!("{side} wins {:.0}%", 100.0 * args.target)),
                ("battles per value", battles.to_string()),
            ],
            seed,
        ),
        answers,
        tables: vec![(
            "tune.csv".to_string(),
            "Win rate per value played".to_string(),
        )],
    };
    conclude(&out, &manifest, args.study.png, partial)
}
