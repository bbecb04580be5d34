//! `muster compare`: variants of a scenario (or several scenario files)
//! on common random numbers, with paired intervals for every difference to
//! the baseline.

use super::panel::PanelFlags;
use super::panel_each::{each_pairing, Analysed, PanelRun};
use super::raw_out::RawOut;
use super::study::{
    build_variants, command_line, finish_shard, focus_side, write_and_conclude, StudyArgs, Workers,
};
use crate::analysis::panel::{Lean, Vote, Words};
use crate::analysis::play::{widest_paired_half_width, StudyPlan, StudyResult};
use crate::analysis::vary::{check_distinct, combinations, parse_spec, Variant};
use crate::analysis::verdict::possessive;
use crate::engine::RowSink;
use crate::rules::Side;
use crate::shard::study::{StudyKind, StudyRun};
use crate::shard::{battle_range, Shard};
use crate::stats::Z_95;
use anyhow::{bail, Context};
use clap::Args;
use std::path::{Path, PathBuf};

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
    pub panel: PanelFlags,
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
        let path = args.scenarios.first().map(PathBuf::as_path);
        let dir = path.and_then(Path::parent);
        let base = super::load(path).context("the scenario has problems (listed above)")?;
        let base = args.panel.under_competent(base, dir)?;
        let variants = build_variants(&base, dir, &combinations(&specs))?;
        check_distinct(&variants[0].scenario, &variants)?;
        return Ok(variants);
    }
    if args.scenarios.len() < 2 {
        bail!("give --vary PATH=V1,V2 to vary one scenario, or two or more scenario files");
    }
    if args.panel.competent.is_some() || !args.panel.doctrines.is_empty() {
        bail!("--doctrines competent plays the competent-play matchup of one scenario: give one scenario and --vary");
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

/// Checks `--precision`.
fn check_precision(args: &CompareArgs) -> anyhow::Result<()> {
    match args.precision {
        Some(p) if !(p > 0.0 && p < 0.5) => {
            bail!("--precision must be between 0 and 0.5 (a half-width such as 0.01), not {p}")
        }
        _ => Ok(()),
    }
}

/// Checks the flags and loads the variants.
fn study(args: &CompareArgs) -> anyhow::Result<Study> {
    args.study.check()?;
    check_precision(args)?;
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
    let plan = plan(args, shard.map_or(battles, |_| range.1 - range.0));
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
    if args.panel.given() {
        return compare_panel(&args);
    }
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

/// Fixed `battles`, or the `--precision` loop in batches of them.
fn plan(args: &CompareArgs, battles: u64) -> StudyPlan {
    let max_battles = args.max_battles.unwrap_or(1_000_000);
    match args.precision {
        Some(p) => StudyPlan::Precision {
            half_width: p,
            batch: battles.min(max_battles),
            max_battles,
        },
        None => StudyPlan::Fixed(battles),
    }
}

/// `compare --vary ... --panel`: the variants compared under every
/// pairing of doctrines.
fn compare_panel(args: &CompareArgs) -> anyhow::Result<i32> {
    args.study.check()?;
    check_precision(args)?;
    if args.vary.is_empty() || args.scenarios.len() > 1 {
        bail!("--panel and --doctrines compare the --vary variants of one scenario under every pairing of doctrines; give one scenario and --vary PATH=V1,V2");
    }
    if args.shard.is_some() || args.raw.is_some() {
        bail!("--shard and --raw are not available with a doctrine panel; compare one pairing at a time to shard it or write its raw rows");
    }
    let path = args.scenarios.first();
    let base = super::load(path.map(PathBuf::as_path))?;
    let dir = path.and_then(|p| p.parent());
    let specs = parse_specs(&args.vary)?;
    let pairings = args.panel.pairings(&base, dir)?;
    // A whole doctrine of a panel layer (`side.X.sob_doctrine`), by the
    // side's name or position, would undo the pairing.
    let panel_field = |p: &str| {
        let parts: Vec<&str> = p.split('.').collect();
        parts.len() == 3
            && parts[0] == "side"
            && (pairings[0].edits.iter()).any(|(e, _)| e.rsplit('.').next() == Some(parts[2]))
    };
    if let Some((p, _)) = specs.iter().find(|(p, _)| panel_field(p)) {
        bail!("--vary {p}: the doctrine panel sets that doctrine in every pairing; vary something else, or give the doctrines as --vary without a panel");
    }
    let combos = combinations(&specs);
    let names = base.side_names();
    let focus = focus_side([&names[0], &names[1]], args.study.side.as_deref())?;
    let seed = args.study.seed.unwrap_or(base.seed);
    let plan = plan(args, args.study.battles.unwrap_or(base.battles));
    let out = args.study.claim_out("compare", &base.slug())?;
    if super::interrupted() {
        return super::study::stopped_in_setup("compare");
    }
    let side = &names[focus.index()];
    let run = PanelRun {
        command: "compare",
        scenario: &base.name,
        words: Words {
            up: format!("raises {} win rate", possessive(side)),
            down: "lowers it".into(),
            neither: "no change 95% can detect".into(),
            unknown: "not played".into(),
            values: "differences",
            unit: " pp",
        },
        seed,
        png: args.study.png,
        command_line: command_line(),
    };
    each_pairing(&out, run, &pairings, |pairing, folder| {
        let variants = build_variants(&pairing.scenario, dir, &combos)?;
        check_distinct(&variants[0].scenario, &variants)?;
        let result = play(args, &variants, focus, seed, 0, plan)?;
        let manifest =
            crate::report::compare::write(folder, &variants, &result, focus, seed, command_line())?;
        Ok(Analysed {
            manifest,
            votes: votes(&variants, &result),
            partial: result.partial,
            clock: crate::report::compare::clock_book(&variants, &result).largest(),
        })
    })
}

/// Each variant's difference to the baseline, for the panel.
fn votes(variants: &[Variant], result: &StudyResult) -> Vec<Vote> {
    let labels = crate::report::compare::short_labels(variants);
    let paired = &result.played.paired;
    (1..variants.len())
        .map(|v| {
            let d = paired.difference(v, 0, Z_95);
            let lean = if d.paired.0 > 0.0 {
                Lean::Up
            } else if d.paired.1 < 0.0 {
                Lean::Down
            } else {
                Lean::Neither
            };
            Vote {
                question: format!("Variant {}", labels[v]),
                lean,
                value: 100.0 * d.estimate,
                lo: 100.0 * d.paired.0,
                hi: 100.0 * d.paired.1,
                detail: format!("{} battles", paired.battles),
            }
        })
        .collect()
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
