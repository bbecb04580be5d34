//! Turning hits into casualties in a battle (L273-287): resilience, the
//! removal order kept by [`crate::rulesets::dnd_war::body::Body`], Hope is
//! Lost! (fearless units, monsters and units with a character are immune),
//! damage against hit points for non-minions, and what happens when
//! a unit is gone: it leaves the table, its points count for the enemy,
//! its engagements end and allies within 6" test for panic (G-15: allies
//! only unless `panic_on_any_unit_destroyed`).

use super::Ctx;
use crate::overlays::sob::core::CoreEvent;
use crate::rules::Tracer;
use crate::rulesets::dnd_war::hits::minions_removed;
use crate::rulesets::dnd_war::setup::{Damage, Defence};
use crate::rulesets::dnd_war::state::Status;
use crate::rulesets::dnd_war::traits::UnitType;

/// What a batch of hits did to a unit.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Casualties {
    pub removed: u32,
    /// Hits that counted: all of them, except those after a non-minion's
    /// last model died (wasted, L618).
    pub landed: u32,
    /// Models removed by Hope is Lost! (they score in close combat, G-22).
    pub hope_lost: u32,
    pub destroyed: bool,
}

impl<T: Tracer> Ctx<'_, T> {
    /// A defence of `unit` now: its profile's, +2 AC from a joined Mighty
    /// Defender (fighter, warden).
    pub fn defence(&self, unit: usize, d: Defence) -> i32 {
        let base = self.profile(unit).defences[d.index()];
        let defender = d == Defence::Ac
            && self.joined_hero(unit).is_some_and(|h| {
                self.profile(h).class_rule
                    == Some(crate::rulesets::dnd_war::setup::ClassRule::MightyDefender)
            });
        base + 2 * i32::from(defender)
    }

    /// Rolls the damage of one hit.
    pub fn roll_damage(&mut self, d: Damage) -> u32 {
        let mut total = d.bonus;
        for _ in 0..d.dice {
            total += i32::from(self.dice.roll(d.sides));
        }
        total.max(0) as u32
    }

    /// Models of a non-minion `unit` (hit points `hp`) killed by `hits`
    /// doing `damage` each: wounds carry over on the current model; a
    /// killing hit's excess is lost (4e damage is per creature).
    fn wound(&mut self, unit: usize, hits: u32, damage: Damage, hp: u32) -> (u32, u32) {
        let mut kills = 0;
        let mut taken = 0;
        let mut landed = 0;
        for _ in 0..hits {
            if kills >= u32::from(self.st.units[unit].body.alive) {
                break;
            }
            landed += 1;
            let d = self.roll_damage(damage);
            taken += d;
            let u = &mut self.st.units[unit];
            u.wounds += d;
            if u.wounds >= hp {
                u.wounds = 0;
                kills += 1;
            }
        }
        if taken > 0 {
            let left = self.st.units[unit].wounds;
            self.change(unit, |_| {
                format!("takes {taken} damage from {hits} hits ({left} on the model now)")
            });
        }
        (kills, landed)
    }

    /// Applies `hits` from one pool doing `damage` each to `unit` (minions:
    /// removal from the rear company first, the front ones in close combat
    /// are bookkeeping only, L392; non-minions: damage against hit points).
    /// `by` is the attacking unit (reported to States of Battle).
    pub fn inflict(&mut self, unit: usize, hits: u32, damage: Damage, by: usize) -> Casualties {
        let p = self.profile(unit);
        let (kills, landed) = match p.hp {
            None => (minions_removed(hits, p.resilience), hits),
            Some(hp) => self.wound(unit, hits, damage, hp),
        };
        let removed = u32::from(self.st.units[unit].body.remove(kills));
        self.st.units[unit].casualties_this_phase += removed;
        let mut out = Casualties {
            removed,
            landed,
            ..Default::default()
        };
        let p = self.profile(unit);
        let immune = p.psychology.fearless
            || p.monster
            || p.unit_type == UnitType::Character
            || self.joined_hero(unit).is_some();
        let skirmish_rule = !p.has_companies()
            && self.setup.options.hope_is_lost_skirmishers
            && self.st.units[unit].body.alive * 2 <= 4;
        if self.st.units[unit].body.alive > 0
            && !immune
            && (self.st.units[unit].body.hope_is_lost() || skirmish_rule)
        {
            out.hope_lost = u32::from(self.st.units[unit].body.alive);
            self.st.units[unit].body.alive = 0;
            self.change(unit, |_| {
                format!(
                    "Hope is Lost!: its last {} models are removed",
                    out.hope_lost
                )
            });
        }
        self.st.report(CoreEvent::Slain {
            victim: unit,
            by,
            count: removed + out.hope_lost,
        });
        if removed > 0 {
            self.change(unit, |c| {
                format!(
                    "loses {removed} models to {hits} hits, {} left",
                    c.st.units[unit].body.alive
                )
            });
        }
        if self.st.units[unit].body.alive == 0 {
            out.destroyed = true;
            self.remove_unit(unit, Status::Destroyed);
        }
        out
    }

    /// Takes `unit` off the table as `status` (destroyed or fled off):
    /// the enemy scores its points, engagements end, allies near it panic.
    pub fn remove_unit(&mut self, unit: usize, status: Status) {
        let side = self.st.units[unit].side;
        let was_fleeing = self.st.units[unit].fleeing();
        if let Some(h) = self.st.units[unit].host.take() {
            let centre = self.st.units[h].rect().centre;
            self.st.units[unit].set_centre(centre);
            if self.st.units[h].hero == Some(unit) {
                self.st.units[h].hero = None;
            }
        }
        self.st.units[unit].set_status(status);
        self.st.report(CoreEvent::Removed {
            unit,
            fled_off: status == Status::FledOffTable,
        });
        self.st.points_destroyed[side.other().index()] += self.setup.units[unit].points;
        self.st.disengage(unit);
        self.change(unit, |_| match status {
            Status::FledOffTable => "flees off the table".to_string(),
            _ => "is destroyed".to_string(),
        });
        self.detach_hero(unit, status, was_fleeing);
        if status == Status::Destroyed {
            self.panic_around(unit, side);
            if self.setup.options.panic_on_any_unit_destroyed {
                self.panic_around(unit, side.other());
            }
        }
    }
}
