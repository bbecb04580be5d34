//! `muster decks`: every legal Orders-deck build of one side (or a given
//! subset) raced against the opponent's deck on common random numbers,
//! ranked with intervals, the builds inseparable from the best named, and
//! the top builds re-played on a fresh seed.

use super::panel::PanelFlags;
use super::panel_each::{each_pairing, Analysed, PanelRun};
use super::study::{build_variants, command_line, conclude, focus_side, StudyArgs, Workers};
use crate::analysis::decks::{build_table, build_text, race, DeckRace, RacePlan};
use crate::analysis::panel::{Lean, Vote, Words};
use crate::analysis::play::{ClockBook, StudyPlan};
use crate::analysis::vary::Variant;
use crate::analysis::verdict::possessive;
use crate::overlays::sob::cards::{OrdersBuild, MENU};
use crate::report::decks::DecksReport;
use crate::report::study::warn;
use crate::rules::{RulesetKind, Side};
use crate::scenario::Scenario;
use crate::stats::{wilson, Z_95};
use anyhow::bail;
use clap::Args;
use std::path::{Path, PathBuf};

#[derive(Args, Debug)]
#[command(mut_arg("battles", |a| a.hide(true)))]
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
    pub panel: PanelFlags,
    #[command(flatten)]
    pub study: StudyArgs,
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
    if let Some(n) = args.study.battles {
        bail!("decks does not take --battles {n}: the race sets the battles (--first-round N battles per build in round 1, doubling each round, for at most --rounds R rounds)");
    }
    args.study.check()?;
    if args.first_round == 0 || args.rounds == 0 || args.confirm == 0 {
        bail!("--first-round, --rounds and --confirm must be at least 1");
    }
    let base = super::load(Some(&args.scenario))?;
    let base = args.panel.under_competent(base, args.scenario.parent())?;
    if base.kind != RulesetKind::StatesOfBattle {
        bail!(
            "{} is a {} scenario; Orders decks are States of Battle's",
            args.scenario.display(),
            base.kind.name()
        );
    }
    let names = base.side_names();
    let focus = focus_side([&names[0], &names[1]], args.study.side.as_deref())?;
    let builds: Vec<OrdersBuild> = if args.build.is_empty() {
        OrdersBuild::all_legal()
    } else {
        args.build
            .iter()
            .map(|b| parse_build(b))
            .collect::<Result<_, _>>()
            .map_err(anyhow::Error::msg)?
    };
    if builds.len() < 2 {
        bail!("decks races builds against each other: give at least two --build (or none to race all {} legal builds)", OrdersBuild::all_legal().len());
    }
    let path = format!("side.{}.orders", focus.index());
    let edits: Vec<Vec<(String, String)>> = builds
        .iter()
        .map(|b| vec![(path.clone(), build_table(b))])
        .collect();
    let out = args.study.claim_out("decks", &base.slug())?;
    let dir = args.scenario.parent();
    let pairings = match args.panel.given() {
        true => Some(args.panel.pairings(&base, dir)?),
        false => None,
    };
    if super::interrupted() {
        return super::study::stopped_in_setup("decks");
    }
    let side = &names[focus.index()];
    let job = Job {
        args: &args,
        builds: &builds,
        edits: &edits,
        focus,
        side,
    };
    let Some(pairings) = pairings else {
        let staging = out.stage()?;
        let started = std::time::Instant::now();
        let done = job.analyse(&base, dir, staging.path())?;
        let elapsed = started.elapsed().as_secs_f64();
        let code = conclude(staging, &done.manifest, args.study.png, done.partial)?;
        // On the terminal only: the report of the same command is the same file.
        say!("the race took {elapsed:.1} s");
        return Ok(code);
    };
    let run = PanelRun {
        command: "decks",
        scenario: &base.name,
        words: Words {
            up: "the current build is among the best".into(),
            down: "it is not".into(),
            neither: "it was not raced".into(),
            unknown: "no round finished".into(),
            values: "the best build's win rate",
            unit: "%",
        },
        seed: job.seed(&base),
        png: args.study.png,
        command_line: command_line(),
    };
    each_pairing(&out, run, &pairings, |pairing, folder| {
        job.analyse(&pairing.scenario, dir, folder)
    })
}

/// One deck race, on the scenario or on a pairing of doctrines.
struct Job<'a> {
    args: &'a DecksArgs,
    builds: &'a [OrdersBuild],
    /// Each build as a variant edit.
    edits: &'a [Vec<(String, String)>],
    focus: Side,
    side: &'a str,
}

