//! `muster compare`: variants of a scenario (or several scenario files)
//! on common random numbers, with paired intervals for every difference to
//! the baseline.

use super::raw_out::RawOut;
use super::study::{finish_shard, focus_side, write_and_conclude, StudyArgs, Workers};
use crate::analysis::play::{widest_paired_half_width, StudyPlan, StudyResult};
use crate::analysis::vary::{check_distinct, combinations, parse_spec, Variant};
use crate::engine::RowSink;
use crate::rules::Side;
use crate::shard::study::{StudyKind, StudyRun};
use crate::shard::{battle_range, Shard};
use anyhow::{bail, Context};
use clap::Args;
use std::path::PathBuf;

#[derive(Args, Debug)]
pub struct CompareArgs {
    /// One scenario with --vary (default: the built-in one), or several
    /// scenario files of one ruleset (the first is the baseline).
    pub scenarios: Vec<PathBuf>,
    /// PATH=V1,V2[,...]: play the scenario with PATH set to each value (V1
    /// is the baseline). Repeat the flag for every combination. PATH
    /// examples: side.Humans.gd, side.Orcs.units.troll.mcv,
    /// side.Humans.sob_doctrine, side.Humans.orders.move, options.NAME,
    /// states_of_battle.NAME, mc_ratio.
    #[arg(long = "vary", value_name = "PATH=V1,V2")]
    pub vary: Vec<String>,
    /// Play until every paired difference's 95% half-width is at most P.
    #[arg(long, value_name = "P")]
    pub precision: Option<f64>,
    /// Cap on battles per variant with --precision (default 1000000).
    #[arg(long, requires = "precision")]
    pub max_battles: Option<u64>,
    /// Play only shard K of N: battles K*B/N up to (K+1)*B/N of every
    /// variant, written as study-shard.json for `muster merge`.
    #[arg(long, value_name = "K/N")]
    pub shard: Option<String>,
    /// Also write one row per battle and variant (index, variant, winner,
    /// rounds, end reason, strength at the end, every unit's fate and
    /// losses) to this Parquet file; needs `--features parquet`.
    #[arg(long, value_name = "FILE.parquet")]
    pub raw: Option<PathBuf>,
    #[command(flatten)]
    pub study: StudyArgs,
}

/// Parses every `PATH=VALUES` specification.
pub(super) fn parse_specs(specs: &[String]) -> anyhow::Result<Vec<(String, Vec<String>)>> {
    Ok(specs
        .iter()
        .map(|s| parse_spec(s))
        .collect::<Result<_, _>>()?)
}

/// The variants the arguments ask for.
fn variants(args: &CompareArgs) -> anyhow::Result<Vec<Variant>> {
    if !args.vary.is_empty() {
        if args.scenarios.len() > 1 {
            bail!("--vary varies one scenario; give one scenario file");
        }
        let specs = parse_specs(&args.vary)?;
        let variants = super::study::load_variants(args.scenarios.first(), &combinations(&specs))?;
        check_distinct(&variants[0].scenario, &variants)?;
        return Ok(variants);
    }
    if args.scenarios.len() < 2 {
        bail!("give --vary PATH=V1,V2 to vary one scenario, or two or more scenario files");
    }
    let mut out = Vec::new();
    for path in &args.scenarios {
        let scenario = super::load(Some(path))
            .with_context(|| format!("{} has problems (listed above)", path.display()))?;
        out.push(Variant {
            label: path.file_stem().map_or(path.display().to_string(), |s| {
                s.to_string_lossy().to_string()
            }),
            edits: Vec::new(),
            scenario,
        });
    }
    check_distinct(&out[0].scenario, &out)?;
    Ok(out)
}

/// What a comparison plays: its variants, side, seed, battles and plan.
struct Study {
    variants: Vec<Variant>,
    focus: Side,
    seed: u64,
    /// Battles per variant of the whole comparison.
    battles: u64,
    shard: Option<Shard>,
    /// The battle range this process plays.
    range: (u64, u64),
    plan: StudyPlan,
}

