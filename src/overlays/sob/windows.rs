//! What happens out of sequence (digest 6 and 5.3, D12-D18): the fire
//! windows (start of a turn, after each card, end of a turn) in which
//! either side's unspent missile units and war machines may shoot once
//! per turn; the charge-declared window (Manoeuvre the target away, Stand
//! & Shoot, hitting only on the top band when spent); Leadership against a
//! declared card; and the Stratagem (tags, the countdown roll, the free
//! moves).

use super::battle::Game;
use super::cards::{Event, Order, Starter};
use super::core::SobCore;
use super::options::{CapBasis, LeadershipTargets, SpentSas};
use crate::overlays::sob::doctrine::{Fire, StratagemTags, When};
use crate::rules::Side;

impl<C: SobCore> Game<'_, C> {
    fn shooter(&self, u: usize) -> bool {
        (self.core.is_missile(u) || self.core.is_war_machine(u))
            && self.core.acts(u)
            && !self.core.engaged(u)
            && !self.core.fleeing(u)
    }

    /// D12 (b, c): whether `u` holds its shot in this window.
    fn holds_fire(&self, u: usize) -> bool {
        let s = self.core.side(u);
        match self.doctrine(s).fire {
            Fire::Asap => false,
            Fire::OwnTurn => self.b.active != s,
            Fire::HoldForChargers => (0..self.core.unit_count()).any(|e| {
                self.core.side(e) != s
                    && self.core.acts(e)
                    && !self.b.moved_round[e]
                    && self.core.charge_option(e).is_some_and(|c| c.target == u)
            }),
        }
    }

    /// A fire window: the active side's shooters, then the other side's,
    /// each in unit order.
    pub fn fire_window(&mut self) {
        let active = self.b.active;
        for s in [active, active.other()] {
            // Only the side's missile units and war machines can shoot.
            for k in 0..self.b.armed[s.index()].len() {
                let u = self.b.armed[s.index()][k];
                if self.over() {
                    return;
                }
                // A unit with no target does not shoot, whether it would hold
                // its fire or not: the target (kept by the core until the next
                // action) is asked first, the chargers only then.
                if !self.shooter(u)
                    || self.b.spent[u]
                    || self.b.fired_turn[u]
                    || self.core.shooting_choice(u).is_none()
                    || self.holds_fire(u)
                {
                    continue;
                }
                let Some(t) = self.core.shooting_target(u) else {
                    continue;
                };
                let mods = self.shot_mods(u, false);
                self.b.spent[u] = true;
                self.b.fired_turn[u] = true;
                self.core.shoot(u, t, mods);
                self.settle();
            }
        }
    }

    /// The window between a charge's declaration and its roll: the target
    /// may be Manoeuvred away (D16) or Stand & Shoot (D13).
    pub fn charge_reactions(&mut self, charger: usize, target: usize) {
        let o = self.core.side(target);
        let opponents_turn = self.b.active != o;
        if opponents_turn
            && self.opts().manoeuvre_vs_declared_charge
            && self.doctrine(o).manoeuvre != When::Never
            && self.has_starter(o, Starter::Manoeuvre)
            && !self.core.engaged(target)
            && !self.core.fleeing(target)
        {
            let reach = self
                .core
                .charge_option(charger)
                .map_or(0.0, |c| c.max_range);
            let gap = self.core.distance(charger, target);
            let escapes = gap + self.core.speed(target) / 2.0 > reach;
            if escapes || self.doctrine(o).manoeuvre == When::Always {
                self.use_starter(o, Starter::Manoeuvre);
                self.decided(
                    o,
                    "manoeuvre",
                    |g| format!("{} steps back from the charge", g.core.label(target)),
                    "manoeuvre",
                );
                self.core.half_move_away(target, charger);
                if self.opts().manoeuvre_counts_as_round_move {
                    self.b.moved_round[target] = true;
                }
                self.settle();
            }
        }
        if !self.opts().dnd_stand_and_shoot
            || !self.shooter(target)
            || self.b.sas_turn[target]
            || !self.core.can_target(target, charger)
        {
            return;
        }
        let fresh = !self.b.spent[target] && !self.b.fired_turn[target];
        let wants = match self.doctrine(o).stand_and_shoot {
            When::Never => false,
            When::Always => true,
            When::Judged => fresh,
        };
        if !wants || (!fresh && self.opts().spent_stand_and_shoot == SpentSas::Forbidden) {
            return;
        }
        self.decided(
            o,
            "stand & shoot",
            |g| {
                format!(
                    "{}{}",
                    g.core.label(target),
                    if fresh { "" } else { " (spent: top band only)" }
                )
            },
            "stand_and_shoot",
        );
        let mods = self.shot_mods(target, !fresh);
        self.b.sas_turn[target] = true;
        self.b.spent[target] = true;
        self.b.fired_turn[target] = true;
        self.core.shoot(target, charger, mods);
        self.settle();
    }

    /// Leadership (D14): whether the opponent of `s` cancels the card `s`
    /// just declared.
    pub fn leadership_cancels(
        &mut self,
        s: Side,
        order: Option<Order>,
        event: Option<Event>,
    ) -> bool {
        let o = s.other();
        if !self.has_starter(o, Starter::Leadership) {
            return false;
        }
        let allowed = match self.opts().leadership_targets {
            LeadershipTargets::OrdersOnly => order.is_some(),
            _ => true,
        };
        if !allowed {
            return false;
        }
        let wants = match self.doctrine(o).leadership {
            When::Never => false,
            When::Always => true,
            When::Judged => match (order, event) {
                (Some(Order::MoveCommandGroup), _) => true,
                (Some(Order::Move), _) => self.any_charge_ready(s),
                (Some(Order::Melee), _) => self.melee_forecast(s) > 0.0,
                (_, Some(Event::CrushingMissilery)) => true,
                _ => false,
            },
        };
        if !wants {
            return false;
        }
        self.use_starter(o, Starter::Leadership);
        let gd = self.b.gd_now[o.index()];
        let x = self.roll(o, gd, "Leadership (GD)");
        let y = self.roll(o, 8, "Leadership (d8)");
        let cancelled = x > y || (x == y && self.opts().leadership_tie_succeeds);
        self.say(o, |_| {
            if cancelled {
                "cancels the card with Leadership".to_string()
            } else {
                "fails to cancel the card with Leadership".to_string()
            }
        });
        cancelled
    }

    /// D17: the Stratagem's tags, up to a quarter of the army (min 1).
    pub fn tag_stratagem(&mut self, s: Side) {
        let mut ranked = std::mem::take(&mut self.b.scratch);
        ranked.clear();
        ranked.extend((0..self.core.unit_count()).filter(|&u| {
            self.core.side(u) == s && self.core.acts(u) && !self.core.is_war_machine(u)
        }));
        match self.doctrine(s).stratagem_tags {
            StratagemTags::Fastest => ranked.sort_by(|&a, &b| {
                self.core
                    .speed(b)
                    .total_cmp(&self.core.speed(a))
                    .then(self.core.is_missile(a).cmp(&self.core.is_missile(b)))
            }),
            StratagemTags::Missile => ranked.sort_by_key(|&u| !self.core.is_missile(u)),
            StratagemTags::HighestMcv => {
                ranked.sort_by_key(|&u| std::cmp::Reverse(self.setup.mcv[u]))
            }
        }
        let army_points: u32 = ranked.iter().map(|&u| self.core.points(u)).sum();
        let cap = (ranked.len() / 4).max(1);
        let mut points = 0;
        let mut tagged = 0;
        for &u in &ranked {
            let ok = match self.opts().stratagem_cap_basis {
                CapBasis::UnitCount => tagged < cap,
                CapBasis::Points => {
                    4 * (points + self.core.points(u)) <= army_points || tagged == 0
                }
            };
            if !ok {
                continue;
            }
            tagged += 1;
            points += self.core.points(u);
            self.b.stratagem_tag[u] = true;
        }
        self.b.scratch = ranked;
    }

    /// The Stratagem roll at the start of `s`'s turn (D18).
    pub fn stratagem_roll(&mut self, s: Side) {
        let i = s.index();
        if self.b.stratagem_done[i] || !self.has_starter(s, Starter::Stratagem) {
            return;
        }
        let die = self.b.stratagem_die[i];
        let gd = self.b.gd_now[i];
        let wizard_near_general = (0..self.core.unit_count()).any(|w| {
            self.core.side(w) == s
                && self.core.in_battle(w)
                && self.core.is_wizard(w)
                && (0..self.core.unit_count()).any(|g| {
                    self.core.side(g) == s
                        && self.core.is_general(g)
                        && self.core.in_battle(g)
                        && self.core.within(
                            self.core.host(w).unwrap_or(w),
                            self.core.host(g).unwrap_or(g),
                            12.0,
                        )
                })
        });
        let p_alone = f64::from(gd.saturating_sub(die) + 1) / f64::from(gd);
        let plus4 = wizard_near_general
            && match self.doctrine(s).stratagem_plus4 {
                When::Never => false,
                When::Always => true,
                When::Judged => p_alone < 0.5 && !self.spell_has_target(s),
            };
        let mut bonus = 0;
        if plus4 {
            if let Some(k) = self.stratagem_card(s) {
                let card = self.b.hand_orders[i].remove(k);
                let mode = self.opts().trash_mode;
                self.b.orders[i].trash(card, mode);
                self.count_order(s, card, super::battle::TRASHED);
                bonus = 4;
            }
        }
        let r = self.roll(s, gd, "Stratagem") + bonus;
        if r >= die {
            self.b.stratagem_done[i] = true;
            self.b.stratagem_moves = true;
            self.use_starter(s, Starter::Stratagem);
            self.say(s, |_| format!("the Stratagem succeeds ({r} against {die}): tagged units move freely this turn"));
        } else {
            self.b.stratagem_die[i] = die - 1;
            self.say(s, |_| {
                format!(
                    "the Stratagem fails ({r} against {die}); its die drops to {}",
                    die - 1
                )
            });
        }
    }

    /// Whether a caster of `s` has a target for Cast Spells now (D18 a:
    /// the card is trashed for +4 only when it has no good target).
    fn spell_has_target(&self, s: Side) -> bool {
        (0..self.core.unit_count()).any(|w| {
            self.core.side(w) == s
                && self.core.is_wizard(w)
                && self.core.in_battle(w)
                && self.core.spell_has_target(w)
        })
    }

    /// The Stratagem's free moves, after the turn's own charges (D18 a):
    /// a single move each, never a march or a charge (L332).
    pub fn stratagem_moves(&mut self, s: Side) {
        if !self.b.stratagem_moves {
            return;
        }
        self.b.stratagem_moves = false;
        for u in 0..self.core.unit_count() {
            if self.over() {
                return;
            }
            if self.core.side(u) == s
                && self.b.stratagem_tag[u]
                && self.core.acts(u)
                && !self.core.engaged(u)
                && !self.core.fleeing(u)
            {
                self.core.free_move(u);
                self.settle();
            }
        }
    }
}
