//! Characters in a battle (L592-658): a character deployed in a unit
//! (status `Joined`) moves, flees and fights with it; the unit uses his
//! courage bonus and psychology, is immune to Hope is Lost!, and gets his
//! class rule (Mighty Defender +2 AC, Inspirational Leader +2 courage and
//! stubborn within 6", Divine Litany re-rolls). The general lends his
//! courage bonus to allied units within 12"; the battle standard lets
//! allied units within 12" re-roll courage tests. Action points are in
//! `action_points`, joining and leaving units in `joining`. When his unit is gone
//! the character stands alone (a lone US 1 character moves as a
//! skirmisher, L600); a character hit in close combat takes damage
//! against his hit points. Also here: who casts for a unit (a lone caster
//! or a joined one, L198), its spell's range and the targets it may reach.

use super::Ctx;
use crate::geometry::{Arc, Vec2};
use crate::overlays::sob::core::CoreEvent;
use crate::rules::Tracer;
use crate::rulesets::dnd_war::courage;
use crate::rulesets::dnd_war::setup::{footprint, ClassRule};
use crate::rulesets::dnd_war::state::Status;
use crate::rulesets::dnd_war::traits::Psychology;

/// Radius of the general's courage and the battle standard's re-roll (L570, L654).
pub const COMMAND_RADIUS: f64 = 12.0;
/// Radius of the bard's Inspirational Leader stubbornness (L852).
pub const BARD_RADIUS: f64 = 6.0;

