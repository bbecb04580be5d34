//! The files of `muster fairness`: matchups.csv (every pair of random
//! armies and its result), fairness.csv (every unit's worth, value per
//! point and suggested cost) and the answers in words.

use super::csv_out::{csv_write, f4};
use super::html::Manifest;
use super::study::{header, question};
use crate::analysis::fairness::armies::Market;
use crate::analysis::fairness::list::FairnessList;
use crate::analysis::fairness::model::{flag, Fairness, Matchup, FLAG_FRACTION, POOR_FIT_P};
use crate::analysis::verdict::{self, Priced};
use std::path::Path;

/// Writes fairness.csv: every unit's worth, value per point and suggested
/// cost with their intervals.
pub fn write_units(
    out: &Path,
    list: &FairnessList,
    played: &[Matchup],
    model: &Fairness,
) -> anyhow::Result<()> {
    let n_armies = (2 * played.len()).max(1) as f64;
    let header = header([
        "unit",
        "cost",
        "min",
        "max",
        "mean_count",
        "worth",
        "worth_lo95",
        "worth_hi95",
        "per_point",
        "per_point_lo95",
        "per_point_hi95",
        "suggested_cost",
        "suggested_lo95",
        "suggested_hi95",
        "suggested_over_cost",
        "ratio_lo95",
        "ratio_hi95",
        "flag",
    ]);
    let rows: Vec<Vec<String>> = list
        .options
        .iter()
        .zip(&model.units)
        .enumerate()
        .map(|(u, (o, v))| {
            let mean = played
                .iter()
                .map(|m| f64::from(m.armies[0][u] + m.armies[1][u]))
                .sum::<f64>()
                / n_armies;
            vec![
                o.name.clone(),
                o.cost.to_string(),
                o.min.to_string(),
                o.max.to_string(),
                format!("{mean:.3}"),
                f4(v.worth.0),
                f4(v.worth.1),
                f4(v.worth.2),
                format!("{:.6}", v.per_point.0),
                format!("{:.6}", v.per_point.1),
                format!("{:.6}", v.per_point.2),
                format!("{:.1}", v.suggested.0),
                format!("{:.1}", v.suggested.1),
                format!("{:.1}", v.suggested.2),
                f4(v.suggested.0 / f64::from(o.cost)),
                f4(v.suggested.1 / f64::from(o.cost)),
                f4(v.suggested.2 / f64::from(o.cost)),
                flag(o.cost, v.suggested.0).to_string(),
            ]
        })
        .collect();
    csv_write(&out.join("fairness.csv"), &header, &rows)?;
    Ok(())
}

/// Writes matchups.csv: every matchup's armies, points and result.
pub fn write_matchups(
    out: &Path,
    list: &FairnessList,
    market: &Market,
    played: &[Matchup],
) -> anyhow::Result<()> {
    let mut header: Vec<String> = vec![
        "matchup".into(),
        "first_points".into(),
        "second_points".into(),
    ];
    for side in ["first", "second"] {
        header.extend(list.options.iter().map(|o| format!("{side}:{}", o.name)));
    }
    header.extend(["battles", "first_score", "first_rate"].map(String::from));
    let rows: Vec<Vec<String>> = played
        .iter()
        .enumerate()
        .map(|(j, m)| {
            let mut row = vec![
                (j + 1).to_string(),
                market.points(&m.armies[0]).to_string(),
                market.points(&m.armies[1]).to_string(),
            ];
            row.extend(m.armies.iter().flatten().map(u32::to_string));
            row.push(m.battles.to_string());
            row.push(format!("{:.1}", m.score));
            row.push(f4(m.score / m.battles as f64));
            row
        })
        .collect();
    csv_write(&out.join("matchups.csv"), &header, &rows)?;
    Ok(())
}

