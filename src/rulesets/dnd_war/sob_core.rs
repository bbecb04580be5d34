//! D&D War as the core under States of Battle (digest 5.5): [`DndCore`]
//! implements the overlay's `SobCore` contract with the same unit-level
//! operations the native turn uses (move, charge, shoot, fight a round,
//! rally, flee), and `DndWar` implements the overlay's `SobRules`, so
//! that [`SobOnDndWar`], the overlay's generic binding on this core, plays
//! a validated scenario as one of the engine's rulesets.
//!
//! Adaptations (digest 5.5): the GD roll-off replaces the initiative roll
//! and the active player takes the initiative side's choices; terror tests
//! open each round; spent markers replace the war machines' reload action;
//! per-turn flags clear at each player turn, so a unit that fired cannot
//! strike later that turn (the turn links). A catch or pursuit contact
//! (L442) joins no fight in the player turn it is made; the catcher
//! strikes in the fight's next round, in a later turn (digest 5.5). Cast Spells: every caster
//! (a profile whose ranged attack is a `spell`) not fleeing and not
//! engaged uses it with the shooting procedure; casters never fire out of
//! sequence and count as wizards for the Stratagem. A joined character
//! with a ranged attack fires with his unit out of sequence; a disabled
//! stone thrower is repaired by a Move activation. Not simulated here:
//! area spell powers (D&D War has no limited-duration effects or
//! encounter powers in this version, so none recharge).
//!
//! The overlay asks for charge options and shooting targets far more often
//! than it acts, so `DndCore` keeps each unit's answers ([`OverlayMemos`])
//! until its next action: every `&mut self` method of the contract that can
//! change the battle counts itself first (`changed`).

use super::memo::StampMemo;
use super::ops::Ctx;
use super::state::{BattleState, Status};
use super::DndWar;
use crate::dice::Dice;
use crate::geometry::Arc;
use crate::overlays::sob::battle::SobSetup;
use crate::overlays::sob::binding::{SobOn, SobRules};
use crate::overlays::sob::core::{
    ChargeOption, ChargeResult, CoreActions, CoreDeployment, CoreEvent, CoreQueries, ShotMods,
    SobCore,
};
use crate::overlays::sob::options::SobOptions;
use crate::rules::{BattleRecord, Ruleset, Side, TraceEvent, Tracer};
use crate::stats::TallyShape;

/// D&D War numbers the overlay's card effects are scaled by.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct DndScales {
    /// d20 attack bonus per to-hit step (Crushing / Ineffective Missilery).
    pub to_hit_step: i32,
    /// The need of a spent Stand & Shoot.
    pub sas_need: i32,
    /// The turn links of digest 6.6.
    pub turn_links: bool,
}

/// The D&D War core of one battle.
pub struct DndCore<'a, T: Tracer> {
    pub ctx: Ctx<'a, T>,
    /// Points of each unit, characters at their notional value.
    pub points: &'a [u32],
    pub scales: DndScales,
    /// How many of the overlay's actions have changed the battle: every
    /// `&mut self` method of the contract that can change the state counts
    /// itself first, so a charge option or shooting target found at the
    /// same count is still the answer.
    changes: u32,
    /// Charge options and shooting targets found at `changes`, per unit
    /// (emptied for each battle).
    memos: &'a OverlayMemos,
}

/// Per unit, the answers `DndCore` keeps between the overlay's actions;
/// only storage, reused between battles.
#[derive(Clone, Debug, Default)]
pub struct OverlayMemos {
    /// The charge each unit's doctrine would declare.
    charges: StampMemo<Option<ChargeOption>>,
    /// The enemy each unit would shoot at (`None`: none it may).
    targets: StampMemo<Option<usize>>,
}

impl OverlayMemos {
    /// Empties both memos for a battle of `units` units.
    fn reset(&mut self, units: usize) {
        self.charges.reset(units);
        self.targets.reset(units);
    }
}

impl<'a, T: Tracer> DndCore<'a, T> {
    /// The core of a battle starting from `ctx`'s state, with emptied
    /// memos (`memos` is only storage, reused between battles).
    pub fn new(
        ctx: Ctx<'a, T>,
        points: &'a [u32],
        scales: DndScales,
        memos: &'a mut OverlayMemos,
    ) -> Self {
        memos.reset(ctx.st.units.len());
        DndCore {
            ctx,
            points,
            scales,
            changes: 0,
            memos,
        }
    }