impl<T: Tracer> Ctx<'_, T> {
    /// The character joined to `unit` who lends it his benefits now (not
    /// one sent to the back after declining a challenge this turn).
    pub fn joined_hero(&self, unit: usize) -> Option<usize> {
        let h = self.st.units[unit].hero?;
        let hero = &self.st.units[h];
        (hero.status() == Status::Joined && hero.shamed_on_turn != self.st.turn).then_some(h)
    }

    /// The character who acts for `unit`: its joined character, or the unit
    /// itself when it is a lone character.
    pub fn acting_hero(&self, unit: usize) -> Option<usize> {
        if self.profile(unit).is_character() {
            return Some(unit);
        }
        self.joined_hero(unit)
    }

    /// Where a unit or a joined character stands.
    pub fn position_rect(&self, unit: usize) -> crate::geometry::Rect {
        *self.st.units[self.position_unit(unit)].rect()
    }

    /// The unit whose footprint a unit or a joined character stands in:
    /// the character's host, or the unit itself.
    fn position_unit(&self, unit: usize) -> usize {
        match self.st.units[unit].host {
            Some(h) if self.st.units[unit].status() == Status::Joined => h,
            _ => unit,
        }
    }

    fn alive_character(&self, i: usize) -> bool {
        let u = &self.st.units[i];
        self.profile(i).is_character() && (u.on_table() || u.status() == Status::Joined)
    }

    /// Measured between the footprints the two stand in, through the
    /// battle state's distance memo.
    fn within(&self, unit: usize, other: usize, radius: f64) -> bool {
        self.st
            .within(self.position_unit(unit), self.position_unit(other), radius)
    }

    /// The psychology `unit` tests with: its own, its joined character's
    /// (L638), and stubborn from a bard within 6".
    pub fn psychology(&self, unit: usize) -> Psychology {
        let mut psy = self.profile(unit).psychology;
        if let Some(h) = self.joined_hero(unit) {
            psy = psy.union(self.profile(h).psychology);
        }
        let side = self.st.units[unit].side;
        let bard_near = (0..self.st.units.len()).any(|b| {
            self.st.units[b].side == side
                && self.alive_character(b)
                && self.profile(b).class_rule == Some(ClassRule::InspirationalLeader)
                && self.within(unit, b, BARD_RADIUS)
        });
        psy.stubborn |= bard_near;
        psy
    }

    /// The unit's courage bonus now: the best of its own, its character's
    /// and the general's within 12", then musician, stalwart and bard (L471).
    pub fn courage_bonus(&self, unit: usize) -> i32 {
        let p = self.profile(unit);
        let hero = self.acting_hero(unit);
        let side = self.st.units[unit].side;
        let general = (0..self.st.units.len()).find(|&g| {
            self.st.units[g].side == side
                && self.setup.units[g].general
                && self.alive_character(g)
                && self.within(unit, g, COMMAND_RADIUS)
        });
        courage::CourageSources {
            unit: p.courage,
            best_character: hero.map(|h| self.profile(h).courage),
            general_in_range: general.map(|g| self.profile(g).courage),
            musician: self.st.units[unit].body.command_alive().musician,
            stalwart: self.psychology(unit).stalwart,
            bard: hero.is_some_and(|h| {
                self.profile(h).class_rule == Some(ClassRule::InspirationalLeader)
            }),
        }
        .bonus()
    }

    /// Whether a failed courage test of `unit` may be re-rolled: a Divine
    /// Litany character with it, or the battle standard within 12".
    pub fn may_reroll_courage(&self, unit: usize) -> Option<&'static str> {
        if self
            .acting_hero(unit)
            .is_some_and(|h| self.profile(h).class_rule == Some(ClassRule::DivineLitany))
        {
            return Some("Divine Litany");
        }
        let side = self.st.units[unit].side;
        (0..self.st.units.len())
            .any(|b| {
                self.st.units[b].side == side
                    && self.setup.units[b].battle_standard
                    && self.alive_character(b)
                    && self.within(unit, b, COMMAND_RADIUS)
            })
            .then_some("the battle standard")
    }

    /// The caster who casts for `unit` (a profile whose ranged attack is
    /// a spell power, 001:L198): the unit itself, or its joined character.
    pub fn caster_for(&self, unit: usize) -> Option<usize> {
        let casts = |c: usize| self.profile(c).ranged.is_some_and(|a| a.spell);
        if casts(unit) {
            return Some(unit);
        }
        self.joined_hero(unit).filter(|&h| casts(h))
    }

    /// The range of the spell cast for `unit` ([`Ctx::caster_for`]).
    pub fn spell_range(&self, unit: usize) -> Option<f64> {
        let caster = self.caster_for(unit)?;
        self.profile(caster).ranged.map(|a| a.inches)
    }

    /// Whether a ranged attack of `inches` made for `unit` (a spell, or a
    /// joined character's shot) could target `target` from where `unit`
    /// stands (the shooting procedure, digest 5.5): an enemy on the table
    /// within `inches`, not engaged unless shooting into melee is allowed,
    /// seen, and in the front arc of a unit with companies or with a
    /// character joined.
    pub fn may_aim_at(&self, unit: usize, target: usize, inches: f64) -> bool {
        let t = &self.st.units[target];
        let arc_free = !self.profile(unit).has_companies() && self.joined_hero(unit).is_none();
        t.on_table()
            && t.side != self.st.units[unit].side
            && (self.setup.options.shoot_into_melee || !self.st.engaged(target))
            && self.st.within(unit, target, inches)
            && (arc_free
                || self.st.units[unit]
                    .rect()
                    .partly_in_arc(t.rect(), Arc::Front))
            && self.any_company_sees(unit, target)
    }

    /// Whether the spell cast for `unit`, of range `inches`, has a target now.
    pub fn has_spell_target(&self, unit: usize, inches: f64) -> bool {
        let enemy = self.st.units[unit].side.other();
        self.st
            .side_units(enemy)
            .any(|e| self.may_aim_at(unit, e, inches))
    }

    /// The nearest enemy a spell cast for `unit` may target once in range:
    /// one not engaged, unless shooting into melee is allowed.
    pub fn nearest_spell_target(&self, unit: usize) -> Option<(usize, f64)> {
        let enemy = self.st.units[unit].side.other();
        let into_melee = self.setup.options.shoot_into_melee;
        self.st
            .side_units(enemy)
            .filter(|&e| into_melee || !self.st.engaged(e))
            .map(|e| (e, self.st.distance(unit, e)))
            .min_by(|a, b| a.1.total_cmp(&b.1))
    }

    /// States of Battle's Favour of the Gods (digest D15): whether `unit`'s
    /// side spends a card to re-roll its failed `what` (a break or rally
    /// test, a charge roll). Never in the native game (no cards).
    pub fn favour_reroll(&mut self, unit: usize, what: &str) -> bool {
        let side = self.st.units[unit].side;
        if self.st.sob.favour[side.index()] == 0
            || !self.st.sob.favour_units.get(unit).copied().unwrap_or(false)
        {
            return false;
        }
        self.st.sob.favour[side.index()] -= 1;
        self.st.report(CoreEvent::Favour { side });
        self.change(unit, |_| {
            format!("re-rolls its failed {what} with Favour of the Gods")
        });
        true
    }

    /// `host` has left the table: its character stands alone where it was
    /// (or leaves with it when it fled off the table).
    pub fn detach_hero(&mut self, host: usize, host_status: Status, was_fleeing: bool) {
        let Some(h) = self.st.units[host].hero.take() else {
            return;
        };
        if self.st.units[h].status() != Status::Joined {
            return;
        }
        self.st.units[h].host = None;
        if host_status == Status::FledOffTable {
            self.remove_unit(h, Status::FledOffTable);
            return;
        }
        let r = *self.st.units[host].rect();
        let p = self.profile(h);
        let body = self.st.units[h].body;
        let facing: Vec2 = r.facing;
        let u = &mut self.st.units[h];
        u.set_rect(footprint(p, &body, r.centre, facing));
        u.set_status(if was_fleeing {
            Status::Fleeing
        } else {
            Status::Ready
        });
        self.change(h, |_| "stands alone now that his unit is gone".into());
    }
}
