//! The two hand-to-hand mechanics of one round. `pool_round` is the rules
//! text's (L2683-2742): the force ratio from the formation table times the
//! rank multipliers, reduced and scaled to dice pools of Quality dice, the
//! figure ratio, open die shifts (charging, Shield Wall, reach, melee),
//! one die up per overlapped flank, potential hits against the opponent's
//! lowest die and penetration. `legacy_round` is the worked example's (L2745-2754): Quality
//! die and Firepower die against the opponent's Quality die, none, half or
//! all of the potential blows, summary penetration. Either side may fight
//! on a share of its front (a defender's front shared among the attackers
//! of a combined assault).

use super::arms::{Melee, MeleeStats};
use super::battle::Battle;
use super::field;
use super::ladder::{multiple_opposed, Die, Opposed};
use super::melee::RoundResult;
use super::melee_dice::{
    dice_for_ratio, figure_ratio, force_ratio, hth_wounds, potential_hits, rank_multiplier,
    reduce_ratio, roll_pool, Formation, Mount, Penetration, Pool, RatioReading, RatioRounding,
};
use super::options::{
    ChargeBonus, HthPenetration, OpenOrderReach, RatioRoundingOption, RatioTable, ReachShift,
    ShieldWallHth,
};
use super::state::frontage;
use crate::rules::Tracer;

/// One side of a round, as the dice see it.
#[derive(Clone, Copy, Debug)]
struct Fighter {
    unit: usize,
    formation: Formation,
    mount: Mount,
    weapon: MeleeStats,
    /// Effective reach: weapon reach less suppression, never below 0.
    reach: u8,
    ranks: u16,
    files: u16,
    width: f32,
}

