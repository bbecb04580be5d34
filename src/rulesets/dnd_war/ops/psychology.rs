//! Courage tests as they happen in a battle (L444-510): the unit's bonus
//! (its own racial and size bonus, musician, stalwart), automatic passes
//! for fearless and immune units, the roll, and the panic tests with
//! their modifiers (fleeing allies and bigger enemies within 6"), which
//! units engaged in close combat take like any other (L477-484).
//!
//! A failed test may be re-rolled once (Divine Litany, the battle
//! standard) and then rescued with a character's action points; the
//! bonuses of characters and the general are in `characters`.

use super::Ctx;
use crate::overlays::sob::core::FleeCause;
use crate::rules::Tracer;
use crate::rulesets::dnd_war::courage::{self, auto_pass, PanicModifiers, TestKind};

/// Radius of the panic triggers and modifiers (L480-490).
pub const PANIC_RADIUS: f64 = 6.0;

impl<T: Tracer> Ctx<'_, T> {
    /// Takes a courage test of `kind` at `dc`; `natural_20_only` for the
    /// break test against a bigger fear causer. Returns whether it passed.
    pub fn courage_test(
        &mut self,
        unit: usize,
        kind: TestKind,
        dc: i32,
        natural_20_only: bool,
    ) -> bool {
        let psy = self.psychology(unit);
        if auto_pass(psy, kind) {
            self.change(unit, |_| {
                format!("passes its {} automatically", kind.name())
            });
            return true;
        }
        let bonus = self.courage_bonus(unit);
        let passes = |roll: i32, c: &Self| {
            if natural_20_only {
                roll == 20
            } else {
                courage::passes(roll, bonus, dc)
                    || (roll == 20 && c.setup.options.courage_nat20_autopass)
            }
        };
        let mut roll = i32::from(self.roll(20, unit, kind.name(), bonus));
        if !passes(roll, self) {
            if let Some(why) = self.may_reroll_courage(unit) {
                self.change(unit, |_| format!("re-rolls its {} ({why})", kind.name()));
                roll = i32::from(self.roll(20, unit, kind.name(), bonus));
            } else if matches!(kind, TestKind::Break | TestKind::Rally)
                && self.favour_reroll(unit, kind.name())
            {
                roll = i32::from(self.roll(20, unit, kind.name(), bonus));
            }
        }
        let pass = passes(roll, self) || self.ap_rescue(unit, roll, bonus, dc, natural_20_only);
        self.change(unit, |_| {
            format!(
                "{} its {} ({roll} + {bonus} vs DC {dc}{})",
                if pass { "passes" } else { "fails" },
                kind.name(),
                if natural_20_only {
                    ", natural 20 only"
                } else {
                    ""
                }
            )
        });
        pass
    }

    /// The panic modifiers around `unit` now, for a test with `shooting_casualties`.
    pub fn panic_modifiers(&self, unit: usize, shooting_casualties: Option<u32>) -> PanicModifiers {
        let me = &self.st.units[unit];
        let my_strength = self.st.unit_strength(self.setup, unit);
        let mut m = PanicModifiers {
            shooting_casualties,
            company_size: u32::from(me.body.company_size()),
            ..Default::default()
        };
        for (i, other) in self.st.units.iter().enumerate() {
            if i == unit || !other.on_table() || !self.st.within(unit, i, PANIC_RADIUS) {
                continue;
            }
            if other.side == me.side && other.fleeing() {
                m.fleeing_companies_near += u32::from(other.body.n_companies());
            } else if other.side != me.side && self.st.unit_strength(self.setup, i) > my_strength {
                m.bigger_enemy_near = true;
            }
        }
        m
    }

    /// A panic test (at most one per unit per phase, L484); on a failure the
    /// unit flees directly away from `cause`. Returns whether it fled.
    /// A unit engaged in close combat tests too: the triggers (L477-482)
    /// exempt no one but units already fleeing.
    pub fn panic_test(
        &mut self,
        unit: usize,
        cause: usize,
        shooting_casualties: Option<u32>,
    ) -> bool {
        let u = &self.st.units[unit];
        if !u.on_table() || u.fleeing() || u.flags.panic_tested {
            return false;
        }
        self.st.units[unit].flags.panic_tested = true;
        let m = self.panic_modifiers(unit, shooting_casualties);
        let dc = courage::panic_dc(m, self.psychology(unit).stubborn);
        if self.courage_test(unit, TestKind::Panic, dc, false) {
            return false;
        }
        let away = self.st.units[unit].rect().centre - self.st.units[cause].rect().centre;
        let why = if shooting_casualties.is_some() {
            FleeCause::ShootingPanic
        } else {
            FleeCause::AllyPanic
        };
        self.flee(unit, away, "panics", why, Some(cause));
        true
    }

    /// Panic tests of `side`'s units within 6" of `near` (a unit destroyed or
    /// fled from combat there), in unit order.
    pub fn panic_around(&mut self, near: usize, side: crate::rules::Side) {
        for i in 0..self.st.units.len() {
            let u = &self.st.units[i];
            if i == near || u.side != side || !u.on_table() {
                continue;
            }
            if self.st.within(near, i, PANIC_RADIUS) {
                self.panic_test(i, near, None);
            }
        }
    }
}
