//! Charges (L293-338, G-01, G-09 to G-12, G-17): declaration against a
//! visible target (in the front arc of a company unit; all round for loose
//! units and monsters, L532, L540; and with a line of sight past other
//! units and sight-blocking terrain, L225, L307, measured as for
//! shooting), the fear and terror tests of both sides, the d6
//! (a 1 fails, no action spent) + S - 3 against the closest distance (or
//! the straight path with its wheel paid, `StrictPath`), contact flush
//! against the arc of the target that faces the charger, and the charge
//! attacks (+1 to hit and extra dice from more than 2"). A fleeing target
//! reached is caught (G-06).

use super::Ctx;
use crate::geometry::rect::wheel_cost;
use crate::geometry::{Arc, Rect};
use crate::overlays::sob::core::FleeCause;
use crate::rules::Tracer;
use crate::rulesets::dnd_war::courage::{fear_dc, TestKind};
use crate::rulesets::dnd_war::distances::{charge_reach, long_charge};
use crate::rulesets::dnd_war::options::{CaughtFleeing, ChargePath, UnstoppableCharge};
use crate::rulesets::dnd_war::state::{Engagement, Status};

/// How a charge went.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ChargeOutcome {
    /// The target is not in the charger's sight (no charge, no action).
    NotVisible,
    /// The charger failed its fear or terror test (as if it rolled a 1).
    Feared,
    RolledOne,
    OutOfReach,
    /// No room beside other units at the target's facing edge.
    NoRoom,
    /// In contact; `long` if the long-charge bonus applies.
    Contact {
        long: bool,
    },
    /// Reached a fleeing unit (caught, or destroyed under `WfbDestroyed`).
    Caught,
}

