//! `muster compare`: variants of a scenario (or several scenario files)
//! on common random numbers, with paired intervals for every difference to
//! the baseline.

use super::raw_out::RawOut;
use super::study::{
    command_line, conclude, fail, focus_side, question, write_variant, StudyArgs, Workers,
};
use super::study_shard::{self, StudyKind};
use crate::analysis::play::{widest_paired_half_width, StudyPlan, StudyResult};
use crate::analysis::vary::{parse_spec, Variant};
use crate::engine::RowSink;
use crate::report::csv_out::{csv_write, f4};
use crate::report::html::Manifest;
use crate::rules::Side;
use crate::stats::{wilson, Z_95};
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
    /// Cap on battles per variant with --precision.
    #[arg(long, default_value_t = 1_000_000)]
    pub max_battles: u64,
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

/// Every combination of the `--vary` values, the first value of each first.
pub(super) fn combinations(specs: &[(String, Vec<String>)]) -> Vec<Vec<(String, String)>> {
    let mut out: Vec<Vec<(String, String)>> = vec![Vec::new()];
    for (path, values) in specs {
        out = out
            .into_iter()
            .flat_map(|edits| {
                values.iter().map(move |v| {
                    let mut e = edits.clone();
                    e.push((path.clone(), v.clone()));
                    e
                })
            })
            .collect();
    }
    out
}

/// Parses every `PATH=VALUES` specification.
pub(super) fn parse_specs(specs: &[String]) -> Result<Vec<(String, Vec<String>)>, String> {
    specs
        .iter()
        .map(|s| parse_spec(s).map_err(|e| e.to_string()))
        .collect()
}

/// The variants the arguments ask for.
fn variants(args: &CompareArgs) -> anyhow::Result<Result<Vec<Variant>, String>> {
    if !args.vary.is_empty() {
        if args.scenarios.len() > 1 {
            return Ok(Err(
                "--vary varies one scenario; give one scenario file".to_string()
            ));
        }
        let specs = match parse_specs(&args.vary) {
            Ok(s) => s,
            Err(e) => return Ok(Err(e)),
        };
        return super::study::load_variants(args.scenarios.first(), &combinations(&specs));
    }
    if args.scenarios.len() < 2 {
        return Ok(Err(
            "give --vary PATH=V1,V2 to vary one scenario, or two or more scenario files"
                .to_string(),
        ));
    }
    let mut out = Vec::new();
    for path in &args.scenarios {
        let Ok(scenario) = super::load(Some(path))? else {
            return Ok(Err(format!(
                "{} has problems (listed above)",
                path.display()
            )));
        };
        out.push(Variant {
            label: path.file_stem().map_or(path.display().to_string(), |s| {
                s.to_string_lossy().to_string()
            }),
            edits: Vec::new(),
            scenario,
        });
    }
    Ok(Ok(out))
}

pub fn compare(args: CompareArgs) -> anyhow::Result<i32> {
    if let Err(e) = args.study.check() {
        return fail(e);
    }
    if let Some(p) = args.precision {
        if !(p > 0.0 && p < 0.5) {
            return fail(format!(
                "--precision must be between 0 and 0.5 (a half-width such as 0.01), not {p}"
            ));
        }
    }
    if let Err(e) = RawOut::check(args.raw.as_deref()) {
        return fail(e);
    }
    let variants = match variants(&args)? {
        Ok(v) => v,
        Err(e) => return fail(e),
    };
    let base = &variants[0].scenario;
    if !args.study.quiet {
        for note in &base.notes {
            eprintln!("note: {note}");
        }
    }
    let Some(names) = side_names(&variants) else {
        return fail(
            "the scenarios are not all of one ruleset; compare scenarios of the same ruleset",
        );
    };
    let focus = match focus_side([&names[0], &names[1]], args.study.side.as_deref()) {
        Ok(f) => f,
        Err(e) => return fail(e),
    };
    let seed = args.study.seed.unwrap_or(base.seed);
    let battles = args.study.battles.unwrap_or(base.battles);
    let plan = match args.precision {
        Some(p) => StudyPlan::Precision {
            half_width: p,
            batch: battles.min(args.max_battles),
            max_battles: args.max_battles,
        },
        None => StudyPlan::Fixed(battles),
    };
    let shard = match args.shard.as_deref().map(super::shard::parse_shard) {
        None => None,
        Some(Ok(s)) => Some(s),
        Some(Err(e)) => return fail(e),
    };
    if shard.is_some() && args.precision.is_some() {
        return fail("--shard needs a fixed number of battles; --precision decides how many as it goes, so its comparison cannot be split");
    }
    let range = shard.map_or((0, battles), |(k, n)| {
        super::shard::shard_range(battles, k, n)
    });
    let plan = if shard.is_some() {
        StudyPlan::Fixed(range.1 - range.0)
    } else {
        plan
    };
    let total = match plan {
        StudyPlan::Fixed(n) => n,
        StudyPlan::Precision { max_battles, .. } => max_battles,
    } * variants.len() as u64;
    let workers = Workers::new(args.study.threads, total, args.study.quiet)?;
    let refs: Vec<&Variant> = variants.iter().collect();
    let started = std::time::Instant::now();
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
    let result = workers.play_rows(&refs, focus, seed, range.0, plan, rows)?;
    workers.progress.finish();
    drop(sink);
    if let (Some(r), Some(path)) = (raw, args.raw.as_deref()) {
        let n = r.finish()?;
        say!("raw rows: {n} (battle, variant) rows in {}", path.display());
    }
    let out = args.study.out_dir("compare", &base.slug());
    if let Some(shard) = shard {
        return study_shard::finish(
            StudyKind::Compare,
            &out,
            (seed, battles, focus),
            (shard, range),
            &variants,
            result,
        );
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
        } else {
            "NOT reached (cap hit)"
        };
        say!("precision +/-{p}: {verdict} after {n} battles per variant (widest paired half-width {hw:.4})");
    }
    write_outputs(
        &out,
        &variants,
        &result,
        focus,
        seed,
        command_line(),
        args.study.png,
    )
}

