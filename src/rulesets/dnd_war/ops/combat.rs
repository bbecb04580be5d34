//! Close combat (L341-442): who can fight (models in contact, reach, the
//! engagement's contact length), strikes in descending initiative with
//! equal initiative simultaneous (G-39), casualties from the front that
//! cannot strike back, combat resolution for a whole fight (a connected
//! group of engaged units, G-23), break tests at DC 10 + margin (fear and
//! terror, the natural-20 rule), flight directly away, panic of allies
//! near a unit that flees, and pursuit (a pursuer that reaches another
//! enemy stops at contact and charges it; the fight of a catch or of such
//! a contact waits for the next turn, L442).
//!
//! Characters strike beside their unit and can be picked out by enemy
//! dice (L616-618); challenges are in `challenge`.
//!
//! A unit whose enemies were all removed re-engages another enemy of the
//! fight (L396). Which companies support instead of fighting is in
//! `support`.

use super::movement::CLEARANCE;
use super::Ctx;
use crate::geometry::{Arc, Vec2};
use crate::overlays::sob::core::{CoreEvent, FleeCause};
use crate::rules::{Side, Tracer};
use crate::rulesets::dnd_war::body::{CAPTAIN_ATTACKS, TRAY_WIDTH};
use crate::rulesets::dnd_war::courage::{break_dc, TestKind};
use crate::rulesets::dnd_war::distances::flee_distance;
use crate::rulesets::dnd_war::hits::{attacks_left, need, within_reach, NON_CHARACTER_FLOOR};
use crate::rulesets::dnd_war::options::{ExtraChargeDice, ReachRule};
use crate::rulesets::dnd_war::resolution::{self, SideScore};
use crate::rulesets::dnd_war::state::BattleState;
use crate::rulesets::dnd_war::state::Status;
use crate::rulesets::dnd_war::traits::UnitType;

/// Most units one fight can hold (all units of a battle at most).
pub const MAX_FIGHT: usize = 64;

/// The units of one fight, without allocation.
#[derive(Clone, Copy, Debug)]
pub struct Fight {
    pub units: [u16; MAX_FIGHT],
    pub len: usize,
}

impl Fight {
    pub fn members(&self) -> &[u16] {
        &self.units[..self.len]
    }

    fn contains(&self, u: usize) -> bool {
        self.members().iter().any(|&m| usize::from(m) == u)
    }
}

