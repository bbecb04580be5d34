//! `muster fairness`: random armies of nearly equal points from a fairness
//! list play each other; an additive logistic model of the result on the
//! unit counts gives every unit's worth, value per point and suggested
//! cost, flagging units more than 10% off.

use super::study::{command_line, conclude, fail, question, Workers};
use crate::analysis::fairness::armies::Market;
use crate::analysis::fairness::list::{self, FairnessList};
use crate::analysis::fairness::model::{
    fit_fairness, flag, Fairness, Matchup, FLAG_FRACTION, POOR_FIT_P,
};
use crate::analysis::fairness::{build_matchups, market, play_matchups};
use crate::report::csv_out::{csv_write, f4};
use crate::report::html::Manifest;
use clap::Args;
use std::path::{Path, PathBuf};

/// Default fraction of the budget an army may leave unspent.
const DEFAULT_SPREAD: f64 = 0.1;

#[derive(Args, Debug)]
pub struct FairnessArgs {
    /// Fairness list file: base scenario, slots, fixed units and the units
    /// to buy (see scenarios/states_of_battle/fairness/).
    pub list: PathBuf,
    /// Points each army may spend (default: the list's `budget`).
    #[arg(long)]
    pub budget: Option<u32>,
    /// Fraction of the budget an army may leave unspent; armies whose
    /// totals differ are what price a point (default: the list's, else 0.1).
    #[arg(long)]
    pub spread: Option<f64>,
    /// Matchups: pairs of random armies.
    #[arg(long, default_value_t = 300)]
    pub matchups: u64,
    /// Battles per matchup.
    #[arg(long, default_value_t = 100)]
    pub battles: u64,
    /// Seed of the armies and the battles (default: the base scenario's).
    #[arg(long)]
    pub seed: Option<u64>,
    /// Worker threads (default: all cores). Results do not depend on it.
    #[arg(long)]
    pub threads: Option<usize>,
    /// Output folder (default: reports/fairness-<list name>/).
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// Also write every chart as PNG (SVG is always written).
    #[arg(long)]
    pub png: bool,
    /// No progress bar.
    #[arg(long)]
    pub quiet: bool,
}

pub fn fairness(args: FairnessArgs) -> anyhow::Result<i32> {
    if args.matchups < 10 || args.battles == 0 || args.threads == Some(0) {
        return fail("--matchups must be at least 10, --battles and --threads at least 1");
    }
    let list = match list::load(&args.list) {
        Ok(l) => l,
        Err(p) => {
            eprintln!("{p}");
            return fail(format!(
                "{} has problems (listed above)",
                args.list.display()
            ));
        }
    };
    let Some(budget) = args.budget.or(list.budget) else {
        return fail(format!(
            "no budget: give --budget POINTS or `budget` in [fairness] of {}",
            args.list.display()
        ));
    };
    let spread = args.spread.or(list.spread).unwrap_or(DEFAULT_SPREAD);
    if !(0.0..=0.5).contains(&spread) {
        return fail(format!("--spread {spread} is outside 0 to 0.5"));
    }
    if !args.quiet {
        for note in &list.base.notes {
            eprintln!("note: {note}");
        }
    }
    let seed = args.seed.unwrap_or(list.base.seed);
    let market = market(&list, budget, spread);
    let matchups = match build_matchups(&list, &market, seed, args.matchups) {
        Ok(m) => m,
        Err(e) => return fail(e),
    };
    let workers = Workers::new(args.threads, args.matchups * args.battles, args.quiet)?;
    let started = std::time::Instant::now();
    let (played, all) = workers.pool.install(|| {
        play_matchups(
            &matchups,
            seed,
            args.battles,
            &workers.cancel,
            &workers.progress,
        )
    });
    workers.progress.finish();
    let elapsed = started.elapsed().as_secs_f64();
    let battles: u64 = played.iter().map(|m| m.battles).sum();
    say!(
        "{} matchups x {} battles, seed {seed}, {elapsed:.1} s ({:.0} battles/s)",
        played.len(),
        args.battles,
        battles as f64 / elapsed.max(1e-9)
    );
    let out = args.out.clone().unwrap_or_else(|| {
        PathBuf::from("reports").join(format!("fairness-{}", crate::scenario::slug(&list.name)))
    });
    write_matchups(&out, &list, &market, &played)?;
    let names: Vec<String> = list.options.iter().map(|o| o.name.clone()).collect();
    let costs: Vec<u32> = list.options.iter().map(|o| o.cost).collect();
    let model = match fit_fairness(&played, &costs, &names) {
        Ok(m) => m,
        Err(e) => {
            return fail(format!(
                "the fairness model cannot be fitted: {e} (the matchups are in {})",
                out.join("matchups.csv").display()
            ))
        }
    };
    write_units(&out, &list, &played, &model)?;
    let answers = answers(&list, &model, spread);
    if model.fits_poorly() && !args.quiet {
        eprintln!("warning: {}", answers[0]);
    }
    let manifest = Manifest {
        kind: "fairness".to_string(),
        title: format!("Fairness: {}", list.name),
        command: command_line(),
        question: question(
            &list.base.name,
            vec![
                ("fairness list", list.file.clone()),
                (
                    "armies",
                    format!(
                        "{} to {budget} points (spread {spread}), {} units to buy",
                        market.floor(),
                        list.options.len()
                    ),
                ),
                ("matchups", played.len().to_string()),
                ("battles per matchup", args.battles.to_string()),
            ],
            seed,
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
    };
    conclude(&out, &manifest, args.png, !all)
}

fn write_units(
    out: &Path,
    list: &FairnessList,
    played: &[Matchup],
    model: &Fairness,
) -> anyhow::Result<()> {
    let n_armies = (2 * played.len()).max(1) as f64;
    let header: Vec<String> = [
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
    ]
    .map(String::from)
    .to_vec();
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

fn write_matchups(
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
fn answers(list: &FairnessList, model: &Fairness, spread: f64) -> Vec<String> {
    let mut out = Vec::new();
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
        "Between equal armies the first side ({}) wins {:.1}% (95% {:.1}% to {:.1}%).",
        list.base.side_names()[0],
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