/// The answers: the fit's verdict, the flagged units, the first side's edge.
pub fn answers(list: &FairnessList, model: &Fairness, spread: f64) -> Vec<String> {
    let priced: Vec<Priced> = list
        .options
        .iter()
        .zip(&model.units)
        .map(|(o, v)| Priced {
            name: &o.name,
            cost: o.cost,
            suggested: v.suggested,
            flag: flag(o.cost, v.suggested.0),
            clear: {
                let c = f64::from(o.cost);
                v.suggested.2 < c * (1.0 - FLAG_FRACTION)
                    || v.suggested.1 > c * (1.0 + FLAG_FRACTION)
            },
        })
        .collect();
    let mut out = vec![verdict::fairness(&priced, FLAG_FRACTION)];
    let (dev, df) = (model.fit.deviance, model.fit.df);
    let p_text = |p: f64| {
        if p < 1e-16 {
            "p < 1e-16".to_string()
        } else {
            format!("p = {p:.2e}")
        }
    };
    out.push(match model.fit_p() {
        Some(p) if p < POOR_FIT_P => format!(
            "POOR FIT: the additive model does not explain the matchups (deviance {dev:.1} on {df} df, {}, below {POOR_FIT_P}). Units interact (combined arms, counters), so a unit's worth depends on its army; the suggested costs are averages over the armies drawn. Intervals are widened by the dispersion ({:.2}x the variance).",
            p_text(p),
            model.dispersion
        ),
        Some(p) => format!(
            "The additive model fits the matchups (deviance {dev:.1} on {df} df, p = {p:.3})."
        ),
        None => "The additive model has no residual degrees of freedom; its fit cannot be checked (add matchups).".to_string(),
    });
    let mut flagged = Vec::new();
    for (o, v) in list.options.iter().zip(&model.units) {
        let f = flag(o.cost, v.suggested.0);
        if f.is_empty() {
            continue;
        }
        let c = f64::from(o.cost);
        let clear =
            v.suggested.2 < c * (1.0 - FLAG_FRACTION) || v.suggested.1 > c * (1.0 + FLAG_FRACTION);
        flagged.push(format!(
            "{} is {f}: costs {}, suggested {:.0} (95% {:.0} to {:.0}){}",
            o.name,
            o.cost,
            v.suggested.0,
            v.suggested.1,
            v.suggested.2,
            if clear {
                ""
            } else {
                "; the interval still reaches within 10%"
            }
        ));
    }
    if flagged.is_empty() {
        out.push(format!(
            "No unit's suggested cost is more than {:.0}% off its cost.",
            FLAG_FRACTION * 100.0
        ));
    } else {
        out.extend(flagged);
    }
    let (a, lo, hi) = model.first_side;
    let share = |x: f64| 1.0 / (1.0 + (-x).exp());
    out.push(format!(
        "Between equal armies the first side ({}) {:.1}% (95% {:.1}% to {:.1}%).",
        verdict::side_wins(&list.base.side_names()[0]),
        share(a) * 100.0,
        share(lo) * 100.0,
        share(hi) * 100.0
    ));
    out.push(format!(
        "A point is worth {:.5} log-odds in the average army; armies spent {:.0}% to 100% of the budget, and that spread is what prices a point.",
        model.rate,
        (1.0 - spread) * 100.0
    ));
    out
}

/// How the armies were drawn and played, for the report.
pub struct FairnessSetup {
    pub budget: u32,
    pub spread: f64,
    pub matchups: usize,
    /// Battles per matchup.
    pub battles: u64,
    pub seed: u64,
}

/// The report's manifest of a fairness run.
pub fn manifest(
    list: &FairnessList,
    market: &Market,
    setup: &FairnessSetup,
    command: String,
    answers: Vec<String>,
) -> Manifest {
    Manifest {
        kind: "fairness".to_string(),
        title: format!("Fairness: {}", list.name),
        command,
        question: question(
            &list.base.name,
            vec![
                ("fairness list", list.file.clone()),
                (
                    "armies",
                    format!(
                        "{} to {} points (spread {}), {} units to buy",
                        market.floor(),
                        setup.budget,
                        setup.spread,
                        list.options.len()
                    ),
                ),
                ("matchups", setup.matchups.to_string()),
                ("battles per matchup", setup.battles.to_string()),
            ],
            setup.seed,
        ),
        answers,
        tables: vec![
            (
                "fairness.csv".to_string(),
                "Units: worth, value per point and suggested cost".to_string(),
            ),
            (
                "matchups.csv".to_string(),
                "Matchups: the armies and their results".to_string(),
            ),
        ],
    }
}
