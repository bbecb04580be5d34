//! `muster tune`: the value of a unit's points or MCV (or the MC ratio)
//! that makes a matchup even, with its interval and the win-rate curve
//! around it.

use super::panel::PanelFlags;
use super::panel_each::{each_pairing, Analysed, PanelRun};
use super::study::{command_line, conclude, focus_side, StudyArgs, Workers};
use crate::analysis::panel::{Lean, Vote, Words};
use crate::analysis::play::{ClockBook, StudyPlan};
use crate::analysis::tune::{param_path, search, Param, Search, Searched};
use crate::report::study::warn;
use crate::report::tune::TuneReport;
use crate::rules::Side;
use crate::scenario::Scenario;
use anyhow::bail;
use clap::builder::PossibleValue;
use clap::{Args, ValueEnum};
use std::path::{Path, PathBuf};

impl ValueEnum for Param {
    fn value_variants<'a>() -> &'a [Self] {
        &[Param::Points, Param::Mcv, Param::McRatio, Param::Figures]
    }

    fn to_possible_value(&self) -> Option<PossibleValue> {
        Some(match self {
            Param::Points => PossibleValue::new("points").help("The points of the unit's profile (States of Battle: they set the army's Morale Counters and the unit's MCV)"),
            Param::Mcv => PossibleValue::new("mcv").help("The unit's MCV (States of Battle)"),
            Param::McRatio => PossibleValue::new("mc-ratio").help("Points per Morale Counter, in tenths of XP(L) (States of Battle on D&D War)"),
            Param::Figures => PossibleValue::new("figures").help("The unit's figures (Standards of Valor): the size that makes the matchup even"),
        })
    }
}

#[derive(Args, Debug)]
pub struct TuneArgs {
    /// Scenario file (default: the built-in one).
    pub scenario: Option<PathBuf>,
    /// The unit (its label, or its profile when only one unit has it).
    #[arg(long, required_if_eq_any([("param", "points"), ("param", "mcv"), ("param", "figures")]))]
    pub unit: Option<String>,
    #[arg(long, value_enum)]
    pub param: Param,
    /// The compared side's win rate to reach.
    #[arg(long, default_value_t = 0.5)]
    pub target: f64,
    /// Values searched, LO..HI (default: MCV 1..8, points and figures a
    /// quarter to three times the current value, MC ratio 10..60).
    #[arg(long, value_name = "LO..HI")]
    pub range: Option<String>,
    #[command(flatten)]
    pub panel: PanelFlags,
    #[command(flatten)]
    pub study: StudyArgs,
}

fn parse_range(text: &str) -> Option<(i64, i64)> {
    let (a, b) = text.split_once("..")?;
    let (a, b) = (a.trim().parse().ok()?, b.trim().parse().ok()?);
    (a < b).then_some((a, b))
}

/// The values searched: `--range`, or the parameter's default range.
fn range(args: &TuneArgs, path: &str, current: Option<i64>) -> anyhow::Result<(i64, i64)> {
    Ok(match (&args.range, args.param, current) {
        (Some(r), _, _) => match parse_range(r) {
            Some(r) => r,
            None => bail!("--range `{r}` is not LO..HI with whole numbers, LO < HI"),
        },
        (None, Param::Mcv, _) => (1, 8),
        (None, Param::McRatio, _) => (10, 60),
        (None, Param::Points | Param::Figures, Some(p)) => ((p / 4).max(1), (3 * p).max(2)),
        (None, Param::Figures, None) => bail!("the unit has no figures in the scenario ({path})"),
        (None, Param::Points, None) => bail!(
            "the profile's points are the digest's price, not written in the scenario; give --range LO..HI ({path})"
        ),
    })
}

pub fn tune(args: TuneArgs) -> anyhow::Result<i32> {
    args.study.check()?;
    if !(args.target > 0.0 && args.target < 1.0) {
        bail!(
            "--target must be a win rate between 0 and 1, not {}",
            args.target
        );
    }
    let dir = args.scenario.as_deref().and_then(Path::parent);
    let base = super::load(args.scenario.as_deref())?;
    let base = args.panel.under_competent(base, dir)?;
    let (path, current) = param_path(&base, args.unit.as_deref(), args.param)?;
    let range = range(&args, &path, current)?;
    let names = base.side_names();
    let focus = focus_side([&names[0], &names[1]], args.study.side.as_deref())?;
    let seed = args.study.seed.unwrap_or(base.seed);
    let out = args.study.claim_out("tune", &base.slug())?;
    let pairings = match args.panel.given() {
        true => Some(args.panel.pairings(&base, dir)?),
        false => None,
    };
    if super::interrupted() {
        return super::study::stopped_in_setup("tune");
    }
    let job = Job {
        args: &args,
        path: &path,
        current,
        range,
        side: &names[focus.index()],
        focus,
        seed,
        battles: args.study.battles.unwrap_or(base.battles),
    };
    say!(
        "{}: {} in the scenario; searching {}..{} for the value at which {} {:.0}%",
        job.what(),
        current.map_or("not set".to_string(), |c| c.to_string()),
        range.0,
        range.1,
        crate::analysis::verdict::side_wins(job.side),
        100.0 * args.target
    );
    let Some(pairings) = pairings else {
        let staging = out.stage()?;
        let done = job.analyse(&base, dir, staging.path())?;
        return conclude(staging, &done.manifest, args.study.png, done.partial);
    };
    let run = PanelRun {
        command: "tune",
        scenario: &base.name,
        words: job.words(),
        seed,
        png: args.study.png,
        command_line: command_line(),
    };
    each_pairing(&out, run, &pairings, |pairing, folder| {
        job.analyse(&pairing.scenario, dir, folder)
    })
}

