//! The unit-level operations of D&D War, callable one unit or one combat at
//! a time: the native turn sequence calls them in its phases, and the
//! States of Battle card layer (`sob_core.rs`) calls the same ones when a
//! card activates a unit. [`Ctx`] bundles what an operation needs: the setup,
//! the shared [`BattleState`], the battle's dice, both doctrines and the
//! tracer.
//!
//! - [`psychology`]: courage bonuses and tests, panic, fear, break tests;
//! - [`casualties`]: hits into casualties or damage, Hope is Lost!, destruction;
//! - [`challenge`]: challenges, Boo! Hiss!, overkill;
//! - [`characters`]: joined characters' and the general's benefits,
//!   re-rolls, a character left alone or killed;
//! - [`joining`]: characters joining units during the battle and leaving
//!   them by charging; a joined character's shots;
//! - [`action_points`]: die faces, extra moves, acting first;
//! - [`flee`]: fall back! moves, flee-through, You Cannot Pass!, rally;
//! - [`machines`]: reloading, bolt and stone throwers, misfires, repairs;
//! - [`movement`]: walking, turning and double moves toward a goal;
//! - [`objectives`]: who counts within an objective, duties, holders;
//! - [`shooting`]: dice from the front rows, to-hit, shooting panic;
//! - [`charge`]: declaration, distance, contact in the facing arc, charge attacks;
//! - [`contact_models`]: which models' bases touch an enemy, on any edge;
//! - [`support`]: which companies support instead of fighting (G-24);
//! - [`combat`]: one close combat: strikes by initiative, resolution,
//!   break tests, flight and pursuit;
//! - [`deployment`]: States of Battle deployment by roll-offs: slots,
//!   placement and nudges.

/// How deep two footprints may cross before the geometry audit counts
/// them as one inside the other, in inches (rounding).
pub const AUDIT_SLACK: f64 = 0.05;

pub mod action_points;
pub mod casualties;
pub mod challenge;
pub mod characters;
pub mod charge;
pub mod combat;
pub mod contact_models;
pub mod deployment;
pub mod flee;
pub mod joining;
pub mod machines;
pub mod movement;
pub mod objectives;
pub mod psychology;
pub mod shooting;
pub mod support;

use super::setup::{DndSetup, Profile};
use super::state::BattleState;
use crate::dice::Dice;
use crate::rules::{BySide, Side, TraceEvent, Tracer};
use crate::rulesets::dnd_war::doctrine::DndDoctrine;

/// Everything an operation needs.
pub struct Ctx<'a, T: Tracer> {
    pub setup: &'a DndSetup,
    pub st: &'a mut BattleState,
    pub dice: &'a mut Dice,
    pub doctrines: &'a BySide<DndDoctrine>,
    pub trace: &'a mut T,
}

impl<'a, T: Tracer> Ctx<'a, T> {
    pub fn profile(&self, unit: usize) -> &'a Profile {
        &self.setup.profiles[self.st.units[unit].profile]
    }

    pub fn doctrine(&self, side: Side) -> &DndDoctrine {
        &self.doctrines[side]
    }

    pub fn label(&self, unit: usize) -> String {
        let side = self.st.units[unit].side;
        format!(
            "{} {}",
            self.setup.side_names[side.index()],
            self.setup.units[unit].label
        )
    }

    /// Records a trace event built from the context, with the battle state
    /// it was made in, only when tracing is on.
    #[inline(always)]
    pub fn note(&mut self, make: impl FnOnce(&Self) -> TraceEvent) {
        if T::ON {
            let event = make(self);
            self.trace.record_in(event, &*self.st);
        }
    }

    /// Records a change of a unit.
    pub fn change(&mut self, unit: usize, what: impl FnOnce(&Self) -> String) {
        let round = self.st.turn;
        self.note(|c| TraceEvent::Change {
            round,
            unit: c.label(unit),
            change: what(c),
        });
    }

    /// Records a doctrine decision.
    pub fn decided(
        &mut self,
        unit: usize,
        decision: &str,
        choice: impl FnOnce(&Self) -> String,
        rule: &str,
    ) {
        let round = self.st.turn;
        self.note(|c| TraceEvent::Decision {
            round,
            side: c.setup.side_names[c.st.units[unit].side.index()].clone(),
            unit: c.label(unit),
            decision: decision.to_string(),
            choice: choice(c),
            rule: format!("{}.{rule}", c.doctrines[c.st.units[unit].side].name),
        });
    }

    /// Rolls one die of `faces` for `who` and traces it.
    pub fn roll(&mut self, faces: u8, who: usize, purpose: &str, modifier: i32) -> u8 {
        let r = self.dice.roll(faces);
        let round = self.st.turn;
        self.note(|c| TraceEvent::Roll {
            round,
            who: c.label(who),
            purpose: purpose.to_string(),
            die: faces,
            dice: vec![r],
            kept: r,
            modifier,
        });
        r
    }

    /// Rolls `n` d20s against `need` for `who` and traces the pool.
    pub fn roll_pool(&mut self, n: u32, need: i32, who: usize, purpose: &str) -> u32 {
        let mut hits = 0;
        let mut faces = Vec::new();
        for _ in 0..n {
            let r = self.dice.roll(20);
            if T::ON {
                faces.push(r);
            }
            hits += u32::from(i32::from(r) >= need);
        }
        let round = self.st.turn;
        self.note(|c| TraceEvent::Roll {
            round,
            who: c.label(who),
            purpose: format!("{purpose}: {n} d20 needing {need}+, {hits} hit"),
            die: 20,
            dice: faces,
            kept: hits.min(255) as u8,
            modifier: 0,
        });
        hits
    }
}
