//! Action points (L640-649, digest 5.8 and G-37). A character has AP for
//! the whole battle (the general one more); a unit's captain has one
//! ([INVENTED] 1, G-45). Four uses, each chosen by the side's doctrine:
//!
//! 1. change a die face: N AP move a face by N (`action_points`: failed
//!    courage tests of the unit, charge rolls of 1); not limited per round;
//! 2. and 3. an extra action for the character and his unit
//!    (`ap_extra_move`: a double move that keeps the standard action, so
//!    the unit may still shoot or charge);
//! 4. act first (`ap_act_first`): the unit charges before the other side;
//!    if both sides do so, a roll-off of d20 + the characters' initiative
//!    decides, and every AP offered is spent anyway.
//!
//! Uses 2-4 cost one AP, at most one per character per round, and at most
//! `ap_uses_per_unit_per_round` per unit (one character per unit in
//! muster, so the default 3 never binds; 0 forbids them).

use super::Ctx;
use crate::rules::{Side, TraceEvent, Tracer};
use crate::rulesets::dnd_war::courage::ap_to_pass;
use crate::rulesets::dnd_war::doctrine::ApUse;

impl<T: Tracer> Ctx<'_, T> {
    /// The character who can spend a round-limited AP for `unit` now.
    pub fn round_ap_spender(&self, unit: usize) -> Option<usize> {
        let h = self.acting_hero(unit)?;
        let hero = &self.st.units[h];
        let uses = self.st.units[unit].flags.ap_uses;
        (hero.ap_left > 0
            && !hero.flags.round_ap
            && uses < self.setup.options.ap_uses_per_unit_per_round)
            .then_some(h)
    }

    /// Spends the round-limited AP of `hero` for `unit` on `what`.
    pub fn spend_round_ap(&mut self, unit: usize, hero: usize, what: &str, rule: &str) {
        let h = &mut self.st.units[hero];
        h.ap_left -= 1;
        h.flags.round_ap = true;
        self.st.units[unit].flags.ap_uses += 1;
        self.decided(
            hero,
            "action points",
            |_| format!("spends 1 AP: {what}"),
            rule,
        );
    }

    /// Spends the action points of `unit`'s character (or else its
    /// captain) to turn a failed test (`roll` + `bonus` vs `dc`) into a
    /// pass, if the doctrine wants to and he has enough (TV-42). Returns
    /// whether it now passes.
    pub fn ap_rescue(&mut self, unit: usize, roll: i32, bonus: i32, dc: i32, nat20: bool) -> bool {
        if self.doctrine(self.st.units[unit].side).action_points == ApUse::Never {
            return false;
        }
        let Some(need) = ap_to_pass(roll, bonus, dc, nat20) else {
            return false;
        };
        if need == 0 {
            return false;
        }
        let hero = self
            .acting_hero(unit)
            .filter(|&h| u32::from(self.st.units[h].ap_left) >= need);
        let who = match hero {
            Some(h) => {
                self.st.units[h].ap_left -= need as u8;
                h
            }
            None => {
                let u = &mut self.st.units[unit];
                if !u.body.command_alive().captain || u32::from(u.captain_ap) < need {
                    return false;
                }
                u.captain_ap -= need as u8;
                unit
            }
        };
        self.decided(
            who,
            "action points",
            |_| {
                format!(
                    "spends {need} AP{} to turn the roll {roll} into {}",
                    if hero.is_some() {
                        ""
                    } else {
                        " of the captain"
                    },
                    roll + need as i32
                )
            },
            "action_points",
        );
        true
    }

    /// A charge roll of 1 turned into a 2 with one action point of the
    /// unit's character, if the doctrine spends them on charges.
    pub fn ap_charge_roll(&mut self, unit: usize, d6: u8) -> u8 {
        if d6 != 1
            || self.doctrine(self.st.units[unit].side).action_points != ApUse::TestsAndCharges
        {
            return d6;
        }
        match self.acting_hero(unit) {
            Some(h) if self.st.units[h].ap_left > 0 => {
                self.st.units[h].ap_left -= 1;
                self.decided(
                    h,
                    "action points",
                    |_| "spends 1 AP to turn the charge roll 1 into 2".into(),
                    "action_points",
                );
                2
            }
            _ => d6,
        }
    }

    /// Whether `unit` takes an extra move action with an AP (its doctrine's
    /// `ap_extra_move`), spending it if so.
    pub fn ap_extra_move(&mut self, unit: usize) -> bool {
        if !self.doctrine(self.st.units[unit].side).ap_extra_move {
            return false;
        }
        let Some(h) = self.round_ap_spender(unit) else {
            return false;
        };
        self.spend_round_ap(unit, h, "an extra move action", "ap_extra_move");
        true
    }

    /// Before the charge phases: units whose doctrine acts first, with a
    /// character who can spend the AP and a charge to declare, charge
    /// before the other side (L647). `order` is the turn's side order.
    pub fn act_first_charges(&mut self, order: [Side; 2]) {
        let offers = |c: &Self, side: Side| -> Option<i32> {
            if !c.doctrine(side).ap_act_first {
                return None;
            }
            c.st.side_units(side)
                .filter(|&u| c.round_ap_spender(u).is_some() && c.best_charge(u).is_some())
                .filter_map(|u| c.acting_hero(u).map(|h| c.profile(h).initiative))
                .max()
        };
        // Only the side without initiative gains by acting first; the
        // other contests only when it is challenged.
        let Some(late_i) = offers(self, order[1]) else {
            return;
        };
        let first = match offers(self, order[0]) {
            None => order[1],
            Some(early_i) => {
                let (late_wins, faces) = self.dice.roll_off(20, [late_i, early_i]);
                let round = self.st.turn;
                self.note(|c| TraceEvent::Roll {
                    round,
                    who: format!(
                        "{} vs {}",
                        c.setup.side_names[order[1].index()],
                        c.setup.side_names[order[0].index()]
                    ),
                    purpose: "act-first roll-off (d20 + initiative)".into(),
                    die: 20,
                    dice: faces.to_vec(),
                    kept: faces[usize::from(!late_wins)],
                    modifier: 0,
                });
                if late_wins {
                    order[1]
                } else {
                    order[0]
                }
            }
        };
        // Every AP offered is spent, won or lost.
        for side in [first, first.other()] {
            if !self.doctrine(side).ap_act_first {
                continue;
            }
            for u in 0..self.st.units.len() {
                if self.st.units[u].side != side || !self.st.units[u].on_table() {
                    continue;
                }
                if self.best_charge(u).is_none() {
                    continue;
                }
                if let Some(h) = self.round_ap_spender(u) {
                    self.spend_round_ap(u, h, "act first in the charge phase", "ap_act_first");
                    self.st.units[u].flags.acts_first = true;
                }
            }
        }
        for side in [first, first.other()] {
            for u in 0..self.st.units.len() {
                if self.st.units[u].side == side && self.st.units[u].flags.acts_first {
                    if let Some(t) = self.best_charge(u) {
                        self.decided(u, "charge", |c| c.label(t), "ap_act_first");
                        self.charge(u, t);
                    }
                }
            }
        }
    }
}