/// Writes compare.csv, each variant's run files and the report of played
/// `variants` (what a single compare and a merge of its shards write).
pub(super) fn write_outputs(
    out: &Path,
    variants: &[Variant],
    result: &StudyResult,
    focus: Side,
    seed: u64,
    command: String,
    png: bool,
) -> anyhow::Result<i32> {
    let base = &variants[0].scenario;
    let names = base.side_names();
    let paired = &result.played.paired;
    let n = paired.battles;
    let mut rows = Vec::new();
    for (v, variant) in variants.iter().enumerate() {
        let folder = format!("variants/{:02}", v + 1);
        write_variant(&out.join(&folder), variant, result, v, seed)?;
        let (lo, hi) = wilson(paired.wins[v], n, Z_95);
        let d = paired.difference(v, 0, Z_95);
        rows.push(vec![
            (v + 1).to_string(),
            variant.label.clone(),
            folder,
            names[focus.index()].clone(),
            n.to_string(),
            paired.wins[v].to_string(),
            f4(paired.rate(v)),
            f4(lo),
            f4(hi),
            f4(d.estimate),
            f4(d.paired.0),
            f4(d.paired.1),
            f4(d.independent.0),
            f4(d.independent.1),
            if v == 0 {
                String::new()
            } else {
                format!("{:.2}", d.variance_reduction())
            },
        ]);
    }
    let header: Vec<String> = [
        "variant",
        "label",
        "folder",
        "focus_side",
        "battles",
        "wins",
        "win_rate",
        "win_rate_lo95",
        "win_rate_hi95",
        "difference",
        "diff_lo95",
        "diff_hi95",
        "independent_lo95",
        "independent_hi95",
        "variance_reduction",
    ]
    .map(String::from)
    .to_vec();
    csv_write(&out.join("compare.csv"), &header, &rows)?;
    let answers = answers(variants, paired, &names[focus.index()], result.partial);
    let manifest = Manifest {
        kind: "compare".to_string(),
        title: format!("Compare: {}", base.name),
        command,
        question: question(
            &base.name,
            vec![
                (
                    "variants",
                    variants
                        .iter()
                        .map(|v| v.label.clone())
                        .collect::<Vec<_>>()
                        .join(" | "),
                ),
                ("compared side", names[focus.index()].clone()),
                ("battles per variant", n.to_string()),
            ],
            seed,
        ),
        answers,
        tables: vec![(
            "compare.csv".to_string(),
            "Variants against the baseline".to_string(),
        )],
    };
    conclude(out, &manifest, png, result.partial)
}

/// The side names, when every variant is of one ruleset.
fn side_names(variants: &[Variant]) -> Option<[String; 2]> {
    let kind = variants[0].scenario.kind;
    if variants.iter().any(|v| v.scenario.kind != kind) {
        return None;
    }
    Some(variants[0].scenario.side_names())
}

/// The answers in words: each variant's difference to the baseline.
fn answers(
    variants: &[Variant],
    paired: &crate::stats::PairedWins,
    side: &str,
    partial: bool,
) -> Vec<String> {
    let mut out = Vec::new();
    if partial {
        out.push(format!(
            "INTERRUPTED: these are the first {} battles of each variant only.",
            paired.battles
        ));
    }
    let (lo, hi) = wilson(paired.wins[0], paired.battles, Z_95);
    out.push(format!(
        "Baseline ({}): {side} wins {:.1}% (95% interval {:.1}% to {:.1}%) of {} battles.",
        variants[0].label,
        100.0 * paired.rate(0),
        100.0 * lo,
        100.0 * hi,
        paired.battles
    ));
    for (v, variant) in variants.iter().enumerate().skip(1) {
        let d = paired.difference(v, 0, Z_95);
        let verdict = if d.paired.0 > 0.0 {
            "better than the baseline"
        } else if d.paired.1 < 0.0 {
            "worse than the baseline"
        } else {
            "not distinguishable from the baseline at 95%"
        };
        out.push(format!(
            "{}: {side} wins {:.1}%, {:+.1} points (paired 95% interval {:+.1} to {:+.1}): {verdict}. The paired interval is {:.1}x narrower than an independent one would be (variance reduction {:.1}).",
            variant.label,
            100.0 * paired.rate(v),
            100.0 * d.estimate,
            100.0 * d.paired.0,
            100.0 * d.paired.1,
            d.variance_reduction().sqrt(),
            d.variance_reduction()
        ));
    }
    out
}