/// One tuning search, on the scenario or on a pairing of doctrines.
struct Job<'a> {
    args: &'a TuneArgs,
    path: &'a str,
    current: Option<i64>,
    range: (i64, i64),
    side: &'a str,
    focus: Side,
    seed: u64,
    battles: u64,
}

impl Job<'_> {
    fn what(&self) -> String {
        crate::report::tune::what(self.args.param, self.args.unit.as_deref())
    }

    /// Searches `base` (relative references resolve in `dir`) and writes
    /// its report into `folder`.
    fn analyse(
        &self,
        base: &Scenario,
        dir: Option<&Path>,
        folder: &Path,
    ) -> anyhow::Result<Analysed> {
        let args = self.args;
        let (searched, book) = self.search(base, dir)?;
        let report = TuneReport {
            scenario: &base.name,
            path: self.path,
            param: args.param,
            unit: args.unit.as_deref(),
            range: self.range,
            target: args.target,
            side: self.side,
            battles: self.battles,
            seed: self.seed,
            current: self.current,
            command: command_line(),
        };
        let mut manifest = crate::report::tune::write(folder, &report, &searched)?;
        warn(&mut manifest.answers, book.warning("value"));
        let armies = crate::report::army::write_study_armies(
            folder,
            &[("the scenario as given".to_string(), base.army_sheet())],
        )?;
        manifest.tables.splice(0..0, armies);
        say!(
            "{} battles on {} values, seed {}",
            searched.played,
            searched.tuned.curve.len(),
            self.seed
        );
        Ok(Analysed {
            manifest,
            votes: vec![self.vote(&searched)],
            partial: searched.partial,
            clock: book.largest(),
        })
    }

    /// Searches `base` for the value that reaches the target, and keeps
    /// the battles the clock ended at each value played.
    fn search(&self, base: &Scenario, dir: Option<&Path>) -> anyhow::Result<(Searched, ClockBook)> {
        let args = self.args;
        let workers = Workers::new(args.study.threads, 0, args.study.quiet)?;
        let what = self.what();
        let mut book = ClockBook::default();
        let searched = search(
            &Search {
                base,
                base_dir: dir,
                path: self.path,
                range: self.range,
                target: args.target,
                seed: self.seed,
                battles: self.battles,
            },
            |variants, seed, start, n| {
                workers.progress.grow(n * variants.len() as u64);
                let r = workers.play(variants, self.focus, seed, start, StudyPlan::Fixed(n))?;
                book.add_result(&r, |v| {
                    let value = variants[v].edits.first().map_or("", |e| e.1.as_str());
                    format!("{what} = {value}")
                });
                Ok(r)
            },
        );
        workers.progress.finish();
        Ok((searched?, book))
    }

    /// The search's answer for a panel: where the crossing lies against
    /// the current value.
    fn vote(&self, searched: &Searched) -> Vote {
        let tuned = &searched.tuned;
        let question = match self.current {
            Some(c) => format!("{} (now {c})", self.what()),
            None => self.what(),
        };
        let Some(x) = tuned.crossing else {
            // Beyond the range: the way toward the target is still an answer.
            let (lean, detail) = match searched.beyond {
                Some(b) if b.up => (
                    Lean::Up,
                    format!(
                        "no crossing; raising it past {} moves toward the target",
                        b.end
                    ),
                ),
                Some(b) => (
                    Lean::Down,
                    format!(
                        "no crossing; lowering it below {} moves toward the target",
                        b.end
                    ),
                ),
                None => (
                    Lean::Unknown,
                    "no crossing, and the win rate does not move with it".to_string(),
                ),
            };
            return Vote {
                question,
                lean,
                value: f64::NAN,
                lo: f64::NAN,
                hi: f64::NAN,
                detail,
            };
        };
        let (lo, hi) = tuned
            .consistent
            .map_or((x, x), |(a, b)| (a as f64, b as f64));
        let lean = match self.current.map(|c| c as f64) {
            Some(c) if c < lo => Lean::Up,
            Some(c) if c > hi => Lean::Down,
            _ => Lean::Neither,
        };
        Vote {
            question,
            lean,
            value: x,
            lo,
            hi,
            detail: format!("crossing at {x:.1}"),
        }
    }

    /// How the crossings read against the current value.
    fn words(&self) -> Words {
        Words {
            up: "raise it".into(),
            down: "lower it".into(),
            neither: "the current value is within the interval".into(),
            unknown: "the win rate does not move with it".into(),
            values: "crossings",
            unit: "",
        }
    }
}
