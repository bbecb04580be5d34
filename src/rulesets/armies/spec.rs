//! What the edge needs of Armies: its options, file formats, the
//! fortification table `muster rules armies` prints, and the bench's
//! reference scenario (the built-in default, `open_field`).

use super::input::file::{ArmyListFile, DoctrineFile, ScenarioFile};
use super::input::validate::{self, FORTIFICATION_TABLE};
use crate::registry::{Reference, RulesetSpec};
use crate::rules::options::OptionSpec;
use crate::rules::RulesetKind;
use crate::scenario::locate::Locator;
use crate::scenario::problems::Problems;
use crate::scenario::{check_as, load_as, Scenario};
use std::fmt::Write;
use std::path::Path;

pub struct ArmiesSpec;

impl RulesetSpec for ArmiesSpec {
    fn kind(&self) -> RulesetKind {
        RulesetKind::Armies
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
        load_as::<ScenarioFile>(loc, text, |raw, problems| {
            validate::validate(loc, raw, base, problems)
        })
    }

    fn check_army_list(&self, loc: &Locator, text: &str) -> Option<Result<(), Problems>> {
        Some(check_as::<ArmyListFile>(loc, text, |raw, loc, p| {
            validate::validate_list(raw, loc, &[], p);
        }))
    }

    fn check_doctrine(&self, loc: &Locator, text: &str) -> Option<Result<(), Problems>> {
        Some(check_as::<DoctrineFile>(loc, text, |raw, loc, p| {
            validate::validate_doctrine(raw, loc, &[], p);
        }))
    }

    fn describe(&self, out: &mut String) -> std::fmt::Result {
        writeln!(out, "fortification table (digest A1.10; override per scenario in [battlefield.fortification_types]):")?;
        for (k, hp, bonus) in FORTIFICATION_TABLE {
            writeln!(out, "    {k}: {hp} hp, +{bonus} defence")?;
        }
        Ok(())
    }

    fn doctrine_layers(&self) -> Vec<crate::registry::DoctrineLayer> {
        vec![crate::registry::DoctrineLayer::core(
            super::builtin::DOCTRINES,
            super::input::knobs::DOCTRINE_KNOBS,
        )]
    }

    fn reference(&self) -> Reference {
        Reference {
            scenario: "scenarios/armies/open_field.toml",
            battles: 50_000,
            pinned: (357, 0),
        }
    }
}
