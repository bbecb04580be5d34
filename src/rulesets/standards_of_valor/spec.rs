//! What the edge needs of Standards of Valor: its options, file formats,
//! the gap note `muster rules standards_of_valor` ends with, the cost
//! formula's per-figure prices of the seed's figures, and the bench's
//! reference scenario (the Roman cohort against the Germanic warband).

use super::input::file::{SovArmyListFile, SovDoctrineFile, SovScenarioFile};
use super::input::validate::{self, GAP_NOTE};
use crate::registry::{Reference, RulesetSpec};
use crate::rules::options::OptionSpec;
use crate::rules::RulesetKind;
use crate::scenario::locate::Locator;
use crate::scenario::problems::Problems;
use crate::scenario::{check_as, load_as, Scenario};
use std::fmt::Write;
use std::path::Path;

pub struct SovSpec;

impl RulesetSpec for SovSpec {
    fn kind(&self) -> RulesetKind {
        RulesetKind::StandardsOfValor
    }

    fn options(&self) -> &'static [OptionSpec] {
        super::options::SPECS
    }

    fn load_scenario(
        &self,
        loc: &Locator,
        text: &str,
        base: Option<&Path>,
    ) -> Result<Scenario, Problems> {
        load_as::<SovScenarioFile>(loc, text, |raw, problems| {
            validate::validate(loc, raw, base, problems)
        })
    }

    fn check_army_list(&self, loc: &Locator, text: &str) -> Option<Result<(), Problems>> {
        Some(check_as::<SovArmyListFile>(loc, text, |raw, loc, p| {
            validate::validate_list(raw, loc, &[], p);
        }))
    }

    fn check_doctrine(&self, loc: &Locator, text: &str) -> Option<Result<(), Problems>> {
        Some(check_as::<SovDoctrineFile>(loc, text, |raw, loc, p| {
            validate::validate_doctrine(raw, loc, &[], p);
        }))
    }

    fn describe(&self, out: &mut String) -> std::fmt::Result {
        writeln!(out, "not simulated: {GAP_NOTE}")
    }

    fn doctrine_layers(&self) -> Vec<crate::registry::DoctrineLayer> {
        vec![crate::registry::DoctrineLayer::core(
            super::builtin::DOCTRINES,
            super::input::knobs::DOCTRINE_KNOBS,
        )]
    }

    fn prices_units(&self) -> bool {
        true
    }

    fn reference(&self) -> Reference {
        Reference {
            scenario: "scenarios/standards_of_valor/cohort_vs_warband.toml",
            battles: 20_000,
            pinned: (324, 93),
        }
    }
}
