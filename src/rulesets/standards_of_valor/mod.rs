//! Standards of Valor (seed 002; digest `sov_digest.md`): figures on
//! company blocks, alternating single-unit activations of two actions,
//! the die-type ladder (D4-D12) shifted instead of modified, suppression,
//! Confidence Levels and Reaction tests against LV + Threat Level, missile
//! fire by multiple opposed rolls against a Range die, and close assaults
//! settled by force-ratio dice pools and the scrum test. Costs follow the
//! seed's formula (L3476-3522). Terrain is scrub, woods, rough ground and
//! walls (`terrain`); hills, wheels and several chapters are not
//! simulated (see `GAP_NOTE`).
//!
//! Pure dice and tables: `ladder` (dice, shifts, tests), `arms` (weapons,
//! qualities, abilities), `points` (the cost formula), `fire_dice` and
//! `melee_dice`. Rules: `setup`, `deploy` (the Fixed Battle and Encounter
//! set-ups), `state`, `field` (geometry), `terrain`
//! (cover, sight and going), `battle`
//! (the battle and its end), `turn` (the sequence), `activation` (a unit's
//! two actions), `movement`, `passage` (moving through units), `fire`, `assault`, `melee` and `pool` (hand to
//! hand), `morale` (tests, suppression, panic, rally, fright),
//! `objectives` (the scenario's objectives: who holds them, duties),
//! `exits` (forces got off through the enemy's baseline),
//! `victory` (decisive, moderate, draw). Edge:
//! `options`, `doctrine`, `input`, `builtin`, `spec`.

pub mod activation;
pub mod arms;
pub mod assault;
pub mod battle;
pub mod builtin;
pub mod combined;
pub mod compulsory;
pub mod deploy;
pub mod doctrine;
pub mod exits;
pub mod field;
pub mod fire;
pub mod fire_dice;
pub mod input;
pub mod ladder;
pub mod melee;
pub mod melee_dice;
pub mod morale;
pub mod movement;
pub mod objectives;
pub mod options;
pub mod partners;
pub mod passage;
pub mod points;
pub mod pool;
pub mod priority;
pub mod room;
pub mod setup;
pub mod sight;
pub mod spec;
pub mod state;
pub mod terrain;
pub mod turn;
pub mod turning;
pub mod victory;

use crate::dice::Dice;
use crate::rules::sheet::{ArmySheet, UnitLine};
use crate::rules::{BattleRecord, Ruleset, Tracer};
use crate::stats::{clock_marks, TallyShape, UnitMeta};
use battle::Scratch;
use setup::SovSetup;

/// The Standards of Valor ruleset bound to one validated scenario.
#[derive(Clone, Debug)]
pub struct StandardsOfValor {
    pub setup: SovSetup,
}

impl Ruleset for StandardsOfValor {
    type Scratch = Scratch;

    fn tally_shape(&self) -> TallyShape {
        let s = &self.setup;
        let units = s
            .units
            .iter()
            .map(|u| UnitMeta {
                side: u.side,
                label: u.label.clone(),
                troop: s.profiles[u.profile].id.clone(),
                max_loss: usize::from(u.figures),
            })
            .collect();
        let total = |side: usize| {
            s.units
                .iter()
                .filter(|u| u.side.index() == side)
                .map(|u| usize::from(u.figures))
                .sum::<usize>()
        };
        TallyShape {
            max_rounds: usize::from(s.options.turn_limit),
            max_strength: [total(0), total(1)],
            strength_scale: 1.0,
            units,
            end_reasons: state::END_REASONS.to_vec(),
            clock_ends: clock_marks(state::END_REASONS.len(), state::is_clock_end),
            fates: state::FATES.to_vec(),
            unit_events: None,
            bands: None,
            side_tables: victory::tables(s.has_goals()),
        }
    }

    fn new_scratch(&self) -> Scratch {
        Scratch::new(&self.setup)
    }

    fn strength_name(&self) -> &'static str {
        "figures_standing"
    }

    fn side_names(&self) -> [&str; 2] {
        [&self.setup.sides[0].name, &self.setup.sides[1].name]
    }

    fn army_sheet(&self) -> ArmySheet {
        let s = &self.setup;
        ArmySheet::from_units(
            self.side_names(),
            s.units.iter().map(|u| {
                let line = UnitLine {
                    label: u.label.clone(),
                    profile: s.profiles[u.profile].id.clone(),
                    models: Some(u32::from(u.figures)),
                    points: Some(u.points),
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
