//! `muster decks`: every legal Orders-deck build of one side (or a given
//! subset) raced against the opponent's deck on common random numbers,
//! ranked with intervals, the builds inseparable from the best named, and
//! the top builds re-played on a fresh seed.

use super::study::{
    command_line, conclude, fail, focus_side, load_variants, question, StudyArgs, Workers,
};
use super::EXIT_ERROR;
use crate::analysis::play::StudyPlan;
use crate::analysis::racing::Race;
use crate::analysis::vary::Variant;
use crate::overlays::sob::cards::{OrdersBuild, MENU};
use crate::report::csv_out::{csv_write, f4};
use crate::report::html::Manifest;
use crate::rules::RulesetKind;
use crate::stats::{bonferroni_z, wilson, Z_95};
use clap::Args;
use std::path::PathBuf;

const ALPHA: f64 = 0.05;

#[derive(Args, Debug)]
pub struct DecksArgs {
    /// A States of Battle scenario.
    pub scenario: PathBuf,
    /// Battles per build in the first round; each round doubles it.
    #[arg(long, default_value_t = 250)]
    pub first_round: u64,
    /// Rounds of the race at most.
    #[arg(long, default_value_t = 5)]
    pub rounds: usize,
    /// Only these builds, e.g. "melee=4,move=2,brilliant_tactician=2,cast_spells=3,missile_reload=3"
    /// (absent cards are 0); repeat the flag. Default: all 356 legal builds.
    #[arg(long, value_name = "CARD=N,...")]
    pub build: Vec<String>,
    /// Builds re-played on a fresh seed at the end.
    #[arg(long, default_value_t = 5)]
    pub confirm: usize,
    #[command(flatten)]
    pub study: StudyArgs,
}

fn build_text(b: &OrdersBuild) -> String {
    let parts: Vec<String> = MENU
        .iter()
        .zip(b.0)
        .filter(|(_, n)| *n > 0)
        .map(|((o, _), n)| format!("{}={n}", o.id()))
        .collect();
    parts.join(",")
}

fn parse_build(text: &str) -> Result<OrdersBuild, String> {
    let mut counts = [0u8; 7];
    for part in text.split(',').map(str::trim).filter(|p| !p.is_empty()) {
        let (card, n) = part
            .split_once('=')
            .ok_or_else(|| format!("--build `{text}`: `{part}` is not CARD=N"))?;
        let i = MENU
            .iter()
            .position(|(o, _)| o.id() == card.trim())
            .ok_or_else(|| {
                format!(
                    "--build `{text}`: no card `{card}`; the menu: {}",
                    MENU.iter()
                        .map(|(o, _)| o.id())
                        .collect::<Vec<_>>()
                        .join(", ")
                )
            })?;
        counts[i] = n
            .trim()
            .parse()
            .map_err(|_| format!("--build `{text}`: `{n}` is not a count"))?;
    }
    let b = OrdersBuild(counts);
    match b.problems().first() {
        None => Ok(b),
        Some(p) => Err(format!("--build `{text}` is not legal: {p}")),
    }
}

