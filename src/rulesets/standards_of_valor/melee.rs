//! Hand-to-hand combat (L2675-2799): contact (a Broken defender drops to
//! Routed and is taken, L1257; a flank or rear attack costs the defender
//! an integrity level, L2801-2804), the round under
//! `hth_model` (the force-ratio dice pools of `pool`, or the worked
//! example's mechanic of `legacy`), the scrum test and its results (stand,
//! fall back, flee), withdrawal from hand-to-hand and follow-through
//! (L2874-2886).

use super::arms::Ability;
use super::battle::Battle;
use super::field;
use super::ladder::TestResult;
use super::melee_dice::{counted_ranks, scrum_loser, ScrumScore};
use super::options::{HthModel, ScrumScoreOption};
use super::partners::Party;
use super::state::{move_inches, Cl, Gone};
use crate::rules::Tracer;

/// What one round did to each side: potential hits against it and
/// figures it lost.
#[derive(Clone, Copy, Debug, Default)]
pub struct RoundResult {
    pub potential: [u16; 2],
    pub wounds: [u16; 2],
}

impl<T: Tracer> Battle<'_, T> {
    /// The attackers of `party` meet `t`: they lock, a flank or rear
    /// attack costs the defender an integrity level (once), and the first
    /// round is fought. A Broken defender is not fought but taken.
    pub fn engage(&mut self, party: &Party, t: usize, flank: bool) {
        if self.st.units[t].cl == Cl::Broken {
            return self.take_broken(t);
        }
        for u in party.iter() {
            self.lock(u, t);
            self.st.units[u].fought_since_contact = false;
        }
        self.st.units[t].fought_since_contact = false;
        for u in party.iter() {
            self.change(u, |b| format!("contacts {}", b.label(t)));
        }
        if flank {
            self.change(t, |_| "is struck in the flank".to_string());
            self.lose_integrity(t);
        }
        match party.iter().nth(1) {
            None => self.fight(party.iter().next().unwrap_or(t), t, true),
            Some(_) => self.fight_combined(t, party, false, true),
        }
    }

    /// A Broken unit close assaulted drops to Routed at once (L1257, L2666),
    /// one that broke during the assault too (its odds test, a Shock
    /// Missile volley), and caught at contact it is taken, as a Routed
    /// defender is.
    fn take_broken(&mut self, t: usize) {
        self.set_cl(t, Cl::Routed);
        self.remove(t, Gone::Surrendered);
    }

    /// One round between `u` and `t` under `hth_model`, each on the share
    /// of its front given.
    pub fn round(&mut self, u: usize, t: usize, charge: bool, shares: [f32; 2]) -> RoundResult {
        match self.setup.options.hth_model {
            HthModel::DicePool => self.pool_round(u, t, charge, shares),
            HthModel::LegacyExample => self.legacy_round(u, t, charge, shares),
        }
    }

    /// One round between the active unit `u` and `t`, then the scrum test.
    pub fn fight(&mut self, u: usize, t: usize, charge: bool) {
        let ranks = [self.counted(u, t), self.counted(t, u)];
        let r = self.round(u, t, charge, [1.0, 1.0]);
        self.st.units[u].fought_since_contact = true;
        self.st.units[t].fought_since_contact = true;
        let before = [self.st.units[u].figures, self.st.units[t].figures];
        for (k, x) in [u, t].into_iter().enumerate() {
            if r.potential[k] > 0 {
                self.suppress(x, true);
            }
        }
        for (k, x) in [u, t].into_iter().enumerate() {
            if self.st.units[x].on_table() && r.wounds[k] > 0 {
                self.casualties(x, r.wounds[k]);
            }
        }
        let inflicted = [r.wounds[1].min(before[1]), r.wounds[0].min(before[0])];
        self.scrum(u, t, inflicted, ranks);
    }

    /// The ranks `u` counts in the scrum against `e` (L2772-2776): none
    /// in rough ground or fighting across hard cover.
    pub fn counted(&self, u: usize, e: usize) -> u16 {
        let s = &self.st.units[u];
        let terrain = &self.setup.terrain;
        let across = terrain.cover(self.st.units[e].pos, s.pos) == super::terrain::CoverLevel::Hard;
        if terrain.rough_at(s.pos) || across {
            return 0;
        }
        let mount = self.setup.profile_of(u).mount;
        counted_ranks(s.formation, mount, field::ranks(s.figures, s.files))
    }

    /// The scrum test (L2769-2786): the lower score tests Confidence.
    fn scrum(&mut self, u: usize, t: usize, inflicted: [u16; 2], ranks: [u16; 2]) {
        if !self.st.units[t].on_table() {
            return self.after_melee(u, t, t);
        }
        if !self.st.units[u].on_table() {
            return self.after_melee(u, t, u);
        }
        let defended = self.st.units[u].defended_this_turn;
        let (k, tl) = self.scrum_side(inflicted, ranks, defended);
        let loser = [u, t][k];
        if self.scrum_test(loser, tl) {
            self.after_melee(u, t, loser);
        }
    }

    /// Which side of a round tests, 0 the active side or 1 the other, and
    /// at what TL, from the casualties each inflicted and the ranks each
    /// counts; a tie falls on the side that received a charge this turn
    /// (L2776), `active_defended` telling whether the active side did.
    pub fn scrum_side(
        &self,
        inflicted: [u16; 2],
        ranks: [u16; 2],
        active_defended: bool,
    ) -> (usize, i32) {
        let score = match self.setup.options.scrum_score {
            ScrumScoreOption::RawSums => ScrumScore::RawSums,
            ScrumScoreOption::NormalisedRatios => ScrumScore::NormalisedRatios,
        };
        match scrum_loser(inflicted, ranks, score) {
            Some(side) => side,
            None if active_defended => (0, 0),
            None => (1, 0),
        }
    }

    /// The loser of a scrum tests Confidence at `tl` (plus any combined
    /// assault's extra, L2872); a failure falls back, and a unit the test
    /// leaves Broken routs and flees at once (L2779). True when it failed.
    pub fn scrum_test(&mut self, loser: usize, tl: i32) -> bool {
        let tl = tl + i32::from(self.st.units[loser].assault_extra_tl);
        let result = self.confidence(loser, tl, "scrum test");
        if result == TestResult::Pass {
            return false;
        }
        if self.st.units[loser].standing() {
            if result == TestResult::MajorFail {
                self.lose_integrity(loser);
            }
            if self.st.units[loser].cl == Cl::Broken {
                self.set_cl(loser, Cl::Routed);
            } else {
                self.fall_back(loser);
            }
        }
        true
    }

    /// The loser of a scrum falls back max(6", base move) (L2779), short
    /// of any unit in the way (L1615-1617).
    fn fall_back(&mut self, u: usize) {
        let Some(e) = self.release(u) else {
            return;
        };
        let step = move_inches(self.setup.profile_of(u).move_die).max(6.0);
        let to = self.away_over_ground(u, self.st.units[e].pos, step);
        self.move_away(u, to);
        self.change(u, |_| "falls back".to_string());
        self.leave_if_off_table(u);
    }

    /// When the `loser` of `u` and `t` has gone, fled or fallen back, the
    /// winner may follow through (L2876: only the side that won).
    fn after_melee(&mut self, u: usize, t: usize, loser: usize) {
        let winner = if loser == u { t } else { u };
        let s = &self.st.units[winner];
        if s.standing() && s.locked_with.is_none() {
            self.follow_through(winner, loser);
        }
    }

    /// Follow-through (L2874-2886): a Reaction test, +1 if the enemy was
    /// destroyed, +2 if it pulled back; a pass removes all suppression and
    /// makes a combat move after it; impetuous units must try.
    pub fn follow_through(&mut self, w: usize, l: usize) {
        let impetuous =
            self.setup.profile_of(w).has(Ability::Impetuous) && self.st.units[w].cl > Cl::Shaken;
        let wants = self.setup.sides[self.side(w)].doctrine.follow_through;
        if !(wants || impetuous) {
            return;
        }
        let gone = !self.st.units[l].on_table();
        let tl = if gone { 1 } else { 2 } + i32::from(self.st.units[w].assault_extra_tl);
        if self.reaction(w, tl, "follow-through") != TestResult::Pass {
            if impetuous {
                self.lose_integrity(w);
            }
            return;
        }
        self.st.units[w].suppression = 0;
        self.change(w, |_| "follows through".to_string());
        if gone {
            return self.overrun(w, l);
        }
        if self.combat_move(w, l) && self.st.units[l].cl == Cl::Routed {
            self.remove(l, Gone::Surrendered);
        }
    }

    /// The extra combat move after a destroyed enemy: straight ahead,
    /// through the captured position (L2880).
    fn overrun(&mut self, w: usize, l: usize) {
        let die = self.setup.profile_of(w).move_die;
        let step = f32::from(2 * self.roll(w, "combat move (follow-through)", die));
        let ahead = self.st.units[w].facing.ahead();
        let [x, y] = self.st.units[w].pos;
        let (width, depth) = (self.setup.width, self.setup.depth);
        let goal = [
            (x + ahead[0] * step).clamp(0.0, width),
            (y + ahead[1] * step).clamp(0.0, depth),
        ];
        let to = self.over_ground(w, goal);
        self.move_among_units(w, to, l);
        self.change(w, |_| "overruns the position".to_string());
    }

    /// A locked unit's attempt to withdraw (L2794-2799): a Confidence test
    /// at TL 0; a pass moves back 6" in good order, a failure also costs an
    /// integrity level.
    pub fn withdraw_from_melee(&mut self, u: usize) {
        let result = self.confidence(u, 0, "withdraw from hand-to-hand");
        if !self.st.units[u].standing() {
            return;
        }
        if result != TestResult::Pass {
            self.lose_integrity(u);
        }
        self.fall_back(u);
    }
}
