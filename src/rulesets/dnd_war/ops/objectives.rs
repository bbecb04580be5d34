//! The scenario's objectives in D&D War (shared rules in
//! [`crate::objectives`]): which units count within an objective (on the
//! table, not fleeing, any part of the footprint within its radius), the
//! doctrine's duties (its `objective_share` of the army, nearest first,
//! sent to the nearest objective), the move of a unit on duty (to the
//! objective's centre, then holding it), and the holders' update after
//! anything moved, traced, with the side that took an objective whose
//! capture ends the battle.

use super::Ctx;
use crate::geometry::Vec2;
use crate::objectives::{Objective, Seizure};
use crate::rules::{Side, TraceEvent, Tracer};
use crate::rulesets::dnd_war::doctrine::ObjectivePick;
use crate::rulesets::dnd_war::state::BattleState;

/// A unit on duty holds once its centre is this share of the radius
/// from the objective's centre.
const HOLD_WITHIN: f64 = 0.5;

fn centre(o: &Objective) -> Vec2 {
    Vec2::new(o.at[0], o.at[1])
}

impl BattleState {
    /// Units of `side` that count within objective `o`.
    pub fn units_within(&self, o: &Objective, side: Side) -> u32 {
        let c = centre(o);
        self.side_units(side)
            .filter(|&u| {
                let unit = &self.units[u];
                !unit.fleeing() && unit.rect().distance_to_point(c) <= o.radius
            })
            .count() as u32
    }
}

impl<T: Tracer> Ctx<'_, T> {
    /// Gives each side's doctrine share of its units (those that can
    /// move, nearest an objective first) a duty at the nearest objective.
    pub fn give_duties(&mut self) {
        self.st.duties_given = true;
        let objectives = &self.setup.objectives;
        for side in Side::BOTH {
            let share = u32::from(self.doctrine(side).objective_share);
            let mut movers = std::mem::take(&mut self.st.duty_order);
            movers.clear();
            movers.extend(
                self.st
                    .side_units(side)
                    .filter(|&u| self.profile(u).machine.is_none())
                    .map(|u| {
                        let at = self.st.units[u].rect().centre;
                        let (k, d) = nearest(objectives, at);
                        (d, u, k)
                    }),
            );
            movers.sort_unstable_by(|a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)));
            let sent = (movers.len() as u32 * share).div_ceil(100) as usize;
            for &(_, u, k) in movers.iter().take(sent) {
                self.st.duty[u] = Some(k);
            }
            self.st.duty_order = movers;
        }
    }

    /// The move of a unit on duty at an objective, if it has one: toward
    /// the objective's centre, or holding it once there. Returns whether
    /// the unit had a duty.
    pub fn objective_move(&mut self, u: usize, may_march: bool) -> bool {
        if !self.st.duties_given {
            self.give_duties();
        }
        let Some(kept) = self.st.duty[u] else {
            return false;
        };
        let k = self.duty_goal(u, kept);
        let o = &self.setup.objectives[usize::from(k)];
        let goal = centre(o);
        let gap = self.st.units[u].rect().centre.distance(goal);
        if gap <= o.radius * HOLD_WITHIN {
            self.decided(
                u,
                "move",
                |c| format!("hold objective {}", c.setup.objectives[usize::from(k)].name),
                "objective_share",
            );
            return true;
        }
        let speed = self.joined_speed(u);
        let double =
            may_march && gap > speed && self.may_double_move(u) && !self.st.units[u].flags.walked;
        self.decided(
            u,
            "move",
            |c| {
                let name = &c.setup.objectives[usize::from(k)].name;
                format!(
                    "{} toward objective {name}",
                    if double { "double move" } else { "walk" }
                )
            },
            "objective_share",
        );
        self.walk_toward(u, goal, None, 0.0, double);
        true
    }

    /// The objective unit `u` (on duty at `kept`) goes to now, by its
    /// doctrine's `objective_pick`: `kept`, or the nearest its side does
    /// not hold (else the nearest it holds), staying on one its side holds.
    fn duty_goal(&self, u: usize, kept: u8) -> u8 {
        let side = self.st.units[u].side;
        if self.doctrine(side).objective_pick == ObjectivePick::Nearest {
            return kept;
        }
        let at = self.st.units[u].rect().centre;
        let objectives = &self.setup.objectives;
        let held = |k: usize| self.st.holders.holder[k] == Some(side);
        let on_held = (0..objectives.len()).find(|&k| {
            held(k) && at.distance(centre(&objectives[k])) <= objectives[k].radius * HOLD_WITHIN
        });
        let nearest_where = |want_held: bool| {
            (0..objectives.len())
                .filter(|&k| held(k) == want_held)
                .min_by(|&a, &b| {
                    let d = |k: usize| at.distance(centre(&objectives[k]));
                    d(a).total_cmp(&d(b))
                })
        };
        let pick = on_held
            .or_else(|| nearest_where(false))
            .or_else(|| nearest_where(true));
        pick.map_or(kept, |k| k as u8)
    }

    /// Updates who holds each objective; a capture that ends the battle
    /// is kept in `taken_by`.
    pub fn update_objectives(&mut self) {
        if self.setup.objectives.is_empty() {
            return;
        }
        let st = &mut *self.st;
        let mut holders = std::mem::take(&mut st.holders);
        holders.update(&self.setup.objectives, |o, s| st.units_within(o, s));
        st.holders = holders;
        let h = &self.st.holders;
        #[cfg(debug_assertions)]
        audit_holders(self.st, &self.setup.objectives, &h.holder, &h.seized);
        self.st.taken_by = self.st.taken_by.or(h.ended_by());
        for k in 0..self.st.holders.seized.len() {
            self.trace_seizure(self.st.holders.seized[k]);
        }
    }

    fn trace_seizure(&mut self, z: Seizure) {
        let round = self.st.turn;
        self.note(|c| TraceEvent::Change {
            round,
            unit: c.setup.side_names[z.to.index()].clone(),
            change: format!("takes objective {}", c.setup.objectives[z.objective].name),
        });
    }
}

