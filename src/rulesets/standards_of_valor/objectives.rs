//! The scenario's objectives in Standards of Valor (the shared rules are
//! [`crate::objectives`]; the seed's are L677 and L695-706): which units
//! count within an objective (on the table, at Shaken or better, and any
//! part of the block within its radius: a Broken unit is "no longer willing
//! to fight", L1152, and must seek cover away from the enemy, L1257), the
//! doctrine's duties (its `objective_share` of each side's units, nearest
//! an objective first, given when the battle starts), where a unit on duty
//! goes (it stays on an objective its side holds; else to the nearest
//! objective its side does not hold, else the nearest it holds; it
//! charges and shoots by the rest of its doctrine), and the holders'
//! update after every activation and at the turn end, traced, with the
//! side that took an objective whose capture ends the battle; and the
//! enemy camp or baggage train a unit in charging range must charge into
//! (a compulsory target, [`super::compulsory`]).

use super::battle::Battle;
use super::options::ChargeReach;
use super::setup::SovSetup;
use super::state::Cl;
use super::{field, state::move_inches};
use crate::base::Side;
use crate::objectives::{Objective, Seizure};
use crate::rules::{TraceEvent, Tracer};

/// A unit on duty holds once its centre is this share of the objective's
/// radius from the objective's centre.
const HOLD_WITHIN: f32 = 0.5;

fn centre(o: &Objective) -> [f32; 2] {
    [o.at[0] as f32, o.at[1] as f32]
}

fn gap(a: [f32; 2], b: [f32; 2]) -> f32 {
    (a[0] - b[0]).hypot(a[1] - b[1])
}

/// Marks each side's doctrine share of its units (rounded up), nearest an
/// objective first (ties in list order), as on duty; none without
/// objectives. Picks the nearest one at a time: no allocation.
pub fn give_duties(setup: &SovSetup, on_duty: &mut [bool]) {
    if setup.objectives.is_empty() && setup.exits.is_empty() {
        return;
    }
    for side in Side::BOTH {
        let share = u32::from(setup.sides[side.index()].doctrine.objective_share);
        let mine = setup.units.iter().filter(|u| u.side == side).count() as u32;
        for _ in 0..(mine * share).div_ceil(100) {
            let next = (setup.units.iter().enumerate())
                .filter(|&(i, u)| u.side == side && !on_duty[i])
                .map(|(i, u)| (i, nearest(&setup.objectives, u.at)))
                .min_by(|a, b| a.1.total_cmp(&b.1).then(a.0.cmp(&b.0)));
            if let Some((i, _)) = next {
                on_duty[i] = true;
            }
        }
    }
}

/// The distance from `at` to the nearest objective's centre.
fn nearest(objectives: &[Objective], at: [f32; 2]) -> f32 {
    objectives
        .iter()
        .map(|o| gap(at, centre(o)))
        .fold(f32::INFINITY, f32::min)
}

