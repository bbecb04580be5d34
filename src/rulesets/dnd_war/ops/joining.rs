//! Characters joining and leaving units during the battle (L602-614), and
//! a joined character's shots (L610).
//!
//! - Joining: in his side's movement phase, before the units move, a lone
//!   character whose doctrine says `join_units` walks into base contact
//!   with the nearest friendly unit (not a war machine) without
//!   a character that has not moved yet and is within his speed (measured
//!   straight; difficult ground is not counted). The unit and he share the
//!   move: it has `speed - inches walked` left and has spent its move
//!   action too (TV-22).
//! - While joined, the unit moves and charges no faster than he could.
//! - Leaving: a character whose doctrine says `leave_to_charge` charges
//!   out of a unit that declared no charge, from his place at the front of
//!   the command company (L614), when his own charge rule would declare
//!   one. He stands alone there whether or not the charge reaches. Leaving
//!   by a plain move is legal (L604) but no doctrine asks for it.
//! - Shooting: a joined character with a ranged attack shoots from the
//!   front rank at an enemy in the unit's arc of sight, at the unit's
//!   target if it shot, otherwise the closest he can see; his shot spends
//!   no action of the unit, but he does not strike in close combat that
//!   turn.

use super::Ctx;
use crate::geometry::Rect;
use crate::rules::{Side, Tracer};
use crate::rulesets::dnd_war::setup::footprint;
use crate::rulesets::dnd_war::state::Status;

