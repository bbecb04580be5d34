//! `muster counter`: the best response of one side (the doctrine, within
//! its layers' searchable keys, that wins most against the opponent's
//! doctrines as the scenario has them), found by a budgeted search and
//! re-confirmed on a fresh seed; with `--rounds K`, fictitious play
//! between the sides towards a competent-play matchup (competent.toml,
//! read back by [`competent_edits`]).

use super::study::{command_line, conclude, focus_side, StudyArgs, Workers};
use super::EXIT_INTERRUPTED;
use crate::analysis::counter::competent::Competent;
use crate::analysis::counter::doctrine_file::{doctrine_text, Header};
use crate::analysis::counter::search::{min_budget, SearchPlan};
use crate::analysis::counter::space::{build_space, select_layers, Space};
use crate::analysis::counter::{fictitious_play, stream_seed, Matchup, Played, Rounds, SAMPLE};
use crate::analysis::play::{ClockBook, StudyPlan};
use crate::analysis::vary::{build_variants_until, Variant, VaryError};
use crate::analysis::verdict::possessive;
use crate::registry::DoctrineLayer;
use crate::report::counter::{CounterReport, DoctrineOut};
use crate::report::study::warn;
use crate::rules::Side;
use crate::scenario::Scenario;
use anyhow::bail;
use clap::Args;
use std::path::{Path, PathBuf};

/// The default search budget: a default run on a shipped States of Battle
/// scenario takes well under two minutes on two cores.
pub const DEFAULT_BUDGET: u64 = 400_000;

#[derive(Args, Debug)]
#[command(mut_arg("battles", |a| a.hide(true)))]
#[command(mut_arg("side", |a| a.help("The side whose doctrine is searched (default: the first side)")))]
pub struct CounterArgs {
    /// Scenario file (default: the built-in one).
    pub scenario: Option<PathBuf>,
    /// Search only this doctrine layer of the side (`doctrine`; States of
    /// Battle also `sob_doctrine`); repeat for several. Default: every
    /// layer with searchable keys.
    #[arg(long, value_name = "FIELD")]
    pub layer: Vec<String>,
    /// Battles one best-response search may play, every candidate's
    /// counted: half for successive halving over 32 sampled doctrines (the
    /// start among them), the rest for local moves of one key.
    #[arg(long, default_value_t = DEFAULT_BUDGET)]
    pub budget: u64,
    /// Battles the starting and the best doctrine each play on a fresh seed.
    #[arg(long, default_value_t = 10_000)]
    pub confirm: u64,
    /// Rounds of fictitious play: best responses alternate between the
    /// sides (--side first), each answering every doctrine the other has
    /// played so far, until neither gains more than --margin; writes
    /// competent.toml. 0: one best response of --side.
    #[arg(long, default_value_t = 0)]
    pub rounds: usize,
    /// A side still gains when the lower end of its best response's paired
    /// 95% interval is above this (a fraction: 0.02 is 2 points).
    #[arg(long, default_value_t = 0.02)]
    pub margin: f64,
    #[command(flatten)]
    pub study: StudyArgs,
}

/// The competent-play matchup in `dir` (written by `muster counter
/// --rounds K`) as vary edits `(side.S.FIELD, doctrine file)` that
/// [`build_variants_until`] accepts, each file's path absolute; warns
/// (on standard error) when the rounds ended before neither side gained.
pub fn competent_edits(dir: &Path) -> anyhow::Result<Vec<(String, String)>> {
    let c = Competent::read(dir)?;
    if !c.converged {
        tell!(
            "warning: {} did not converge in {} (a side still gained more than {}); its pair is the last one found",
            dir.join(crate::analysis::counter::competent::FILE).display(),
            crate::analysis::verdict::count(c.rounds, "round"),
            c.margin
        );
    }
    let dir = std::fs::canonicalize(dir)
        .map_err(|e| anyhow::anyhow!("cannot resolve {}: {e}", dir.display()))?;
    c.edits(&dir)
}

/// The layers of `base`'s ruleset to search (see [`select_layers`]).
fn pick_layers(base: &Scenario, names: &[String]) -> anyhow::Result<Vec<DoctrineLayer>> {
    let Some(spec) = crate::registry::spec(base.kind) else {
        bail!("{} is not played by muster", base.kind.name());
    };
    select_layers(&spec.doctrine_layers(), names, base.kind.name()).map_err(anyhow::Error::msg)
}