impl<T: Tracer> Battle<'_, T> {
    fn fighter(&self, u: usize) -> Fighter {
        let s = &self.st.units[u];
        let p = self.setup.profile_of(u);
        let lance_spent = p.melee.first() == Some(&Melee::Lance) && !s.lance_ready;
        let weapon = match (lance_spent, p.melee.get(1)) {
            (true, Some(w)) => w.stats(),
            _ => p.melee.first().copied().unwrap_or(Melee::Dagger).stats(),
        };
        Fighter {
            unit: u,
            formation: s.formation,
            mount: p.mount,
            weapon,
            reach: weapon.reach.saturating_sub(s.suppression),
            ranks: field::ranks(s.figures, s.files),
            files: s.files.min(s.figures),
            width: self.front_width(u),
        }
    }

    /// The width of unit `u`'s front rank in inches.
    pub fn front_width(&self, u: usize) -> f32 {
        let s = &self.st.units[u];
        let mount = self.setup.profile_of(u).mount;
        f32::from(s.files.min(s.figures)) * frontage(s.formation, mount)
    }

    /// The rank multiplier (L2689), in halves (a dagger halves it, ambiguity 28).
    fn rank_halves(&self, f: &Fighter) -> u32 {
        let share = match self.setup.options.open_order_reach {
            OpenOrderReach::Half => (1, 2),
            OpenOrderReach::TwoThirds => (2, 3),
        };
        let s = self.st.units[f.unit].suppression;
        let mult = rank_multiplier(
            (f.formation, f.mount),
            f.weapon.reach,
            f.ranks.max(1),
            s,
            share,
        );
        if f.weapon.fp_halves < 2 {
            mult
        } else {
            2 * mult
        }
    }

    /// Dice pools for (a, b): the force ratio times the rank multipliers,
    /// reduced and scaled so both roll at least two (L2683-2695).
    fn pools(&self, a: &Fighter, b: &Fighter) -> (u8, u8) {
        let reading = match self.setup.options.ratio_table {
            RatioTable::Reciprocal => RatioReading::Reciprocal,
            RatioTable::Literal => RatioReading::Literal,
        };
        let rounding = match self.setup.options.ratio_rounding {
            RatioRoundingOption::Thresholds => RatioRounding::Thresholds,
            RatioRoundingOption::Nearest => RatioRounding::Nearest,
        };
        let base = force_ratio((a.formation, a.mount), (b.formation, b.mount), reading);
        let x = u32::from(base.0) * self.rank_halves(a);
        let y = u32::from(base.1) * self.rank_halves(b);
        dice_for_ratio(reduce_ratio(x, y, rounding))
    }

    /// The figure ratio f (L2695): the figures in contact on the side with
    /// fewer dice, per die, at least 1.
    fn figure_ratio(a: &Fighter, b: &Fighter, dice: (u8, u8)) -> u16 {
        let contact = a.width.min(b.width);
        let in_contact = |f: &Fighter| {
            let fr = frontage(f.formation, f.mount);
            f.files.min((contact / fr).ceil() as u16).max(1)
        };
        if dice.0 <= dice.1 {
            figure_ratio(in_contact(a), dice.0)
        } else {
            figure_ratio(in_contact(b), dice.1)
        }
    }

    /// Each side's shifts of all its dice (L2698-2706), before the
    /// open-shift exchange: charging; the opponent's Shield Wall, whichever
    /// of the two is the active unit (L2702); cover; reach; a Melee
    /// (L2817).
    fn shifts(&self, a: &Fighter, b: &Fighter, charging: [bool; 2]) -> [i8; 2] {
        let (sa, sb) = (&self.st.units[a.unit], &self.st.units[b.unit]);
        let mut s = charging.map(i8::from);
        let walls = [i8::from(sa.shield_wall), i8::from(sb.shield_wall)];
        for k in 0..2 {
            match self.setup.options.shield_wall_hth {
                ShieldWallHth::AttackerDown => s[k] -= walls[1 - k],
                ShieldWallHth::DefenderUp => s[k] += walls[k],
            }
        }
        if self.setup.options.reach_shift == ReachShift::QualityByDifference {
            s[0] -= b.reach.saturating_sub(a.reach) as i8;
            s[1] -= a.reach.saturating_sub(b.reach) as i8;
        }
        let terrain = &self.setup.terrain;
        s[0] -= terrain.cover(sb.pos, sa.pos).steps();
        s[1] -= terrain.cover(sa.pos, sb.pos).steps();
        let melee = sa.formation == Formation::Skirmish && sb.formation == Formation::Skirmish;
        for (k, f) in [a, b].into_iter().enumerate() {
            if melee && f.mount == Mount::Foot && f.weapon.reach > 1 {
                s[k] -= 2;
            }
        }
        s
    }

    /// The flanks each side overlaps the other on (L2708): both when its
    /// front is wider by two figures or more and its integrity is no lower.
    fn overlapped_flanks(a: &Fighter, b: &Fighter) -> [u8; 2] {
        let overlap = |x: &Fighter, y: &Fighter| {
            let integrity = |f: Formation| 2 - f as i8;
            let wider = x.width >= y.width + 2.0 * frontage(x.formation, x.mount);
            2 * u8::from(wider && integrity(x.formation) >= integrity(y.formation))
        };
        [overlap(a, b), overlap(b, a)]
    }

    /// Each side's Quality die after the open shifts `s` of all its dice:
    /// the excess beyond the ladder's ends shifts the opponent the other
    /// way (L151, L2698).
    fn hth_dice(&self, a: &Fighter, b: &Fighter, s: [i8; 2]) -> [Die; 2] {
        let qa = self.setup.units[a.unit].quality.die();
        let qb = self.setup.units[b.unit].quality.die();
        let (da, xa) = qa.shifted_open(s[0]);
        let (db, xb) = qb.shifted_open(s[1]);
        [da.shifted(-xb), db.shifted(-xa)]
    }

    /// Whether the active unit `u` and its opponent `t` count as charging
    /// this round: the active charger in the round of contact
    /// (`first_round`), or a unit that charged this turn in every round of
    /// that turn, whichever of the two is active (`charge_turn`).
    fn charging(&self, u: usize, t: usize, first: bool) -> [bool; 2] {
        match self.setup.options.charge_bonus {
            ChargeBonus::FirstRound => [first, false],
            ChargeBonus::ChargeTurn => [u, t].map(|x| self.st.units[x].charged_this_turn),
        }
    }

    /// The Impact die of `f` striking `o` this round (charging cavalry
    /// spears +1, a ready lance D12 on the first charge, L2121).
    fn impact(&mut self, f: &Fighter, o: &Fighter, charging: bool) -> Die {
        let mut imp = f.weapon.imp;
        let horse_charge = charging && f.mount == Mount::Horse;
        if horse_charge && f.weapon.lance && self.st.units[f.unit].lance_ready {
            imp = Die::D12;
            self.st.units[f.unit].lance_ready = false;
        } else if horse_charge && f.weapon.cavalry_charge_bonus {
            imp = imp.shifted(1);
        }
        if self.setup.options.reach_shift == ReachShift::ImpactByReach {
            imp = imp.shifted(-(o.reach as i8));
        }
        imp
    }

    fn penetration(&self) -> Penetration {
        match self.setup.options.hth_penetration {
            HthPenetration::Detailed => Penetration::Detailed,
            HthPenetration::Summary => Penetration::Summary,
        }
    }

    /// The two sides of a round between `u` and `t`, each fighting on the
    /// share of its front given (1 for a unit's whole front; a defender's
    /// front is shared among the attackers of a combined assault).
    fn fighters(&self, u: usize, t: usize, shares: [f32; 2]) -> (Fighter, Fighter) {
        let (mut a, mut b) = (self.fighter(u), self.fighter(t));
        a.width *= shares[0];
        b.width *= shares[1];
        (a, b)
    }

    /// A round under the force-ratio dice pools.
    pub fn pool_round(&mut self, u: usize, t: usize, first: bool, shares: [f32; 2]) -> RoundResult {
        let (a, b) = self.fighters(u, t, shares);
        let charging = self.charging(u, t, first);
        let (na, nb) = self.pools(&a, &b);
        let f = Self::figure_ratio(&a, &b, (na, nb));
        let dice = self.hth_dice(&a, &b, self.shifts(&a, &b, charging));
        let flanks = Self::overlapped_flanks(&a, &b);
        let [pa, pb] = Pool::overlapping([na, nb], dice, flanks);
        let (mut ra, mut rb) = ([0u8; 24], [0u8; 24]);
        let la = roll_pool(self.dice, pa, &mut ra);
        let lb = roll_pool(self.dice, pb, &mut rb);
        let ha = u16::from(potential_hits(&ra[..la], &rb[..lb])) * f;
        let hb = u16::from(potential_hits(&rb[..lb], &ra[..la])) * f;
        let potential = [
            hb.min(self.st.units[u].figures),
            ha.min(self.st.units[t].figures),
        ];
        if T::ON {
            let what = format!(
                "fights: {} v {}, f {f}, rolls {:?} v {:?}",
                pool_words(pa),
                pool_words(pb),
                &ra[..la],
                &rb[..lb]
            );
            self.change(u, |_| what);
        }
        self.wounds(&a, &b, potential, charging)
    }

    /// Penetration of both sides' potential hits.
    fn wounds(
        &mut self,
        a: &Fighter,
        b: &Fighter,
        potential: [u16; 2],
        charging: [bool; 2],
    ) -> RoundResult {
        let method = self.penetration();
        let imp_a = self.impact(a, b, charging[0]);
        let imp_b = self.impact(b, a, charging[1]);
        let arm = |x: &Fighter| self.setup.profile_of(x.unit).armour;
        let (arm_a, arm_b) = (arm(a), arm(b));
        let wb = hth_wounds(self.dice, potential[1], imp_a, arm_b, method);
        let wa = hth_wounds(self.dice, potential[0], imp_b, arm_a, method);
        RoundResult {
            potential,
            wounds: [wa, wb],
        }
    }

    /// A round under the worked example's mechanic: each side rolls its
    /// Quality die and its weapon's Firepower die against the other's
    /// Quality die; one success wins half its potential blows, two all.
    /// Its one Quality die is the "one QD" an overlap shifts, once per
    /// flank (L2708).
    pub fn legacy_round(
        &mut self,
        u: usize,
        t: usize,
        first: bool,
        shares: [f32; 2],
    ) -> RoundResult {
        let (a, b) = self.fighters(u, t, shares);
        let charging = self.charging(u, t, first);
        let mut s = self.shifts(&a, &b, charging);
        for (k, n) in Self::overlapped_flanks(&a, &b).into_iter().enumerate() {
            s[k] += n as i8;
        }
        let [da, db] = self.hth_dice(&a, &b, s);
        let blows = |x: &Fighter, y: &Fighter| {
            let contact = x.width.min(y.width);
            let front = x
                .files
                .min((contact / frontage(x.formation, x.mount)).ceil() as u16);
            let extra = u16::from(x.reach).min(x.ranks.saturating_sub(1));
            front
                * (1 + if x.formation == Formation::Close {
                    extra
                } else {
                    0
                })
        };
        let mut strike = |me: &Fighter, mine: Die, theirs: Die, n: u16| {
            let fp = me
                .weapon
                .fp_die
                .shifted(mine.index() - self.setup.units[me.unit].quality.die().index());
            let rolls = [mine.roll(self.dice), fp.roll(self.dice)];
            let opp = theirs.roll(self.dice);
            match multiple_opposed(&rolls, opp) {
                Opposed::Fail => 0,
                Opposed::Success => n / 2,
                Opposed::Major => n,
            }
        };
        let ha = strike(&a, da, db, blows(&a, &b));
        let hb = strike(&b, db, da, blows(&b, &a));
        let potential = [
            hb.min(self.st.units[u].figures),
            ha.min(self.st.units[t].figures),
        ];
        self.wounds(&a, &b, potential, charging)
    }
}

/// A pool in a trace line: "4 d8", "4 d8 (2 up)", "2 d6 (1 down)".
fn pool_words(p: Pool) -> String {
    let mut words = format!("{} d{}", p.n, p.die.faces());
    for (k, how) in [(p.up, "up"), (p.down, "down")] {
        if k > 0 {
            words.push_str(&format!(" ({k} {how})"));
        }
    }
    words
}
