//! Combined assaults (L2863-2872): the unactivated friends a doctrine
//! brings into a close assault on one enemy (`combined_assault`), what the
//! party does when one of them refuses or falls back (press on, each
//! remaining unit at +1 on its further tests in the assault, or break
//! off), and the hand-to-hand of a melee with several attackers under the
//! `combined_hth` option: each attacker fights its own round on its share
//! of the defender's front and one scrum test follows, or each attacker
//! fights the whole front with a scrum test after each round. Attackers
//! of one melee activate together; the defender fights all of them.

use super::battle::Battle;
use super::doctrine::{Charge, CombinedAssault, HthWithdraw};
use super::options::CombinedHth;
use super::partners::{Party, MAX_PARTY};
use crate::rules::Tracer;

/// What a round of a combined melee did: against the defender, then
/// against each attacker in party order.
#[derive(Clone, Copy, Debug, Default)]
struct CombinedRound {
    potential: [u16; MAX_PARTY + 1],
    wounds: [u16; MAX_PARTY + 1],
}

impl<T: Tracer> Battle<'_, T> {
    /// `u` and the unactivated friends its doctrine brings into its
    /// assault on `t`: each could charge now, and `t` is the enemy it would
    /// pick to charge itself (so parties form where targets coincide, not
    /// by piling every unit in reach onto one enemy); under a `favourable`
    /// doctrine each would also more likely than not pass its charge test.
    /// Under `shared_front` a friend joins only where it adds to the fight:
    /// while the party is narrower than the defender's front, or to strike
    /// its flank or rear. Each is activated with `u` (L2866).
    pub fn assault_party(&mut self, u: usize, t: usize) -> Party {
        let mut party = Party::of(u);
        let side = self.side(u);
        let doctrine = &self.setup.sides[side].doctrine;
        if doctrine.combined_assault == CombinedAssault::Never {
            return party;
        }
        let cautious = doctrine.charge == Charge::Favourable;
        let shared = self.setup.options.combined_hth == CombinedHth::SharedFront;
        let front = self.front_width(t);
        let mut width = self.front_width(u);
        for j in 0..self.st.units.len() {
            let free = j != u && self.side(j) == side && !self.st.units[j].activated;
            let ready = free
                && self.can_charge(j)
                && self.charge_target(j) == Some(t)
                && (!cautious || self.likely_to_charge(j, t))
                && (!shared || width < front || self.aspect(j, t) > 0);
            if ready && party.push(j) {
                width += self.front_width(j);
                self.mark_activated(j);
                self.change(j, |b| {
                    format!("joins {}'s assault on {}", b.label(u), b.label(t))
                });
            }
        }
        if party.len() > 1 {
            let n = party.len();
            let choice = |b: &Self| format!("{n} units on {}", b.label(t));
            self.decided_with(u, "combined_assault", choice, "combined_assault");
        }
        party
    }

    /// After a partner refused its charge test or fell back, whether the
    /// rest of the party (`rest`) goes on; when one fell back, those that
    /// go on add +1 to their further tests in this assault (L2872).
    pub fn party_goes_on(&mut self, rest: &Party, fell_back: bool) -> bool {
        let Some(first) = rest.iter().next() else {
            return false;
        };
        let policy = self.setup.sides[self.side(first)].doctrine.combined_assault;
        let on = policy == CombinedAssault::PressOn;
        let choice = if on { "press on" } else { "break off" };
        self.decided(first, "combined_assault", choice, "combined_assault");
        if on && fell_back {
            for u in rest.iter() {
                self.st.units[u].assault_extra_tl = 1;
            }
        }
        on
    }

    /// One round of the melee of defender `d` and its `attackers`, under
    /// `combined_hth`; `defender_active` when the defender's activation
    /// fights it, `first` for the round of the charge.
    pub fn fight_combined(
        &mut self,
        d: usize,
        attackers: &Party,
        defender_active: bool,
        first: bool,
    ) {
        match self.setup.options.combined_hth {
            CombinedHth::SharedFront => self.fight_shared(d, attackers, defender_active, first),
            CombinedHth::FullFront => self.fight_each(d, attackers, defender_active, first),
        }
    }

    /// The `full_front` round: each attacker still locked with `d` fights
    /// it in turn. In the round of the charge, an attacker falling back
    /// makes the rest decide again (L2872): pressing on, at +1 on their
    /// further tests, or breaking off (they fight no more rounds in it).
    fn fight_each(&mut self, d: usize, attackers: &Party, defender_active: bool, first: bool) {
        let locked = |b: &Self, a: usize| b.st.units[a].locked_with == Some(d as u16);
        for (k, a) in attackers.iter().enumerate() {
            if !locked(self, a) || !self.st.units[d].on_table() {
                continue;
            }
            if defender_active {
                self.fight(d, a, false);
            } else {
                self.fight(a, d, first);
            }
            if !first || locked(self, a) || !self.st.units[d].on_table() {
                continue;
            }
            let mut rest = Party::default();
            for b in attackers.iter().skip(k + 1).filter(|&b| locked(self, b)) {
                rest.push(b);
            }
            if !rest.is_empty() && !self.party_goes_on(&rest, true) {
                return;
            }
        }
    }

    /// The `shared_front` round: each attacker fights on its share of the
    /// defender's front (its width over the attackers' total), the
    /// defender takes one suppression marker for the round, and one scrum
    /// test follows.
    fn fight_shared(&mut self, d: usize, attackers: &Party, defender_active: bool, first: bool) {
        let ranks = [
            attackers
                .iter()
                .map(|a| self.counted(a, d))
                .max()
                .unwrap_or(0),
            attackers.iter().next().map_or(0, |a| self.counted(d, a)),
        ];
        let r = self.shared_rounds(d, attackers, defender_active, first);
        let mut before = [0u16; MAX_PARTY + 1];
        before[0] = self.st.units[d].figures;
        for (k, a) in attackers.iter().enumerate() {
            before[k + 1] = self.st.units[a].figures;
        }
        let members = || std::iter::once(d).chain(attackers.iter()).enumerate();
        for (k, x) in members() {
            self.st.units[x].fought_since_contact = true;
            if r.potential[k] > 0 {
                self.suppress(x, true);
            }
        }
        for (k, x) in members() {
            if self.st.units[x].on_table() && r.wounds[k] > 0 {
                self.casualties(x, r.wounds[k]);
            }
        }
        let by_defender = (1..=attackers.len())
            .map(|k| r.wounds[k].min(before[k]))
            .sum();
        let inflicted = [r.wounds[0].min(before[0]), by_defender];
        self.combined_scrum(d, attackers, inflicted, ranks, defender_active);
    }

    /// The pair rounds of a `shared_front` round, summed per unit.
    fn shared_rounds(
        &mut self,
        d: usize,
        attackers: &Party,
        defender_active: bool,
        first: bool,
    ) -> CombinedRound {
        let total: f32 = attackers.iter().map(|a| self.front_width(a)).sum();
        let mut out = CombinedRound::default();
        for (k, a) in attackers.iter().enumerate() {
            let share = self.front_width(a) / total.max(f32::EPSILON);
            let (vs_a, vs_d) = if defender_active {
                let r = self.round(d, a, false, [share, 1.0]);
                ((r.potential[1], r.wounds[1]), (r.potential[0], r.wounds[0]))
            } else {
                let r = self.round(a, d, first, [1.0, share]);
                ((r.potential[0], r.wounds[0]), (r.potential[1], r.wounds[1]))
            };
            out.potential[0] += vs_d.0;
            out.wounds[0] += vs_d.1;
            (out.potential[k + 1], out.wounds[k + 1]) = vs_a;
        }
        out
    }

    /// The scrum test of a combined melee (L2769-2786, L2869-2872): the
    /// attackers score their casualties added and their deepest ranks; a
    /// losing defender tests once, losing attackers each test separately;
    /// the side left standing and free may follow through.
    fn combined_scrum(
        &mut self,
        d: usize,
        attackers: &Party,
        inflicted: [u16; 2],
        ranks: [u16; 2],
        defender_active: bool,
    ) {
        let on_table = |b: &Self, x: usize| b.st.units[x].on_table();
        if !on_table(self, d) {
            return self.attackers_follow_through(d, attackers);
        }
        if !attackers.iter().any(|a| on_table(self, a)) {
            return self.defender_follows_through(d, attackers.iter().last());
        }
        let defended = |b: &Self, x: usize| b.st.units[x].defended_this_turn;
        let (side, tl) = if defender_active {
            let (k, tl) = self.scrum_side(
                [inflicted[1], inflicted[0]],
                [ranks[1], ranks[0]],
                defended(self, d),
            );
            (1 - k, tl)
        } else {
            let any = attackers.iter().any(|a| defended(self, a));
            self.scrum_side(inflicted, ranks, any)
        };
        if side == 1 {
            if self.scrum_test(d, tl) {
                self.attackers_follow_through(d, attackers);
            }
            return;
        }
        let mut fell = None;
        for a in attackers.iter() {
            let locked = self.st.units[a].locked_with == Some(d as u16);
            if locked && self.scrum_test(a, tl) {
                fell = Some(a);
            }
        }
        self.defender_follows_through(d, fell);
    }

    /// Each attacker left standing and free may follow through (L2876).
    fn attackers_follow_through(&mut self, d: usize, attackers: &Party) {
        for a in attackers.iter() {
            let s = &self.st.units[a];
            if s.standing() && s.locked_with.is_none() {
                self.follow_through(a, d);
            }
        }
    }

    /// The defender, left standing and free, may follow through after
    /// `loser`.
    fn defender_follows_through(&mut self, d: usize, loser: Option<usize>) {
        let s = &self.st.units[d];
        if let (true, Some(l)) = (s.standing() && s.locked_with.is_none(), loser) {
            self.follow_through(d, l);
        }
    }

    /// The activation of `u`, locked in the melee of defender `d` with two
    /// or more attackers: the attackers activate together (L2866); the
    /// active side fights a round, or withdraws when its doctrine says so
    /// and it is outnumbered more than two to one.
    pub fn combined_melee_activation(&mut self, u: usize, d: usize) {
        let attackers = self.partners_of(d);
        let weight_of = |b: &Self| attackers.iter().map(|a| b.weight(a)).sum::<u32>();
        let (mine, theirs) = if u == d {
            (self.weight(d), weight_of(self))
        } else {
            (weight_of(self), self.weight(d))
        };
        let mut side = Party::of(u);
        if u != d {
            for a in attackers.iter() {
                if !self.st.units[a].activated {
                    self.mark_activated(a);
                    side.push(a);
                }
            }
        }
        let doctrine = self.setup.sides[self.side(u)].doctrine.hth_withdraw;
        if doctrine == HthWithdraw::WhenOutnumbered && 2 * mine < theirs {
            self.decided(u, "hth_withdraw", "withdraw", "hth_withdraw");
            for x in side.iter() {
                self.change(x, |_| "actions 1-2: withdraw from hand-to-hand".to_string());
                self.withdraw_from_melee(x);
            }
            return;
        }
        for x in side.iter() {
            self.change(x, |_| "actions 1-2: hand-to-hand round".to_string());
        }
        self.fight_combined(d, &attackers, u == d, false);
    }
}