fn check(args: &CounterArgs) -> anyhow::Result<()> {
    if let Some(n) = args.study.battles {
        bail!("counter does not take --battles {n}: --budget N sets the battles of the search and --confirm N those of the confirmation");
    }
    args.study.check()?;
    // Before the scenario is loaded and the doctrine spaces are built.
    let least = min_budget(SAMPLE);
    if args.budget < least {
        bail!("--budget {} is too small: a search of {} sampled doctrines needs at least {least} battles (every candidate at least {} battles a round); give --budget {least} or more", args.budget, SAMPLE, crate::analysis::counter::search::MIN_BATTLES);
    }
    if args.confirm == 0 {
        bail!("--confirm must be at least 1 (battles of the confirmation on a fresh seed)");
    }
    if !(0.0..1.0).contains(&args.margin) {
        bail!(
            "--margin {} must be a fraction from 0 to below 1 (0.02 is 2 points)",
            args.margin
        );
    }
    Ok(())
}

pub fn counter(args: CounterArgs) -> anyhow::Result<i32> {
    check(&args)?;
    let base = super::load(args.scenario.as_deref())?;
    let dir = args
        .scenario
        .as_ref()
        .and_then(|p| p.parent())
        .map(Path::to_path_buf);
    let names = base.side_names();
    let focus = focus_side([&names[0], &names[1]], args.study.side.as_deref())?;
    let layers = pick_layers(&base, &args.layer)?;
    let spaces =
        [0, 1].map(|s| build_space(&base, dir.as_deref(), s, &layers).map_err(anyhow::Error::msg));
    let [a, b] = spaces;
    let spaces = [a?, b?];
    let out = args.study.claim_out("counter", &base.slug())?;
    if super::interrupted() {
        return super::study::stopped_in_setup("counter");
    }
    let seed = args.study.seed.unwrap_or(base.seed);
    let started = std::time::Instant::now();
    let (played, book) = search(&args, &base, dir.as_deref(), &spaces, focus)?;
    if played.partial {
        tell!("counter: interrupted before the search finished; nothing was written");
        return Ok(EXIT_INTERRUPTED);
    }
    let doctrines = doctrine_files(&base, dir.as_deref(), &spaces, &played, &args, &names)?;
    let slug = base.slug();
    let report = CounterReport {
        scenario: &base.name,
        slug: &slug,
        names: [&names[0], &names[1]],
        spaces: [&spaces[0], &spaces[1]],
        played: &played,
        budget: args.budget,
        confirm: args.confirm,
        rounds: args.rounds,
        margin: args.margin,
        seed,
        doctrines,
        command: command_line(),
    };
    let staging = out.stage()?;
    let mut manifest = crate::report::counter::write(staging.path(), &report)?;
    warn(&mut manifest.answers, book.warning("doctrine"));
    let elapsed = started.elapsed().as_secs_f64();
    let code = conclude(staging, &manifest, args.study.png, false)?;
    // On the terminal only: the report of the same command is the same file.
    say!("the search took {elapsed:.1} s");
    Ok(code)
}

/// Plays the best responses (fictitious play with `--rounds`) with a
/// progress bar over them all; also returns the battles the clock ended in
/// each confirmation.
fn search(
    args: &CounterArgs,
    base: &Scenario,
    dir: Option<&Path>,
    spaces: &[Space; 2],
    focus: Side,
) -> anyhow::Result<(Played, ClockBook)> {
    let names = base.side_names();
    let steps = if args.rounds == 0 {
        1
    } else {
        2 * args.rounds as u64
    };
    let workers = Workers::new(
        args.study.threads,
        steps * (args.budget + 2 * args.confirm),
        args.study.quiet,
    )?;
    let plan = SearchPlan {
        budget: args.budget,
        sample: SAMPLE,
        seed: args.study.seed.unwrap_or(base.seed),
    };
    let rounds = Rounds {
        rounds: args.rounds,
        margin: args.margin,
        first: focus.index(),
    };
    let confirming = confirm_seeds(plan.seed, args.rounds);
    let mut book = ClockBook::default();
    let mut play = |side: usize, lists: &[Vec<(String, String)>], seed: u64, from: u64, n: u64| {
        let Some(variants) = build(base, dir, lists)? else {
            return Ok(None);
        };
        let refs: Vec<&Variant> = variants.iter().collect();
        let r = workers.play(&refs, side_of(side), seed, from, StudyPlan::Fixed(n))?;
        if let Some(step) = confirming.iter().position(|&s| s == seed) {
            book.add_result(&r, |v| confirmed_label(&names[side], step, v, args.rounds));
        }
        Ok((!r.partial).then_some(r.played.paired))
    };
    let played = fictitious_play(
        [&spaces[0], &spaces[1]],
        rounds,
        plan,
        args.confirm,
        &mut play,
    );
    workers.progress.finish();
    Ok((played?, book))
}

