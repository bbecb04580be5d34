//! One unit's activation: what forces its hand first (hand-to-hand, rout,
//! Broken withdrawal, panic, Impetuous and Inspired charges), then its two
//! actions (L718-733) chosen by its side's doctrine from the action list
//! (L795-862): close assault (both actions), remove suppression, Shield
//! Wall, volley preparation, facing a threat (`turning`), fire (a second fire costs an
//! ammunition test), reform, rally (a Broken or Routed subordinate's
//! first, L748) and movement (Shaken units test to advance, L1291).

use super::arms::Ability;
use super::battle::Battle;
use super::doctrine::{Charge, HthWithdraw};
use super::field;
use super::ladder::TestResult;
use super::melee_dice::Formation;
use super::options::FailedCharge;
use super::partners::Party;
use super::state::{move_inches, Ammo, Cl};
use crate::rules::Tracer;

/// What one activation has done so far.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Done {
    fired: u8,
    moved: bool,
    rallied: bool,
    pub(super) reformed: u8,
    /// A Reaction-tested action that failed may not be tried again (L1271).
    advance_refused: bool,
}

impl<T: Tracer> Battle<'_, T> {
    /// Activates unit `u`.
    pub fn activate(&mut self, u: usize) {
        self.mark_activated(u);
        self.act(u);
    }

    /// Marks unit `u` activated this turn, traced.
    pub fn mark_activated(&mut self, u: usize) {
        self.st.units[u].activated = true;
        self.change(u, |b| {
            let s = &b.st.units[u];
            format!("activates ({}, suppression {})", s.cl.name(), s.suppression)
        });
    }

    /// Unit `u` takes a full activation a superior transferred to it
    /// (L909-924); its own activation is not used up.
    fn transferred_activation(&mut self, u: usize) {
        self.st.units[u].transferred = true;
        self.change(u, |b| {
            let s = &b.st.units[u];
            let (cl, n) = (s.cl.name(), s.suppression);
            format!("takes a transferred activation ({cl}, suppression {n})")
        });
        self.act(u);
    }

    /// One activation of unit `u`: what forces its hand, else two actions.
    fn act(&mut self, u: usize) {
        let s = &self.st.units[u];
        if let Some(e) = s.locked_with {
            return self.locked_activation(u, usize::from(e));
        }
        let forced = match (s.cl, s.panic) {
            (Cl::Routed, _) => "rout",
            (Cl::Broken, _) => "broken withdrawal",
            (_, true) => "remove panic",
            _ => "",
        };
        if !forced.is_empty() {
            self.change(u, |_| format!("actions 1-2: {forced}"));
            return match forced {
                "rout" => self.rout_move(u),
                "broken withdrawal" => self.broken_move(u),
                _ => self.remove_panic(u),
            };
        }
        if self.compelled_charge(u) || self.compulsory_charge(u) {
            return;
        }
        let mut done = Done::default();
        let mut actions = 2;
        while actions > 0 && self.st.units[u].standing() && self.st.units[u].locked_with.is_none() {
            actions -= 1;
            let slot = 1 - actions;
            if slot == 0 && self.wants_charge(u) {
                return self.charge_with_actions(u, &mut actions);
            }
            self.change(u, |_| format!("action {}", slot + 1));
            self.action(u, &mut done);
        }
    }

    /// A locked unit fights a round, or tries to withdraw (L2789-2799).
    fn locked_activation(&mut self, u: usize, e: usize) {
        if let Some(d) = self.combined_melee(u) {
            return self.combined_melee_activation(u, d);
        }
        let doctrine = self.setup.sides[self.side(u)].doctrine.hth_withdraw;
        let outnumbered = 2 * self.weight(u) < self.weight(e);
        if doctrine == HthWithdraw::WhenOutnumbered && outnumbered {
            self.decided(u, "hth_withdraw", "withdraw", "hth_withdraw");
            self.change(u, |_| "actions 1-2: withdraw from hand-to-hand".to_string());
            return self.withdraw_from_melee(u);
        }
        self.change(u, |_| "actions 1-2: hand-to-hand round".to_string());
        self.fight(u, e, false);
    }

    /// Impetuous units charge the nearest enemy unless restrained by a
    /// Reaction test; Inspired ones must charge any enemy in reach (L1245,
    /// L3103-3106). True when the activation went to a charge or advance.
    fn compelled_charge(&mut self, u: usize) -> bool {
        let s = &self.st.units[u];
        let impetuous = self.setup.profile_of(u).has(Ability::Impetuous) && s.cl > Cl::Shaken;
        let inspired = s.cl == Cl::Inspired;
        if !(impetuous || inspired) {
            return false;
        }
        let Some((e, d)) = self.nearest_enemy(u) else {
            return false;
        };
        let free = self.st.units[e].locked_with.is_none() && self.sees(u, e);
        let in_reach = d <= self.charge_reach(u) && self.can_charge(u) && free;
        if impetuous
            && !inspired
            && self.reaction(u, 0, "restrain impetuous unit") == TestResult::Pass
        {
            return false;
        }
        if in_reach {
            let mut actions = 1;
            self.decided(
                u,
                "charge",
                "compelled",
                if inspired { "inspired" } else { "impetuous" },
            );
            self.charge_at(u, e, &mut actions);
            return true;
        }
        if inspired {
            return false;
        }
        let step = 2.0 * move_inches(self.setup.profile_of(u).move_die);
        self.change(u, |_| "actions 1-2: impetuous advance".to_string());
        self.step_toward(u, e, step, 1.0);
        true
    }

    /// Whether the doctrine charges now, given a target in reach.
    fn wants_charge(&self, u: usize) -> bool {
        let doctrine = &self.setup.sides[self.side(u)].doctrine;
        if doctrine.charge == Charge::Never || !self.can_charge(u) {
            return false;
        }
        let Some(t) = self.charge_target(u) else {
            return false;
        };
        match doctrine.charge {
            Charge::Eager => true,
            Charge::Favourable => self.weight(u) >= self.weight(t) && self.likely_to_charge(u, t),
            Charge::Never => false,
        }
    }

    /// Whether `u` passes its charge test on `t` more often than not.
    pub fn likely_to_charge(&self, u: usize, t: usize) -> bool {
        let tl = self.charge_tl(u, t).unwrap_or(-10);
        let target = i32::from(self.st.units[u].lv) + tl;
        let faces = i32::from(self.setup.units[u].quality.die().faces());
        2 * target < faces
    }

    /// The enemy `u` would charge: within reach, not locked, in sight, by
    /// target priority ([`Self::pick`]).
    pub fn charge_target(&self, u: usize) -> Option<usize> {
        let reach = self.charge_reach(u);
        let mine = self.block(u);
        let ok = |e: usize| {
            let s = &self.st.units[e];
            self.dist_from(u, &mine, e) <= reach && s.locked_with.is_none() && self.sees(u, e)
        };
        self.pick(u, ok)
    }

    fn charge_with_actions(&mut self, u: usize, actions: &mut u8) {
        let Some(t) = self.charge_target(u) else {
            return;
        };
        let rule = self.setup.sides[self.side(u)].doctrine.charge;
        let choice = |b: &Self| format!("{} at {}", rule.name(), b.label(t));
        self.decided_with(u, "charge", choice, "charge");
        self.charge_at(u, t, actions);
    }

    /// A close assault using both actions; a refused charge may leave the
    /// second free (`failed_charge`).
    pub(super) fn charge_at(&mut self, u: usize, t: usize, actions: &mut u8) {
        let free = matches!(
            self.assault(u, t),
            super::assault::Assault::Refused { second_free: true }
        );
        *actions = 0;
        self.after_charge(u, free);
    }

    /// The units that joined `u`'s combined assault end their activations
    /// as a charger does: those that refused their charge test may take
    /// their second action under `failed_charge = second_free`.
    pub fn close_joiners(&mut self, u: usize, joined: &Party, went: &Party) {
        let second_free = self.setup.options.failed_charge == FailedCharge::SecondFree;
        for j in joined.iter().filter(|&j| j != u) {
            self.after_charge(j, second_free && !went.contains(j));
        }
    }

    /// The trace of a charge's actions, and the second action when `free`.
    fn after_charge(&mut self, u: usize, free: bool) {
        let spent = if free { "action 1" } else { "actions 1-2" };
        self.change(u, |_| format!("{spent}: close assault"));
        if free && self.st.units[u].standing() {
            self.change(u, |_| "action 2".to_string());
            let mut done = Done {
                advance_refused: true,
                ..Done::default()
            };
            self.action(u, &mut done);
        }
    }

    /// One action, chosen in the doctrine's order of preference.
    fn action(&mut self, u: usize, done: &mut Done) {
        let s = &self.st.units[u];
        let doctrine = &self.setup.sides[self.side(u)].doctrine;
        if s.suppression > 0 {
            return self.suppressed_action(u);
        }
        if s.ammo == Ammo::OutUntilReorganize {
            self.st.units[u].ammo = Ammo::Full;
            return self.change(u, |_| "reorganizes: ammunition back".to_string());
        }
        let rally = if done.rallied {
            None
        } else {
            self.rally_target(u)
        };
        let urgent = rally.filter(|&x| self.urgent_rally(x));
        if self.try_face(u, done)
            || self.try_rally(u, urgent, done)
            || doctrine.volley && self.prepare_volley(u, done)
        {
            return;
        }
        if self.try_fire(u, done) {
            return;
        }
        if self.try_reform(u, done) || self.try_rally(u, rally, done) || self.try_transfer(u) {
            return;
        }
        if self.try_shield_wall(u) {
            return;
        }
        let (mut refused, mut moved) = (done.advance_refused, done.moved);
        self.move_action_for(u, done.fired, &mut refused, &mut moved);
        done.advance_refused = refused;
        done.moved = moved;
    }

    /// A suppressed unit may only remove suppression or raise its Shield
    /// Wall (L1052-1070).
    fn suppressed_action(&mut self, u: usize) {
        let first = self.setup.sides[self.side(u)]
            .doctrine
            .remove_suppression_first;
        if first || !self.try_shield_wall(u) {
            self.remove_suppression(u);
        }
    }

    /// The best target `u` can shoot at now.
    fn fire_target(&self, u: usize, moved: bool) -> Option<usize> {
        self.can_fire(u)?;
        self.pick(u, |e| self.can_shoot_at(u, e, moved))
    }

    fn try_fire(&mut self, u: usize, done: &mut Done) -> bool {
        let doctrine = &self.setup.sides[self.side(u)].doctrine;
        if done.fired >= 1 && !doctrine.second_fire {
            return false;
        }
        let Some(t) = self.fire_target(u, done.moved) else {
            return false;
        };
        self.fire(u, t, super::fire::FireKind::Action, done.moved);
        done.fired += 1;
        if done.fired == 2 {
            self.ammo_test(u);
        }
        true
    }

    /// A Reorganize that readies a volley when a target is in range (L1988-1991).
    fn prepare_volley(&mut self, u: usize, done: &Done) -> bool {
        let volley = self
            .setup
            .profile_of(u)
            .missile
            .is_some_and(|m| m.stats().volley);
        if !volley
            || self.st.units[u].volley_ready
            || done.fired > 0
            || self.fire_target(u, true).is_none()
        {
            return false;
        }
        self.st.units[u].volley_ready = true;
        self.change(u, |_| "prepares a volley".to_string());
        true
    }

    /// Reform one integrity level up toward the starting formation
    /// (Reaction TL 0, L971), where the new block has room (our reading of
    /// L1612-1621);
    /// Drilled units may reform once more (L3098).
    fn try_reform(&mut self, u: usize, done: &mut Done) -> bool {
        let start = self.setup.units[u].formation;
        let (formation, files) = (self.st.units[u].formation, self.st.units[u].files);
        let limit = 1 + u8::from(self.setup.profile_of(u).has(Ability::Drilled));
        let near = self.nearest_enemy(u).is_some_and(|(_, d)| d < 6.0);
        let doctrine = &self.setup.sides[self.side(u)].doctrine;
        if !doctrine.reform || formation as u8 <= start as u8 || done.reformed >= limit || near {
            return false;
        }
        let mount = self.setup.profile_of(u).mount;
        let (f, files) = field::raise_integrity(formation, files, mount);
        if !self.has_room(u, &self.block_as(u, files, f, self.st.units[u].facing)) {
            return false;
        }
        done.reformed += 1;
        if self.reaction(u, 0, "reform") == TestResult::Pass {
            self.st.units[u].formation = f;
            self.st.units[u].files = files;
            self.change(u, |_| format!("reforms into {}", f.name()));
        }
        true
    }

    /// The subordinate `u` would rally (L981-993): one under it in the
    /// chain of command, below the rally cap (Routed included), that it
    /// can send a message to (`may_message`: in sight, not in close
    /// combat), the worst off first; None when its doctrine never rallies.
    fn rally_target(&self, u: usize) -> Option<usize> {
        let side = &self.setup.sides[self.side(u)];
        if !side.doctrine.rally {
            return None;
        }
        let cap = Cl::start(side.fatigue);
        (0..self.st.units.len())
            .filter(|&x| {
                let s = &self.st.units[x];
                s.on_table() && s.cl < cap && self.levels_below(u, x).is_some()
            })
            .filter(|&x| self.may_message(u, x))
            .min_by_key(|&x| self.st.units[x].cl)
    }

    /// Whether rallying `x` comes first: it is Broken or Routed, the one
    /// reason a side holding such a unit may activate another first
    /// (L748), and that commander's rally comes before any action but
    /// facing a threat.
    fn urgent_rally(&self, x: usize) -> bool {
        self.st.units[x].cl <= Cl::Broken
    }

    /// A Broken or Routed subordinate `u` would rally.
    pub(super) fn urgent_rally_target(&self, u: usize) -> Option<usize> {
        self.rally_target(u).filter(|&x| self.urgent_rally(x))
    }

    /// Commander `u` rallies `target`, a lowered subordinate of its
    /// `rally_target` (once per activation).
    fn try_rally(&mut self, u: usize, target: Option<usize>, done: &mut Done) -> bool {
        let Some(x) = target.filter(|_| !done.rallied) else {
            return false;
        };
        done.rallied = true;
        self.decided_with(u, "rally", |b| b.label(x), "rally");
        self.rally(u, x);
        true
    }

    /// A superior transfers an activation to a subordinate that has an
    /// enemy to charge or shoot (L909-924): one action and a communication
    /// test beyond 6", and none without sight or into close combat
    /// (`may_message`, L871-881); with both actions a superior may transfer
    /// to two subordinates (L921-924), and a unit takes at most one
    /// transferred activation a turn (ambiguity 37).
    fn try_transfer(&mut self, u: usize) -> bool {
        if !self.setup.sides[self.side(u)].doctrine.transfers {
            return false;
        }
        let busy = |x: usize| {
            let s = &self.st.units[x];
            let ready = s.standing() && s.cl >= Cl::Shaken && !s.panic && s.suppression == 0;
            let target = self
                .nearest_enemy(x)
                .is_some_and(|(_, d)| d <= self.charge_reach(x));
            ready && !s.transferred && target
        };
        let mut subs = (0..self.st.units.len()).filter(|&x| self.levels_below(u, x).is_some());
        let heard = |x: usize| self.may_message(u, x);
        let Some(x) = subs.find(|&x| busy(x) && self.st.units[x].activated && heard(x)) else {
            return false;
        };
        self.decided_with(u, "transfers", |b| b.label(x), "transfers");
        if self.communicate(u, x) {
            self.transferred_activation(x);
        }
        true
    }

    /// Raise a Shield Wall (Reaction TL 0, L615) when an enemy could charge.
    fn try_shield_wall(&mut self, u: usize) -> bool {
        let p = self.setup.profile_of(u);
        let s = &self.st.units[u];
        let wants = self.setup.sides[self.side(u)].doctrine.shield_wall;
        if !wants || !p.large_shield || s.formation != Formation::Close || s.shield_wall {
            return false;
        }
        let threatened = self
            .enemies(u)
            .any(|e| self.dist(u, e) <= self.charge_reach(e));
        if !threatened {
            return false;
        }
        if self.reaction(u, 0, "form shield wall") == TestResult::Pass {
            self.st.units[u].shield_wall = true;
            self.change(u, |_| "raises a shield wall".to_string());
        }
        true
    }
}