    /// Counts an action that may change the battle (see `changes`).
    #[inline]
    fn changed(&mut self) {
        self.changes = self.changes.wrapping_add(1);
    }

    /// The charge `u`'s doctrine would declare now, as the overlay sees it.
    fn find_charge_option(&self, u: usize) -> Option<ChargeOption> {
        let target = self.ctx.best_charge(u)?;
        let speed = self.ctx.joined_speed(u);
        let distance = self.ctx.st.distance(u, target);
        let sixths = super::distances::charge_sixths(speed, distance);
        Some(ChargeOption {
            target,
            p_success: f64::from(sixths) / 6.0,
            distance,
            max_range: speed + 3.0,
        })
    }
}

impl<T: Tracer> CoreQueries for DndCore<'_, T> {
    fn unit_count(&self) -> usize {
        self.ctx.st.units.len()
    }
    fn side(&self, u: usize) -> Side {
        self.ctx.st.units[u].side
    }
    fn side_name(&self, s: Side) -> &str {
        &self.ctx.setup.side_names[s.index()]
    }
    fn label(&self, u: usize) -> String {
        self.ctx.label(u)
    }
    fn points(&self, u: usize) -> u32 {
        self.points[u]
    }
    fn is_named_character(&self, u: usize) -> bool {
        self.ctx.profile(u).is_character()
    }
    fn is_general(&self, u: usize) -> bool {
        self.ctx.setup.units[u].general
    }
    fn is_wizard(&self, u: usize) -> bool {
        self.ctx.profile(u).ranged.is_some_and(|a| a.spell)
    }
    fn spell_has_target(&self, w: usize) -> bool {
        let body = self.host(w).unwrap_or(w);
        let spell = self.ctx.profile(w).ranged.filter(|a| a.spell);
        spell.is_some_and(|a| self.ctx.has_spell_target(body, a.inches))
    }
    fn is_missile(&self, u: usize) -> bool {
        let p = self.ctx.profile(u);
        p.ranged.is_some_and(|a| !a.spell) && p.machine.is_none()
    }
    fn is_war_machine(&self, u: usize) -> bool {
        self.ctx.profile(u).machine.is_some()
    }
    fn in_battle(&self, u: usize) -> bool {
        let s = &self.ctx.st.units[u];
        s.on_table() || s.status() == Status::Joined
    }
    fn acts(&self, u: usize) -> bool {
        self.ctx.st.units[u].on_table()
    }
    fn units_within(&self, o: &crate::objectives::Objective, side: Side) -> u32 {
        self.ctx.st.units_within(o, side)
    }
    #[cfg(debug_assertions)]
    fn audit_objectives(
        &self,
        objectives: &[crate::objectives::Objective],
        holder: &[Option<Side>],
        seized: &[crate::objectives::Seizure],
    ) {
        super::ops::objectives::audit_holders(self.ctx.st, objectives, holder, seized);
    }
    #[cfg(debug_assertions)]
    fn audit_geometry(&self) {
        let pair = self.ctx.st.overlapping_pair(super::ops::AUDIT_SLACK);
        if let Some((a, b)) = pair {
            let st = &self.ctx.st;
            panic!(
                "{} and {} stand inside each other at the end of round {} ({:?}, {:?})",
                self.ctx.label(a),
                self.ctx.label(b),
                st.turn,
                st.units[a].rect(),
                st.units[b].rect()
            );
        }
    }
    fn engaged(&self, u: usize) -> bool {
        self.ctx.st.engaged(u)
    }
    fn fleeing(&self, u: usize) -> bool {
        self.ctx.st.units[u].fleeing()
    }
    fn host(&self, u: usize) -> Option<usize> {
        let s = &self.ctx.st.units[u];
        s.host.filter(|_| s.status() == Status::Joined)
    }
    fn distance(&self, a: usize, b: usize) -> f64 {
        self.ctx.st.distance(a, b)
    }
    fn within(&self, a: usize, b: usize, radius: f64) -> bool {
        self.ctx.st.within(a, b, radius)
    }
    fn has_flanks(&self, u: usize) -> bool {
        self.ctx.has_flanks(u)
    }
    fn charge_option(&self, u: usize) -> Option<ChargeOption> {
        let option = self
            .memos
            .charges
            .get_or(u, self.changes, || self.find_charge_option(u));
        // Test builds find it again: a stale memo fails the battle tests.
        debug_assert_eq!(option, self.find_charge_option(u), "charge memo stale: {u}");
        option
    }
    fn shooting_choice(&self, u: usize) -> Option<usize> {
        if !self.ctx.may_shoot(u) {
            return None;
        }
        let target = self
            .memos
            .targets
            .get_or(u, self.changes, || self.ctx.shooting_choice(u));
        // Test builds choose again: a stale memo fails the battle tests.
        debug_assert_eq!(
            target,
            self.ctx.shooting_choice(u),
            "target memo stale: {u}"
        );
        target
    }
    fn shooting_target(&mut self, u: usize) -> Option<usize> {
        // Only traces the choice: the battle stays as it is.
        let target = self.shooting_choice(u);
        if let Some(t) = target {
            self.ctx.trace_shooting_target(u, t);
        }
        target
    }
    fn can_target(&self, u: usize, target: usize) -> bool {
        self.ctx.can_target(u, target)
    }
    fn touching_arc(&self, target: usize, other: usize) -> Option<Arc> {
        self.ctx.st.contact(target, other).map(|(arc, _)| arc)
    }
    fn last_charge_reach(&self) -> f64 {
        self.ctx.st.sob.last_charge_reach
    }
    fn nearest_target(&self, u: usize) -> Option<usize> {
        if !self.ctx.may_shoot(u) {
            return None;
        }
        (0..self.unit_count())
            .filter(|&e| self.ctx.can_target(u, e))
            .min_by(|&a, &b| self.distance(u, a).total_cmp(&self.distance(u, b)))
    }
    fn fights(&self, out: &mut Vec<usize>) {
        out.clear();
        for u in 0..self.unit_count() {
            if !self.acts(u) || !self.engaged(u) {
                continue;
            }
            let f = self.ctx.fight_of(u);
            // Held only by a catch made this turn: no fight yet (L442).
            if f.len < 2 {
                continue;
            }
            let known = out
                .iter()
                .any(|&seed| f.members().iter().any(|&m| usize::from(m) == seed));
            if !known {
                out.push(u);
            }
        }
    }
    fn fight_share(&self, seed: usize, side: Side) -> f64 {
        let f = self.ctx.fight_of(seed);
        let (mut ours, mut all) = (0u32, 0u32);
        for &m in f.members() {
            let m = usize::from(m);
            let s = self.ctx.st.unit_strength(self.ctx.setup, m);
            all += s;
            if self.side(m) == side {
                ours += s;
            }
        }
        f64::from(ours) / f64::from(all.max(1))
    }
    fn edge_distance(&self, u: usize) -> f64 {
        let c = self.ctx.st.units[u].rect().centre;
        let b = self.ctx.setup.board;
        c.x.min(b.width - c.x).min(c.y).min(b.depth - c.y)
    }
    fn may_march(&self, u: usize) -> bool {
        self.ctx.may_double_move(u)
    }
    fn nearest_enemy_distance(&self, u: usize) -> Option<f64> {
        self.ctx.st.nearest_enemy(u).map(|(_, d)| d)
    }
    fn speed(&self, u: usize) -> f64 {
        self.ctx.joined_speed(u)
    }
    fn disabled(&self, u: usize) -> bool {
        self.ctx.st.units[u].disabled
    }
}

