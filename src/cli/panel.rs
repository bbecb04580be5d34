//! `muster panel`: the scenario played under every pairing of doctrines
//! (by default every built-in doctrine of every layer, crossed for both
//! sides) on common random numbers, raced (a pairing stops once the side
//! it favours is beyond doubt), with the robustness verdict: does the
//! answer hold whoever plays, or does it turn over with the doctrines?
//! Also the panel flags every analysis command shares (`--panel`,
//! `--doctrines`, `--max-pairings`, `--competent`), the pairings they ask
//! for and the competent-play matchup they may put in place.

use super::study::{build_variants, command_line, conclude, focus_side, StudyArgs, Workers};
use crate::analysis::panel::{default_panel, named_panel, pairing_label, PanelSpecs};
use crate::analysis::panel_file::{self, PanelTarget};
use crate::analysis::panel_race::{race_panel, Round};
use crate::analysis::play::{ClockBook, StudyPlan};
use crate::analysis::vary::{check_distinct, combinations, Variant};
use crate::report::study::warn;
use crate::scenario::Scenario;
use anyhow::{bail, Context};
use clap::Args;
use std::path::{Path, PathBuf};

/// Pairings above which a panel asks for `--max-pairings`.
const PAIRINGS_CAP: usize = 100;

/// The doctrine panel a command plays.
#[derive(Args, Debug, Clone)]
pub struct PanelFlags {
    /// Play every pairing of a doctrine panel: `all` (every built-in
    /// doctrine of every layer, crossed for both sides) or a panel file
    /// (layer = [doctrines] for both sides, [side.NAME] tables for one
    /// side; see docs/guide/commands.md).
    #[arg(long, value_name = "all|FILE")]
    pub panel: Option<String>,
    /// A panel of these doctrines for both sides in the ruleset's last
    /// doctrine layer (States of Battle: the card layer's `sob_doctrine`;
    /// built-in names or files), the other layers as the scenario has them.
    #[arg(
        long,
        value_name = "A,B,...",
        value_delimiter = ',',
        conflicts_with = "panel"
    )]
    pub doctrines: Vec<String>,
    /// Refuse panels of more pairings than this.
    #[arg(long, default_value_t = PAIRINGS_CAP)]
    pub max_pairings: usize,
    /// Play the competent-play matchup `muster counter --rounds K` wrote
    /// into DIR (its competent.toml) instead of the scenario's doctrines;
    /// `--doctrines competent` reads reports/counter-<scenario>/.
    #[arg(long, value_name = "DIR", conflicts_with_all = ["panel", "doctrines"])]
    pub competent: Option<PathBuf>,
}

/// The word that asks for the competent-play matchup.
const COMPETENT: &str = "competent";

impl PanelFlags {
    /// Whether a panel was asked for.
    pub fn given(&self) -> bool {
        self.panel.is_some() || (!self.doctrines.is_empty() && !self.wants_competent())
    }

    fn wants_competent(&self) -> bool {
        self.competent.is_some() || self.doctrines.iter().any(|d| d == COMPETENT)
    }

    /// `base` with the competent-play matchup's doctrines when
    /// `--competent DIR` or `--doctrines competent` asks for it (files
    /// resolve in `dir`), else `base` as it is.
    pub fn under_competent(&self, base: Scenario, dir: Option<&Path>) -> anyhow::Result<Scenario> {
        if !self.wants_competent() {
            return Ok(base);
        }
        if self.doctrines.len() > 1 {
            bail!("--doctrines competent stands alone: it plays the one competent-play matchup; a panel lists doctrine names");
        }
        let found = match &self.competent {
            Some(d) => d.clone(),
            None => PathBuf::from("reports").join(format!("counter-{}", base.slug())),
        };
        let edits = super::counter::competent_edits(&found).with_context(|| {
            format!(
                "no competent-play matchup in {}: run `muster counter SCENARIO --rounds K` first (or give --competent DIR)",
                found.display()
            )
        })?;
        let mut built = build_variants(&base, dir, &[edits])?;
        say!(
            "doctrines: the competent-play matchup in {}",
            found.display()
        );
        Ok(built.remove(0).scenario)
    }

    /// The panel's specs (every built-in doctrine when none is given).
    fn specs(&self, base: &Scenario) -> anyhow::Result<PanelSpecs> {
        let Some(spec) = crate::registry::spec(base.kind) else {
            bail!("{} is not played by muster", base.kind.name());
        };
        let layers = spec.doctrine_layers();
        if !self.doctrines.is_empty() {
            return named_panel(&layers, &self.doctrines).map_err(anyhow::Error::msg);
        }
        match self.panel.as_deref() {
            None | Some("all") => Ok(default_panel(&layers)),
            Some(file) => {
                let names = base.side_names();
                let target = PanelTarget {
                    sides: [&names[0], &names[1]],
                    layers: &layers,
                };
                panel_file::load(Path::new(file), &target)
                    .map_err(super::Listed::new)
                    .with_context(|| format!("the panel file {file} has problems (listed above)"))
            }
        }
    }

