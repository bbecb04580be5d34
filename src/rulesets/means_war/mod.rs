//! This Means WAR! part 3 (seed 004; digest part B): units of 100 soldiers
//! fight as single creatures with hit points and a fixed normal damage; each
//! round every troop type gets an Initiative Phase (d20 + modifiers + Unit
//! Quality) for a half move or an early attack of (IP - AP) x 5 %, and a
//! fixed Action Phase that starts with a d% morale check of eight outcomes.
//! Parts 1-2 and 4-6 of the series were never found, so hit points, damage,
//! movement, ranges and the part-4 steps are gap fills (see `options`).
//!
//! Submodules: `options`, `setup`, `arith` (integer formulas), `morale`
//! (bands and state changes), `phases` (the count-down), `state`,
//! `movement`, `foes` (the enemy squares a move measures against, gathered
//! once per move), `battle` (the round), `initiative` and `action` (the two
//! phases), `conduct` (unit-level operations) and `resolve` (damage and
//! morale consequences).

pub mod action;
pub mod arith;
pub mod battle;
pub mod builtin;
pub mod conduct;
pub mod doctrine;
pub mod foes;
pub mod initiative;
pub mod input;
pub mod morale;
pub mod movement;
pub mod options;
pub mod phases;
pub mod resolve;
pub mod setup;
pub mod spec;
pub mod state;

use crate::dice::Dice;
use crate::rules::sheet::{ArmySheet, UnitLine};
use crate::rules::{BattleRecord, Ruleset, Tracer};
use crate::stats::{clock_marks, TallyShape, UnitEvents, UnitMeta};
use battle::Scratch;
use setup::WarSetup;

/// The This Means WAR! ruleset bound to one validated scenario.
#[derive(Clone, Debug)]
pub struct MeansWar {
    pub setup: WarSetup,
}

impl Ruleset for MeansWar {
    type Scratch = Scratch;

    fn tally_shape(&self) -> TallyShape {
        let s = &self.setup;
        let units = s
            .units
            .iter()
            .map(|u| UnitMeta {
                side: u.side,
                label: u.label.clone(),
                troop: s.troops[u.troop].id.clone(),
                max_loss: 100,
            })
            .collect();
        TallyShape {
            max_rounds: usize::from(s.max_rounds),
            max_strength: [1000, 1000],
            strength_scale: 0.1,
            units,
            end_reasons: state::END_REASONS.to_vec(),
            clock_ends: clock_marks(state::END_REASONS.len(), state::is_clock_end),
            fates: state::FATES.to_vec(),
            unit_events: Some(UnitEvents {
                name: "morale",
                per_battle: "morale_checks_per_battle",
                kinds: morale::Band::NAMES.to_vec(),
            }),
            bands: None,
            side_tables: Vec::new(),
        }
    }

    fn new_scratch(&self) -> Scratch {
        Scratch::new(&self.setup)
    }

    fn strength_name(&self) -> &'static str {
        "pct_surviving"
    }

    fn side_names(&self) -> [&str; 2] {
        [&self.setup.sides[0].name, &self.setup.sides[1].name]
    }

    fn army_sheet(&self) -> ArmySheet {
        let s = &self.setup;
        ArmySheet::from_units(
            self.side_names(),
            s.units.iter().map(|u| {
                let troop = &s.troops[u.troop];
                let line = UnitLine {
                    label: u.label.clone(),
                    profile: troop.id.clone(),
                    models: u32::try_from(troop.men).ok(),
                    ..UnitLine::default()
                };
                (u.side, line)
            }),
        )
    }

    fn play<T: Tracer>(
        &self,
        dice: &mut Dice,
        scratch: &mut Scratch,
        record: &mut BattleRecord,
        trace: &mut T,
    ) {
        battle::play_battle(&self.setup, scratch, dice, trace, record);
    }
}
