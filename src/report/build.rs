//! Builds (or rebuilds) the report of an output folder from its files
//! alone: `analysis.toml` (or, for a `muster run` folder, `run.toml`), the
//! CSVs, then the charts (`charts/*.svg`, and `.png` on request) and
//! `report.html`. What each kind of folder charts is decided here, and a
//! run's answers (its verdict, how its battles ended, the clock's warning).

use super::charts::{render_png, render_svg, Chart, Curve, Interval, Scale};
use super::html::{page, Manifest};
use super::table::CsvTable;
use super::verdict::{ending_lines, Ending};
use super::{write_text, ReportError};
use crate::scenario::{load_scenario_text, slug};
use std::path::{Path, PathBuf};

/// The manifest file of an analysis folder.
pub const MANIFEST: &str = "analysis.toml";

/// Writes `analysis.toml`.
pub fn write_manifest(dir: &Path, m: &Manifest) -> Result<(), ReportError> {
    let text = toml::to_string_pretty(m)?;
    write_text(&dir.join(MANIFEST), &text)
}

/// Reads the folder's manifest, or makes one for a `muster run` folder.
pub fn read_manifest(dir: &Path) -> Result<Manifest, ReportError> {
    let path = dir.join(MANIFEST);
    if path.exists() {
        let text = std::fs::read_to_string(&path).map_err(|source| ReportError::Io {
            path: path.display().to_string(),
            source,
        })?;
        return toml::from_str(&text).map_err(|e| ReportError::Folder {
            path: path.display().to_string(),
            message: format!("{e}"),
        });
    }
    run_manifest(dir)
}

/// The columns of summary.csv that the report reads.
const SUMMARY_COLUMNS: &[&str] = &[
    "side",
    "battles",
    "draws",
    "win_rate",
    "win_rate_lo95",
    "win_rate_hi95",
];

/// The manifest of a `muster run` output folder, from run.toml and summary.csv.
fn run_manifest(dir: &Path) -> Result<Manifest, ReportError> {
    let run = dir.join("run.toml");
    let text = std::fs::read_to_string(&run).map_err(|_| ReportError::Folder {
        path: dir.display().to_string(),
        message: format!(
            "neither {MANIFEST} nor run.toml is here; give the output folder of a muster command"
        ),
    })?;
    let doc: toml::Table = toml::from_str(&text).map_err(|e| ReportError::Folder {
        path: run.display().to_string(),
        message: e.to_string(),
    })?;
    let get = |t: &str, k: &str| {
        doc.get(t)
            .and_then(|v| v.get(k))
            .map(|v| v.as_str().map_or(v.to_string(), str::to_string))
            .unwrap_or_default()
    };
    let summary = CsvTable::read_with(&dir.join("summary.csv"), SUMMARY_COLUMNS)?;
    let mut answers = vec![summary_verdict(&summary)];
    answers.extend(ending_answers(&summary, &text));
    answers.extend(summary.rows.iter().map(|r| {
        format!(
            "{} wins {:.1}% of {} battles (95% interval {:.1}% to {:.1}%), draws {:.1}%.",
            summary.text(r, "side"),
            100.0 * summary.num(r, "win_rate"),
            summary.text(r, "battles"),
            100.0 * summary.num(r, "win_rate_lo95"),
            100.0 * summary.num(r, "win_rate_hi95"),
            100.0 * summary.num(r, "draws") / summary.num(r, "battles").max(1.0),
        )
    }));
    let mut tables = Vec::new();
    for (f, t) in [
        (super::army::SIDES_FILE, "The armies"),
        (super::army::UNITS_FILE, "The army sheet, per unit"),
    ] {
        if dir.join(f).exists() {
            tables.push((f.to_string(), t.to_string()));
        }
    }
    tables.extend([
        ("summary.csv".to_string(), "Per side".to_string()),
        ("units.csv".to_string(), "Per unit".to_string()),
    ]);
    for (f, t) in [
        ("mc_flow.csv", "Morale Counters by cause"),
        ("cards.csv", "Cards"),
    ] {
        if dir.join(f).exists() {
            tables.push((f.to_string(), t.to_string()));
        }
    }
    Ok(Manifest {
        kind: "run".to_string(),
        title: get("scenario", "name"),
        command: "muster run run.toml".to_string(),
        question: vec![
            ("scenario".to_string(), get("scenario", "name")),
            ("ruleset".to_string(), get("scenario", "ruleset")),
            ("battles".to_string(), get("run", "battles")),
            ("seed".to_string(), get("run", "seed")),
            (
                "muster version".to_string(),
                get("provenance", "muster_version"),
            ),
        ],
        answers,
        tables,
    })
}