/// The seeds of the confirmations of a run of `rounds` rounds (step `k`
/// confirms on stream `2k + 1`): the battles the clock's warning is about.
fn confirm_seeds(seed: u64, rounds: usize) -> Vec<u64> {
    let steps = if rounds == 0 { 1 } else { 2 * rounds as u64 };
    (0..steps).map(|k| stream_seed(seed, 2 * k + 1)).collect()
}

/// What variant `v` of the confirmation of step `step` is, for the clock's
/// warning: the doctrine the search started from (0) or its best response.
fn confirmed_label(side: &str, step: usize, v: usize, rounds: usize) -> String {
    let what = if v == 0 {
        "starting doctrine"
    } else {
        "best response"
    };
    match rounds {
        0 => format!("{} {what}", possessive(side)),
        _ => format!("{} {what} of step {}", possessive(side), step + 1),
    }
}

fn side_of(i: usize) -> Side {
    if i == 0 {
        Side::A
    } else {
        Side::B
    }
}

/// The variants of `lists`; None when a signal stopped the building.
fn build(
    base: &Scenario,
    dir: Option<&Path>,
    lists: &[Vec<(String, String)>],
) -> anyhow::Result<Option<Vec<Variant>>> {
    match build_variants_until(base, dir, lists, &super::interrupted) {
        Err(VaryError::Stopped) => Ok(None),
        built => Ok(Some(built.map_err(|e| anyhow::anyhow!("{e}"))?)),
    }
}

/// The found doctrines as files: the searching side's best (one best
/// response), or both sides' final doctrines (fictitious play), one file
/// per searched layer.
fn doctrine_files(
    base: &Scenario,
    dir: Option<&Path>,
    spaces: &[Space; 2],
    played: &Played,
    args: &CounterArgs,
    names: &[String; 2],
) -> anyhow::Result<Vec<DoctrineOut>> {
    let first = &played.responses[0];
    let (sides, points) = if args.rounds == 0 {
        let mut points = played.current.clone();
        points[first.side] = first.found.best.clone();
        (vec![first.side], points)
    } else {
        (vec![0, 1], played.current.clone())
    };
    let m = Matchup::new([&spaces[0], &spaces[1]], points.clone());
    let mut out = Vec::new();
    for side in sides {
        let space = &spaces[side];
        let Some(built) = build(base, dir, &[m.edits(side, &points[side])])? else {
            bail!("interrupted while writing the doctrines; nothing was written");
        };
        for field in space.fields() {
            let changes = space.describe_in(&space.start(), &points[side], Some(field));
            let name = format!("counter-{}-{field}", crate::scenario::slug(&names[side]));
            let description = format!(
                "muster counter's doctrine for {} against {}: {changes}",
                names[side],
                names[1 - side]
            );
            let comments = [format!("written by: {}", command_line())];
            let header = Header {
                name: &name,
                description: &description,
                comments: &comments,
            };
            out.push(DoctrineOut {
                path: format!("side.{side}.{field}"),
                file: format!("doctrines/{}-{field}.toml", file_name(&names[side])),
                text: doctrine_text(&built[0].scenario, side, field, &header)?,
            });
        }
    }
    Ok(out)
}

/// A side's name as part of a file name: letters, digits, `-` and `_`,
/// other runs of characters as one `-` (`Army #1 (Pikemen)`: `Army-1-Pikemen`).
fn file_name(side: &str) -> String {
    let mut out = String::new();
    for c in side.chars() {
        if c.is_ascii_alphanumeric() || c == '_' {
            out.push(c);
        } else if !out.ends_with('-') {
            out.push('-');
        }
    }
    out.trim_matches('-').to_string()
}