pub fn decks(args: DecksArgs) -> anyhow::Result<i32> {
    if let Err(e) = args.study.check() {
        return fail(e);
    }
    if args.first_round == 0 || args.rounds == 0 {
        return fail("--first-round and --rounds must be at least 1".to_string());
    }
    let Ok(base) = super::load(Some(&args.scenario))? else {
        return Ok(EXIT_ERROR);
    };
    if base.kind != RulesetKind::StatesOfBattle {
        return fail(format!(
            "{} is a {} scenario; Orders decks are States of Battle's",
            args.scenario.display(),
            base.kind.name()
        ));
    }
    let names = base.side_names();
    let focus = match focus_side([&names[0], &names[1]], args.study.side.as_deref()) {
        Ok(f) => f,
        Err(e) => return fail(e),
    };
    let builds: Vec<OrdersBuild> = if args.build.is_empty() {
        OrdersBuild::all_legal()
    } else {
        match args
            .build
            .iter()
            .map(|b| parse_build(b))
            .collect::<Result<Vec<_>, _>>()
        {
            Ok(b) => b,
            Err(e) => return fail(e),
        }
    };
    let table = |b: &OrdersBuild| {
        let parts: Vec<String> = MENU
            .iter()
            .zip(b.0)
            .map(|((o, _), n)| format!("{} = {n}", o.id()))
            .collect();
        format!("{{ {} }}", parts.join(", "))
    };
    let path = format!("side.{}.orders", focus.index());
    let edits: Vec<Vec<(String, String)>> = builds
        .iter()
        .map(|b| vec![(path.clone(), table(b))])
        .collect();
    let variants = match load_variants(Some(&args.scenario), &edits)? {
        Ok(v) => v,
        Err(e) => return fail(e),
    };
    let seed = args.study.seed.unwrap_or(base.seed);
    let workers = Workers::new(args.study.threads, 0, args.study.quiet)?;
    let started = std::time::Instant::now();
    let mut race = Race::new(variants.len());
    let mut partial = false;
    let mut total_battles = 0u64;
    for r in 0..args.rounds {
        if race.alive.len() <= 1 {
            break;
        }
        let n = args.first_round << r;
        let alive: Vec<&Variant> = race.alive.iter().map(|&v| &variants[v]).collect();
        workers.progress.grow(n * alive.len() as u64);
        let result = workers.play(&alive, focus, seed, race.played, StudyPlan::Fixed(n))?;
        total_battles += result.played.battles() * alive.len() as u64;
        if result.partial {
            partial = true;
            break;
        }
        race.finish_round(&result.played.paired, ALPHA);
        if !args.study.quiet {
            eprintln!(
                "round {}: {n} battles per build, {} builds left",
                r + 1,
                race.alive.len()
            );
        }
    }
    let inseparable = race.inseparable(ALPHA);
    // Re-play the top builds on a fresh seed, as many battles as the race's survivors had.
    let confirm_seed = seed ^ 0x9E37_79B9_7F4A_7C15;
    let top: Vec<usize> = inseparable
        .iter()
        .copied()
        .take(args.confirm.max(1))
        .collect();
    let top_variants: Vec<&Variant> = top.iter().map(|&v| &variants[v]).collect();
    workers.progress.grow(race.played * top.len() as u64);
    let confirmed = if partial {
        None
    } else {
        let r = workers.play(
            &top_variants,
            focus,
            confirm_seed,
            0,
            StudyPlan::Fixed(race.played),
        )?;
        total_battles += r.played.battles() * top.len() as u64;
        partial |= r.partial;
        Some(r.played.paired)
    };
    workers.progress.finish();
    let elapsed = started.elapsed().as_secs_f64();
    let leader = race.leader();
    let z = bonferroni_z(ALPHA, race.alive.len().saturating_sub(1));
    let mut order: Vec<usize> = (0..variants.len()).collect();
    order.sort_by(|&a, &b| {
        let (sa, sb) = (&race.standings[a], &race.standings[b]);
        sb.battles
            .cmp(&sa.battles)
            .then(sb.rate.total_cmp(&sa.rate))
            .then(a.cmp(&b))
    });
    let side = &names[focus.index()];
    let mut rows = Vec::new();
    for (rank, &v) in order.iter().enumerate() {
        let s = &race.standings[v];
        let wins = (s.rate * s.battles as f64).round() as u64;
        let (lo, hi) = wilson(wins, s.battles, Z_95);
        let (d, dlo, dhi) = if s.dropped_in.is_none() {
            let d = race.paired.difference(v, leader, z);
            (f4(d.estimate), f4(d.paired.0), f4(d.paired.1))
        } else {
            (String::new(), String::new(), String::new())
        };
        let status = match s.dropped_in {
            None if inseparable.contains(&v) => "inseparable from the best".to_string(),
            None => "survived, separated".to_string(),
            Some(r) => format!("dropped in round {}", r + 1),
        };
        let (c, clo, chi) = match (&confirmed, top.iter().position(|&t| t == v)) {
            (Some(p), Some(i)) => {
                let (lo, hi) = wilson(p.wins[i], p.battles, Z_95);
                (f4(p.rate(i)), f4(lo), f4(hi))
            }
            _ => (String::new(), String::new(), String::new()),
        };
        let mut row = vec![(rank + 1).to_string(), build_text(&builds[v])];
        row.extend(builds[v].0.iter().map(|n| n.to_string()));
        row.extend([
            side.clone(),
            s.battles.to_string(),
            f4(s.rate),
            f4(lo),
            f4(hi),
            d,
            dlo,
            dhi,
            status,
            c,
            clo,
            chi,
        ]);
        rows.push(row);
    }
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
    let out = args.study.out_dir("decks", &base.slug());
    csv_write(&out.join("decks.csv"), &header, &rows)?;
    let mut answers = Vec::new();
    if partial {
        answers.push("INTERRUPTED: the race did not finish; do not use this ranking.".to_string());
    }
    let best = &race.standings[leader];
    answers.push(format!(
        "Best build for {side}: {} ({:.1}% over {} battles).",
        build_text(&builds[leader]),
        100.0 * best.rate,
        best.battles
    ));
    answers.push(format!(
        "{} of {} builds cannot be separated from the best at 95% (Bonferroni over the {} survivors of {} rounds); the top ones:",
        inseparable.len(),
        builds.len(),
        race.alive.len(),
        race.round
    ));
    for &v in inseparable.iter().take(5) {
        answers.push(format!(
            "{}: {:.1}% in the race{}",
            build_text(&builds[v]),
            100.0 * race.standings[v].rate,
            match (&confirmed, top.iter().position(|&t| t == v)) {
                (Some(p), Some(i)) => {
                    let (lo, hi) = wilson(p.wins[i], p.battles, Z_95);
                    format!(
                        ", {:.1}% (95% interval {:.1}% to {:.1}%) on a fresh seed",
                        100.0 * p.rate(i),
                        100.0 * lo,
                        100.0 * hi
                    )
                }
                _ => String::new(),
            }
        ));
    }
    answers.push(format!(
        "The race took {total_battles} battles in {elapsed:.0} s (every build playing every battle of every round would have taken {}).",
        builds.len() as u64 * race.played
    ));
    let manifest = Manifest {
        kind: "decks".to_string(),
        title: format!("Orders decks of {side}: {}", base.name),
        command: command_line(),
        question: question(
            &base.name,
            vec![
            ("deck side", side.clone()),
            ("builds", builds.len().to_string()),
            ("race", format!("{} rounds from {} battles per build, doubling; drop when the paired interval to the leader is below 0 (Bonferroni)", args.rounds, args.first_round)),
            ("confirmation seed", confirm_seed.to_string()),
            ],
            seed,
        ),
        answers,
        tables: vec![("decks.csv".to_string(), "Every build, best first".to_string())],
    };
    conclude(&out, &manifest, args.study.png, partial)
}
