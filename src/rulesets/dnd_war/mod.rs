//! The D&D War rules (seed 001, digest `dnd_war_digest.md`): a rank-and-flank
//! game on a table measured in inches, and the first core under States of
//! Battle.
//!
//! The seed's arithmetic and tables are pure functions, each
//! checked against the digest's worked examples:
//! - [`traits`]: sizes, races, unit types and psychology rules;
//! - [`hits`]: the to-hit chart formula, resilience, the bolt thrower chain;
//! - [`courage`]: courage bonuses, pass rule, panic/fear/break DCs, AP nudges;
//! - [`distances`]: charge, fall back!/flee/pursue, long charge, double move;
//! - [`body`]: companies, casualty order, front rows, support, Hope is Lost!;
//! - [`resolution`]: combat resolution with every bonus and cap;
//! - [`machines`]: crew speed, stone thrower scatter and misfires;
//! - [`army`]: budgets with the reported errata, formations, magic items, prices.
//!
//! - [`options`], [`setup`], [`state`]: the rule options, a deployed battle,
//!   and the battle state every operation shares;
//! - [`ops`]: the unit-level operations (move, shoot, charge, fight a
//!   combat, rally, flee, courage tests) that the native turn here and the
//!   States of Battle card layer both call;
//! - [`turn`]: the native turn sequence and the end of a battle;
//! - [`sob_core`]: D&D War as the core under States of Battle.
//!
//! [`DndWar`] binds a validated scenario and both doctrines into the
//! engine's `Ruleset`: strength is the share of points standing per turn,
//! fates are destroyed / fled off / fleeing at the end, and each flight's
//! ending is counted per unit. What is not simulated is listed in
//! ARCHITECTURE.md and printed by every run.

pub mod army;
pub mod body;
pub mod builtin;
pub mod courage;
pub mod distances;
pub mod doctrine;
pub mod hits;
pub mod input;
pub mod machines;
pub mod memo;
pub mod ops;
pub mod options;
pub mod resolution;
pub mod setup;
pub mod sob_core;
pub mod spec;
pub mod state;
pub mod traits;
pub mod turn;

use crate::dice::Dice;
use crate::rules::sheet::{ArmySheet, UnitLine};
use crate::rules::{BattleRecord, BySide, Ruleset, Tracer, UnitResult};
use crate::rulesets::dnd_war::doctrine::DndDoctrine;
use crate::stats::{clock_marks, TallyShape, UnitEvents, UnitMeta};
use setup::DndSetup;
use state::{BattleState, Status};

/// The D&D War ruleset bound to one validated scenario and its doctrines.
#[derive(Clone, Debug)]
pub struct DndWar {
    pub setup: DndSetup,
    pub doctrines: BySide<DndDoctrine>,
}

/// Fates of a unit at the end of a battle, in `UnitResult::fate` order.
pub const FATES: &[&str] = &["survived", "destroyed", "fled_off_table", "fleeing_at_end"];

/// How each flight of a unit ended (a partition of its flights): it
/// rallied, it left the table (fled off or destroyed while fleeing), or it
/// was still fleeing when the battle ended.
pub const UNIT_EVENTS: &[&str] = &["rallied", "left_the_table", "fleeing_at_end"];

/// Strength is the share of a side's points still standing, per mille.
const PER_MILLE: u64 = 1000;

impl DndWar {
    /// Each unit's fate and losses, and how its flights ended, into `record`.
    pub fn unit_results(&self, st: &BattleState, record: &mut BattleRecord) {
        for (spec, u) in self.setup.units.iter().zip(&st.units) {
            let fate = match u.status() {
                Status::Ready | Status::Joined | Status::Reserve => 0,
                Status::Destroyed => 1,
                Status::FledOffTable => 2,
                Status::Fleeing => 3,
            };
            record.units.push(UnitResult {
                fate,
                losses: spec.body.alive.saturating_sub(u.body.alive),
            });
            let (fled, rallied) = (u32::from(u.times_fled), u32::from(u.times_rallied));
            let at_end = u32::from(u.fleeing());
            record.unit_events.extend_from_slice(&[
                rallied,
                fled.saturating_sub(rallied + at_end),
                at_end,
            ]);
        }
    }

    /// Points still standing per side, per mille of the side's start: each
    /// unit on the table counts its points times its share of models left.
    pub fn points_standing(&self, st: &BattleState) -> [u32; 2] {
        let mut standing = [0u64; 2];
        let mut total = [0u64; 2];
        for (spec, u) in self.setup.units.iter().zip(&st.units) {
            let s = spec.side.index();
            total[s] += u64::from(spec.points);
            if u.on_table() && spec.body.alive > 0 {
                standing[s] +=
                    u64::from(spec.points) * u64::from(u.body.alive) / u64::from(spec.body.alive);
            }
        }
        [0, 1].map(|s| {
            (standing[s] * PER_MILLE)
                .checked_div(total[s])
                .map_or(0, |v| v as u32)
        })
    }
}

impl Ruleset for DndWar {
    type Scratch = BattleState;

    fn tally_shape(&self) -> TallyShape {
        let s = &self.setup;
        TallyShape {
            max_rounds: usize::from(s.options.game_turns),
            max_strength: [PER_MILLE as usize, PER_MILLE as usize],
            strength_scale: 0.1,
            units: s
                .units
                .iter()
                .map(|u| UnitMeta {
                    side: u.side,
                    label: u.label.clone(),
                    troop: s.profiles[u.profile].id.clone(),
                    max_loss: usize::from(u.body.alive),
                })
                .collect(),
            end_reasons: turn::EndReason::NAMES.to_vec(),
            clock_ends: clock_marks(turn::EndReason::NAMES.len(), turn::EndReason::is_clock),
            fates: FATES.to_vec(),
            unit_events: Some(UnitEvents {
                name: "flight",
                per_battle: "flights_per_battle",
                kinds: UNIT_EVENTS.to_vec(),
            }),
            bands: None,
            side_tables: Vec::new(),
        }
    }

    fn new_scratch(&self) -> BattleState {
        BattleState::new(&self.setup)
    }

    fn strength_name(&self) -> &'static str {
        "pct_points_standing"
    }

    fn side_names(&self) -> [&str; 2] {
        [&self.setup.side_names[0], &self.setup.side_names[1]]
    }

    fn army_sheet(&self) -> ArmySheet {
        let s = &self.setup;
        ArmySheet::from_units(
            self.side_names(),
            s.units.iter().map(|u| {
                let line = UnitLine {
                    label: u.label.clone(),
                    profile: s.profiles[u.profile].id.clone(),
                    models: Some(u32::from(u.body.alive)),
                    points: Some(u.points),
                    mcv: None,
                    overrides: u.overrides.clone(),
                };
                (u.side, line)
            }),
        )
    }

    fn play<T: Tracer>(
        &self,
        dice: &mut Dice,
        st: &mut BattleState,
        record: &mut BattleRecord,
        trace: &mut T,
    ) {
        record.clear();
        st.reset(&self.setup);
        record.start_strength = self.points_standing(st);
        let mut by_turn = std::mem::take(&mut record.strength_by_round);
        let outcome = {
            let mut ctx = ops::Ctx {
                setup: &self.setup,
                st,
                dice,
                doctrines: &self.doctrines,
                trace,
            };
            ctx.play_battle(|st| by_turn.push(self.points_standing(st)))
        };
        record.strength_by_round = by_turn;
        record.winner = outcome.winner;
        record.end_reason = outcome.reason.index();
        record.rounds_played = outcome.turns;
        self.unit_results(st, record);
    }
}
