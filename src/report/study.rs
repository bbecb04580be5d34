//! What the analysis reports (compare, sweep, tune, decks, fairness)
//! share: the question block of the report, the army sheets it opens
//! with, each variant's own run files (its army sheet among them), and the
//! place of the clock's warning among the answers.

use super::csv_out::write_csvs;
use super::write_text;
use crate::analysis::play::StudyResult;
use crate::analysis::vary::Variant;
use crate::scenario::raw::Provenance;
use std::path::Path;

/// The report's question: the scenario, the command's own lines, then the
/// seed and the version.
pub fn question(scenario: &str, lines: Vec<(&str, String)>, seed: u64) -> Vec<(String, String)> {
    std::iter::once(("scenario", scenario.to_string()))
        .chain(lines)
        .chain([
            ("seed (common random numbers)", seed.to_string()),
            ("muster version", crate::VERSION.to_string()),
        ])
        .map(|(k, v)| (k.to_string(), v))
        .collect()
}

/// Writes the army files of an analysis of `variants` (the first is the
/// baseline) into `dir`; returns the report tables to open with.
pub fn variant_armies(dir: &Path, variants: &[Variant]) -> anyhow::Result<Vec<(String, String)>> {
    let sheets: Vec<(String, crate::rules::sheet::ArmySheet)> = variants
        .iter()
        .map(|v| (v.label.clone(), v.scenario.army_sheet()))
        .collect();
    Ok(super::army::write_study_armies(dir, &sheets)?)
}

/// The manifest's tables: the army tables of `variants`, then `own`.
pub fn with_armies(
    dir: &Path,
    variants: &[Variant],
    own: Vec<(String, String)>,
) -> anyhow::Result<Vec<(String, String)>> {
    let mut tables = variant_armies(dir, variants)?;
    tables.extend(own);
    Ok(tables)
}

/// Writes variant `v`'s run files (summary, rounds, units, side tables,
/// the army sheet and a run.toml that replays it alone) into `dir`.
pub fn write_variant(
    dir: &Path,
    variant: &Variant,
    result: &StudyResult,
    v: usize,
    seed: u64,
) -> anyhow::Result<()> {
    let meta = &result.meta[v];
    let tally = &result.played.tallies[v];
    let names = [meta.side_names[0].as_str(), meta.side_names[1].as_str()];
    write_csvs(
        dir,
        tally,
        &meta.shape,
        names,
        meta.strength,
        result.partial,
    )?;
    super::army::write_army(dir, &variant.scenario.army_sheet())?;
    let provenance = Provenance {
        muster_version: crate::VERSION.to_string(),
        git_revision: crate::GIT_REVISION.to_string(),
        battles_played: tally.battles,
        partial: result.partial,
        note: Some(format!("variant `{}` of an analysis", variant.label)),
    };
    let text = variant
        .scenario
        .resolved
        .to_run_toml(tally.battles, seed, provenance)?;
    write_text(
        &dir.join("run.toml"),
        &format!("# One variant of an analysis; `muster run run.toml` replays it alone.\n{text}"),
    )?;
    Ok(())
}

/// Puts `warning` (the clock's, when there is one) right after the
/// verdict, the first of `answers`.
pub fn warn(answers: &mut Vec<String>, warning: Option<String>) {
    if let Some(w) = warning {
        answers.insert(answers.len().min(1), w);
    }
}

/// Strings from string literals, for CSV headers.
pub(crate) fn header<const N: usize>(names: [&str; N]) -> Vec<String> {
    names.map(String::from).to_vec()
}
