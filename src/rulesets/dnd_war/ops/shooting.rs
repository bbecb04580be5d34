//! Shooting (L196-291): a unit not engaged (G-08) that has not reformed,
//! double moved or fled picks a visible enemy in range; every model in the
//! front row of each front-rank company that sees the target rolls a d20
//! (the second row too from higher ground); cover makes the target number
//! worse (-2 / -5 when most lines from firing to target centres cross it);
//! hits become casualties; and once a side has shot, each enemy unit that
//! lost a company's worth takes one panic test at DC 10 + 2 per company.
//!
//! Models with A above 1 (a lone character, a captain) multiattack
//! against minions; characters hit with their own floor. War machines fire
//! through `machines`; a joined character's shots are in `joining`. Not
//! built: long range (G-55).

use super::Ctx;
use crate::geometry::{Arc, Cover, Vec2};
use crate::rules::{Side, Tracer};
use crate::rulesets::dnd_war::courage::shooting_panic_triggered;
use crate::rulesets::dnd_war::hits::need;
use crate::rulesets::dnd_war::state::BattleState;

impl<T: Tracer> Ctx<'_, T> {
    /// Whether `unit` may shoot this phase at all.
    pub fn may_shoot(&self, unit: usize) -> bool {
        let u = &self.st.units[unit];
        let machine_ready = self.profile(unit).machine.is_none() || (u.loaded && !u.disabled);
        self.profile(unit).ranged.is_some()
            && machine_ready
            && u.on_table()
            && !u.fleeing()
            && !u.flags.reformed
            && !u.flags.double_moved
            && !u.flags.shot
            && (self.setup.options.engaged_can_shoot || !self.st.engaged(unit))
    }

    /// Whether nothing (no other unit, no sight-blocking terrain) crosses the line.
    pub fn line_clear(&self, from: Vec2, to: Vec2, shooter: usize, target: usize) -> bool {
        let units_clear = self.st.units.iter().enumerate().all(|(i, o)| {
            i == shooter || i == target || !o.on_table() || !o.rect().crossed_by(from, to)
        });
        units_clear
            && self
                .setup
                .terrain
                .iter()
                .all(|a| !a.blocks_sight || !a.crossed_by(from, to))
    }

    /// Whether `target` is a legal target for `unit` (sight, range, not engaged).
    pub fn can_target(&self, unit: usize, target: usize) -> bool {
        let t = &self.st.units[target];
        let Some(ranged) = self.profile(unit).ranged else {
            return false;
        };
        t.on_table()
            && t.side != self.st.units[unit].side
            && (self.setup.options.shoot_into_melee || !self.st.engaged(target))
            && self.st.within(unit, target, ranged.inches)
            && (!self.profile(unit).has_companies()
                || self.st.units[unit]
                    .rect()
                    .partly_in_arc(t.rect(), Arc::Front))
            && self.any_company_sees(unit, target)
            && self.machine_can_target(unit, target)
    }

    /// The share of `unit`'s front-rank companies with a line of sight to
    /// `target` (tested from each company's front edge to the target's centre
    /// and nearest corner).
    pub fn seeing_share(&self, unit: usize, target: usize) -> f64 {
        let n = self.front_companies(unit);
        let seeing = (0..n)
            .filter(|&k| self.company_sees(unit, target, k, n))
            .count();
        seeing as f64 / n as f64
    }

    /// Whether any front-rank company of `unit` sees `target`
    /// (`seeing_share > 0`, stopping at the first that does). The answer is
    /// kept in the battle state's sight memo until something on the table
    /// moves or `unit`'s front changes.
    pub fn any_company_sees(&self, unit: usize, target: usize) -> bool {
        let n = self.front_companies(unit);
        let measure = || (0..n).any(|k| self.company_sees(unit, target, k, n));
        let sees = self.st.sight(unit, target, n, measure);
        // Test builds measure again: a stale memo fails every battle test.
        debug_assert_eq!(sees, measure(), "sight memo stale: {unit} -> {target}");
        sees
    }

    /// How many front-rank companies `unit` sights from (1 for a model).
    fn front_companies(&self, unit: usize) -> usize {
        if self.profile(unit).has_companies() {
            usize::from(self.st.units[unit].body.front_companies().max(1))
        } else {
            1
        }
    }

    /// Whether company `k` of `n` across `unit`'s front sees `target`.
    fn company_sees(&self, unit: usize, target: usize, k: usize, n: usize) -> bool {
        let r = *self.st.units[unit].rect();
        let t = *self.st.units[target].rect();
        let x = -r.width / 2.0 + r.width * (k as f64 + 0.5) / n as f64;
        let from = r.to_world(Vec2::new(x, r.depth / 2.0));
        if self.line_clear(from, t.centre, unit, target) {
            return true;
        }
        // The nearest corner is needed only when the centre is hidden.
        self.line_clear(from, t.nearest_corner(from), unit, target)
    }

    /// The cover the target has against this shooter: the best cover crossed
    /// by the centre-to-centre line, or by the target's own ground.
    fn cover_penalty(&self, unit: usize, target: usize) -> i32 {
        let (from, to) = (
            self.st.units[unit].rect().centre,
            self.st.units[target].rect().centre,
        );
        let mut best = Cover::None;
        for a in &self.setup.terrain {
            if a.cover != Cover::None && a.crossed_by(from, to) && !a.contains(from) {
                best = if a.cover == Cover::Superior || best == Cover::Superior {
                    Cover::Superior
                } else {
                    Cover::Cover
                };
            }
        }
        match best {
            Cover::None => 0,
            Cover::Cover => 2,
            Cover::Superior => 5,
        }
    }

    /// `unit` shoots at `target`. Returns the hits.
    pub fn shoot(&mut self, unit: usize, target: usize) -> u32 {
        if self.profile(unit).machine.is_some() {
            return self.fire_machine(unit, target);
        }
        let Some(ranged) = self.profile(unit).ranged else {
            return 0;
        };
        let body = self.st.units[unit].body;
        let share = self.seeing_share(unit, target);
        let higher = BattleState::elevation(self.setup, self.st.units[unit].rect().centre)
            > BattleState::elevation(self.setup, self.st.units[target].rect().centre);
        let per_model = self.dice_per_model(unit, target);
        let models = if self.profile(unit).has_companies() {
            body.shooting_dice(higher, share, per_model, self.captain_dice(unit, target))
        } else {
            body.shooting_dice(false, 1.0, per_model, self.captain_dice(unit, target))
        };
        let mut bonus = ranged.bonus - self.cover_penalty(unit, target);
        if self.st.units[target].fleeing() && self.setup.options.fleeing_grants_ca {
            bonus += 2;
        }
        let def = self.defence(target, ranged.vs);
        let need = self.sob_need(need(
            bonus + self.st.sob.shot_bonus,
            def,
            self.hit_floor(unit),
        ));
        self.st.units[unit].flags.shot = true;
        self.change(unit, |c| {
            format!("shoots at {} with {models} dice", c.label(target))
        });
        let hits = self.roll_pool(models, need, unit, "shooting");
        let cas = self.inflict(target, hits, ranged.damage, unit);
        let t = &mut self.st.units[target];
        t.shooting_casualties += cas.removed;
        if t.shooting_cause.is_none() {
            t.shooting_cause = Some(unit);
        }
        hits
    }

    /// A shot's need after a States of Battle floor (a spent Stand &
    /// Shoot hits only on the top band, capped at 20).
    pub fn sob_need(&self, need: i32) -> i32 {
        match self.st.sob.shot_min_need {
            Some(min) => crate::rulesets::dnd_war::hits::top_band(need, min),
            None => need,
        }
    }

    /// Step 6 of a side's shooting: the enemy units that lost a company's
    /// worth take their panic tests (one per unit, G-16).
    pub fn shooting_panic(&mut self, shooters: Side) {
        for i in 0..self.st.units.len() {
            let u = &self.st.units[i];
            if u.side == shooters || !u.on_table() {
                continue;
            }
            let (cas, cause) = (u.shooting_casualties, u.shooting_cause);
            if let Some(cause) = cause {
                if shooting_panic_triggered(cas, u32::from(u.body.company_size())) {
                    self.panic_test(i, cause, Some(cas));
                }
            }
            let u = &mut self.st.units[i];
            u.shooting_casualties = 0;
            u.shooting_cause = None;
        }
    }
}
