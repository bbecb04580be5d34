//! Plays a list of variants side by side on common random numbers and
//! returns, per variant, its tally with what the report writers need
//! (tally shape, side names, strength measure), plus the paired wins; and
//! keeps the book of the battles the clock ended per variant.

use super::vary::Variant;
use super::verdict;
use crate::engine::{play_variants, Observer, RowSink, VariantTallies};
use crate::rules::{Ruleset, Side};
use crate::scenario::{ScenarioRules, WithRulesets};
use crate::stats::{Clocked, TallyShape, Z_95};
use std::sync::atomic::AtomicBool;

/// How many battle indices to play.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum StudyPlan {
    Fixed(u64),
    /// Batches of `batch` until every difference to variant 0 has a paired
    /// 95% half-width of at most `half_width`, or `max_battles` indices.
    Precision {
        half_width: f64,
        batch: u64,
        max_battles: u64,
    },
}

/// What one variant's reports need besides its tally.
#[derive(Clone, Debug)]
pub struct VariantMeta {
    pub shape: TallyShape,
    pub side_names: [String; 2],
    pub strength: &'static str,
}

/// The played variants.
#[derive(Clone, Debug)]
pub struct StudyResult {
    pub played: VariantTallies,
    pub meta: Vec<VariantMeta>,
    pub partial: bool,
}

impl StudyResult {
    /// The battles of variant `v` the clock ended.
    pub fn clocked(&self, v: usize) -> Clocked {
        self.meta[v].shape.clocked(&self.played.tallies[v])
    }
}

/// The battles the clock ended per played variant, by label, added up over
/// every play that played it (a race's rounds, a search's steps), for the
/// warning that the clock decided an answer.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ClockBook(pub Vec<(String, Clocked)>);

impl ClockBook {
    /// Adds `c` to the variant `label`.
    pub fn add(&mut self, label: String, c: Clocked) {
        match self.0.iter_mut().find(|(l, _)| *l == label) {
            Some((_, seen)) => seen.add(c),
            None => self.0.push((label, c)),
        }
    }

    /// Adds every variant of `result`, variant `v` as `label(v)`.
    pub fn add_result(&mut self, result: &StudyResult, label: impl Fn(usize) -> String) {
        for v in 0..result.meta.len() {
            self.add(label(v), result.clocked(v));
        }
    }

    /// The largest share of its battles the clock ended, over the variants.
    pub fn largest(&self) -> f64 {
        self.0.iter().map(|(_, c)| c.share()).fold(0.0, f64::max)
    }

    /// The warning that the clock decided the answer (see
    /// [`verdict::clock_warning`]); `noun` names the variants.
    pub fn warning(&self, noun: &str) -> Option<String> {
        let shares: Vec<(String, f64)> = (self.0.iter())
            .map(|(l, c)| (l.clone(), c.share()))
            .collect();
        verdict::clock_warning(&shares, noun)
    }
}

/// Errors of a study set-up.
#[derive(Debug, thiserror::Error)]
pub enum StudyError {
    #[error("the variants are not all of one ruleset; compare scenarios of the same ruleset")]
    MixedRulesets,
}

/// The largest paired 95% half-width of a difference to variant 0.
pub fn widest_paired_half_width(played: &VariantTallies) -> f64 {
    (1..played.paired.variants())
        .map(|v| {
            let d = played.paired.difference(v, 0, Z_95);
            (d.paired.1 - d.paired.0) / 2.0
        })
        .fold(0.0, f64::max)
}

/// Plays `variants` from battle index `start` under `plan`.
pub fn play(
    variants: &[&Variant],
    focus: Side,
    seed: u64,
    start: u64,
    plan: StudyPlan,
    cancel: &AtomicBool,
    observer: &dyn Observer,
) -> Result<StudyResult, StudyError> {
    play_rows(variants, focus, seed, start, plan, cancel, observer, None)
}

/// [`play`], also handing every battle's row to `rows` when given.
#[allow(clippy::too_many_arguments)]
pub fn play_rows(
    variants: &[&Variant],
    focus: Side,
    seed: u64,
    start: u64,
    plan: StudyPlan,
    cancel: &AtomicBool,
    observer: &dyn Observer,
    rows: Option<RowSink>,
) -> Result<StudyResult, StudyError> {
    let rules: Vec<&ScenarioRules> = variants.iter().map(|v| &v.scenario.rules).collect();
    ScenarioRules::with_all(
        &rules,
        Job {
            focus,
            seed,
            start,
            plan,
            cancel,
            observer,
            rows,
        },
    )
    .ok_or(StudyError::MixedRulesets)
}

struct Job<'a, 'r> {
    focus: Side,
    seed: u64,
    start: u64,
    plan: StudyPlan,
    cancel: &'a AtomicBool,
    observer: &'a dyn Observer,
    rows: Option<RowSink<'r>>,
}

impl WithRulesets for Job<'_, '_> {
    type Output = StudyResult;
    fn run<R: Ruleset>(mut self, rulesets: &[&R]) -> StudyResult {
        let mut played = VariantTallies::new(rulesets);
        let mut go = |from: u64, n: u64, into: &mut VariantTallies| {
            let rows = self.rows.as_mut().map(|r| &mut **r as RowSink);
            play_variants(
                rulesets,
                self.focus,
                self.seed,
                from,
                n,
                into,
                self.cancel,
                self.observer,
                rows,
            )
        };
        let done = match self.plan {
            StudyPlan::Fixed(n) => go(self.start, n, &mut played),
            StudyPlan::Precision {
                half_width,
                batch,
                max_battles,
            } => loop {
                let n = batch.min(max_battles - played.battles());
                if !go(self.start + played.battles(), n, &mut played) {
                    break false;
                }
                if widest_paired_half_width(&played) <= half_width
                    || played.battles() >= max_battles
                {
                    break true;
                }
            },
        };
        let meta = rulesets
            .iter()
            .map(|r| VariantMeta {
                shape: r.tally_shape(),
                side_names: r.side_names().map(str::to_string),
                strength: r.strength_name(),
            })
            .collect();
        StudyResult {
            played,
            meta,
            partial: !done,
        }
    }
}
