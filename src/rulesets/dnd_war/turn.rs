//! The native D&D War turn (L99-111, digest Appendix B) built from the
//! unit-level operations: terror tests, the initiative roll-off, then
//! movement (rally, compulsory fall backs, remaining moves), shooting,
//! charges and close combat, each phase played fully by the side with
//! initiative before the other; and the battle around it: the turn limit,
//! the end when a side has no unit on the table or takes an objective whose
//! capture ends the battle, and the winner by points destroyed (plus the
//! points of objectives held) with a draw band (G-46). Every choice comes from the side's
//! doctrine.

use super::courage::{fear_dc, TestKind};
use super::distances::{charge_sixths, reach_on_sixths};
use super::ops::Ctx;
use super::state::BattleState;
use crate::geometry::Arc;
use crate::overlays::sob::core::FleeCause;
use crate::rules::{Side, TraceEvent, Tracer};
use crate::rulesets::dnd_war::doctrine::{CombatOrder, Movement, ShootPriority};

/// Why a battle ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EndReason {
    /// A side has no unit left on the table.
    Wiped,
    /// The turn limit (`game_turns`).
    TurnLimit,
    /// A side took an objective whose capture ends the battle.
    ObjectiveTaken,
}

impl EndReason {
    pub const NAMES: &'static [&'static str] = &["side_wiped_out", "turn_limit", "objective_taken"];

    pub fn index(self) -> u8 {
        match self {
            EndReason::Wiped => 0,
            EndReason::TurnLimit => 1,
            EndReason::ObjectiveTaken => 2,
        }
    }

    /// Whether end reason `index` (of [`EndReason::NAMES`]) is the clock:
    /// the turn limit.
    pub fn is_clock(index: usize) -> bool {
        index == usize::from(EndReason::TurnLimit.index())
    }
}

/// The outcome of one battle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Outcome {
    pub winner: Option<Side>,
    pub reason: EndReason,
    pub turns: u16,
    pub points_destroyed: [u32; 2],
}

