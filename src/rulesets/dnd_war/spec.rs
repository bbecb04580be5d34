//! What the edge needs of D&D War: its options, file formats (States of
//! Battle scenarios share the scenario format), the tables `muster rules
//! dnd_war` prints beside the options (courage bonuses, class rules,
//! budgets, corrected misprints, the gap note), and the bench's reference
//! scenario (`infantry_lines`).

use super::army::{budget, BattleSize, ERRATA};
use super::input::file::{DndArmyListFile, DndDoctrineFile, DndScenarioFile};
use super::input::{army::GAP_NOTE, validate};
use super::traits::RACES;
use crate::registry::{Reference, RulesetSpec};
use crate::rules::options::OptionSpec;
use crate::rules::RulesetKind;
use crate::scenario::locate::Locator;
use crate::scenario::problems::Problems;
use crate::scenario::{check_as, load_as, Scenario};
use std::fmt::Write;
use std::path::Path;

pub struct DndWarSpec;

/// Loads a D&D War scenario file (of `dnd_war` or of an overlay on it).
pub fn load_dnd_scenario(
    loc: &Locator,
    text: &str,
    base: Option<&Path>,
) -> Result<Scenario, Problems> {
    load_as::<DndScenarioFile>(loc, text, |raw, problems| {
        validate::validate(loc, raw, base, problems)
    })
}

impl RulesetSpec for DndWarSpec {
    fn kind(&self) -> RulesetKind {
        RulesetKind::DndWar
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
        load_dnd_scenario(loc, text, base)
    }

    fn check_army_list(&self, loc: &Locator, text: &str) -> Option<Result<(), Problems>> {
        Some(check_as::<DndArmyListFile>(loc, text, |raw, loc, p| {
            validate::validate_list(raw, loc, &[], p);
        }))
    }

    fn check_doctrine(&self, loc: &Locator, text: &str) -> Option<Result<(), Problems>> {
        Some(check_as::<DndDoctrineFile>(loc, text, |raw, loc, p| {
            validate::validate_doctrine(raw, loc, &[], p);
        }))
    }

    fn describe(&self, out: &mut String) -> std::fmt::Result {
        races(out)?;
        writeln!(out, "\nclass war rules simulated: fighter and warden (Mighty Defender), bard (Inspirational Leader), cleric and invoker (Divine Litany), paladin (Sanctified Challenge); the other classes' rules are not simulated")?;
        budgets(out)?;
        writeln!(out, "\nnot simulated: {GAP_NOTE}")
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
            scenario: "scenarios/dnd_war/infantry_lines.toml",
            battles: 50_000,
            pinned: (395, 88),
        }
    }
}

/// The races and their courage bonuses.
fn races(out: &mut String) -> std::fmt::Result {
    writeln!(
        out,
        "races and their courage bonus (L452-457; * = not in the seed, the digest's G-19 default):"
    )?;
    for r in RACES {
        let invented = if r.invented { "*" } else { "" };
        writeln!(out, "    {}{invented}: {:+}", r.name, r.courage)?;
    }
    Ok(())
}

/// The points budgets by level and size, and the misprints corrected.
fn budgets(out: &mut String) -> std::fmt::Result {
    writeln!(
        out,
        "\nbudgets at levels 1, 5, 15, 25 (small / medium / large / huge, L717-749):"
    )?;
    for level in [1u8, 5, 15, 25] {
        let cells: Vec<String> = BattleSize::ALL
            .iter()
            .map(|&s| budget(level, s, true).map_or("-".into(), |b| b.to_string()))
            .collect();
        writeln!(out, "    level {level}: {}", cells.join(" / "))?;
    }
    writeln!(out, "corrected misprints (points_table_errata = true):")?;
    for e in ERRATA {
        writeln!(
            out,
            "    level {} {}: printed {}, corrected {} (L{})",
            e.level,
            BattleSize::NAMES[e.size as usize].to_lowercase(),
            e.printed,
            e.corrected,
            e.line
        )?;
    }
    Ok(())
}