impl<T: Tracer> Ctx<'_, T> {
    /// Whether `unit` can see `target` to charge it (L307): part of it in
    /// the front arc of a company unit (L25; loose units and monsters see
    /// all round, L532, L540), and a line of sight from one of its
    /// front-rank companies that no other unit or sight-blocking terrain
    /// crosses, the test shooting uses (L225).
    pub fn can_see_for_charge(&self, unit: usize, target: usize) -> bool {
        let u = &self.st.units[unit];
        let in_arc = !self.profile(unit).has_companies()
            || u.rect()
                .partly_in_arc(self.st.units[target].rect(), Arc::Front);
        in_arc && self.any_company_sees(unit, target)
    }

    /// Whether the target has flanks and a rear (company units only).
    pub fn has_flanks(&self, unit: usize) -> bool {
        self.profile(unit).has_companies()
    }

    /// The arc of `target` that `charger` would contact.
    pub fn contact_arc(&self, charger: usize, target: usize) -> Arc {
        if !self.has_flanks(target) {
            return Arc::Front;
        }
        self.st.units[target]
            .rect()
            .arc_of(self.st.units[charger].rect().centre)
    }

    /// `unit` charges `target`: the whole charge phase for one unit.
    /// The distance a charge of `unit` on `target` must cover (the
    /// `charge_path` option: closest distance, or the path with its wheel).
    fn charge_needed(&self, unit: usize, target: usize) -> f64 {
        let distance_now = self.st.distance(unit, target);
        match self.setup.options.charge_path {
            ChargePath::ClosestDistance => distance_now,
            ChargePath::StrictPath => {
                let u = &self.st.units[unit];
                let to = (self.st.units[target].rect().centre - u.rect().centre).normalized();
                let turn = u.rect().facing.angle_to(to);
                let wheel =
                    if self.profile(unit).has_companies() && turn > std::f64::consts::FRAC_PI_4 {
                        wheel_cost(u.rect().width, turn - std::f64::consts::FRAC_PI_4)
                    } else {
                        0.0
                    };
                distance_now + wheel
            }
        }
    }

    pub fn charge(&mut self, unit: usize, target: usize) -> ChargeOutcome {
        if !self.can_see_for_charge(unit, target) {
            return ChargeOutcome::NotVisible;
        }
        let opts = &self.setup.options;
        let distance = self.st.distance(unit, target);
        self.change(unit, |c| {
            format!(
                "declares a charge on {} at {distance:.1} inches",
                c.label(target)
            )
        });
        // Fear and terror, both ways (L498-502), at declaration.
        let my_psy = self.profile(unit).psychology;
        let their_psy = self.profile(target).psychology;
        let no_fear_test = opts.unstoppable_charge == UnstoppableCharge::NoFearTest;
        let mut feared = false;
        let immune = opts.fear_causers_immune;
        let fears = |causer: u8, tester: u8| causer > 0 && !(immune && tester > 0);
        let (mine, theirs) = (my_psy.fear_level(), their_psy.fear_level());
        if fears(theirs, mine) {
            feared = !self.courage_test(unit, TestKind::FearOrTerror, fear_dc(theirs), false);
        }
        if fears(mine, theirs)
            && !self.st.units[target].fleeing()
            && !self.courage_test(target, TestKind::FearOrTerror, fear_dc(mine), false)
        {
            let away = self.st.units[target].rect().centre - self.st.units[unit].rect().centre;
            self.flee(
                target,
                away,
                "is terrified by the charge",
                FleeCause::Fear,
                Some(unit),
            );
        }
        let mut d6 = self.roll(6, unit, "charge distance", 0);
        d6 = self.ap_charge_roll(unit, d6);
        let favour = self.st.sob.favour[self.st.units[unit].side.index()] > 0;
        if favour && !feared && self.st.units[target].on_table() {
            let short = charge_reach(d6, self.joined_speed(unit)).map_or(true, |r| {
                r + crate::geometry::plane::EPS < self.charge_needed(unit, target)
            });
            if short && self.favour_reroll(unit, "charge roll") {
                d6 = self.roll(6, unit, "charge distance", 0);
            }
        }
        if feared && !(no_fear_test && d6 == 6) {
            return ChargeOutcome::Feared;
        }
        let speed = self.joined_speed(unit);
        self.st.sob.last_charge_reach = charge_reach(d6, speed).unwrap_or(0.0);
        let Some(reach) = charge_reach(d6, speed) else {
            self.change(unit, |_| "rolls a 1: the charge fails".to_string());
            return ChargeOutcome::RolledOne;
        };
        if !self.st.units[target].on_table() {
            return ChargeOutcome::OutOfReach;
        }
        let needed = self.charge_needed(unit, target);
        if reach + crate::geometry::plane::EPS < needed {
            self.change(unit, |_| {
                format!("reaches {reach:.0} of {needed:.1} inches: out of reach")
            });
            return ChargeOutcome::OutOfReach;
        }
        if self.st.units[target].fleeing() {
            return self.catch(unit, target);
        }
        let arc = self.contact_arc(unit, target);
        let Some((rect, overlap)) = self.contact_rect(unit, target, arc) else {
            self.change(unit, |_| {
                "finds no room at the target: the charge is not made".to_string()
            });
            return ChargeOutcome::NoRoom;
        };
        self.st.units[unit].set_rect(rect);
        self.st.engagements.push(Engagement {
            units: [unit, target],
            arc_on: [Arc::Front, arc],
            overlap,
        });
        let long = long_charge(distance)
            || (d6 == 6
                && self.setup.options.unstoppable_charge == UnstoppableCharge::LongChargeBonus);
        let u = &mut self.st.units[unit];
        u.flags.charged = true;
        u.long_charge = long;
        self.change(unit, |c| {
            format!(
                "charges into the {} of {}{}",
                arc.name(),
                c.label(target),
                if long { " from more than 2 inches" } else { "" }
            )
        });
        self.count_support(unit);
        self.count_support(target);
        self.strike(unit, target, true);
        ChargeOutcome::Contact { long }
    }

    /// A charger or pursuer reaches a fleeing unit (G-06).
    pub fn catch(&mut self, unit: usize, target: usize) -> ChargeOutcome {
        match self.setup.options.caught_fleeing {
            CaughtFleeing::WfbDestroyed => {
                self.change(target, |c| {
                    format!("is caught by {} and cut down", c.label(unit))
                });
                self.remove_unit(target, Status::Destroyed);
            }
            CaughtFleeing::Literal => {
                self.engage_for_next_turn(unit, target);
                self.change(target, |c| {
                    format!(
                        "is caught by {}: it strikes next charge phase",
                        c.label(unit)
                    )
                });
            }
        }
        self.st.units[unit].flags.charged = true;
        ChargeOutcome::Caught
    }

    /// Whether a charge of `unit` on `target` would find room to make
    /// contact (a fleeing target is caught wherever it stands): asked by
    /// the doctrine before it declares, so that a charge is never declared
    /// that the geometry cannot complete.
    pub fn has_room_to_charge(&self, unit: usize, target: usize) -> bool {
        self.st.units[target].fleeing()
            || self
                .contact_rect(unit, target, self.contact_arc(unit, target))
                .is_some()
    }

    /// `unit` reaches `target` and stands flush against its facing arc; its
    /// charge attacks, and the return attacks, wait for the next turn's
    /// charge phase (L442, G-06).
    pub fn engage_for_next_turn(&mut self, unit: usize, target: usize) {
        let arc = self.contact_arc(unit, target);
        if let Some((rect, overlap)) = self.contact_rect(unit, target, arc) {
            self.st.units[unit].set_rect(rect);
            self.st.engagements.push(Engagement {
                units: [unit, target],
                arc_on: [Arc::Front, arc],
                overlap,
            });
        }
        self.st.units[target].caught_by = Some(unit);
        self.st.units[target].caught_on_turn = self.st.turn;
    }

    /// Where `unit` stands flush against `arc` of `target`, and the length of
    /// the contact; shifted along the edge to clear other units, `None` if
    /// nowhere along it is clear.
    pub fn contact_rect(&self, unit: usize, target: usize, arc: Arc) -> Option<(Rect, f64)> {
        let t = *self.st.units[target].rect();
        let me = *self.st.units[unit].rect();
        let (normal, half_edge) = match arc {
            Arc::Front => (t.facing, t.width / 2.0),
            Arc::Rear => (-t.facing, t.width / 2.0),
            Arc::Right => (t.facing.right(), t.depth / 2.0),
            Arc::Left => (-t.facing.right(), t.depth / 2.0),
        };
        let half_depth = if arc.is_flank() {
            t.width / 2.0
        } else {
            t.depth / 2.0
        };
        let edge_centre = t.centre + normal * half_depth;
        let along = normal.right();
        let offset = (me.centre - edge_centre)
            .dot(along)
            .clamp(-half_edge, half_edge);
        let mut candidates = [0.0f64; 13];
        for (k, slot) in candidates.iter_mut().enumerate() {
            let step = (k as f64 + 1.0) / 2.0;
            let sign = if k % 2 == 0 { 1.0 } else { -1.0 };
            *slot = if k == 0 {
                offset
            } else {
                (offset + sign * step.floor()).clamp(-half_edge, half_edge)
            };
        }
        for &o in &candidates {
            let front = edge_centre + along * o;
            let rect = Rect::from_front(front, -normal, me.width, me.depth);
            let clear = self.st.units.iter().enumerate().all(|(i, other)| {
                i == unit
                    || i == target
                    || !other.on_table()
                    || !other.rect().overlaps(&shrunk(&rect))
            });
            if clear {
                let lo = (o - me.width / 2.0).max(-half_edge);
                let hi = (o + me.width / 2.0).min(half_edge);
                return Some((rect, (hi - lo).max(0.0)));
            }
        }
        None
    }
}

/// The rectangle a hair smaller, so that touching neighbours do not count as overlapping.
fn shrunk(r: &Rect) -> Rect {
    Rect {
        width: (r.width - 0.02).max(0.0),
        depth: (r.depth - 0.02).max(0.0),
        ..*r
    }
}
