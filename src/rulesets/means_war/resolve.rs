//! Damage and morale in a This Means WAR! battle: landing an attack (overkill
//! lost, % killed credited to the attacker), resolving a phase's attacks
//! together (pooled initiative attacks split evenly, routed targets taking
//! double), morale checks with their bands, and what entering a state sets
//! off: the free attacks on a routing unit (L127), the offer to exploit a
//! surrender and its +50 check (L142-143), and Resurgance (L180-182).

use super::arith::{attack_damage, milli_pct};
use super::battle::{Battle, Hit};
use super::morale::{self, band, MoraleState, Transition};
use super::options::{IaAllocation, MoraleScope};
use super::state::{Presence, View, EMPTY};
use crate::rules::{TraceEvent, Tracer};

/// Most units a free-attack list holds (8 neighbours, or attackers since the last action phase).
const MAX_FREE_ATTACKERS: usize = 32;

impl<T: Tracer> Battle<'_, T> {
    /// Damage of `attacker` at `pct` % with multiplier `mult` (its surviving fraction applied).
    pub fn damage_of(&self, attacker: usize, pct: i64, mult: i64) -> i64 {
        let u = &self.st.units[attacker];
        let t = &self.setup.troops[self.setup.units[attacker].troop];
        attack_damage(t.damage_milli, pct, u.hp, u.scale_hp, mult)
    }

    /// Applies `damage` from `attacker` to `target`; returns what landed (overkill is lost).
    pub fn land(&mut self, attacker: usize, target: usize, damage: i64) -> i64 {
        if self.st.units[target].presence != Presence::OnBoard || damage <= 0 {
            return 0;
        }
        let d = damage.min(self.st.units[target].hp);
        let full = self.setup.troops[self.setup.units[target].troop].hp;
        let round = self.st.round;
        {
            let t = &mut self.st.units[target];
            t.hp -= d;
            t.damaged_since_ap = true;
            t.damaged_this_round = true;
            match t
                .damage_from
                .iter_mut()
                .find(|(a, _)| usize::from(*a) == attacker)
            {
                Some(entry) => entry.1 += d,
                None => t.damage_from.push((attacker as u16, d)),
            }
            if t.morale == MoraleState::Surrender {
                t.attacked_while_surrendered.push(attacker as u16);
            }
        }
        let target_max = self.st.units[target].max_hp;
        let a = &mut self.st.units[attacker];
        a.kills_milli += milli_pct(d, target_max);
        a.damage_dealt += d;
        let g = &mut self.st.groups[self.setup.units[attacker].group];
        g.damage_dealt += d;
        if !g.engaged[target] {
            g.engaged[target] = true;
            g.engaged_hp += full;
        }
        self.note(|b| {
            let t = &b.st.units[target];
            TraceEvent::Change {
                round,
                unit: b.label(target),
                change: format!(
                    "takes {d} from {}: {:.1}% killed, {:.1}% surviving ({} of {} hp)",
                    b.label(attacker),
                    milli_pct(d, t.max_hp) as f64 / 1000.0,
                    milli_pct(t.hp.max(0), t.max_hp) as f64 / 1000.0,
                    t.hp.max(0),
                    t.max_hp
                ),
            }
        });
        if self.st.units[target].hp <= 0 {
            self.remove(target, Presence::Destroyed);
        }
        d
    }

    /// Resolves the attacks of one phase, chosen before any lands: pooled
    /// initiative attacks are summed and split evenly over their targets
    /// (L57), routed targets take double (L132), and a surrendered unit that
    /// was attacked makes its +50 check.
    pub fn resolve_hits(&mut self) {
        let mut hits = std::mem::take(self.hits);
        let pooled_total: i64 = hits
            .iter()
            .filter(|h| h.pooled)
            .map(|h| self.damage_of(h.attacker, h.pct, h.mult))
            .sum();
        let pooled_targets = hits
            .iter()
            .enumerate()
            .filter(|(i, h)| {
                h.pooled && !hits[..*i].iter().any(|o| o.pooled && o.target == h.target)
            })
            .count() as i64;
        for i in 0..hits.len() {
            let h = hits[i];
            let target_mult = if self.st.units[h.target].morale == MoraleState::Rout {
                2
            } else {
                1
            };
            if h.pooled {
                if hits[..i].iter().any(|o| o.pooled && o.target == h.target) {
                    continue;
                }
                // The target's share, credited evenly to the units that chose it.
                let share = pooled_total / pooled_targets.max(1) * target_mult;
                let n = hits
                    .iter()
                    .filter(|o| o.pooled && o.target == h.target)
                    .count() as i64;
                let mut k = 0;
                for &o in &hits[i..] {
                    if o.pooled && o.target == h.target {
                        let portion = share / n + if k == 0 { share % n } else { 0 };
                        self.land(o.attacker, o.target, portion);
                        k += 1;
                    }
                }
            } else {
                let d = self.damage_of(h.attacker, h.pct, h.mult * target_mult);
                self.land(h.attacker, h.target, d);
            }
        }
        for i in 0..hits.len() {
            let t = hits[i].target;
            if hits[..i].iter().any(|o| o.target == t) {
                continue;
            }
            if self.st.units[t].presence == Presence::OnBoard
                && self.st.units[t].morale == MoraleState::Surrender
                && !self.st.units[t].attacked_while_surrendered.is_empty()
            {
                self.surrendered_attacked_check(t);
            }
        }
        hits.clear();
        *self.hits = hits;
    }

    /// Rolls a d% for a morale check of `u` and records its band.
    fn roll_percent(&mut self, u: usize, target: i64, shared: bool, purpose: &str) -> i64 {
        let g = self.setup.units[u].group;
        let r = if shared && self.setup.options.morale_scope == MoraleScope::PerTroopType {
            match self.st.groups[g].shared_roll {
                Some(r) => r,
                None => {
                    let r = i64::from(self.dice.roll(100));
                    self.st.groups[g].shared_roll = Some(r);
                    r
                }
            }
        } else {
            i64::from(self.dice.roll(100))
        };
        let b = band(r, target);
        self.st.units[u].outcomes[b.index()] += 1;
        let round = self.st.round;
        self.note(|bt| TraceEvent::Roll {
            round,
            who: bt.label(u),
            purpose: format!("{purpose} against {target}: {}", b.name()),
            die: 100,
            dice: vec![r as u8],
            kept: r as u8,
            modifier: 0,
        });
        r
    }

    /// A morale check of `u` (L105): at the start of its action phase
    /// (`scheduled`) or after an initiative-phase move. `budget` is its
    /// movement in the current phase (a routed unit's "surrounded" test).
    pub fn morale_check(&mut self, u: usize, budget: i32, scheduled: bool) {
        let unit = &self.st.units[u];
        if unit.presence != Presence::OnBoard
            || unit.exempt
            || unit.morale == MoraleState::Surrender
        {
            return;
        }
        let o = &self.setup.options;
        let target = self.view().morale_target(u, 0);
        let current = unit.morale;
        let purpose = if scheduled {
            "morale check"
        } else {
            "morale check after moving"
        };
        let r = self.roll_percent(u, target, scheduled, purpose);
        let transition = if current == MoraleState::Rout {
            let view = View {
                setup: self.setup,
                state: &*self.st,
            };
            self.reach.compute(&view, u, budget);
            let surrounded = view.enclosed(u, self.reach);
            morale::while_routed(r, target, surrounded, o.restricted_check_mapping)
        } else {
            let side = self.setup.side(self.setup.units[u].side);
            let survival = side.fights_for_survival || side.fights_for_loved_ones;
            morale::ordinary(current, band(r, target), o.state_update, survival)
        };
        self.apply(u, transition);
    }

    /// The +50 check of a surrendered unit that was attacked (L143).
    fn surrendered_attacked_check(&mut self, u: usize) {
        let target = self.view().morale_target(u, 50);
        let r = self.roll_percent(
            u,
            target,
            false,
            "morale check of an attacked surrender (+50)",
        );
        let t =
            morale::surrendered_attacked(r, target, self.setup.options.restricted_check_mapping);
        self.apply(u, t);
    }

    /// Carries out a check's transition.
    pub fn apply(&mut self, u: usize, transition: Transition) {
        let round = self.st.round;
        match transition {
            Transition::Stay => {}
            Transition::Enter(state) => {
                let before = self.st.units[u].morale;
                let unit = &mut self.st.units[u];
                unit.morale = state;
                unit.state_round = round;
                self.change(u, |_| format!("{} -> {}", before.name(), state.name()));
                if state == MoraleState::Rout && before != MoraleState::Rout {
                    self.routs(u);
                }
                if state == MoraleState::Surrender && before != MoraleState::Surrender {
                    self.surrenders(u);
                }
            }
            Transition::Resurge { exempt } => {
                let resets = self.setup.options.resurgence_resets_damage_scaling;
                let unit = &mut self.st.units[u];
                unit.morale = MoraleState::Normal;
                unit.state_round = round;
                unit.resurgences = unit.resurgences.saturating_add(1);
                unit.exempt |= exempt;
                unit.max_hp = unit.hp;
                if resets {
                    unit.scale_hp = unit.hp;
                }
                self.change(u, |b| {
                    let u = &b.st.units[u];
                    format!(
                        "RESURGANCE: {} hp is now full capacity, +10 to later checks{}",
                        u.max_hp,
                        if u.exempt {
                            ", fights to the death (no more checks)"
                        } else {
                            ""
                        }
                    )
                });
            }
        }
    }

    /// Free attacks of first-attack damage (doubled: the target is routed) by
    /// every enemy unit in battle with a unit that has just routed (L127,
    /// B-G10); and who it runs from (B-G19).
    fn routs(&mut self, u: usize) {
        let view = self.view();
        let side = view.side_of(u);
        let router = self.st.units[u]
            .damage_from
            .iter()
            .filter(|(a, _)| view.on_board(usize::from(*a)))
            .max_by_key(|(a, d)| (*d, std::cmp::Reverse(*a)))
            .map(|(a, _)| usize::from(*a))
            .or_else(|| {
                view.nearest_enemy(side, self.st.units[u].pos)
                    .map(|(e, _)| e)
            });
        self.st.units[u].router = router.map_or(EMPTY, |r| r as u16);
        let view = self.view();
        let mut attackers = [0usize; MAX_FREE_ATTACKERS];
        let mut n = 0;
        for e in view.adjacent_enemies(u) {
            let m = self.st.units[e].morale;
            if n < MAX_FREE_ATTACKERS && m != MoraleState::Surrender && m != MoraleState::Rout {
                attackers[n] = e;
                n += 1;
            }
        }
        let factor = self.setup.options.first_attack_damage_factor;
        for &e in &attackers[..n] {
            let d = self.damage_of(e, factor, 2);
            self.decided(
                e,
                "free attack on a routing unit",
                |b| format!("{} for {d}", b.label(u)),
                "always taken (L127)",
            );
            self.land(e, u, d);
        }
    }

    /// Offers every unit that was attacking a surrendering unit an extra
    /// first-attack (L142); taking it sets off the +50 check (L143).
    fn surrenders(&mut self, u: usize) {
        let mut attackers = [0usize; MAX_FREE_ATTACKERS];
        let mut n = 0;
        for &(a, _) in &self.st.units[u].damage_from {
            let a = usize::from(a);
            if n < MAX_FREE_ATTACKERS
                && self.view().hostile(self.setup.units[u].side, a)
                && self.st.units[a].morale != MoraleState::Rout
            {
                attackers[n] = a;
                n += 1;
            }
        }
        let factor = self.setup.options.first_attack_damage_factor;
        for &e in &attackers[..n] {
            let unit = &self.st.units[u];
            if unit.presence != Presence::OnBoard || unit.morale != MoraleState::Surrender {
                break;
            }
            let d = self.damage_of(e, factor, 1);
            let hp = unit.hp;
            let side = self.setup.units[e].side;
            let choice = self.setup.side(side).doctrine.exploit_surrender(d, hp);
            self.decided(
                e,
                "exploit the surrender",
                |b| {
                    if choice.choice {
                        format!("attacks {} for {d}", b.label(u))
                    } else {
                        format!("accepts the surrender of {}", b.label(u))
                    }
                },
                choice.rule,
            );
            if choice.choice {
                self.land(e, u, d);
                if self.st.units[u].presence == Presence::OnBoard {
                    self.surrendered_attacked_check(u);
                }
            }
        }
    }
}

/// An attack of `attacker` on `target` at `pct` %, times `mult`.
pub fn hit(
    attacker: usize,
    target: usize,
    pct: i64,
    mult: i64,
    allocation: IaAllocation,
    initiative: bool,
) -> Hit {
    Hit {
        attacker,
        target,
        pct,
        mult,
        pooled: initiative && mult == 1 && allocation == IaAllocation::PooledEven,
    }
}