impl<T: Tracer> CoreActions for DndCore<'_, T> {
    fn start_round(&mut self, round: u16) {
        self.changed();
        self.ctx.st.turn = round;
        self.ctx.st.new_phase();
        self.ctx.terror_tests();
    }
    fn start_turn(&mut self, active: Side) {
        self.changed();
        self.ctx.st.initiative = active;
        self.ctx.st.end_turn();
        self.ctx.st.new_phase();
    }
    fn advance(&mut self, u: usize) {
        self.changed();
        self.ctx.move_unit(u);
    }
    fn free_move(&mut self, u: usize) {
        self.changed();
        self.ctx.move_unit_as(u, false);
    }
    fn charge(&mut self, u: usize, target: usize) -> ChargeResult {
        self.changed();
        self.ctx.st.new_phase();
        let out = self.ctx.charge(u, target);
        let contact = matches!(
            out,
            super::ops::charge::ChargeOutcome::Contact { .. }
                | super::ops::charge::ChargeOutcome::Caught
        );
        ChargeResult {
            contact,
            arc: self.touching_arc(target, u),
        }
    }
    fn fight_round(&mut self, seed: usize, after_charge: bool) {
        self.changed();
        if !self.engaged(seed) {
            return;
        }
        let f = self.ctx.fight_of(seed);
        if !after_charge {
            self.ctx.st.new_phase();
            for &m in f.members() {
                let m = usize::from(m);
                // A catch made this turn keeps its catcher's attacks for later.
                let holds = self.ctx.holds_fresh_catch(m);
                let u = &mut self.ctx.st.units[m];
                u.flags.charged &= holds;
                u.flags.fought = false;
                u.cr_points = 0;
                u.support_counted = None;
                u.long_charge = false;
            }
        }
        if !self.scales.turn_links {
            for &m in f.members() {
                self.ctx.st.units[usize::from(m)].flags.shot = false;
            }
        }
        self.ctx.fight(f);
    }
    fn shoot(&mut self, u: usize, target: usize, mods: ShotMods) {
        self.changed();
        let side = self.side(u);
        self.ctx.st.new_phase();
        self.ctx.st.sob.shot_bonus = mods.to_hit_steps * self.scales.to_hit_step;
        self.ctx.st.sob.shot_min_need = mods.top_band_only.then_some(self.scales.sas_need);
        self.ctx.shoot(u, target);
        // A joined character with a (non-spell) ranged attack fires with
        // his unit, at its target if he can.
        let hero_fires = self.ctx.st.units[u]
            .hero
            .is_some_and(|h| self.ctx.profile(h).ranged.is_some_and(|a| !a.spell));
        if hero_fires {
            self.ctx.hero_shoots(u, Some(target));
        }
        self.ctx.st.sob.shot_bonus = 0;
        self.ctx.st.sob.shot_min_need = None;
        self.ctx.shooting_panic(side);
    }
    fn repair(&mut self, u: usize) -> bool {
        self.changed();
        self.ctx.repair(u)
    }
    fn reload(&mut self, u: usize) {
        self.changed();
        let s = &mut self.ctx.st.units[u];
        s.loaded = !s.disabled;
    }
    fn rally(&mut self, u: usize, flee_on_fail: bool) -> bool {
        self.changed();
        self.ctx.st.units[u].flags.fled_this_turn = false;
        self.ctx.rally_attempt(u, flee_on_fail)
    }
    fn half_move_away(&mut self, u: usize, from: usize) {
        self.changed();
        let away = self.ctx.st.units[u].rect().centre - self.ctx.st.units[from].rect().centre;
        if away.length() < 1e-9 {
            return;
        }
        let dir = away.normalized();
        let half = self.ctx.joined_speed(u) / 2.0;
        let travel = self.ctx.clear_travel(u, dir, half, 1.0);
        self.ctx.st.units[u].translate(dir * travel);
        self.ctx
            .change(u, |_| format!("manoeuvres {travel:.1} inches away"));
    }
    fn set_favour(&mut self, s: Side, left: u8, wanted: &[bool]) {
        self.changed();
        let st = &mut self.ctx.st;
        st.sob.favour[s.index()] = left;
        st.sob.favour_units.resize(st.units.len(), false);
        for (u, &w) in wanted.iter().enumerate().take(st.units.len()) {
            if st.units[u].side == s {
                st.sob.favour_units[u] = w;
            }
        }
    }
    fn arrive(&mut self, u: usize) -> bool {
        self.changed();
        let st = &mut self.ctx.st;
        if st.units[u].status() != Status::Reserve {
            return false;
        }
        let rect = *st.units[u].rect();
        let blocked = st
            .units
            .iter()
            .enumerate()
            .any(|(i, o)| i != u && o.on_table() && o.rect().overlaps(&rect));
        if blocked {
            return false;
        }
        st.units[u].set_status(Status::Ready);
        true
    }
    fn cast_spells(&mut self, side: Side) -> bool {
        self.changed();
        // Digest 5.5: each caster not fleeing and not engaged (alone, or
        // inside a unit that is neither) uses its ranged spell power with
        // the shooting procedure; the targets then test for panic.
        let mut cast = false;
        for c in 0..self.unit_count() {
            if self.side(c) != side || !self.is_wizard(c) || !self.in_battle(c) {
                continue;
            }
            let before = self.ctx.st.units[c].flags.shot;
            match self.host(c) {
                Some(h) => {
                    self.ctx.hero_shoots(h, None);
                }
                None => {
                    if let Some(t) = self.shooting_target(c) {
                        self.ctx.shoot(c, t);
                    }
                }
            }
            cast |= !before && self.ctx.st.units[c].flags.shot;
        }
        if cast {
            self.ctx.shooting_panic(side);
        }
        cast
    }
    fn end_round(&mut self) {}
}

