//! What the edge needs of States of Battle on the D&D War core: its options
//! (in a scenario's `[states_of_battle]` table), its doctrine file (the card
//! layer's), the per-side fields, triggers and gap notes `muster rules
//! states_of_battle` prints, and the bench's reference scenario
//! (`heroes_and_monster`). Its scenarios are D&D War scenario files.

use super::input::{file::SobDoctrineFile, validate};
use crate::registry::{Reference, RulesetSpec};
use crate::rules::options::OptionSpec;
use crate::rules::RulesetKind;
use crate::rulesets::dnd_war::spec::load_dnd_scenario;
use crate::scenario::locate::Locator;
use crate::scenario::problems::Problems;
use crate::scenario::{check_as, Scenario};
use std::fmt::Write;
use std::path::Path;

pub struct SobSpec;

impl RulesetSpec for SobSpec {
    fn kind(&self) -> RulesetKind {
        RulesetKind::StatesOfBattle
    }

    fn options(&self) -> &'static [OptionSpec] {
        super::options::SPECS
    }

    fn options_table(&self) -> &'static str {
        "[states_of_battle]"
    }

    fn load_scenario(
        &self,
        loc: &Locator,
        text: &str,
        base: Option<&Path>,
    ) -> Result<Scenario, Problems> {
        load_dnd_scenario(loc, text, base)
    }

    fn check_doctrine(&self, loc: &Locator, text: &str) -> Option<Result<(), Problems>> {
        Some(check_as::<SobDoctrineFile>(loc, text, |raw, loc, p| {
            validate::validate_doctrine(raw, loc, &[], p);
        }))
    }

    fn describe(&self, out: &mut String) -> std::fmt::Result {
        writeln!(out, "per side: gd (Generalship Die, default 10), mc_adjust, sob_doctrine (steady, reckless, cautious or a file), [side.orders] (14 menu cards within the caps; the 2 Lulls are added; left out: the digest's D23 build, with Cast Spells for a side with casters; `muster check` warns when a build leaves casters without Cast Spells or shooters without a reload card); per unit: mcv, reserve")?;
        writeln!(out, "State of Battle triggers, per side ([[side.trigger]]): state = shaken | bloodied | desperate (fires the first time the army is in that State or worse, with counters left) and one effect:")?;
        writeln!(out, "    reinforcements (units = [labels of reserve units]; they come on at the start of the next round)")?;
        writeln!(
            out,
            "    generalship_die (die = N), push (target = opponent | self), steal (count = N)"
        )?;
        writeln!(
            out,
            "    roll_off, missile (modifier = N; standing: applies while the State holds)"
        )?;
        for note in super::GAP_NOTES {
            writeln!(out, "{note}")?;
        }
        Ok(())
    }

    fn doctrine_layers(&self) -> Vec<crate::registry::DoctrineLayer> {
        vec![
            crate::registry::DoctrineLayer::core(
                crate::rulesets::dnd_war::builtin::DOCTRINES,
                crate::rulesets::dnd_war::input::knobs::DOCTRINE_KNOBS,
            ),
            crate::registry::DoctrineLayer {
                field: "sob_doctrine",
                what: "cards",
                builtin: super::builtin::DOCTRINES,
                knobs: super::input::knobs::DOCTRINE_KNOBS,
            },
        ]
    }

    fn prices_units(&self) -> bool {
        true
    }

    fn reference(&self) -> Reference {
        Reference {
            scenario: "scenarios/states_of_battle/heroes_and_monster.toml",
            battles: 20_000,
            pinned: (421, 11),
        }
    }
}