/// How the run's battles ended, from summary.csv's `share_end_*` columns,
/// and the clock's warning. Which end reasons are the clock is the
/// ruleset's word, from the run's scenario (`run_toml`); a scenario that
/// does not load in this version of muster gives none.
fn ending_answers(summary: &CsvTable, run_toml: &str) -> Vec<String> {
    let shape = load_scenario_text("run.toml", run_toml, None)
        .ok()
        .map(|s| s.tally_shape());
    let clock = |name: &str| {
        shape.as_ref().is_some_and(|s| {
            (s.end_reasons.iter().position(|r| *r == name)).is_some_and(|i| s.is_clock_end(i))
        })
    };
    let Some(row) = summary.rows.first() else {
        return Vec::new();
    };
    let endings: Vec<Ending> = (summary.header.iter())
        .filter_map(|h| {
            let name = h.strip_prefix("share_end_")?;
            Some(Ending {
                name,
                share: summary.num(row, h),
                clock: clock(name),
            })
        })
        .collect();
    match endings.is_empty() {
        true => Vec::new(),
        false => ending_lines(&endings),
    }
}

/// The run's verdict sentence from its summary.csv.
fn summary_verdict(summary: &CsvTable) -> String {
    fn side<'a>(summary: &'a CsvTable, r: &'a [String]) -> super::verdict::SideRate<'a> {
        super::verdict::SideRate {
            side: summary.text(r, "side"),
            rate: summary.num(r, "win_rate"),
            lo: summary.num(r, "win_rate_lo95"),
            hi: summary.num(r, "win_rate_hi95"),
        }
    }
    match summary.rows.as_slice() {
        [a, b] => {
            let battles = summary.num(a, "battles") as u64;
            super::verdict::run_verdict(side(summary, a), side(summary, b), battles)
        }
        _ => "summary.csv does not have two sides; no verdict.".to_string(),
    }
}

/// Builds the charts and report.html of `dir`; returns the report's path.
pub fn build(dir: &Path, png: bool) -> Result<PathBuf, ReportError> {
    let m = read_manifest(dir)?;
    let charts = match m.kind.as_str() {
        "run" => run_charts(dir, "")?,
        "compare" | "sweep" | "tune" | "decks" | "fairness" | "panel" | "counter" => {
            super::analysis_charts::charts(&m.kind, dir)?
        }
        "compare-panel" | "tune-panel" | "decks-panel" | "fairness-panel" => {
            super::analysis_charts::charts("pairings", dir)?
        }
        other => {
            return Err(ReportError::Folder {
                path: dir.join(MANIFEST).display().to_string(),
                message: format!("unknown kind `{other}`"),
            })
        }
    };
    let mut inline = Vec::new();
    for (i, chart) in charts.iter().enumerate() {
        let svg = render_svg(chart).map_err(ReportError::Chart)?;
        let name: String = slug(chart.title()).chars().take(60).collect();
        let stem = format!("{:02}-{name}", i + 1);
        write_text(&dir.join("charts").join(format!("{stem}.svg")), &svg)?;
        if png {
            let path = dir.join("charts").join(format!("{stem}.png"));
            write_png(&path, chart)?;
        }
        inline.push((chart.title().to_string(), svg));
    }
    let mut tables = Vec::new();
    for (file, title) in &m.tables {
        let t = CsvTable::read(&dir.join(file))?;
        tables.push((file.clone(), title.clone(), t));
    }
    let html = page(&m, &inline, &tables);
    let out = dir.join("report.html");
    write_text(&out, &html)?;
    Ok(out)
}