impl Job<'_> {
    fn seed(&self, base: &Scenario) -> u64 {
        self.args.study.seed.unwrap_or(base.seed)
    }

    /// Races the builds on `base` and writes the report into `folder`.
    fn analyse(
        &self,
        base: &Scenario,
        dir: Option<&Path>,
        folder: &Path,
    ) -> anyhow::Result<Analysed> {
        let (args, focus) = (self.args, self.focus);
        let variants = build_variants(base, dir, self.edits)?;
        let plan = RacePlan {
            first_round: args.first_round,
            rounds: args.rounds,
            confirm: args.confirm,
            seed: self.seed(base),
        };
        let (raced, book) = self.race(&variants, plan)?;
        let crate::scenario::ScenarioRules::StatesOfBattle(rules) = &base.rules else {
            bail!("Orders decks are States of Battle's");
        };
        let current_build = rules.sob.builds[focus.index()];
        let current = self.builds.iter().position(|b| *b == current_build);
        let report = DecksReport {
            current: (current_build, current),
            scenario: &base.name,
            side: self.side,
            builds: self.builds,
            plan,
            command: command_line(),
        };
        let mut manifest = crate::report::decks::write(folder, &report, &raced)?;
        warn(&mut manifest.answers, book.warning("build"));
        let armies = crate::report::army::write_study_armies(
            folder,
            &[("the scenario as given".to_string(), base.army_sheet())],
        )?;
        manifest.tables.splice(0..0, armies);
        Ok(Analysed {
            manifest,
            votes: vec![self.vote(&raced, current)],
            partial: raced.partial,
            clock: book.largest(),
        })
    }

    /// The race's answer for a panel: whether the current build is among
    /// the best, and the best build's win rate.
    fn vote(&self, raced: &DeckRace, current: Option<usize>) -> Vote {
        let question = format!("{} Orders build", possessive(self.side));
        let Some(&best) = raced.inseparable.first() else {
            return Vote {
                question,
                lean: Lean::Unknown,
                value: f64::NAN,
                lo: f64::NAN,
                hi: f64::NAN,
                detail: "no round finished".to_string(),
            };
        };
        let paired = &raced.race.paired;
        let (lo, hi) = wilson(paired.wins[best], paired.battles, Z_95);
        let lean = match current {
            Some(c) if raced.inseparable.contains(&c) => Lean::Up,
            Some(_) => Lean::Down,
            None => Lean::Neither,
        };
        Vote {
            question,
            lean,
            value: 100.0 * paired.rate(best),
            lo: 100.0 * lo,
            hi: 100.0 * hi,
            detail: format!("best: {}", build_text(&self.builds[best])),
        }
    }

    /// The build that variant `v` of the race's `all` plays, in words.
    fn build_of(&self, all: &[Variant], v: &Variant) -> String {
        match all.iter().position(|x| std::ptr::eq(x, v)) {
            Some(b) => build_text(&self.builds[b]),
            None => v.label.clone(),
        }
    }

    /// Plays the race, with a progress bar over the whole of it; also
    /// returns the battles the clock ended per build.
    fn race(&self, variants: &[Variant], plan: RacePlan) -> anyhow::Result<(DeckRace, ClockBook)> {
        let args = self.args;
        // The progress bar shows the whole race: the rounds left for the
        // builds still in it and the confirmation, shrinking as builds drop.
        let left = |after: usize, alive: u64| -> u64 {
            let rounds: u64 = (after..args.rounds).map(|r| args.first_round << r).sum();
            let per_build: u64 = (0..args.rounds).map(|r| args.first_round << r).sum();
            let confirm = alive.min(args.confirm as u64) * per_build;
            if alive <= 1 {
                0
            } else {
                alive * rounds + confirm
            }
        };
        let workers = Workers::new(
            args.study.threads,
            left(0, variants.len() as u64),
            args.study.quiet,
        )?;
        let done = std::cell::Cell::new(0u64);
        let mut book = ClockBook::default();
        let all = variants;
        let raced = race(
            variants,
            plan,
            |variants, seed, start, n| {
                done.set(done.get() + n * variants.len() as u64);
                let r = workers.play(variants, self.focus, seed, start, StudyPlan::Fixed(n))?;
                book.add_result(&r, |v| self.build_of(all, variants[v]));
                Ok(r)
            },
            |round, n, alive| {
                let confirm = (alive as u64).min(args.confirm as u64)
                    * (0..=round).map(|r| args.first_round << r).sum::<u64>();
                let rest = if alive <= 1 || round + 1 == args.rounds {
                    confirm
                } else {
                    left(round + 1, alive as u64)
                };
                workers.progress.set_total(done.get() + rest);
                if !args.study.quiet {
                    tell!(
                        "round {} of {}: {n} battles per build, {} left",
                        round + 1,
                        args.rounds,
                        crate::analysis::verdict::count(alive, "build")
                    );
                }
            },
        );
        workers.progress.finish();
        Ok((raced?, book))
    }
}