impl<T: Tracer> Ctx<'_, T> {
    /// Models of `unit` that can fight `target` across their engagement:
    /// every model whose base touches it (`contact_models`), across the
    /// front by company (supporting companies do not fight, G-24) with the
    /// second row behind them at reach 2.
    pub fn fighting_models(&self, unit: usize, target: usize) -> u32 {
        let Some((my_arc, _)) = self.st.contact(unit, target) else {
            return 0;
        };
        let p = self.profile(unit);
        if !p.has_companies() || my_arc != Arc::Front {
            return self.models_touching(unit, target, my_arc);
        }
        let body = &self.st.units[unit].body;
        let reach = p.melee.inches;
        let second_row = match self.setup.options.reach_rule {
            ReachRule::StrictLess => within_reach(1.0, reach, false),
            ReachRule::InclusiveLeq => within_reach(1.0, reach, true),
        };
        let w = body.row_width();
        let mut models = 0;
        for i in 0..body.front_companies() {
            if self.company_supports(unit, i) {
                continue;
            }
            let touching = self.company_contact(unit, i, target);
            let behind = body.front_company_models(i).saturating_sub(w).min(w);
            models += u32::from(touching)
                + if second_row {
                    u32::from(behind.min(touching))
                } else {
                    0
                };
        }
        models
    }

    /// Attack dice per fighting model of `unit` against `target`: its A
    /// (multiattack) against minions, one attack against non-minions unless
    /// `multiattack_vs_nonminions` (G-36).
    pub fn dice_per_model(&self, unit: usize, target: usize) -> u32 {
        if self.profile(target).is_minion() || self.setup.options.multiattack_vs_nonminions {
            u32::from(self.profile(unit).attacks.max(1))
        } else {
            1
        }
    }

    /// Dice of `unit`'s living captain against `target`: his multiattack
    /// (A 2, L238) where multiattack is allowed, else one; 0 without one.
    pub fn captain_dice(&self, unit: usize, target: usize) -> u32 {
        if !self.st.units[unit].body.command_alive().captain {
            0
        } else if self.profile(target).is_minion() || self.setup.options.multiattack_vs_nonminions {
            u32::from(CAPTAIN_ATTACKS.max(self.profile(unit).attacks))
        } else {
            1
        }
    }

    /// The lowest d20 that can hit for `unit`: 8 for non-characters, the
    /// `character_hit_floor` for characters (L618, G-35).
    pub fn hit_floor(&self, unit: usize) -> i32 {
        if self.profile(unit).is_character() {
            self.setup.options.character_hit_floor
        } else {
            NON_CHARACTER_FLOOR
        }
    }

    /// `dice` close-combat attacks of `attacker` (a unit or a character) at
    /// `bonus` on `target`; the hits become casualties or damage and score
    /// combat resolution for `scorer` (G-21: one point per hit on minions,
    /// one per damage die on non-minions, none for hits past a dead
    /// character). Returns the hits.
    pub fn melee_pool(
        &mut self,
        attacker: usize,
        scorer: usize,
        target: usize,
        dice: u32,
        bonus: i32,
    ) -> u32 {
        let p = self.profile(attacker);
        let def = self.defence(target, p.melee.vs);
        let need = need(bonus, def, self.hit_floor(attacker));
        let hits = self.roll_pool(dice, need, attacker, "close combat");
        let minion = self.profile(target).is_minion();
        let cas = self.inflict(target, hits, p.melee.damage, attacker);
        let scored = if !minion {
            cas.landed * p.melee.damage.cr_points()
        } else if self.setup.options.cr_count_discarded_resilience_hits {
            hits * if self.setup.options.cr_multi_dice_vs_minions {
                p.melee.damage.cr_points()
            } else {
                1
            }
        } else {
            cas.removed
        };
        self.st.units[scorer].cr_points += scored + cas.hope_lost;
        hits
    }

    /// `unit` makes its close-combat attacks on `target` (in the charge
    /// phase when `charging`), and so does its joined character. The
    /// doctrine's `character_dice_pct` of the unit's dice go at a character
    /// in the target. Returns the hits scored.
    pub fn strike(&mut self, unit: usize, target: usize, charging: bool) -> u32 {
        let u = &self.st.units[unit];
        if u.fleeing() || !self.st.units[target].on_table() {
            return 0;
        }
        let engaged = self.fighting_models(unit, target);
        let fighting = attacks_left(engaged, u.casualties_this_phase, u.flags.shot);
        let mut dice = fighting * self.dice_per_model(unit, target);
        if dice == 0 {
            return 0;
        }
        // The captain stands at the centre of the front rank (L552) and
        // multiattacks in place of his one die (L238).
        if matches!(self.st.contact(unit, target), Some((Arc::Front, _))) {
            dice += self
                .captain_dice(unit, target)
                .saturating_sub(self.dice_per_model(unit, target));
        }
        let p = self.profile(unit);
        let mut bonus = p.melee.bonus;
        if charging && self.st.units[unit].long_charge {
            bonus += 1;
            let companies = match self.setup.options.extra_charge_dice_companies {
                ExtraChargeDice::InContact => {
                    self.st.contact(unit, target).map_or(0, |(_, overlap)| {
                        ((overlap / TRAY_WIDTH).ceil() as u16)
                            .min(self.st.units[unit].body.front_companies())
                    })
                }
                ExtraChargeDice::All => self.st.units[unit].body.n_companies(),
            };
            let faces = if p.unit_type == UnitType::Cavalry {
                6
            } else {
                3
            };
            for _ in 0..companies {
                dice += u32::from(self.roll(faces, unit, "extra charge attacks", 0));
            }
        }
        if self.st.units[target].fleeing() && self.setup.options.fleeing_grants_ca {
            bonus += 2;
        }
        self.st.units[unit].flags.fought = true;
        // Dice aimed at the character in the target (L618).
        let mut hits = 0;
        if let Some(h) = self.joined_hero(target).filter(|&h| !self.in_challenge(h)) {
            let pct = self.doctrine(self.st.units[unit].side).character_dice_pct;
            let at_hero = dice * pct / 100;
            if at_hero > 0 {
                self.decided(
                    unit,
                    "close-combat dice",
                    |c| format!("{at_hero} of {dice} at {}", c.label(h)),
                    "character_dice_pct",
                );
                dice -= at_hero;
                hits += self.melee_pool(unit, unit, h, at_hero, bonus);
            }
        }
        if self.st.units[target].on_table() {
            hits += self.melee_pool(unit, unit, target, dice, bonus);
        }
        // The unit's character strikes beside it (same step, L616).
        if let Some(h) = self
            .joined_hero(unit)
            .filter(|&h| !self.in_challenge(h) && !self.st.units[h].flags.shot)
        {
            if self.st.units[target].on_table() && engaged > 0 {
                let hero_dice = self.dice_per_model(h, target);
                let hero_bonus = self.profile(h).melee.bonus + (bonus - p.melee.bonus);
                hits += self.melee_pool(h, unit, target, hero_dice, hero_bonus);
            }
        }
        hits
    }

    /// The fight (connected group of engaged units) that `seed` is in.
    /// A link made by a catch or pursuit contact this turn joins no fight
    /// ([`Ctx::fresh_catch`]): a unit held only by one is a fight alone.
    pub fn fight_of(&self, seed: usize) -> Fight {
        let mut f = Fight {
            units: [0; MAX_FIGHT],
            len: 0,
        };
        f.units[0] = seed as u16;
        f.len = 1;
        let mut next = 0;
        while next < f.len {
            let u = usize::from(f.units[next]);
            next += 1;
            for (o, _) in self.st.opponents(u) {
                if !f.contains(o) && f.len < MAX_FIGHT && !self.fresh_catch(u, o) {
                    f.units[f.len] = o as u16;
                    f.len += 1;
                }
            }
        }
        f
    }

    /// Resolves one whole fight: strikes, resolution, break tests, flight,
    /// pursuit. A unit alone (held only by a catch made this turn) has no
    /// fight yet (L442).
    pub fn fight(&mut self, f: Fight) {
        if f.len < 2 {
            return;
        }
        // Support is counted at the start of the round (L409), or at
        // contact on the charge turn (G-24); only against company units.
        let mut support = [0u32; 2];
        let any_companies = |side: Side, c: &Self| {
            f.members().iter().any(|&m| {
                let m = usize::from(m);
                c.st.units[m].side == side && c.profile(m).has_companies()
            })
        };
        for &m in f.members() {
            let m = usize::from(m);
            self.count_support(m);
            let side = self.st.units[m].side;
            if any_companies(side.other(), self) && !self.st.units[m].fleeing() {
                let n = self.st.units[m].support_counted.unwrap_or(0);
                support[side.index()] = support[side.index()].max(n);
            }
        }
        let challenge = self.challenges(&f);
        // Strikes by descending initiative; equal initiative strikes together.
        let mut done = [false; MAX_FIGHT];
        loop {
            let mut best: Option<i32> = None;
            for (k, &m) in f.members().iter().enumerate() {
                let m = usize::from(m);
                if done[k] {
                    continue;
                }
                let i = self.profile(m).initiative;
                best = Some(best.map_or(i, |b: i32| b.max(i)));
            }
            let Some(step) = best else { break };
            // Casualties within one initiative step do not reduce each other's attacks.
            let mut before = [0u32; MAX_FIGHT];
            for (k, &m) in f.members().iter().enumerate() {
                before[k] = self.st.units[usize::from(m)].casualties_this_phase;
            }
            let mut striking = [false; MAX_FIGHT];
            for (k, &m) in f.members().iter().enumerate() {
                if !done[k] && self.profile(usize::from(m)).initiative == step {
                    striking[k] = true;
                    done[k] = true;
                }
            }
            for (k, &m) in f.members().iter().enumerate() {
                let m = usize::from(m);
                let u = &self.st.units[m];
                if !striking[k] || u.flags.charged || u.flags.fought || !u.on_table() {
                    continue;
                }
                if self.in_challenge(m) {
                    continue;
                }
                let target = self
                    .st
                    .opponents(m)
                    .map(|(o, _)| o)
                    .find(|&o| f.contains(o) && !self.in_challenge(o));
                let Some(target) = target else {
                    continue;
                };
                // Strike as if no one at this step had struck yet.
                let now = self.st.units[m].casualties_this_phase;
                self.st.units[m].casualties_this_phase = before[k];
                self.strike(m, target, false);
                self.st.units[m].casualties_this_phase =
                    now.max(self.st.units[m].casualties_this_phase);
            }
        }
        if let Some((a, b)) = challenge {
            let (ta, tb) = (self.threat(a, b), self.threat(b, a));
            let edge = if ta + tb > 0.0 { ta / (ta + tb) } else { 0.5 };
            self.fight_challenge(a, b);
            let dead = |c: &Self, h: usize| {
                !(c.st.units[h].on_table() || c.st.units[h].status() == Status::Joined)
            };
            let slain = [a, b].into_iter().find(|&h| dead(self, h));
            self.st.report(CoreEvent::Challenge {
                challenger: a,
                acceptor: b,
                edge,
                slain,
            });
        }
        self.re_engage(f);
        self.resolve_fight(f, support);
    }

    /// A unit left unengaged because its enemies were removed moves the
    /// shortest distance to re-engage an enemy of the same fight (L396):
    /// the nearest one still standing, flush against its facing arc.
    pub fn re_engage(&mut self, f: Fight) {
        for &m in f.members() {
            let m = usize::from(m);
            let u = &self.st.units[m];
            if !u.on_table() || u.fleeing() || self.st.engaged(m) {
                continue;
            }
            let side = u.side;
            let nearest = f
                .members()
                .iter()
                .map(|&e| usize::from(e))
                .filter(|&e| {
                    let o = &self.st.units[e];
                    o.side != side && o.on_table() && !o.fleeing()
                })
                .min_by(|&a, &b| self.st.distance(m, a).total_cmp(&self.st.distance(m, b)));
            let Some(e) = nearest else { continue };
            let arc = self.contact_arc(m, e);
            if let Some((rect, overlap)) = self.contact_rect(m, e, arc) {
                self.st.units[m].set_rect(rect);
                self.st
                    .engagements
                    .push(crate::rulesets::dnd_war::state::Engagement {
                        units: [m, e],
                        arc_on: [Arc::Front, arc],
                        overlap,
                    });
                self.change(m, |c| format!("re-engages {}", c.label(e)));
            }
        }
    }

    fn side_score(&self, f: Fight, side: Side, support: [u32; 2]) -> SideScore {
        let mut s = SideScore {
            best_unit_support: support[side.index()],
            ..Default::default()
        };
        let mut highest = i8::MIN;
        for &m in f.members() {
            let m = usize::from(m);
            let u = &self.st.units[m];
            if u.side != side {
                continue;
            }
            s.hits += u.cr_points;
            if !u.on_table() || u.fleeing() {
                continue;
            }
            s.unit_strength += self.st.unit_strength(self.setup, m);
            let cmd = u.body.command_alive();
            s.standard |= cmd.standard;
            s.battle_standard |= self
                .acting_hero(m)
                .is_some_and(|h| self.setup.units[h].battle_standard);
            s.musician |= cmd.musician;
            highest = highest.max(BattleState::elevation(self.setup, u.rect().centre));
            // Flank and rear: our units touching an enemy company unit's side or back.
            for (enemy, _) in self.st.opponents(m) {
                if let Some((arc_on_enemy, _)) = self.st.contact(enemy, m) {
                    if self.has_flanks(enemy) {
                        s.flank |= arc_on_enemy.is_flank();
                        s.rear |= arc_on_enemy == Arc::Rear;
                    }
                }
            }
        }
        s.high_ground = highest > i8::MIN && highest > self.highest_enemy_ground(f, side);
        s
    }

    fn highest_enemy_ground(&self, f: Fight, side: Side) -> i8 {
        f.members()
            .iter()
            .map(|&m| usize::from(m))
            .filter(|&m| self.st.units[m].side != side && self.st.units[m].on_table())
            .map(|m| BattleState::elevation(self.setup, self.st.units[m].rect().centre))
            .max()
            .unwrap_or(i8::MIN)
    }

    /// Combat resolution, break tests, flight and pursuit of one fight.
    fn resolve_fight(&mut self, f: Fight, support: [u32; 2]) {
        let a = self.side_score(f, Side::A, support);
        let b = self.side_score(f, Side::B, support);
        let r = resolution::resolve(&a, &b);
        let round = self.st.turn;
        self.note(|c| crate::rules::TraceEvent::Change {
            round,
            unit: c.label(usize::from(f.units[0])),
            change: format!("combat resolution {} - {}", r.totals[0], r.totals[1]),
        });
        let Some(winner) = r.winner else { return };
        let loser = winner.other();
        for &m in f.members() {
            let unit = usize::from(m);
            let won = self.st.units[unit].side == winner;
            self.st.report(CoreEvent::FightResolved { unit, won });
        }
        // The winners' fear, and their strength for the natural-20 rule.
        let mut fear = 0u8;
        let mut fear_strength = 0u32;
        for &m in f.members() {
            let m = usize::from(m);
            if self.st.units[m].side == winner && self.st.units[m].on_table() {
                let lvl = self.profile(m).psychology.fear_level();
                fear = fear.max(lvl);
                if lvl > 0 {
                    fear_strength += self.st.unit_strength(self.setup, m);
                }
            }
        }
        let mut fled = [false; MAX_FIGHT];
        for (k, &m) in f.members().iter().enumerate() {
            let m = usize::from(m);
            let u = &self.st.units[m];
            if u.side != loser || !u.on_table() {
                continue;
            }
            let passes = if u.fleeing() {
                false
            } else {
                let nat20 = fear > 0 && fear_strength > self.st.unit_strength(self.setup, m);
                let dc = break_dc(
                    r.margin,
                    if self.setup.options.fear_causers_immune
                        && self.profile(m).psychology.fear_level() > 0
                    {
                        0
                    } else {
                        fear
                    },
                );
                self.courage_test(m, TestKind::Break, dc, nat20)
            };
            if !passes {
                let away = self.away_from_enemies(m);
                fled[k] = true;
                self.flee(m, away, "breaks", FleeCause::Break, None);
            }
        }
        // Allies within 6" of a unit that fled test for panic (L481).
        for (k, &m) in f.members().iter().enumerate() {
            if fled[k] {
                self.panic_around(usize::from(m), loser);
            }
        }
        // Winners left free may pursue one unit that fled from them.
        for &m in f.members() {
            let m = usize::from(m);
            let u = &self.st.units[m];
            if u.side != winner || !u.on_table() || u.fleeing() || self.st.engaged(m) {
                continue;
            }
            if !self.doctrine(winner).pursue {
                continue;
            }
            let quarry = f
                .members()
                .iter()
                .enumerate()
                .find(|(k, _)| fled[*k])
                .map(|(_, &q)| usize::from(q));
            if let Some(q) = quarry.filter(|&q| self.st.units[q].on_table()) {
                self.decided(m, "pursue", |c| c.label(q), "pursue");
                self.pursue(m, q);
            }
        }
    }

    /// The direction directly away from the enemies `unit` is engaged with
    /// (the sum of the directions away from each, G-05), turned so that it
    /// leads toward none of them: a unit fought on opposite sides falls
    /// back sideways, across the line joining them (L442: "directly away
    /// from the unit(s) it was fighting"). Zero when no direction leads
    /// away from all of them (the unit is hemmed in on every side); the
    /// unit's rear when it fights no one.
    pub fn away_from_enemies(&self, unit: usize) -> Vec2 {
        let me = self.st.units[unit].rect().centre;
        let toward = || {
            self.st
                .opponents(unit)
                .map(move |(enemy, _)| (self.st.units[enemy].rect().centre - me).normalized())
        };
        let Some(first) = toward().next() else {
            return -self.st.units[unit].rect().facing;
        };
        let sum = toward().fold(Vec2::ZERO, |v, t| v - t);
        // Fought from opposite sides the directions cancel: try both ways
        // across the line joining them.
        let tries = if sum.length() < 1e-9 {
            [first.right(), -first.right()]
        } else {
            [sum, sum]
        };
        for mut v in tries {
            for t in toward() {
                let into = v.dot(t);
                if into > 0.0 {
                    v = v - t * into;
                }
            }
            if v.length() >= 1e-9 && !toward().any(|t| v.dot(t) > 1e-9) {
                return v;
            }
        }
        Vec2::ZERO
    }

    /// `unit` pivots to face `quarry` (as far as it has room, L39) and
    /// moves 2d6 + 2S - 12 toward it (L442, G-06). The first enemy it
    /// reaches, the quarry or another one in the way, it charges: it stands
    /// in contact with it and strikes next turn.
    pub fn pursue(&mut self, unit: usize, quarry: usize) {
        let speed = self.profile(unit).speed;
        let (d1, d2) = (
            self.roll(6, unit, "pursuit", 0),
            self.roll(6, unit, "pursuit", 0),
        );
        let dist = flee_distance(d1, d2, speed, true);
        let to = self.st.units[quarry].rect().centre - self.st.units[unit].rect().centre;
        if to.length() <= 1e-9 {
            return;
        }
        let dir = to.normalized();
        self.face_with_room(unit, dir, CLEARANCE);
        let gap = self.st.distance(unit, quarry);
        match self.first_enemy_in_path(unit, dir, dist.min(gap), quarry) {
            Some((enemy, d)) if d < gap => self.pursue_into(unit, enemy, dir, d),
            _ if dist >= gap => {
                self.catch(unit, quarry);
            }
            _ => {
                // No enemy within the move: only friends can stop it.
                let travel = self.clear_travel(unit, dir, dist, CLEARANCE);
                self.st.units[unit].translate(dir * travel);
                self.change(unit, |_| format!("pursues {travel:.1} inches"));
            }
        }
    }

    /// A pursuer sliding along `dir` reaches `enemy` (not its quarry)
    /// after `d` inches: it "automatically charges that unit" (L442), as a
    /// catch if it flees; otherwise it stands in contact as a charge does
    /// and its attacks wait for the next turn. A friend in the way, or no
    /// room at the enemy, stops it short, clear of both (L39).
    fn pursue_into(&mut self, unit: usize, enemy: usize, dir: Vec2, d: f64) {
        let reach = self.clear_travel(unit, dir, d, 0.0);
        let arc = self.contact_arc(unit, enemy);
        if reach >= d && self.st.units[enemy].fleeing() {
            self.catch(unit, enemy);
        } else if reach >= d && self.contact_rect(unit, enemy, arc).is_some() {
            self.engage_for_next_turn(unit, enemy);
            self.st.units[unit].flags.charged = true;
            self.change(unit, |c| {
                format!("pursues into {}: it strikes next turn", c.label(enemy))
            });
        } else {
            let travel = self.clear_travel(unit, dir, d, CLEARANCE);
            self.st.units[unit].translate(dir * travel);
            self.change(unit, |_| format!("pursues {travel:.1} inches"));
        }
    }

    /// Whether `a` and `b` are held together only by a catch or pursuit
    /// contact made this turn (by the one whose `flags.charged` it set):
    /// its "charge attacks and return attacks are not resolved until next
    /// turn" (L442, G-06), so the link joins no fight before then.
    pub fn fresh_catch(&self, a: usize, b: usize) -> bool {
        let held = |by: usize, held: usize| {
            let h = &self.st.units[held];
            h.caught_by == Some(by)
                && h.caught_on_turn == self.st.turn
                && self.st.units[by].flags.charged
        };
        held(a, b) || held(b, a)
    }

    /// Whether `unit` holds a unit by a catch or pursuit contact made this
    /// turn ([`Ctx::fresh_catch`]).
    pub fn holds_fresh_catch(&self, unit: usize) -> bool {
        self.st
            .opponents(unit)
            .any(|(o, _)| self.st.units[o].caught_by == Some(unit) && self.fresh_catch(unit, o))
    }
}
