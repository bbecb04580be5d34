//! Missile fire (L2279-2438): who may shoot and how many figures count by
//! formation, the Firepower die from total FP (`fp_die_map`), area fire for
//! bows, volleys, the Range die from range bands and its shifts, the
//! multiple opposed roll, potential hits, penetration against armour,
//! casualties, the Confidence test that follows, the pilum's stripping of a
//! Shield Wall and the ammunition test after a second fire (L1993-1999).

use super::arms::Missile;
use super::battle::Battle;
use super::fire_dice::{
    firepower_die, penetrations, range_band_die, resolve_fire, FireEffect, FpDieMap,
};
use super::ladder::{Die, TestResult};
use super::melee_dice::{Formation, Mount};
use super::morale::FireTriggers;
use super::options::{FpDieMapOption, LeaderLoss};
use super::state::{Ammo, Cl, Gone};
use crate::rules::Tracer;

/// How a fire action is made.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FireKind {
    /// An ordinary Fire action.
    Action,
    /// Final Defensive Fire: casualties only, no suppression (L2825-2843).
    Defensive,
}

/// The dice and target die of one shot, or why there is none.
struct Shot {
    firer: [Die; 3],
    n: usize,
    range: Die,
}

impl<T: Tracer> Battle<'_, T> {
    /// Unit `u`'s missile weapon, if it may fire at all now.
    pub fn can_fire(&self, u: usize) -> Option<Missile> {
        let s = &self.st.units[u];
        let ok = s.standing()
            && s.suppression == 0
            && !s.panic
            && s.locked_with.is_none()
            && s.ammo == Ammo::Full;
        let m = self.setup.profile_of(u).missile?;
        let skirmish_only = m.stats().skirmish_only && s.formation != Formation::Skirmish;
        (ok && !skirmish_only).then_some(m)
    }

    /// Whether `u` may shoot at `t` (a Broken unit only at units that fired
    /// on it; never into hand-to-hand).
    pub fn may_target(&self, u: usize, t: usize) -> bool {
        let n = self.st.units.len();
        let ts = &self.st.units[t];
        let broken_ok = self.st.units[u].cl != Cl::Broken || self.st.fired_on[u * n + t];
        ts.on_table() && ts.locked_with.is_none() && broken_ok && self.sees(u, t)
    }

    /// Whether `u` can shoot at `t` now: a target it may fire on, in range
    /// and in sight (`sight`: woods block it, and formed units under
    /// `formed_units_block_sight`).
    pub fn can_shoot_at(&self, u: usize, t: usize, moved: bool) -> bool {
        self.may_target(u, t) && self.range_die(u, t, moved).is_some()
    }

    /// The Range die of `u` firing at `t` after every shift, or None when
    /// the shot is out of range or impossible (L2345-2393).
    pub fn range_die(&self, u: usize, t: usize, moved: bool) -> Option<Die> {
        let m = self.setup.profile_of(u).missile?;
        let erb = m.erb_tenths(self.setup.units[u].quality.die());
        let tenths = (self.dist(u, t) * 10.0).round() as u32;
        let band = range_band_die(tenths, erb)?;
        let ts = &self.st.units[t];
        let mut shift: i8 = 0;
        shift += i8::from(ts.formation == Formation::Skirmish);
        shift += i8::from(ts.shield_wall);
        shift += i8::from(moved && !m.stats().thrown);
        shift -= i8::from(self.setup.profile_of(t).mount == Mount::Horse);
        shift -= i8::from(ts.formation == Formation::Close);
        shift += self
            .setup
            .terrain
            .cover(ts.pos, self.st.units[u].pos)
            .steps();
        band.shifted_range(shift)
    }

    /// The firer's dice: Quality die, Firepower die and (bows) Area Fire die.
    fn shot(&self, u: usize, t: usize, m: Missile, moved: bool) -> Option<Shot> {
        let range = self.range_die(u, t, moved)?;
        let s = &self.st.units[u];
        let stats = m.stats();
        let direct = match s.formation {
            Formation::Skirmish => s.figures,
            Formation::Open => s.figures.min(2 * s.files),
            Formation::Close => s.figures.min(s.files),
        };
        let volley = if s.volley_ready && stats.volley { 2 } else { 1 };
        let map = match self.setup.options.fp_die_map {
            FpDieMapOption::Stargrunt => FpDieMap::Stargrunt,
            FpDieMapOption::Thirds => FpDieMap::Thirds,
        };
        let fp = u32::from(direct) * u32::from(stats.fp_halves) * volley;
        let mut firer = [self.setup.units[u].quality.die(), Die::D4, Die::D4];
        let mut n = 1;
        if let Some(d) = firepower_die(fp, map) {
            firer[n] = d;
            n += 1;
        }
        let rear = u32::from(s.figures - direct);
        if stats.area && rear >= 2 {
            if let Some(d) = firepower_die(rear / 2 * u32::from(stats.fp_halves), map) {
                firer[n] = d;
                n += 1;
            }
        }
        Some(Shot { firer, n, range })
    }

    /// Unit `u` fires at `t`; returns the casualties caused.
    pub fn fire(&mut self, u: usize, t: usize, kind: FireKind, moved: bool) -> u16 {
        let Some(m) = self.can_fire(u) else { return 0 };
        let Some(shot) = self.shot(u, t, m, moved) else {
            return 0;
        };
        let n = self.st.units.len();
        self.st.fired_on[t * n + u] = true;
        self.st.units[u].volley_ready = false;
        let figures = self.st.units[t].figures;
        let (effect, roll) = resolve_fire(self.dice, &shot.firer[..shot.n], shot.range, figures);
        if T::ON {
            let what = format!(
                "fires {} at {}: {:?} ({:?})",
                m.name(),
                self.label(t),
                effect,
                roll
            );
            self.change(u, |_| what);
        }
        // L1316: a Green unit tests for panic the first time it is fired
        // on, by any fire, Final Defensive Fire included.
        if self.setup.units[t].quality == super::arms::Quality::Green {
            self.panic_test(t);
        }
        let hits = match effect {
            FireEffect::NoEffect => return 0,
            FireEffect::Suppress => 0,
            FireEffect::Effective { potential_hits } => potential_hits,
        };
        let armour = self.setup.profile_of(t).armour;
        let cas = penetrations(self.dice, hits, m.stats().imp, armour);
        let pilum = m.stats().strips_shield_wall && roll.firer_rolls()[0] > roll.target;
        self.fire_results(t, kind, cas, pilum, m.stats().gunpowder);
        cas
    }

    /// Suppression, casualties, the pilum and the Confidence test of a hit.
    fn fire_results(&mut self, t: usize, kind: FireKind, cas: u16, pilum: bool, gunpowder: bool) {
        let mut triggers = FireTriggers {
            gunpowder,
            ..FireTriggers::default()
        };
        if kind == FireKind::Action {
            triggers.first_suppressed = !self.st.units[t].first_suppressed;
            self.st.units[t].first_suppressed = true;
            self.suppress(t, false);
            if pilum && self.st.units[t].shield_wall {
                self.st.units[t].shield_wall = false;
                self.change(t, |_| "loses its Shield Wall to the pila".to_string());
            }
        }
        if cas > 0 {
            let left = self.st.units[t].figures.saturating_sub(cas);
            triggers.casualties = true;
            triggers.massive = cas > left;
            triggers.leader = self.casualties(t, cas);
        }
        if self.st.units[t].standing() {
            self.fire_confidence(t, triggers);
        }
    }

    /// Removes `cas` figures of `t`, leaders last (L2432-2438); returns
    /// whether the leader fell (the unit survived and lost its leader).
    pub fn casualties(&mut self, t: usize, cas: u16) -> bool {
        let before = self.st.units[t].figures;
        let cas = cas.min(before);
        let s = &mut self.st.units[t];
        s.figures -= cas;
        s.casualties_this_turn += cas;
        s.files = s.files.min(s.figures).max(1);
        let left = s.figures;
        self.change(t, |_| format!("loses {cas} figures ({left} left)"));
        if left == 0 {
            self.remove(t, Gone::Destroyed);
            return false;
        }
        let proportional = self.setup.options.leader_loss == LeaderLoss::Proportional;
        if proportional && cas > 0 {
            // One of the `before` figures, uniformly: the leader with chance cas / before.
            let hit = self.dice.next_u64() % u64::from(before) < u64::from(cas);
            if hit {
                self.leader_lost(t);
                return true;
            }
        }
        false
    }

    /// The unit leader becomes a casualty (L362-374): a suppression marker
    /// and a new leader of D6-rolled LV (1-2 worse, 6 better).
    fn leader_lost(&mut self, t: usize) {
        self.suppress(t, false);
        let r = self.roll(t, "new leader", Die::D6);
        let lv = self.st.units[t].lv;
        self.st.units[t].lv = match r {
            1 | 2 => (lv + 1).min(3),
            6 => lv.saturating_sub(1).max(1),
            _ => lv,
        };
        let new = self.st.units[t].lv;
        self.change(t, |_| format!("loses its leader; the new one has LV {new}"));
    }

    /// The ammunition test after a second fire (L1993-1999).
    pub fn ammo_test(&mut self, u: usize) {
        let tests = self
            .setup
            .profile_of(u)
            .missile
            .is_some_and(|m| m.stats().tests_ammo);
        if !tests {
            return;
        }
        let ammo = match self.reaction(u, 0, "ammunition test") {
            TestResult::Pass => return,
            TestResult::Fail => Ammo::OutUntilReorganize,
            TestResult::MajorFail => Ammo::Spent,
        };
        self.st.units[u].ammo = ammo;
        self.change(u, |_| format!("out of ammunition ({ammo:?})"));
    }
}
