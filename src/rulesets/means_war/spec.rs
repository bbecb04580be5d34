//! What the edge needs of This Means WAR!: its options, file formats, the
//! gap note `muster rules means_war` ends with, and the bench's reference
//! scenario (the seed's Pikemen vs Swordsmen).

use super::input::file::{WarArmyListFile, WarDoctrineFile, WarScenarioFile};
use super::input::validate::{self, GAP_NOTE};
use crate::registry::{Reference, RulesetSpec};
use crate::rules::options::OptionSpec;
use crate::rules::RulesetKind;
use crate::scenario::locate::Locator;
use crate::scenario::problems::Problems;
use crate::scenario::{check_as, load_as, Scenario};
use std::fmt::Write;
use std::path::Path;

pub struct MeansWarSpec;

impl RulesetSpec for MeansWarSpec {
    fn kind(&self) -> RulesetKind {
        RulesetKind::ThisMeansWar
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
        load_as::<WarScenarioFile>(loc, text, |raw, problems| {
            validate::validate(loc, raw, base, problems)
        })
    }

    fn check_army_list(&self, loc: &Locator, text: &str) -> Option<Result<(), Problems>> {
        Some(check_as::<WarArmyListFile>(loc, text, |raw, loc, p| {
            validate::validate_list(raw, loc, &[], p);
        }))
    }

    fn check_doctrine(&self, loc: &Locator, text: &str) -> Option<Result<(), Problems>> {
        Some(check_as::<WarDoctrineFile>(loc, text, |raw, loc, p| {
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

    fn reference(&self) -> Reference {
        Reference {
            scenario: "scenarios/means_war/pikemen_vs_swordsmen.toml",
            battles: 50_000,
            pinned: (464, 1),
        }
    }
}
