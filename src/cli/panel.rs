//! `muster panel`: the scenario played under every pairing of doctrines
//! (by default every built-in doctrine of every layer, crossed for both
//! sides) on common random numbers, with the robustness verdict: does the
//! answer hold whoever plays, or does it turn over with the doctrines?

use super::study::{focus_side, load_variants, write_and_conclude, StudyArgs, Workers};
use crate::analysis::panel::{default_panel, named_panel};
use crate::analysis::play::StudyPlan;
use crate::analysis::vary::{check_distinct, combinations, Variant};
use anyhow::bail;
use clap::Args;
use std::path::PathBuf;

/// Pairings above which a panel asks for `--max-pairings`.
const PAIRINGS_CAP: usize = 100;

#[derive(Args, Debug)]
pub struct PanelArgs {
    /// Scenario file (default: the built-in one).
    pub scenario: Option<PathBuf>,
    /// These doctrines for both sides in the ruleset's last doctrine layer
    /// (States of Battle: the card layer's `sob_doctrine`; built-in names
    /// or files), the other layers as the scenario has them. Default: every
    /// built-in doctrine of every layer, crossed for both sides.
    #[arg(long, value_name = "A,B,...", value_delimiter = ',')]
    pub doctrines: Vec<String>,
    /// Refuse panels of more pairings than this.
    #[arg(long, default_value_t = PAIRINGS_CAP)]
    pub max_pairings: usize,
    #[command(flatten)]
    pub study: StudyArgs,
}

pub fn panel(args: PanelArgs) -> anyhow::Result<i32> {
    args.study.check()?;
    let base = super::load(args.scenario.as_deref())?;
    let Some(spec) = crate::registry::spec(base.kind) else {
        bail!("{} is not played by muster", base.kind.name());
    };
    let layers = spec.doctrine_layers();
    let specs = if args.doctrines.is_empty() {
        default_panel(&layers)
    } else {
        named_panel(&layers, &args.doctrines).map_err(anyhow::Error::msg)?
    };
    let edits = combinations(&specs);
    if edits.len() > args.max_pairings {
        bail!(
            "the panel has {} pairings, over --max-pairings {}; give fewer doctrines with --doctrines a,b,c, or raise --max-pairings",
            edits.len(),
            args.max_pairings
        );
    }
    let variants = load_variants(args.scenario.as_ref(), &edits)?;
    check_distinct(&variants[0].scenario, &variants)?;
    let names = base.side_names();
    let focus = focus_side([&names[0], &names[1]], args.study.side.as_deref())?;
    let seed = args.study.seed.unwrap_or(base.seed);
    let battles = args.study.battles.unwrap_or(base.battles);
    let out = args.study.claim_out("panel", &base.slug())?;
    if super::interrupted() {
        return super::study::stopped_in_setup("panel");
    }
    let workers = Workers::new(
        args.study.threads,
        battles * variants.len() as u64,
        args.study.quiet,
    )?;
    let refs: Vec<&Variant> = variants.iter().collect();
    let started = std::time::Instant::now();
    let result = workers.play(&refs, focus, seed, 0, StudyPlan::Fixed(battles))?;
    workers.progress.finish();
    say!(
        "{} pairings x {} battles (common random numbers), seed {seed}, {:.1} s",
        variants.len(),
        result.played.paired.battles,
        started.elapsed().as_secs_f64()
    );
    let write = crate::report::panel::write;
    write_and_conclude(&out, write, &variants, &result, focus, seed, args.study.png)
}