impl<T: Tracer> Ctx<'_, T> {
    /// The speed `unit` moves and charges at: its own, no more than its
    /// joined character's (L602).
    pub fn joined_speed(&self, unit: usize) -> f64 {
        let speed = self.profile(unit).speed;
        match self.st.units[unit].hero {
            Some(h) if self.st.units[h].status() == Status::Joined => {
                speed.min(self.profile(h).speed)
            }
            _ => speed,
        }
    }

    /// Lone characters of `side` join units, as their doctrine wants.
    pub fn join_units(&mut self, side: Side) {
        if !self.doctrine(side).join_units {
            return;
        }
        for c in 0..self.st.units.len() {
            let u = &self.st.units[c];
            if u.side != side
                || !self.profile(c).is_character()
                || u.status() != Status::Ready
                || u.flags.walked
                || u.flags.double_moved
                || self.st.engaged(c)
            {
                continue;
            }
            let reach = self.profile(c).speed;
            let host = self
                .st
                .side_units(side)
                .filter(|&h| {
                    let t = &self.st.units[h];
                    self.profile(h).can_be_joined()
                        && t.hero.is_none()
                        && !t.fleeing()
                        && !t.flags.walked
                        && !t.flags.double_moved
                        && !t.flags.reformed
                        && !self.st.engaged(h)
                })
                .map(|h| (h, self.st.distance(c, h)))
                .filter(|&(_, d)| d <= reach)
                .min_by(|a, b| a.1.total_cmp(&b.1));
            if let Some((h, inches)) = host {
                self.join(c, h, inches);
            }
        }
    }

    /// Character `c` walks `inches` into contact with `host` and joins it.
    pub fn join(&mut self, c: usize, host: usize, inches: f64) {
        let rect = *self.st.units[host].rect();
        let hero = &mut self.st.units[c];
        hero.set_status(Status::Joined);
        hero.host = Some(host);
        hero.set_rect(rect);
        hero.flags.walked = true;
        let unit = &mut self.st.units[host];
        unit.hero = Some(c);
        unit.move_spent = inches;
        unit.flags.walked = true;
        self.decided(
            c,
            "join",
            |ctx| {
                format!(
                    "walks {inches:.1} inches and joins {}; it has {:.1} inches of its move left",
                    ctx.label(host),
                    (ctx.joined_speed(host) - inches).max(0.0)
                )
            },
            "join_units",
        );
    }

    /// The character joined to `unit` leaves it from his place at the front
    /// of the command company and stands alone just in front of it (L604,
    /// L614).
    pub fn leave(&mut self, unit: usize) -> Option<usize> {
        let h = self.joined_hero(unit)?;
        let r = *self.st.units[unit].rect();
        let p = self.profile(h);
        let body = self.st.units[h].body;
        // He steps out across the front edge at the command company, his
        // base's back edge on it: not inside the unit (L39). Nothing else
        // is looked at: another unit close in front may be overlapped.
        let base = footprint(p, &body, r.front_centre(), r.facing);
        let centre = r.front_centre() + r.facing * (base.depth / 2.0);
        let flags = self.st.units[unit].flags;
        let hero = &mut self.st.units[h];
        hero.set_rect(Rect { centre, ..base });
        hero.set_status(Status::Ready);
        hero.host = None;
        hero.flags.walked |= flags.walked;
        hero.flags.double_moved |= flags.double_moved;
        hero.flags.reformed |= flags.reformed;
        self.st.units[unit].hero = None;
        Some(h)
    }

    /// After `side`'s charges: characters whose doctrine says so charge out
    /// of units that stayed put.
    pub fn leave_to_charge(&mut self, side: Side) {
        if !self.doctrine(side).leave_to_charge {
            return;
        }
        for u in 0..self.st.units.len() {
            let s = &self.st.units[u];
            if s.side != side
                || !s.on_table()
                || s.fleeing()
                || s.flags.charged
                || self.st.engaged(u)
            {
                continue;
            }
            let Some(h) = self.joined_hero(u) else {
                continue;
            };
            if self.st.units[h].flags.shot {
                continue;
            }
            let Some(h) = self.leave(u) else { continue };
            match self.best_charge(h) {
                Some(t) => {
                    self.decided(
                        h,
                        "charge",
                        |c| format!("leaves {} and charges {}", c.label(u), c.label(t)),
                        "leave_to_charge",
                    );
                    self.charge(h, t);
                }
                None => {
                    // No charge to make: he stays in the unit after all.
                    let rect = *self.st.units[u].rect();
                    let hero = &mut self.st.units[h];
                    hero.set_status(Status::Joined);
                    hero.host = Some(u);
                    hero.set_rect(rect);
                    self.st.units[u].hero = Some(h);
                }
            }
        }
    }

    /// The joined character of `unit` shoots, at `unit_target` if the unit
    /// shot, otherwise at the closest enemy in the unit's arc he can see.
    pub fn hero_shoots(&mut self, unit: usize, unit_target: Option<usize>) {
        let Some(h) = self.joined_hero(unit) else {
            return;
        };
        let Some(ranged) = self.profile(h).ranged else {
            return;
        };
        let u = &self.st.units[unit];
        if u.fleeing()
            || u.flags.double_moved
            || self.st.units[h].flags.shot
            || (!self.setup.options.engaged_can_shoot && self.st.engaged(unit))
        {
            return;
        }
        // `unit` has a hero joined, so the front arc applies.
        let legal = |c: &Self, e: usize| c.may_aim_at(unit, e, ranged.inches);
        let target = match unit_target {
            Some(t) => Some(t).filter(|&t| legal(self, t)),
            None => self
                .st
                .side_units(self.st.units[unit].side.other())
                .filter(|&e| legal(self, e))
                .min_by(|&a, &b| {
                    self.st
                        .distance(unit, a)
                        .total_cmp(&self.st.distance(unit, b))
                }),
        };
        let Some(t) = target else { return };
        self.decided(
            h,
            "shooting target",
            |c| c.label(t),
            "joined character: the unit's target, else closest",
        );
        // He shoots from where the unit stands.
        let rect = *self.st.units[unit].rect();
        self.st.units[h].set_rect(rect);
        self.shoot(h, t);
        if self.st.units[t].shooting_cause == Some(h) {
            self.st.units[t].shooting_cause = Some(unit);
        }
    }
}