/// Renders a PNG beside `path` and renames it into place.
fn write_png(path: &Path, chart: &Chart) -> Result<(), ReportError> {
    let dir = path.parent().unwrap_or(Path::new("."));
    let tmp = dir.join(format!(
        ".muster-{}.png",
        path.file_stem().and_then(|s| s.to_str()).unwrap_or("chart")
    ));
    render_png(chart, &tmp).map_err(ReportError::Chart)?;
    std::fs::rename(&tmp, path).map_err(|source| ReportError::Io {
        path: path.display().to_string(),
        source,
    })?;
    Ok(())
}

/// The charts of one run's files (`prefix` goes before each title).
pub fn run_charts(dir: &Path, prefix: &str) -> Result<Vec<Chart>, ReportError> {
    let mut charts = Vec::new();
    let summary = CsvTable::read_with(&dir.join("summary.csv"), SUMMARY_COLUMNS)?;
    charts.push(Chart::Intervals {
        title: format!("{prefix}Win rate per side (95% Wilson intervals)"),
        y_label: "win rate".to_string(),
        y_scale: Scale::Percent,
        items: summary
            .rows
            .iter()
            .map(|r| Interval {
                label: summary.text(r, "side").to_string(),
                value: summary.num(r, "win_rate"),
                lo: summary.num(r, "win_rate_lo95"),
                hi: summary.num(r, "win_rate_hi95"),
            })
            .collect(),
        reference: Some(0.5),
    });
    let rounds = CsvTable::read(&dir.join("rounds.csv"))?;
    let sides: Vec<String> = summary
        .rows
        .iter()
        .map(|r| summary.text(r, "side").to_string())
        .collect();
    let measure = rounds.first("measure");
    charts.push(Chart::Curves {
        title: format!(
            "{prefix}{} per round (median, p10-p90 band)",
            measure.replace('_', " ")
        ),
        x_label: "round".to_string(),
        y_label: measure.replace('_', " "),
        x_scale: Scale::Whole,
        y_scale: Scale::Number,
        curves: sides
            .iter()
            .map(|side| Curve {
                label: side.clone(),
                points: rounds.band(["round", "p10", "p50", "p90"], |r| {
                    rounds.text(r, "side") == side
                }),
            })
            .collect(),
        reference: None,
    });
    charts.extend(state_charts(&rounds, &sides, prefix));
    let units = CsvTable::read(&dir.join("units.csv"))?;
    let loss_cols: Vec<(i64, String)> = units
        .header
        .iter()
        .filter_map(|h| Some((h.strip_prefix("losses_")?.parse().ok()?, h.clone())))
        .collect();
    for r in &units.rows {
        let n = units.num(r, "battles").max(1.0);
        let bars: Vec<(i64, f64)> = loss_cols
            .iter()
            .map(|(k, c)| (*k, units.num(r, c) / n))
            .collect();
        let last = bars.iter().rposition(|b| b.1 > 0.0).unwrap_or(0);
        charts.push(Chart::Bars {
            title: format!(
                "{prefix}{} {}: losses per battle",
                units.text(r, "side"),
                units.text(r, "unit")
            ),
            x_label: "losses".to_string(),
            y_label: "share of battles".to_string(),
            bars: bars[..=last.min(bars.len().saturating_sub(1))].to_vec(),
        });
    }
    Ok(charts)
}

/// The State of Battle shares per round of each side, when `rounds` has them.
fn state_charts(rounds: &CsvTable, sides: &[String], prefix: &str) -> Vec<Chart> {
    let mut charts = Vec::new();
    let states: Vec<String> = rounds
        .header
        .iter()
        .filter_map(|h| h.strip_prefix("share_state_").map(str::to_string))
        .collect();
    if !states.is_empty() {
        for side in sides {
            let rows: Vec<&Vec<String>> = rounds
                .rows
                .iter()
                .filter(|r| rounds.text(r, "side") == side)
                .collect();
            charts.push(Chart::Stacked {
                title: format!("{prefix}{side}: State of Battle per round (battles still running)"),
                x_label: "round".to_string(),
                layers: states
                    .iter()
                    .map(|s| {
                        (
                            s.clone(),
                            rows.iter()
                                .map(|r| {
                                    (
                                        rounds.num(r, "round"),
                                        rounds.num(r, &format!("share_state_{s}")),
                                    )
                                })
                                .collect(),
                        )
                    })
                    .collect(),
            });
        }
    }
    charts
}
