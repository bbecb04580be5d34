//! The Armies ruleset (seed 003; digest part A): a grid game of opposed
//! power dice where morale is hit points, officers and a commander hold the
//! army together by leash distances, and the battle is lost with the
//! commander. Submodules: `options` (named rule options), `setup` (the
//! validated battle description), `state` (mutable battle state and read-only
//! queries), `movement`, `combat`, `command` (leashes and cascades),
//! `battle` (the turn sequence), `doctrine` (the scripted player), `aim`
//! (where a movement goal aims, found once per move) and
//! `input` (the file format and its validation).

pub mod aim;
pub mod battle;
pub mod builtin;
pub mod combat;
pub mod command;
pub mod doctrine;
pub mod input;
pub mod movement;
pub mod options;
pub mod setup;
pub mod spec;
pub mod state;

use crate::dice::Dice;
use crate::rules::sheet::{ArmySheet, UnitLine};
use crate::rules::{BattleRecord, Ruleset, Tracer};
use crate::stats::{clock_marks, TallyShape, UnitMeta};
use setup::{ArmiesSetup, Role};
use state::State;

/// The Armies ruleset bound to one validated scenario.
#[derive(Clone, Debug)]
pub struct Armies {
    pub setup: ArmiesSetup,
}

impl Ruleset for Armies {
    type Scratch = State;

    fn tally_shape(&self) -> TallyShape {
        let s = &self.setup;
        let mut max_strength = [0usize; 2];
        let units = s
            .units
            .iter()
            .map(|u| {
                let troop = &s.troops[u.troop];
                max_strength[u.side.index()] += usize::from(troop.morale);
                let role = match u.role {
                    Role::Commander => " (commander)",
                    Role::Officer => " (officer)",
                    Role::Troop => "",
                };
                UnitMeta {
                    side: u.side,
                    label: format!("{}{role}", u.label),
                    troop: troop.id.clone(),
                    max_loss: usize::from(troop.morale),
                }
            })
            .collect();
        TallyShape {
            max_rounds: usize::from(s.max_rounds),
            max_strength,
            strength_scale: 1.0,
            units,
            end_reasons: state::END_REASONS.to_vec(),
            clock_ends: clock_marks(state::END_REASONS.len(), state::is_clock_end),
            fates: state::FATES.to_vec(),
            unit_events: None,
            bands: None,
            side_tables: Vec::new(),
        }
    }

    fn new_scratch(&self) -> State {
        State::new(&self.setup)
    }

    fn strength_name(&self) -> &'static str {
        "total_morale"
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
                    points: Some(troop.points),
                    ..UnitLine::default()
                };
                (u.side, line)
            }),
        )
    }

    fn play<T: Tracer>(
        &self,
        dice: &mut Dice,
        scratch: &mut State,
        record: &mut BattleRecord,
        trace: &mut T,
    ) {
        battle::play_battle(&self.setup, scratch, dice, trace, record);
    }
}