impl<T: Tracer> CoreDeployment for DndCore<'_, T> {
    fn deploy_clear(&mut self) {
        self.changed();
        self.ctx.deploy_clear();
    }
    fn deploy_left(&self, s: Side) -> usize {
        self.ctx.deploy_left(s)
    }
    fn deploy_next(&mut self, s: Side) -> bool {
        self.changed();
        self.ctx.deploy_next(s)
    }
    fn deploy_nudge(&mut self, s: Side, inches: f64) -> bool {
        self.changed();
        self.ctx.deploy_nudge(s, inches)
    }
}

impl<T: Tracer> SobCore for DndCore<'_, T> {
    fn take_events(&mut self, out: &mut Vec<CoreEvent>) {
        out.append(&mut self.ctx.st.sob.events);
    }
    fn dice(&mut self) -> &mut Dice {
        self.ctx.dice
    }
    fn tracing(&self) -> bool {
        T::ON
    }
    fn trace(&mut self, event: TraceEvent) {
        self.ctx.trace.record_in(event, &*self.ctx.st);
    }
}

/// States of Battle played on the D&D War core.
pub type SobOnDndWar = SobOn<DndWar>;

/// The D&D War core's per-worker state under the overlay: the battle, and
/// the core's answers kept between the overlay's actions.
pub struct DndSobScratch {
    pub st: BattleState,
    pub memos: OverlayMemos,
}

