//! Close assault (L2561-2672), by one unit or a combined assault's party
//! (`combined`, L2863-2872): who may charge, the charge Reaction test
//! with its cumulative Threat Levels (each charger separately), the
//! defender's odds test against all the chargers and withdrawal, the two
//! combat moves with Shock Missile fire and Final Defensive Fire between
//! them, and contact, which hands over to `melee`.

use super::arms::{Ability, Melee};
use super::battle::Battle;
use super::field;
use super::fire::FireKind;
use super::ladder::TestResult;
use super::melee_dice::{defender_odds_tl, Formation, Mount};
use super::options::{BrokenCharge, ChargeReach, FailedCharge};
use super::partners::{Party, MAX_PARTY};
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

    /// Unit `u` close-assaults `t`, with any friends its doctrine brings
    /// into a combined assault (L2863-2872).
    pub fn assault(&mut self, u: usize, t: usize) -> Assault {
        let joined = self.assault_party(u, t);
        let mut party = joined;
        self.charge_tests(&mut party, t);
        let went = party.contains(u);
        if !party.is_empty() {
            self.press_assault(&party, t);
        }
        self.close_joiners(u, &joined, &party);
        if went {
            return Assault::Made;
        }
        let second_free = self.setup.options.failed_charge == FailedCharge::SecondFree;
        Assault::Refused { second_free }
    }

    /// Each member takes its charge test (L2596-2642, separately in a
    /// combined assault, L2869); those that refuse leave the party.
    fn charge_tests(&mut self, party: &mut Party, t: usize) {
        let mut refused = false;
        party.retain(|u| {
            let Some(tl) = self.charge_tl(u, t) else {
                return true;
            };
            if self.reaction(u, tl, "charge test") == TestResult::Pass {
                return true;
            }
            self.change(u, |b| format!("refuses to charge {}", b.label(t)));
            refused = true;
            false
        });
        if refused && !party.is_empty() && !self.party_goes_on(party, false) {
            party.retain(|_| false);
        }
    }

    /// The charge of `party` on `t`: the defender's answer, two combat
    /// moves with Shock Missile fire and Final Defensive Fire between
    /// them, then contact for those that got there.
    fn press_assault(&mut self, party: &Party, t: usize) {
        self.charge_home(party, t);
        for u in party.iter() {
            self.st.units[u].assault_extra_tl = 0;
        }
    }

    /// [`Self::press_assault`] up to and including the first round.
    fn charge_home(&mut self, party: &Party, t: usize) {
        let (mut aspects, mut starts) = ([0u8; MAX_PARTY], [[0.0f32; 2]; MAX_PARTY]);
        for (k, u) in party.iter().enumerate() {
            self.st.units[u].charged_this_turn = true;
            aspects[k] = self.aspect(u, t);
            starts[k] = self.st.units[u].pos;
        }
        let flank = |arrived: &Party, b: &Self| {
            party.iter().enumerate().any(|(k, u)| {
                arrived.contains(u)
                    && aspects[k] > 0
                    && b.st.units[u].formation != Formation::Skirmish
            })
        };
        let stood = self.receive_charge(party, t);
        let (mut arrived, mut coming) = (Party::default(), Party::default());
        for u in party.iter() {
            let target = if self.combat_move(u, t) {
                &mut arrived
            } else {
                &mut coming
            };
            target.push(u);
        }
        if coming.is_empty() {
            let f = flank(&arrived, self);
            return self.contact(&arrived, t, f);
        }
        for u in coming.iter() {
            if self.setup.profile_of(u).has(Ability::ShockMissile) {
                self.fire(u, t, FireKind::Action, true);
            }
        }
        if stood {
            self.final_defensive_fire(party, &mut coming, t, &starts);
        }
        for u in coming.iter() {
            if self.st.units[u].standing() && self.st.units[t].on_table() && self.combat_move(u, t)
            {
                arrived.push(u);
            }
        }
        if !arrived.is_empty() {
            let f = flank(&arrived, self);
            self.contact(&arrived, t, f);
        }
    }

    /// Final Defensive Fire at the nearest charger still coming; one that
    /// falls back leaves `coming`, and the rest press on or break off.
    fn final_defensive_fire(
        &mut self,
        party: &Party,
        coming: &mut Party,
        t: usize,
        starts: &[[f32; 2]; MAX_PARTY],
    ) {
        let Some(x) = coming
            .iter()
            .min_by(|&a, &b| self.dist(t, a).total_cmp(&self.dist(t, b)))
        else {
            return;
        };
        let start = party
            .iter()
            .position(|u| u == x)
            .map_or(self.st.units[x].pos, |k| starts[k]);
        if self.defensive_fire(t, x, start) {
            return;
        }
        coming.retain(|u| u != x);
        let mut rest = *party;
        rest.retain(|u| u != x);
        if !rest.is_empty() && !self.party_goes_on(&rest, true) {
            coming.retain(|_| false);
        }
    }

    /// The defender's answer (L2651-2673) to the chargers of `party`; true
    /// when it stands.
    fn receive_charge(&mut self, party: &Party, t: usize) -> bool {
        let terror_of = |u: usize, b: &Self| b.setup.profile_of(u).has(Ability::Terror);
        if party.iter().any(|u| terror_of(u, self))
            && self.setup.units[t].quality == super::arms::Quality::Regular
        {
            self.panic_test(t);
        }
        self.st.units[t].defended_this_turn = true;
        if self.st.units[t].cl == Cl::Broken {
            self.set_cl(t, Cl::Routed);
        }
        let first = party.iter().next().unwrap_or(t);
        if self.st.units[t].cl == Cl::Routed {
            self.withdraw(t, first);
            return false;
        }
        let att = party.iter().map(|u| self.charging_count(u)).sum();
        let def = self.weight(t).max(1);
        let terror = party
            .iter()
            .any(|u| terror_of(u, self) && self.st.units[u].cl > Cl::Shaken);
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
            self.withdraw(t, first);
        }
        false
    }

    /// Withdrawal from a charge: max(6", base move) straight away from the
    /// charger, short of any unit in the way (L1615-1617), and one integrity
    /// level lost (L2663, L2673).
    fn withdraw(&mut self, t: usize, from: usize) {
        let step = move_inches(self.setup.profile_of(t).move_die).max(6.0);
        let threat = self.st.units[from].pos;
        let to = self.away_over_ground(t, threat, step);
        self.move_away(t, to);
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
    /// short of it; true when it got there. The move takes the shortest
    /// way to `t` ([`field::closing_vector`]), so a move whose distance
    /// covers the gap reaches a target off to one side as surely as one
    /// straight ahead (L2649).
    pub fn step_toward(&mut self, u: usize, t: usize, step: f32, stop: f32) -> bool {
        let gap = self.dist(u, t);
        if gap <= stop {
            return true;
        }
        let (mover, target) = (self.block(u), self.block(t));
        let way = field::closing_vector(&mover, self.skirmishing(u), &target, self.skirmishing(t));
        let from = self.st.units[u].pos;
        let to = [from[0] + way[0], from[1] + way[1]];
        let pos = self.ground_step(u, to, (gap - stop).min(step), step);
        self.move_among_units(u, pos, t);
        self.dist(u, t) <= stop + 0.01
    }

    /// Where `u`'s centre ends going `travel` inches straight toward `to`
    /// on a move of `step` inches, short of it where the ground slows it
    /// (L1422-1561); other units are not looked at.
    pub fn ground_step(&self, u: usize, to: [f32; 2], travel: f32, step: f32) -> [f32; 2] {
        let from = self.st.units[u].pos;
        let centre_gap = ((to[0] - from[0]).powi(2) + (to[1] - from[1]).powi(2)).sqrt();
        let mut travel = travel;
        let planned = field::toward(from, to, travel, centre_gap - travel).0;
        let terrain = &self.setup.terrain;
        if terrain.touches(from, planned) {
            let who = (self.st.units[u].formation, self.setup.profile_of(u).mount);
            travel = terrain.travel((from, to), travel, step, who);
        }
        field::toward(from, to, travel, centre_gap - travel).0
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

    /// Contact: a Routed defender caught is taken; otherwise hand-to-hand
    /// (none with a defender that left the table while the rest of the
    /// party came on, to Shock Missile fire, say).
    fn contact(&mut self, arrived: &Party, t: usize, flank: bool) {
        if !self.st.units[t].on_table() {
            return;
        }
        if self.st.units[t].cl == Cl::Routed {
            self.remove(t, Gone::Surrendered);
            return;
        }
        self.engage(arrived, t, flank);
    }
}