/// Test builds: every change of hands went to a side alone in range
/// (uncontested) or with more units in range (majority), and a side alone
/// in range holds the objective; counted again unit by unit.
#[cfg(debug_assertions)]
pub fn audit_holders(
    st: &BattleState,
    objectives: &[Objective],
    holder: &[Option<Side>],
    seized: &[Seizure],
) {
    use crate::objectives::Control;
    for (k, o) in objectives.iter().enumerate() {
        let mut n = [0u32; 2];
        for u in &st.units {
            let counts = u.on_table() && !u.fleeing();
            if counts && u.rect().distance_to_point(centre(o)) <= o.radius {
                n[u.side.index()] += 1;
            }
        }
        let alone = match (n[0] > 0, n[1] > 0) {
            (true, false) => Some(Side::A),
            (false, true) => Some(Side::B),
            _ => None,
        };
        let holder = holder.get(k).copied().flatten();
        if o.control == Control::Uncontested && alone.is_some() {
            assert_eq!(holder, alone, "{}: {n:?} in range", o.name);
        }
        for z in seized.iter().filter(|z| z.objective == k) {
            let (to, other) = (n[z.to.index()], n[z.to.other().index()]);
            let fair = match o.control {
                Control::Uncontested => to > 0 && other == 0,
                Control::Majority => to > other,
            };
            assert!(fair, "{} went to {:?} with {n:?} in range", o.name, z.to);
        }
    }
}

/// The index of the objective nearest `at` and its distance.
fn nearest(objectives: &[Objective], at: Vec2) -> (u8, f64) {
    objectives
        .iter()
        .enumerate()
        .map(|(k, o)| (k as u8, at.distance(centre(o))))
        .min_by(|a, b| a.1.total_cmp(&b.1))
        .unwrap_or((0, f64::INFINITY))
}