/// Checks the flags and loads the variants.
fn study(args: &CompareArgs) -> anyhow::Result<Study> {
    args.study.check()?;
    if let Some(p) = args.precision {
        if !(p > 0.0 && p < 0.5) {
            bail!("--precision must be between 0 and 0.5 (a half-width such as 0.01), not {p}");
        }
    }
    RawOut::check(args.raw.as_deref()).map_err(anyhow::Error::msg)?;
    if args.shard.is_some() && args.study.png {
        bail!("--png: a shard writes no charts (only study-shard.json); give --png to `muster merge` when combining the shards");
    }
    let variants = variants(args)?;
    let base = &variants[0].scenario;
    if !args.study.quiet {
        for note in &base.notes {
            tell!("note: {note}");
        }
    }
    let Some(names) = side_names(&variants) else {
        bail!("the scenarios are not all of one ruleset; compare scenarios of the same ruleset");
    };
    let focus = focus_side([&names[0], &names[1]], args.study.side.as_deref())?;
    let seed = args.study.seed.unwrap_or(base.seed);
    let battles = args.study.battles.unwrap_or(base.battles);
    let shard: Option<Shard> = args.shard.as_deref().map(str::parse::<Shard>).transpose()?;
    if shard.is_some() && args.precision.is_some() {
        bail!("--shard needs a fixed number of battles; --precision decides how many as it goes, so its comparison cannot be split");
    }
    let range = battle_range(shard, battles);
    let max_battles = args.max_battles.unwrap_or(1_000_000);
    let plan = match (args.precision, shard) {
        (Some(p), None) => StudyPlan::Precision {
            half_width: p,
            batch: battles.min(max_battles),
            max_battles,
        },
        _ => StudyPlan::Fixed(range.1 - range.0),
    };
    Ok(Study {
        variants,
        focus,
        seed,
        battles,
        shard,
        range,
        plan,
    })
}

pub fn compare(args: CompareArgs) -> anyhow::Result<i32> {
    let Study {
        variants,
        focus,
        seed,
        battles,
        shard,
        range,
        plan,
    } = study(&args)?;
    let out = args
        .study
        .claim_out("compare", &variants[0].scenario.slug())?;
    if super::interrupted() {
        return super::study::stopped_in_setup("compare");
    }
    let started = std::time::Instant::now();
    let result = play(&args, &variants, focus, seed, range.0, plan)?;
    if let Some(shard) = shard {
        let run = StudyRun {
            kind: StudyKind::Compare,
            seed,
            battles,
            focus,
            shard,
            variants: &variants,
            command: super::study::command_without_shard(),
        };
        return finish_shard(&out, run, result);
    }
    let elapsed = started.elapsed().as_secs_f64();
    let n = result.played.paired.battles;
    say!(
        "{} variants x {n} battles, seed {seed}, {elapsed:.1} s ({:.0} battles/s)",
        variants.len(),
        (n * variants.len() as u64) as f64 / elapsed.max(1e-9)
    );
    if let Some(p) = args.precision {
        let hw = widest_paired_half_width(&result.played);
        let verdict = if hw <= p {
            "reached"
        } else if result.partial {
            "NOT reached (interrupted)"
        } else {
            "NOT reached (cap hit)"
        };
        say!("precision +/-{p}: {verdict} after {n} battles per variant (widest paired half-width {hw:.4})");
    }
    let write = crate::report::compare::write;
    write_and_conclude(&out, write, &variants, &result, focus, seed, args.study.png)
}

/// Plays `variants` from battle `start` under `plan`, with `--raw` rows.
fn play(
    args: &CompareArgs,
    variants: &[Variant],
    focus: Side,
    seed: u64,
    start: u64,
    plan: StudyPlan,
) -> anyhow::Result<StudyResult> {
    let total = match plan {
        StudyPlan::Fixed(n) => n,
        StudyPlan::Precision { max_battles, .. } => max_battles,
    } * variants.len() as u64;
    let workers = Workers::new(args.study.threads, total, args.study.quiet)?;
    let refs: Vec<&Variant> = variants.iter().collect();
    let layouts = variants
        .iter()
        .map(|v| {
            (
                v.label.clone(),
                v.scenario.side_names(),
                v.scenario.tally_shape(),
            )
        })
        .collect();
    let mut raw = RawOut::open(args.raw.as_deref(), layouts)?;
    let mut sink = RawOut::sink(&mut raw);
    let rows = sink.as_mut().map(|s| s as RowSink);
    let result = workers.play_rows(&refs, focus, seed, start, plan, rows)?;
    workers.progress.finish();
    drop(sink);
    if let (Some(r), Some(path)) = (raw, args.raw.as_deref()) {
        let n = r.finish()?;
        say!("raw rows: {n} (battle, variant) rows in {}", path.display());
    }
    Ok(result)
}

/// The side names, when every variant is of one ruleset.
fn side_names(variants: &[Variant]) -> Option<[String; 2]> {
    let kind = variants[0].scenario.kind;
    if variants.iter().any(|v| v.scenario.kind != kind) {
        return None;
    }
    Some(variants[0].scenario.side_names())
}
