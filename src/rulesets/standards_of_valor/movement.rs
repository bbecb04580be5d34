//! Movement actions (L1336-1368): a normal move of the move die's size per
//! action, to the objective of a unit on duty (`objectives`), else by the
//! doctrine's `movement` (advance on the chosen enemy, hold, or keep
//! missile troops at two range bands). A formed unit stops an inch
//! short of an enemy it is not charging; a Shaken unit needs a Reaction
//! test at TL 2 to advance (L1291); moving drops a Shield Wall unless the
//! unit is a Phalanx or Testudo (L956); a unit that fired without
//! accepting the move shift may not move after (L2356). Compulsory moves
//! (withdrawals, falls back, Broken moves, flight) pay the terrain's
//! costs too (`over_ground`). A unit whose enemy a formed friend hides
//! (L507) first steps out from behind it when its doctrine `keep_lanes`.

use super::arms::Ability;
use super::battle::Battle;
use super::doctrine::Movement;
use super::field;
use super::ladder::TestResult;
use super::state::{move_inches, Cl};
use crate::rules::Tracer;

impl<T: Tracer> Battle<'_, T> {
    /// Where a move of `u` straight to `to` ends over the ground
    /// (L1422-1561): short of `to` where terrain slows it, and at the edge
    /// of impassable ground. Used for withdrawals, falls back, Broken moves
    /// and flight, which have no budget of their own beyond the distance.
    pub fn over_ground(&self, u: usize, to: [f32; 2]) -> [f32; 2] {
        let from = self.st.units[u].pos;
        let terrain = &self.setup.terrain;
        let len = (to[0] - from[0]).hypot(to[1] - from[1]);
        if len < 1e-3 || !terrain.touches(from, to) {
            return to;
        }
        let who = (self.st.units[u].formation, self.setup.profile_of(u).mount);
        let got = terrain.travel((from, to), len, len, who);
        field::lerp(from, to, got / len)
    }

    /// Where `u` gets moving `step` inches straight away from `threat`,
    /// over the ground.
    pub fn away_over_ground(&self, u: usize, threat: [f32; 2], step: f32) -> [f32; 2] {
        self.over_ground(u, field::away(self.st.units[u].pos, threat, step))
    }

    /// Whether `u` may still move this activation after firing.
    fn may_move_after_fire(&self, u: usize, fired: u8) -> bool {
        fired == 0
            || self
                .setup
                .profile_of(u)
                .missile
                .is_some_and(|m| m.stats().thrown)
    }

    /// Where a move goes: the enemy to close on and how far short to stop.
    fn move_goal(&self, u: usize) -> Option<(usize, f32)> {
        let doctrine = &self.setup.sides[self.side(u)].doctrine;
        let (e, _) = self.nearest_enemy(u)?;
        match doctrine.movement {
            Movement::Hold => None,
            Movement::Advance => Some((e, 1.0)),
            Movement::Skirmish => match self.setup.profile_of(u).missile {
                Some(m) => {
                    let erb = f32::from(m.erb_tenths(self.setup.units[u].quality.die())) / 10.0;
                    Some((e, (2.0 * erb).max(1.0)))
                }
                None => Some((e, 1.0)),
            },
        }
    }

    /// One movement action: toward the objective of a unit on duty
    /// (`objectives`), else by the doctrine's `movement`.
    pub(super) fn move_action_for(
        &mut self,
        u: usize,
        fired: u8,
        refused: &mut bool,
        moved: &mut bool,
    ) {
        if !self.may_move_after_fire(u, fired) || *refused {
            return;
        }
        if self.on_exit_duty(u) {
            *moved |= self.exit_move(u, refused);
            return;
        }
        if let Some(k) = self.duty_goal(u) {
            *moved |= self.objective_move(u, k, refused);
            return;
        }
        let Some((e, stop)) = self.move_goal(u) else {
            return;
        };
        let far = self.dist(u, e) > stop;
        let lane = self.friend_in_the_lane(u, e);
        if !(far || lane.is_some()) || !self.ready_to_move(u, refused) {
            return;
        }
        let step = move_inches(self.setup.profile_of(u).move_die);
        *moved = true;
        if lane.is_some_and(|f| self.step_out_from_behind(u, f, e, step)) || !far {
            return;
        }
        self.step_toward(u, e, step, stop);
        self.change(u, |b| {
            format!("moves toward {} ({:.1}\" away)", b.label(e), b.dist(u, e))
        });
    }

    /// The formed friend that hides enemy `e` from `u` (L507, under
    /// `formed_units_block_sight`), nearest `u` first, when `u`'s doctrine
    /// keeps lanes and `u` does not see `e`.
    fn friend_in_the_lane(&self, u: usize, e: usize) -> Option<usize> {
        let doctrine = &self.setup.sides[self.side(u)].doctrine;
        let friends_hide = self.setup.options.formed_units_block_sight;
        if !(doctrine.keep_lanes && friends_hide) || self.sees(u, e) {
            return None;
        }
        let (from, to) = (self.st.units[u].pos, self.st.units[e].pos);
        let side = self.side(u);
        (0..self.st.units.len())
            .filter(|&f| f != u && self.side(f) == side && self.st.units[f].on_table())
            .filter(|&f| !self.skirmishing(f))
            .filter_map(|f| {
                field::first_touch(from, to, (0.0, 0.0), &self.block(f)).map(|at| (f, at))
            })
            .min_by(|a, b| a.1.total_cmp(&b.1))
            .map(|(f, _)| f)
    }

    /// A move of `step` inches toward the point beside friend `f`'s nearer
    /// end, out of the way of `u`'s line to enemy `e`; false (no move)
    /// when `u` stands there already.
    fn step_out_from_behind(&mut self, u: usize, f: usize, e: usize, step: f32) -> bool {
        let from = self.st.units[u].pos;
        let beside = self.past_the_end(u, f, (from, self.st.units[e].pos));
        let gap = (beside[0] - from[0]).hypot(beside[1] - from[1]);
        if gap < 0.5 {
            return false;
        }
        let pos = self.ground_step(u, beside, gap.min(step), step);
        self.move_among_units(u, pos, u);
        self.change(u, |b| format!("steps out from behind {}", b.label(f)));
        true
    }

    /// Whether `u` may spend this action moving: a Shaken unit must pass a
    /// Reaction test at TL 2 to advance (L1291; a refusal is kept in
    /// `refused`), and a unit in Shield Wall spends the action lowering it
    /// unless it is a Phalanx or Testudo (L956).
    pub(super) fn ready_to_move(&mut self, u: usize, refused: &mut bool) -> bool {
        let shaken = self.st.units[u].cl == Cl::Shaken;
        if shaken && self.reaction(u, 2, "shaken unit advances") != TestResult::Pass {
            *refused = true;
            return false;
        }
        let p = self.setup.profile_of(u);
        let keeps_wall = p.has(Ability::Phalanx) || p.has(Ability::Testudo);
        if self.st.units[u].shield_wall && !keeps_wall {
            self.st.units[u].shield_wall = false;
            self.change(u, |_| "lowers its shield wall to move".to_string());
            return false;
        }
        true
    }
}
