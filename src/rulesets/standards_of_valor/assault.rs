//! Close assault (L2561-2672): who may charge, the charge Reaction test
//! with its cumulative Threat Levels, the defender's odds test and
//! withdrawal, the two combat moves with Shock Missile fire and Final
//! Defensive Fire between them, and contact, which hands over to `melee`.

use super::arms::{Ability, Melee};
use super::battle::Battle;
use super::field;
use super::fire::FireKind;
use super::ladder::TestResult;
use super::melee_dice::{defender_odds_tl, Formation, Mount};
use super::options::{BrokenCharge, ChargeReach, FailedCharge};
use super::state::{move_inches, Cl, Gone};
use crate::rules::Tracer;

/// How a close assault ended for the attacker's activation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Assault {
    /// The charge test failed; whether the second action is still free.
    Refused { second_free: bool },
    /// The charge went in (contact or not).
    Made,
}

impl<T: Tracer> Battle<'_, T> {
    /// Whether unit `u` may declare a close assault at all (L2588-2591).
    pub fn can_charge(&self, u: usize) -> bool {
        let s = &self.st.units[u];
        let cl_ok = match self.setup.options.broken_charge {
            BrokenCharge::Never => s.cl >= Cl::Shaken,
            BrokenCharge::AtShakenPlusOne => s.cl >= Cl::Broken,
        };
        cl_ok
            && s.on_table()
            && s.figures >= 4
            && s.suppression == 0
            && !s.panic
            && s.locked_with.is_none()
    }

    /// How far unit `u` may declare a charge (L2591 is cut off: `charge_reach`).
    pub fn charge_reach(&self, u: usize) -> f32 {
        let die = move_inches(self.setup.profile_of(u).move_die);
        match self.setup.options.charge_reach {
            ChargeReach::TwoCombatMoves => 4.0 * die,
            ChargeReach::OneCombatMove => 2.0 * die,
        }
    }

    /// The charge test's Threat Level (L2596-2642), or None for an
    /// automatic pass (Inspired).
    pub fn charge_tl(&self, u: usize, t: usize) -> Option<i32> {
        let (a, d) = (&self.st.units[u], &self.st.units[t]);
        let (pa, pd) = (self.setup.profile_of(u), self.setup.profile_of(t));
        let mut tl = match a.cl {
            Cl::Inspired => return None,
            Cl::Confident => 0,
            Cl::Steady => 1,
            Cl::Shaken => 3,
            _ => 4,
        };
        tl += match (a.formation, d.formation) {
            (Formation::Skirmish, Formation::Open) => 1,
            (Formation::Skirmish, Formation::Close) => 2,
            (Formation::Open, Formation::Close) => 1,
            _ => 0,
        };
        let horse = pa.mount == Mount::Horse;
        tl += i32::from(!horse && pd.mount == Mount::Horse);
        tl += i32::from(horse && d.shield_wall);
        tl += i32::from(horse && pd.melee.first() == Some(&Melee::Pike));
        tl += 2 * i32::from(horse && (pd.has(Ability::Phalanx) || pd.has(Ability::Testudo)));
        tl += 2 * i32::from(pd.has(Ability::Terror));
        tl -= i32::from(self.aspect(u, t));
        Some(tl)
    }

    /// 0 front, 1 flank, 2 rear, of `u` charging `t`; Skirmish targets have
    /// no flanks (L2804).
    pub fn aspect(&self, u: usize, t: usize) -> u8 {
        if self.st.units[t].formation == Formation::Skirmish {
            return 0;
        }
        field::charge_aspect(&self.block(u), &self.block(t))
    }

    /// The figure count a charging unit brings to the odds: cavalry x2,
    /// Fear and Terror x2 more (L2654, L3114-3122).
    fn charging_count(&self, u: usize) -> u32 {
        let p = self.setup.profile_of(u);
        let fearsome =
            (p.has(Ability::Fear) || p.has(Ability::Terror)) && self.st.units[u].cl > Cl::Shaken;
        self.weight(u) * if fearsome { 2 } else { 1 }
    }

    /// Unit `u` close-assaults `t`.
    pub fn assault(&mut self, u: usize, t: usize) -> Assault {
        if let Some(tl) = self.charge_tl(u, t) {
            if self.reaction(u, tl, "charge test") != TestResult::Pass {
                let second_free = self.setup.options.failed_charge == FailedCharge::SecondFree;
                self.change(u, |b| format!("refuses to charge {}", b.label(t)));
                return Assault::Refused { second_free };
            }
        }
        self.st.units[u].charged_this_turn = true;
        let aspect = self.aspect(u, t);
        let start = self.st.units[u].pos;
        let stood = self.receive_charge(u, t);
        if self.combat_move(u, t) {
            return self.contact(u, t, aspect);
        }
        if self.setup.profile_of(u).has(Ability::ShockMissile) {
            self.fire(u, t, FireKind::Action, true);
        }
        if stood && !self.defensive_fire(t, u, start) {
            return Assault::Made;
        }
        if self.st.units[u].standing() && self.st.units[t].on_table() && self.combat_move(u, t) {
            return self.contact(u, t, aspect);
        }
        Assault::Made
    }

    /// The defender's answer (L2651-2673); true when it stands.
    fn receive_charge(&mut self, u: usize, t: usize) -> bool {
        if self.setup.profile_of(u).has(Ability::Terror)
            && self.setup.units[t].quality == super::arms::Quality::Regular
        {
            self.panic_test(t);
        }
        self.st.units[t].defended_this_turn = true;
        if self.st.units[t].cl == Cl::Broken {
            self.set_cl(t, Cl::Routed);
        }
        if self.st.units[t].cl == Cl::Routed {
            self.withdraw(t, u);
            return false;
        }
        let (att, def) = (self.charging_count(u), self.weight(t).max(1));
        let terror =
            self.setup.profile_of(u).has(Ability::Terror) && self.st.units[u].cl > Cl::Shaken;
        let tl = defender_odds_tl(att, def) * if terror { 2 } else { 1 };
        let passed = self.confidence(t, tl, "receive charge") == TestResult::Pass;
        let outnumbered = att > def;
        let choose = self.setup.sides[self.side(t)].doctrine.receive_charge;
        let wants_out =
            choose == super::doctrine::ReceiveCharge::WithdrawIfOutnumbered && outnumbered;
        if passed && !wants_out {
            return true;
        }
        if self.st.units[t].standing() {
            self.decided(
                t,
                "receive_charge",
                if passed {
                    "withdraw"
                } else {
                    "forced withdrawal"
                },
                "receive_charge",
            );
            self.withdraw(t, u);
        }
        false
    }

    /// Withdrawal from a charge: max(6", base move) straight away from the
    /// charger, and one integrity level lost (L2663, L2673).
    fn withdraw(&mut self, t: usize, from: usize) {
        let step = move_inches(self.setup.profile_of(t).move_die).max(6.0);
        let threat = self.st.units[from].pos;
        self.st.units[t].pos = self.away_over_ground(t, threat, step);
        self.lose_integrity(t);
        self.change(t, |_| "withdraws".to_string());
        self.leave_if_off_table(t);
    }

    /// One combat move of `u` toward `t` (L1359-1368); true on contact.
    pub fn combat_move(&mut self, u: usize, t: usize) -> bool {
        if !self.st.units[t].on_table() {
            return false;
        }
        let die = self.setup.profile_of(u).move_die;
        let step = f32::from(2 * self.roll(u, "combat move", die));
        self.step_toward(u, t, step, 0.0)
    }

    /// Moves `u` up to `step` inches toward `t`, stopping `stop` inches
    /// short of it; true when it got there.
    pub fn step_toward(&mut self, u: usize, t: usize, step: f32, stop: f32) -> bool {
        let gap = self.dist(u, t);
        if gap <= stop {
            return true;
        }
        let (from, to) = (self.st.units[u].pos, self.st.units[t].pos);
        let centre_gap = ((to[0] - from[0]).powi(2) + (to[1] - from[1]).powi(2)).sqrt();
        let mut travel = (gap - stop).min(step);
        let planned = field::toward(from, to, travel, centre_gap - travel).0;
        let terrain = &self.setup.terrain;
        if terrain.touches(from, planned) {
            let who = (self.st.units[u].formation, self.setup.profile_of(u).mount);
            travel = terrain.travel((from, to), travel, step, who);
        }
        let (pos, _) = field::toward(from, to, travel, centre_gap - travel);
        self.move_among_units(u, pos, t);
        self.dist(u, t) <= stop + 0.01
    }

    /// Final Defensive Fire by `t` at the charging `u` (L2825-2843); false
    /// when the charger falls back.
    fn defensive_fire(&mut self, t: usize, u: usize, start: [f32; 2]) -> bool {
        let doctrine = &self.setup.sides[self.side(t)].doctrine;
        if !doctrine.defensive_fire || self.setup.profile_of(t).missile.is_none() {
            return true;
        }
        let markers = i32::from(self.st.units[t].suppression);
        if markers > 0
            && self.reaction(t, markers, "defensive fire while suppressed") != TestResult::Pass
        {
            return true;
        }
        let saved = self.st.units[t].suppression;
        self.st.units[t].suppression = 0;
        let cas = self.fire(t, u, FireKind::Defensive, false);
        self.st.units[t].suppression = saved;
        if cas == 0 || !self.st.units[u].standing() {
            return self.st.units[u].standing();
        }
        if self.reaction(u, i32::from(cas), "stand under defensive fire") == TestResult::Pass {
            return true;
        }
        self.st.units[u].pos = start;
        self.change(u, |_| "falls back under defensive fire".to_string());
        self.suppress(u, false);
        false
    }

    /// Contact: a Routed defender caught is taken; otherwise hand-to-hand.
    fn contact(&mut self, u: usize, t: usize, aspect: u8) -> Assault {
        if self.st.units[t].cl == Cl::Routed {
            self.remove(t, Gone::Surrendered);
            return Assault::Made;
        }
        self.engage(u, t, aspect);
        Assault::Made
    }
}