    /// The pairings of `base` (relative references resolve in `dir`), each
    /// labelled with its sides' doctrines; refused when there are fewer
    /// than two or more than `--max-pairings`.
    pub fn pairings(&self, base: &Scenario, dir: Option<&Path>) -> anyhow::Result<Vec<Variant>> {
        if self.wants_competent() {
            bail!("the competent-play matchup is one pairing, not a panel: play it with `muster run SCENARIO --doctrines competent`");
        }
        let edits = combinations(&self.specs(base)?);
        if edits.len() < 2 {
            bail!("the panel has one pairing, which is a run: give at least two doctrines for a layer");
        }
        if edits.len() > self.max_pairings {
            bail!(
                "the panel has {} pairings, over --max-pairings {}; give fewer doctrines with --doctrines a,b,c or a panel file, or raise --max-pairings",
                edits.len(),
                self.max_pairings
            );
        }
        let mut variants = build_variants(base, dir, &edits)?;
        check_distinct(base, &variants)?;
        let names = base.side_names();
        for v in &mut variants {
            v.label = pairing_label(&v.edits, [&names[0], &names[1]]);
        }
        Ok(variants)
    }
}

/// Whether a panel stops pairings once their answer is settled.
#[derive(Args, Debug, Clone)]
pub struct RaceFlag {
    /// Play every pairing for all the battles, instead of stopping a
    /// pairing once the side it favours is beyond doubt (looks after 1/8,
    /// 1/4 and 1/2 of the battles, Bonferroni-corrected).
    #[arg(long)]
    pub no_race: bool,
}

#[derive(Args, Debug)]
pub struct PanelArgs {
    /// Scenario file (default: the built-in one).
    pub scenario: Option<PathBuf>,
    #[command(flatten)]
    pub panel: PanelFlags,
    #[command(flatten)]
    pub race: RaceFlag,
    #[command(flatten)]
    pub study: StudyArgs,
}

pub fn panel(args: PanelArgs) -> anyhow::Result<i32> {
    args.study.check()?;
    let base = super::load(args.scenario.as_deref())?;
    let dir = args.scenario.as_deref().and_then(Path::parent);
    let variants = args.panel.pairings(&base, dir)?;
    play_panel(&base, &variants, &args.study, !args.race.no_race)
}

/// Plays the pairings `variants` of `base` (racing them when `race`) and
/// writes the panel's report.
pub fn play_panel(
    base: &Scenario,
    variants: &[Variant],
    study: &StudyArgs,
    race: bool,
) -> anyhow::Result<i32> {
    let names = base.side_names();
    let focus = focus_side([&names[0], &names[1]], study.side.as_deref())?;
    let seed = study.seed.unwrap_or(base.seed);
    let battles = study.battles.unwrap_or(base.battles);
    let out = study.claim_out("panel", &base.slug())?;
    if super::interrupted() {
        return super::study::stopped_in_setup("panel");
    }
    let workers = Workers::new(study.threads, battles * variants.len() as u64, study.quiet)?;
    let started = std::time::Instant::now();
    // The bar's total shrinks as pairings settle: what was played plus
    // what the pairings still in play have left.
    let done = std::cell::Cell::new(0u64);
    let mut book = ClockBook::default();
    let played = race_panel(variants.len(), battles, race, |alive, start, n| {
        let refs: Vec<&Variant> = alive.iter().map(|&v| &variants[v]).collect();
        let alive_n = alive.len() as u64;
        workers
            .progress
            .set_total(done.get() + alive_n * (battles - start));
        let r = workers.play(&refs, focus, seed, start, StudyPlan::Fixed(n))?;
        done.set(done.get() + alive_n * r.played.paired.battles);
        book.add_result(&r, |i| {
            format!("P{} ({})", alive[i] + 1, variants[alive[i]].label)
        });
        Ok(Round {
            wins: r.played.paired.wins.clone(),
            battles: r.played.paired.battles,
            partial: r.partial,
        })
    });
    workers.progress.finish();
    let played = played?;
    say!(
        "{} pairings, {} battles in all (common random numbers), seed {seed}, {:.1} s",
        variants.len(),
        played.battles.iter().sum::<u64>(),
        started.elapsed().as_secs_f64()
    );
    let staging = out.stage()?;
    let mut manifest = crate::report::panel::write(
        staging.path(),
        variants,
        &played,
        focus,
        seed,
        command_line(),
    )?;
    warn(&mut manifest.answers, book.warning("pairing"));
    conclude(staging, &manifest, study.png, played.partial)
}