impl DndScales {
    /// The scales the overlay's options set.
    pub fn of(o: &SobOptions) -> Self {
        DndScales {
            to_hit_step: o.d20_to_hit_step,
            sas_need: o.sas_d20_need,
            turn_links: o.dnd_turn_action_links,
        }
    }
}

impl SobRules for DndWar {
    type Scratch = DndSobScratch;
    type Core<'a, T: Tracer + 'a> = DndCore<'a, T>;

    fn core_shape(&self) -> TallyShape {
        Ruleset::tally_shape(self)
    }

    fn core_side_names(&self) -> [&str; 2] {
        Ruleset::side_names(self)
    }

    fn core_sheet(&self) -> crate::rules::sheet::ArmySheet {
        Ruleset::army_sheet(self)
    }

    fn new_core_scratch(&self) -> DndSobScratch {
        let mut st = BattleState::new(&self.setup);
        st.sob.record_events = true;
        DndSobScratch {
            st,
            memos: OverlayMemos::default(),
        }
    }

    fn battle_core<'a, T: Tracer + 'a>(
        &'a self,
        sob: &'a SobSetup,
        points: &'a [u32],
        dice: &'a mut Dice,
        scratch: &'a mut DndSobScratch,
        trace: &'a mut T,
    ) -> DndCore<'a, T> {
        scratch.st.reset(&self.setup);
        scratch.st.sob.record_events = true;
        let ctx = Ctx {
            setup: &self.setup,
            st: &mut scratch.st,
            dice,
            doctrines: &self.doctrines,
            trace,
        };
        DndCore::new(ctx, points, DndScales::of(&sob.options), &mut scratch.memos)
    }

    fn core_results(&self, scratch: &DndSobScratch, record: &mut BattleRecord) {
        self.unit_results(&scratch.st, record);
    }
}