impl<T: Tracer> Battle<'_, T> {
    /// Units of `side` that count within objective `o`.
    pub fn units_within(&self, o: &Objective, side: Side) -> u32 {
        let at = centre(o);
        (0..self.st.units.len())
            .filter(|&u| {
                let s = &self.st.units[u];
                self.setup.units[u].side == side
                    && s.on_table()
                    && s.cl >= Cl::Shaken
                    && field::distance_to_point(&self.block(u), at) <= o.radius as f32
            })
            .count() as u32
    }

    /// The objective unit `u` is on duty at: the nearest its side does not
    /// hold, else the nearest it holds. None when it has no duty.
    pub fn duty_goal(&self, u: usize) -> Option<usize> {
        if !self.st.on_duty.get(u).copied().unwrap_or(false) {
            return None;
        }
        let side = self.setup.units[u].side;
        let pos = self.st.units[u].pos;
        let pick = |held: bool| {
            (self.setup.objectives.iter().enumerate())
                .filter(|&(k, _)| (self.st.holders.holder[k] == Some(side)) == held)
                .map(|(k, o)| (k, gap(pos, centre(o))))
                .min_by(|a, b| a.1.total_cmp(&b.1))
                .map(|(k, _)| k)
        };
        let on = (self.setup.objectives.iter().enumerate()).find(|&(k, o)| {
            self.st.holders.holder[k] == Some(side)
                && gap(pos, centre(o)) <= o.radius as f32 * HOLD_WITHIN
        });
        on.map(|(k, _)| k)
            .or_else(|| pick(false))
            .or_else(|| pick(true))
    }

    /// One movement action of a unit on duty toward objective `k`, or
    /// holding it once there (a Shaken unit tests to move, as to advance,
    /// L1291). Returns whether it moved.
    pub(super) fn objective_move(&mut self, u: usize, k: usize, refused: &mut bool) -> bool {
        let o = &self.setup.objectives[k];
        let (to, hold) = (centre(o), o.radius as f32 * HOLD_WITHIN);
        let away = gap(self.st.units[u].pos, to);
        if away <= hold {
            let name = |b: &Self| format!("hold objective {}", b.setup.objectives[k].name);
            self.decided_with(u, "move", name, "objective_share");
            return false;
        }
        if !self.ready_to_move(u, refused) {
            return false;
        }
        let step = move_inches(self.setup.profile_of(u).move_die);
        let pos = self.ground_step(u, to, away.min(step), step);
        self.move_among_units(u, pos, u);
        self.change(u, |b| {
            let o = &b.setup.objectives[k];
            let left = gap(b.st.units[u].pos, centre(o));
            format!("moves toward objective {} ({left:.1}\" away)", o.name)
        });
        true
    }

    /// The enemy camp or baggage train `u` must charge (L546-549), nearest
    /// first: an objective its enemy owns whose capture ends the battle
    /// (how a scenario marks a camp or baggage train, L706), undefended (no
    /// unit of its owner counts within it), not held by `u`'s side, and
    /// within `u`'s charging range (the charge reach, measured to the
    /// objective's edge).
    pub(super) fn enemy_camp_in_reach(&self, u: usize) -> Option<usize> {
        if !self.can_charge(u) {
            return None;
        }
        let (side, reach, mine) = (
            self.setup.units[u].side,
            self.charge_reach(u),
            self.block(u),
        );
        let enemy = side.other();
        (self.setup.objectives.iter().enumerate())
            .filter(|&(k, o)| {
                o.owner == Some(enemy)
                    && o.ends_battle
                    && self.st.holders.holder[k] != Some(side)
                    && self.units_within(o, enemy) == 0
            })
            .map(|(k, o)| {
                (
                    k,
                    field::distance_to_point(&mine, centre(o)) - o.radius as f32,
                )
            })
            .filter(|&(_, d)| d <= reach)
            .min_by(|a, b| a.1.total_cmp(&b.1))
            .map(|(k, _)| k)
    }

    /// `u` charges into objective `k`: its combat moves (two, or one under
    /// `charge_reach = "one_combat_move"`; each twice its move die, L1359)
    /// straight for the centre, stopping once within half the radius.
    /// Nobody stands there to test against or fight.
    pub(super) fn charge_camp(&mut self, u: usize, k: usize) {
        let moves = match self.setup.options.charge_reach {
            ChargeReach::TwoCombatMoves => 2,
            ChargeReach::OneCombatMove => 1,
        };
        let die = self.setup.profile_of(u).move_die;
        let o = &self.setup.objectives[k];
        let (to, hold) = (centre(o), o.radius as f32 * HOLD_WITHIN);
        for _ in 0..moves {
            let away = gap(self.st.units[u].pos, to);
            if away <= hold {
                break;
            }
            let step = f32::from(2 * self.roll(u, "combat move", die));
            let pos = self.ground_step(u, to, (away - hold).min(step), step);
            self.move_among_units(u, pos, u);
        }
        self.change(u, |b| {
            let o = &b.setup.objectives[k];
            let left = gap(b.st.units[u].pos, centre(o));
            format!(
                "charges into objective {} ({left:.1}\" from its centre)",
                o.name
            )
        });
        self.change(u, |_| "actions 1-2: close assault".to_string());
    }

    /// Updates who holds each objective after anything moved; a capture
    /// that ends the battle is kept in `taken_by`.
    pub fn update_objectives(&mut self) {
        if self.setup.objectives.is_empty() {
            return;
        }
        let mut holders = std::mem::take(&mut self.st.holders);
        holders.update(&self.setup.objectives, |o, s| self.units_within(o, s));
        self.st.holders = holders;
        self.st.taken_by = self.st.taken_by.or(self.st.holders.ended_by());
        for k in 0..self.st.holders.seized.len() {
            self.trace_seizure(self.st.holders.seized[k]);
        }
    }

    fn trace_seizure(&mut self, z: Seizure) {
        let (round, setup) = (self.st.turn, self.setup);
        self.trace.emit(|| {
            let from = z.from.map_or("nobody".to_string(), |s| {
                setup.sides[s.index()].name.clone()
            });
            let ends = if z.ends_battle {
                ": the battle ends"
            } else {
                ""
            };
            TraceEvent::Change {
                round,
                unit: setup.sides[z.to.index()].name.clone(),
                change: format!(
                    "takes objective {} from {from}{ends}",
                    setup.objectives[z.objective].name
                ),
            }
        });
    }

    /// The points each side holds in objectives (added to the score when
    /// the turn limit ends the battle: ambiguity 57 of the digest).
    pub fn objective_points(&self) -> [f64; 2] {
        let held = self.st.holders.at_end(&self.setup.objectives);
        held.map(f64::from)
    }
}