impl<T: Tracer> Ctx<'_, T> {
    /// Plays turns until the battle ends; calls `after_turn` after each.
    pub fn play_battle(&mut self, mut after_turn: impl FnMut(&BattleState)) -> Outcome {
        let limit = self.setup.options.game_turns;
        let reason = loop {
            self.play_turn();
            after_turn(self.st);
            if self.st.taken_by.is_some() {
                break EndReason::ObjectiveTaken;
            }
            if Side::BOTH
                .iter()
                .any(|&s| self.st.side_units(s).next().is_none())
            {
                break EndReason::Wiped;
            }
            if self.st.turn >= limit {
                break EndReason::TurnLimit;
            }
        };
        let winner = match reason {
            EndReason::ObjectiveTaken => self.st.taken_by,
            _ => self.winner(),
        };
        let round = self.st.turn;
        self.note(|c| TraceEvent::End {
            round,
            winner: winner.map(|w| c.setup.side_names[w.index()].clone()),
            reason: EndReason::NAMES[usize::from(reason.index())].to_string(),
        });
        Outcome {
            winner,
            reason,
            turns: self.st.turn,
            points_destroyed: self.st.points_destroyed,
        }
    }

    /// The side that destroyed more points (with the points of the
    /// objectives it holds), unless the difference is within the draw band
    /// (a % of the smaller army).
    pub fn winner(&self) -> Option<Side> {
        let army = |s: Side| -> u32 {
            self.setup
                .units
                .iter()
                .filter(|u| u.side == s)
                .map(|u| u.points)
                .sum()
        };
        let smaller = army(Side::A).min(army(Side::B));
        let held = self.st.holders.at_end(&self.setup.objectives);
        let [a, b] = [0, 1].map(|i| self.st.points_destroyed[i] + held[i]);
        let band = u64::from(smaller) * u64::from(self.setup.options.draw_band_pct);
        if u64::from(a.abs_diff(b)) * 100 < band || a == b {
            None
        } else if a > b {
            Some(Side::A)
        } else {
            Some(Side::B)
        }
    }

    /// One whole turn.
    pub fn play_turn(&mut self) {
        self.st.turn += 1;
        let round = self.st.turn;
        self.note(|_| TraceEvent::Round { round });
        self.terror_tests();
        self.roll_initiative();
        let order = [self.st.initiative, self.st.initiative.other()];
        for side in order {
            self.st.new_phase();
            self.phase_note(side, "movement");
            self.movement_phase(side);
            self.update_objectives();
        }
        for side in order {
            self.st.new_phase();
            self.phase_note(side, "shooting");
            self.shooting_phase(side);
        }
        self.st.new_phase();
        self.act_first_charges(order);
        for side in order {
            self.st.new_phase();
            self.phase_note(side, "charges");
            self.charge_phase(side);
            self.update_objectives();
        }
        self.st.new_phase();
        self.phase_note(order[0], "close combat");
        self.close_combat_phase();
        self.update_objectives();
        self.st.end_turn();
    }

    fn phase_note(&mut self, side: Side, phase: &str) {
        let round = self.st.turn;
        self.note(|c| TraceEvent::Turn {
            round,
            side: format!("{}: {phase}", c.setup.side_names[side.index()]),
        });
    }

    /// Units with an enemy terror causer within 6" test at DC 16 (L500).
    pub fn terror_tests(&mut self) {
        for u in 0..self.st.units.len() {
            if !self.st.units[u].on_table() || self.st.units[u].fleeing() {
                continue;
            }
            let side = self.st.units[u].side;
            let cause = self
                .st
                .side_units(side.other())
                .find(|&e| self.profile(e).psychology.terror && self.st.distance(u, e) <= 6.0);
            let immune = self.setup.options.fear_causers_immune
                && self.profile(u).psychology.fear_level() > 0;
            if let Some(e) = cause.filter(|_| !immune) {
                if !self.courage_test(u, TestKind::FearOrTerror, fear_dc(2), false) {
                    let away = self.st.units[u].rect().centre - self.st.units[e].rect().centre;
                    self.flee(u, away, "is terrified", FleeCause::Fear, Some(e));
                }
            }
        }
    }

    /// The d20 roll-off (ties re-rolled; no action points, L117-121); the
    /// winner's doctrine decides who takes the initiative.
    pub fn roll_initiative(&mut self) {
        let (a_wins, faces) = self.dice.roll_off(20, [0, 0]);
        let winner = if a_wins { Side::A } else { Side::B };
        let round = self.st.turn;
        self.note(|c| TraceEvent::Roll {
            round,
            who: format!("{} vs {}", c.setup.side_names[0], c.setup.side_names[1]),
            purpose: "initiative roll-off".into(),
            die: 20,
            dice: faces.to_vec(),
            kept: faces[winner.index()],
            modifier: 0,
        });
        self.st.initiative = if self.doctrine(winner).take_initiative {
            winner
        } else {
            winner.other()
        };
    }

    pub fn movement_phase(&mut self, side: Side) {
        for u in 0..self.st.units.len() {
            if self.st.units[u].side == side {
                self.rally(u);
            }
        }
        self.join_units(side);
        for u in 0..self.st.units.len() {
            if self.st.units[u].side == side && self.reload(u) {
                continue;
            }
            let s = &self.st.units[u];
            if s.side != side
                || self.profile(u).machine.is_some()
                || !s.on_table()
                || s.fleeing()
                || s.flags.reformed
                || self.st.engaged(u)
            {
                continue;
            }
            self.move_unit(u);
        }
    }

    /// The remaining move of one unit, as its doctrine wants it.
    pub fn move_unit(&mut self, u: usize) {
        self.move_unit_as(u, true);
    }

    /// One unit's move as its doctrine wants it; with `may_march` false it
    /// walks at most its single move (no double move, no action point's
    /// extra move): a States of Battle Stratagem move (L332).
    pub fn move_unit_as(&mut self, u: usize, may_march: bool) {
        if self.objective_move(u, may_march) {
            return;
        }
        let Some(plan) = self.move_plan(u) else {
            return;
        };
        if let Some(why) = plan.hold {
            self.decided(u, "move", |_| why.into(), plan.rule);
            return;
        }
        let (enemy, gap) = (plan.enemy, plan.gap);
        let speed = self.joined_speed(u);
        let may_double = may_march
            && self.may_double_move(u)
            && !plan.has_target
            && !self.st.units[u].flags.walked;
        // Double move only when no charge could follow this turn anyway,
        // or (an extra move action bought with an AP) when it brings a
        // charge within reach and keeps the standard action.
        let double = may_double && gap > 2.0 * speed + 3.0;
        let extra = !double && may_double && gap > speed + 3.0 && self.ap_extra_move(u);
        let goal = self.st.units[enemy].rect().centre;
        self.decided(
            u,
            "move",
            |c| {
                format!(
                    "{} toward {}",
                    if double || extra {
                        "double move"
                    } else {
                        "walk"
                    },
                    c.label(enemy)
                )
            },
            plan.rule,
        );
        self.walk_toward(u, goal, Some(enemy), plan.stop_short, double || extra);
        if extra {
            let f = &mut self.st.units[u].flags;
            f.double_moved = false;
            f.walked = true;
        }
    }

    /// How `u`'s doctrine wants it to move now (`None`: no enemy left).
    fn move_plan(&self, u: usize) -> Option<MovePlan> {
        let side = self.st.units[u].side;
        let (enemy, gap) = self.st.nearest_enemy(u)?;
        let ranged = self.profile(u).ranged;
        let has_target = ranged.is_some()
            && self
                .st
                .side_units(side.other())
                .any(|e| self.can_target(u, e));
        let mut plan = MovePlan {
            enemy,
            gap,
            hold: None,
            stop_short: 3.0,
            has_target,
            rule: "movement=advance",
        };
        match (self.doctrine(side).movement, ranged) {
            (Movement::HoldUntil { radius }, _) => {
                plan.rule = "movement=hold_until";
                if gap > radius {
                    plan.hold = Some("hold");
                    return Some(plan);
                }
            }
            (Movement::Gunline, Some(r)) => {
                plan.rule = "movement=gunline";
                plan.hold = has_target.then_some("hold");
                plan.stop_short = r.inches - 1.0;
            }
            _ => {}
        }
        if let Some(inches) = self.spell_range(u) {
            self.bring_caster_into_range(u, inches, &mut plan);
        }
        Some(plan)
    }

    /// A unit that casts (a lone caster, or a unit with a caster joined)
    /// moves so that an enemy is within its spell's range, cast with the
    /// shooting procedure, range included (digest 5.5; 001:L198). While
    /// the spell has a target it makes no double move (no shot after one),
    /// and a lone caster holds where it is rather than walk closer to
    /// melee. Otherwise the doctrine's hold is off (a gunline unit
    /// closes to its caster's range) and it stops within the spell's
    /// range, a lone caster going for the nearest enemy the spell may
    /// target (one not engaged).
    fn bring_caster_into_range(&self, u: usize, inches: f64, plan: &mut MovePlan) {
        let alone = self.caster_for(u) == Some(u);
        if self.has_spell_target(u, inches) {
            plan.has_target = true;
            if alone {
                plan.hold = Some("hold: its spell has a target");
            }
            return;
        }
        plan.hold = None;
        plan.stop_short = plan.stop_short.min(inches - 1.0);
        if let Some((enemy, gap)) = self.nearest_spell_target(u).filter(|_| alone) {
            plan.enemy = enemy;
            plan.gap = gap;
        }
    }

    pub fn shooting_phase(&mut self, side: Side) {
        for u in 0..self.st.units.len() {
            if self.st.units[u].side == side && self.repair(u) {
                continue;
            }
            let hero_ranged = self
                .joined_hero(u)
                .is_some_and(|h| self.profile(h).ranged.is_some());
            if self.st.units[u].side != side || !(self.may_shoot(u) || hero_ranged) {
                continue;
            }
            if !self.doctrine(side).shoot_before_charging && self.best_charge(u).is_some() {
                self.decided(
                    u,
                    "shoot",
                    |_| "hold fire to charge".into(),
                    "shoot_before_charging",
                );
                continue;
            }
            let mut target = None;
            if self.may_shoot(u) {
                target = self.shooting_target(u);
                if let Some(t) = target {
                    self.shoot(u, t);
                }
            }
            self.hero_shoots(u, target);
        }
        self.shooting_panic(side);
    }

    /// The target `u`'s doctrine picks among the legal ones, traced.
    pub fn shooting_target(&mut self, u: usize) -> Option<usize> {
        let choice = self.shooting_choice(u);
        if let Some(t) = choice {
            self.trace_shooting_target(u, t);
        }
        choice
    }

    /// The target `u`'s doctrine picks among the legal ones (not traced).
    pub fn shooting_choice(&self, u: usize) -> Option<usize> {
        let side = self.st.units[u].side;
        let priority = self.doctrine(side).shoot_priority;
        let mut best: Option<(usize, f64)> = None;
        for e in 0..self.st.units.len() {
            if !self.can_target(u, e) {
                continue;
            }
            let t = &self.st.units[e];
            let dist = self.st.distance(u, e);
            let score = match priority {
                ShootPriority::Closest => -dist,
                ShootPriority::MostDamaged => {
                    let start = f64::from(self.setup.units[e].body.alive.max(1));
                    -f64::from(t.body.alive) / start
                }
                ShootPriority::HighestPoints => f64::from(self.setup.units[e].points),
                ShootPriority::CanPanic => {
                    let expected = self.expected_shooting_hits(u, e);
                    let panics = expected >= f64::from(t.body.company_size());
                    if panics {
                        1000.0 - dist
                    } else {
                        -dist
                    }
                }
            };
            if beats(best, score) {
                best = Some((e, score));
            }
        }
        best.map(|b| b.0)
    }

    /// Traces `u`'s choice of `target` to shoot at.
    pub fn trace_shooting_target(&mut self, u: usize, target: usize) {
        if T::ON {
            let rule = match self.doctrine(self.st.units[u].side).shoot_priority {
                ShootPriority::Closest => "shoot_priority=closest",
                ShootPriority::MostDamaged => "shoot_priority=most_damaged",
                ShootPriority::CanPanic => "shoot_priority=can_panic",
                ShootPriority::HighestPoints => "shoot_priority=highest_points",
            };
            self.decided(u, "shooting target", |c| c.label(target), rule);
        }
    }

    fn expected_shooting_hits(&self, u: usize, e: usize) -> f64 {
        let Some(r) = self.profile(u).ranged else {
            return 0.0;
        };
        let def = self.defence(e, r.vs);
        let need = super::hits::need(r.bonus, def, super::hits::NON_CHARACTER_FLOOR);
        f64::from(self.st.units[u].body.front_row_models()) * super::hits::p_hit(need)
            / f64::from(self.profile(e).resilience.max(1))
    }

    /// The charge `u`'s doctrine would declare now, if any.
    pub fn best_charge(&self, u: usize) -> Option<usize> {
        let s = &self.st.units[u];
        if !s.on_table()
            || s.fleeing()
            || s.flags.shot
            || s.flags.reformed
            || s.flags.double_moved
            || s.flags.charged
            || self.st.engaged(u)
        {
            return None;
        }
        if s.flags.walked && !self.setup.options.move_then_charge {
            return None;
        }
        if self.casts_instead_of_charging(u) {
            return None;
        }
        let doctrine = self.doctrine(s.side);
        let speed = self.joined_speed(u);
        // The courage bonus matters only against feared targets: found once, when first needed.
        let courage = std::cell::OnceCell::new();
        // The doctrine wants only charges that reach on enough sixths: a
        // target beyond that reach is never wanted, so it is not measured.
        let reach = reach_on_sixths(doctrine.charge_min_sixths.max(1), speed)?;
        let mut best: Option<(usize, (bool, u32, f64))> = None;
        for e in self.st.side_units(s.side.other()) {
            if self.st.surely_farther(u, e, reach) || !self.can_see_for_charge(u, e) {
                continue;
            }
            // A charge the geometry cannot complete is never declared.
            if !self.has_room_to_charge(u, e) {
                continue;
            }
            let dist = self.st.distance(u, e);
            let sixths = charge_sixths(speed, dist);
            let (yes, _) =
                doctrine.wants_charge(sixths, self.profile(e).psychology.fear_level(), || {
                    *courage.get_or_init(|| self.courage_bonus(u))
                });
            if !yes {
                continue;
            }
            let side_on = doctrine.prefer_flank_rear && self.contact_arc(u, e) != Arc::Front;
            let key = (side_on, sixths, -dist);
            let better = match &best {
                None => true,
                Some((_, k)) => (key.0, key.1)
                    .cmp(&(k.0, k.1))
                    .then(key.2.total_cmp(&k.2))
                    .is_gt(),
            };
            if better {
                best = Some((e, key));
            }
        }
        best.map(|b| b.0)
    }

    /// A lone caster with a target for its spell casts rather than
    /// charges: in the native turn it casts in the shooting phase, and a
    /// unit that shot declares no charge (L99-111); under States of Battle
    /// it keeps itself free for Cast Spells (digest 5.5: an engaged caster
    /// casts nothing).
    fn casts_instead_of_charging(&self, u: usize) -> bool {
        self.caster_for(u) == Some(u)
            && self
                .spell_range(u)
                .is_some_and(|inches| self.has_spell_target(u, inches))
    }

    pub fn charge_phase(&mut self, side: Side) {
        // Pursuers that caught a fleeing unit (or ran into an enemy, L442) last
        // turn strike now, without bonuses (G-06).
        for t in 0..self.st.units.len() {
            let u = &self.st.units[t];
            if let Some(p) = u.caught_by.filter(|_| u.caught_on_turn + 1 == self.st.turn) {
                if self.st.units[p].side == side && self.st.units[p].on_table() && u.on_table() {
                    self.st.units[p].flags.charged = true;
                    self.strike(p, t, true);
                }
            }
        }
        for u in 0..self.st.units.len() {
            if self.st.units[u].side != side {
                continue;
            }
            if let Some(t) = self.best_charge(u) {
                self.decided(u, "charge", |c| c.label(t), "charge_min_sixths");
                self.charge(u, t);
            }
        }
        self.leave_to_charge(side);
    }

    pub fn close_combat_phase(&mut self) {
        let side = self.st.initiative;
        let order = self.doctrine(side).combat_order;
        let mut fought = std::mem::take(&mut self.st.fought);
        fought.clear();
        fought.resize(self.st.units.len(), false);
        loop {
            // The next fight the initiative side's doctrine picks.
            let mut pick: Option<(usize, f64)> = None;
            for (u, &done) in fought.iter().enumerate() {
                if done || !self.st.units[u].on_table() || !self.st.engaged(u) {
                    continue;
                }
                let f = self.fight_of(u);
                let (mut ours, mut all, mut models) = (0u32, 0u32, 0u32);
                for &m in f.members() {
                    let m = usize::from(m);
                    let us = self.st.unit_strength(self.setup, m);
                    all += us;
                    models += u32::from(self.st.units[m].body.alive);
                    if self.st.units[m].side == side {
                        ours += us;
                    }
                }
                let score = match order {
                    CombatOrder::Biggest => f64::from(models),
                    CombatOrder::Favourable => f64::from(ours) / f64::from(all.max(1)),
                };
                if beats(pick, score) {
                    pick = Some((u, score));
                }
            }
            let Some((seed, _)) = pick else { break };
            let f = self.fight_of(seed);
            for &m in f.members() {
                fought[usize::from(m)] = true;
            }
            self.fight(f);
        }
        self.st.fought = fought;
    }
}

/// How a unit's doctrine wants it to move this time.
#[derive(Clone, Copy, Debug)]
struct MovePlan {
    /// The enemy it moves toward, and how far it is.
    enemy: usize,
    gap: f64,
    /// Why it stays put, if it does (the decision traced).
    hold: Option<&'static str>,
    /// How far from the enemy's footprint it stops.
    stop_short: f64,
    /// It can shoot (or cast) from where it stands: no double move.
    has_target: bool,
    /// The doctrine setting that decided.
    rule: &'static str,
}

/// Whether `score` beats the best so far (the first of equals is kept).
fn beats(best: Option<(usize, f64)>, score: f64) -> bool {
    best.map_or(true, |(_, s)| score > s)
}
