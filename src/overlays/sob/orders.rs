//! Orders cards in play (digest 5.1 and D2, D4, D6-D10): the tutor pick,
//! the order a hand is played in and what is trashed, and each card's
//! procedure: Move (compulsory rally, then one unit moves, marches or
//! charges, with the first round of any fight it starts, or repairs a
//! disabled war machine when no charge is on), Move Command
//! Group, Melee, the two reloads, Cast Spells, Brilliant Tactician and
//! Lull. Charges go through the charge-declared window (Manoeuvre, Stand &
//! Shoot) and count toward Thunderous Charge and Pincer Movement.

use super::battle::{Game, PLAYED, TRASHED, WASTED};
use super::cards::{Order, Starter};
use super::core::SobCore;
use super::ledger::Achievement;
use super::options::{RallyTiming, ReloadScope, ThunderTest};
use crate::geometry::Arc;
use crate::overlays::sob::doctrine::{Activation, OrdersOrder, RallyPick, Tutor};
use crate::rules::Side;

/// Whom a Move-type card may activate (a named character's group, or anyone).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Group {
    Any,
    /// Units within the radius of this unit (the character's, or his host).
    Near(usize, f64),
}

impl<C: SobCore> Game<'_, C> {
    /// Units of `s` a Move card may activate now: to move, march or
    /// charge, or a disabled war machine to repair it (digest 5.1).
    pub fn can_activate(&self, u: usize) -> bool {
        self.core.acts(u)
            && !self.b.moved_round[u]
            && !self.core.engaged(u)
            && !self.core.fleeing(u)
            && (!self.core.is_war_machine(u) || self.core.disabled(u))
    }

    /// The named character of `s` whose Move Command Group reaches most
    /// units (D10), with the centre unit and the radius.
    pub fn command_group(&self, s: Side) -> Option<(usize, Group, usize)> {
        let mut best: Option<(usize, Group, usize)> = None;
        for c in 0..self.core.unit_count() {
            if self.core.side(c) != s || !self.core.in_battle(c) || !self.core.is_named_character(c)
            {
                continue;
            }
            if !self.doctrine(s).group_most_units && !self.core.is_general(c) {
                continue;
            }
            let centre = self.core.host(c).unwrap_or(c);
            let radius = if self.core.is_general(c) { 12.0 } else { 6.0 };
            let n = (0..self.core.unit_count())
                .filter(|&u| {
                    self.core.side(u) == s
                        && self.can_activate(u)
                        && (u == centre || self.core.within(centre, u, radius))
                })
                .count();
            if best.map_or(true, |b| n > b.2) {
                best = Some((c, Group::Near(centre, radius), n));
            }
        }
        best
    }

    /// Sum over fights of `s`'s share minus one half (D2, D6 forecast).
    pub fn melee_forecast(&mut self, s: Side) -> f64 {
        let mut seeds = std::mem::take(&mut self.b.scratch);
        seeds.clear();
        self.core.fights(&mut seeds);
        let f = seeds
            .iter()
            .map(|&u| self.core.fight_share(u, s) - 0.5)
            .sum();
        self.b.scratch = seeds;
        f
    }

    pub fn any_charge_ready(&self, s: Side) -> bool {
        (0..self.core.unit_count()).any(|u| {
            self.core.side(u) == s && self.can_activate(u) && self.core.charge_option(u).is_some()
        })
    }

    fn spent_of(&self, s: Side, machines: bool) -> bool {
        (0..self.core.unit_count()).any(|u| {
            self.core.side(u) == s
                && self.b.spent[u]
                && self.core.acts(u)
                && (if machines {
                    self.core.is_war_machine(u)
                } else {
                    self.core.is_missile(u)
                })
        })
    }

    /// The Orders card the situation calls for (D2 a; Brilliant Tactician).
    fn wanted_order(&mut self, s: Side) -> [Order; 6] {
        let group = self.command_group(s).is_some_and(|g| g.2 >= 2);
        let melee = self.melee_forecast(s) > 0.0;
        let mut list = [Order::Move; 6];
        let mut n = 0;
        let mut push = |o: Order| {
            if !list[..n].contains(&o) {
                list[n] = o;
                n += 1;
            }
        };
        if group {
            push(Order::MoveCommandGroup);
        }
        if melee {
            push(Order::Melee);
        }
        push(Order::Move);
        if self.spent_of(s, false) {
            push(Order::MissileReload);
        }
        if self.spent_of(s, true) {
            push(Order::EnginesOfWarReload);
        }
        push(Order::BrilliantTactician);
        push(Order::MoveCommandGroup);
        push(Order::Melee);
        list
    }

    /// D2: the card the winner tutors, taken from his deck.
    pub fn tutor_pick(&mut self, s: Side) -> Option<Order> {
        // Fixed: Move Command Group > Move > Melee (repeats change nothing).
        let wants: [Order; 6] = match self.doctrine(s).tutor {
            Tutor::Decline => return None,
            Tutor::Fixed => [
                Order::MoveCommandGroup,
                Order::Move,
                Order::Melee,
                Order::Melee,
                Order::Melee,
                Order::Melee,
            ],
            Tutor::Situational => self.wanted_order(s),
        };
        let i = s.index();
        let pick = |pile: &[Order]| wants.iter().find_map(|w| pile.iter().position(|c| c == w));
        let from_discard = self.opts().tutor_source == super::options::TutorSource::DrawAndDiscard;
        let dice = self.core.dice();
        let mut card = self.b.orders[i].tutor(dice, pick);
        if card.is_none() && from_discard {
            if let Some(k) = pick(&self.b.orders[i].discard) {
                card = Some(self.b.orders[i].discard.remove(k));
            }
        }
        if let Some(c) = card {
            self.decided(s, "tutor", |_| c.id().to_string(), "tutor");
        }
        card
    }

    /// D6: the next Orders card of the hand to resolve, removed from it.
    pub fn next_order(&mut self, s: Side) -> Option<Order> {
        let i = s.index();
        if self.b.hand_orders[i].is_empty() {
            return None;
        }
        let rank = |o: Order, order: OrdersOrder| -> u8 {
            match order {
                OrdersOrder::HandOrder => 0,
                OrdersOrder::MovesFirst => match o {
                    Order::MoveCommandGroup | Order::Move | Order::BrilliantTactician => 0,
                    Order::Melee => 1,
                    Order::CastSpells => 2,
                    _ => 3,
                },
                OrdersOrder::MeleeFirst => match o {
                    Order::Melee => 0,
                    Order::MoveCommandGroup | Order::Move | Order::BrilliantTactician => 1,
                    Order::CastSpells => 2,
                    _ => 3,
                },
            }
        };
        let order = self.doctrine(s).orders_order;
        let hand = &self.b.hand_orders[i];
        let k = (0..hand.len()).min_by_key(|&k| (rank(hand[k], order), k))?;
        Some(self.b.hand_orders[i].remove(k))
    }

    /// Whether `s` trashes `o` instead of playing it (D6).
    fn trashes(&mut self, s: Side, o: Order) -> bool {
        if self.doctrine(s).orders_order != OrdersOrder::MovesFirst {
            return false;
        }
        match o {
            Order::Lull => self.opts().lull_trashable,
            Order::Melee => self.melee_forecast(s) < 0.0,
            // Dead once every caster is gone: trashed like a Lull (D4
            // values it as little).
            Order::CastSpells => self.casters_gone(s),
            _ => false,
        }
    }

    /// Whether `s` fielded casters and none is left in the battle (digest 5.5).
    fn casters_gone(&self, s: Side) -> bool {
        let mut casters = (0..self.core.unit_count())
            .filter(|&c| self.core.side(c) == s && self.core.is_wizard(c));
        let first = casters.next();
        first.is_some()
            && !first
                .into_iter()
                .chain(casters)
                .any(|c| self.core.in_battle(c))
    }

    /// Resolves (or trashes) one Orders card of `s`.
    pub fn play_order(&mut self, s: Side, o: Order) {
        let i = s.index();
        if self.trashes(s, o) {
            self.decided(s, "trash", |_| o.id().to_string(), "orders_order");
            let mode = self.opts().trash_mode;
            self.b.orders[i].trash(o, mode);
            self.count_order(s, o, TRASHED);
            return;
        }
        self.say(s, |_| format!("plays {}", o.id()));
        if self.leadership_cancels(s, Some(o), None) {
            self.b.orders[i].discard(o);
            self.count_order(s, o, super::battle::CANCELLED);
            return;
        }
        self.b.orders[i].discard(o);
        self.count_order(s, o, PLAYED);
        if !self.resolve_order(s, o, true) {
            self.count_order(s, o, WASTED);
        }
    }

    /// The effect of `o` for `s`; false when it had none.
    pub fn resolve_order(&mut self, s: Side, o: Order, own_turn: bool) -> bool {
        match o {
            Order::Lull => false,
            Order::Move => self.move_card(s, Group::Any, own_turn, true),
            // A named character whose group has no unit able to act
            // leaves the card "exactly the same as a Move card" (L289).
            Order::MoveCommandGroup => match self.command_group(s) {
                Some((c, group, n)) if n > 0 => {
                    self.decided(s, "command group", |g| g.core.label(c), "group_most_units");
                    self.move_card(s, group, own_turn, true)
                }
                _ => self.move_card(s, Group::Any, own_turn, true),
            },
            Order::Melee => self.melee(s),
            Order::MissileReload => {
                let scope = self.opts().missile_reload_scope;
                self.reload(s, scope)
            }
            Order::EnginesOfWarReload => self.reload(s, ReloadScope::MachinesOnly),
            Order::CastSpells => self.core.cast_spells(s),
            Order::BrilliantTactician => {
                let any = self.opts().tactician_any_type;
                let build = self.setup.builds[s.index()];
                let wanted = self.wanted_order(s);
                let Some(&act_as) = wanted
                    .iter()
                    .find(|&&w| w != Order::BrilliantTactician && (any || build.count(w) > 0))
                else {
                    return false;
                };
                self.decided(
                    s,
                    "brilliant tactician",
                    |_| act_as.id().to_string(),
                    "tutor",
                );
                self.resolve_order(s, act_as, own_turn)
            }
        }
    }

    /// Unspends `s`'s units in `scope`; false when nothing was spent.
    pub fn reload(&mut self, s: Side, scope: ReloadScope) -> bool {
        let mut any = false;
        for u in 0..self.core.unit_count() {
            if self.core.side(u) != s || !self.b.spent[u] || !self.core.in_battle(u) {
                continue;
            }
            let machine = self.core.is_war_machine(u);
            let ok = match scope {
                ReloadScope::InfantryAndMachines => true,
                ReloadScope::InfantryOnly => !machine,
                ReloadScope::MachinesOnly => machine,
            };
            if ok {
                self.b.spent[u] = false;
                if machine {
                    self.core.reload(u);
                }
                any = true;
                self.say(s, |g| format!("{} is reloaded", g.core.label(u)));
            }
        }
        any
    }

    /// Melee (L286): every fight, in the doctrine's order, one round each.
    fn melee(&mut self, s: Side) -> bool {
        let mut seeds = std::mem::take(&mut self.b.scratch);
        seeds.clear();
        self.core.fights(&mut seeds);
        // Fights forecast as wins first (D21 a).
        seeds.sort_by(|&a, &b| {
            self.core
                .fight_share(b, s)
                .total_cmp(&self.core.fight_share(a, s))
        });
        // The fight list outlives nested uses of `scratch` (forecasts in the
        // fights' windows), so it is kept in its own reused buffer.
        let mut list = std::mem::take(&mut self.b.melee_order);
        list.clear();
        list.extend_from_slice(&seeds);
        self.b.scratch = seeds;
        let mut any = false;
        for &u in &list {
            if self.over() {
                break;
            }
            if !self.core.acts(u) || !self.core.engaged(u) {
                continue;
            }
            self.core.fight_round(u, false);
            self.settle();
            any = true;
        }
        self.b.melee_order = list;
        any
    }

    /// The compulsory rally of a Move-type card (D8); false if none fled.
    fn card_rally(&mut self, s: Side) -> bool {
        let pick = self.doctrine(s).rally_pick;
        let not_same_round = self.opts().rally_not_same_round_as_flee;
        let round = self.b.round;
        let best = (0..self.core.unit_count())
            .filter(|&u| {
                self.core.side(u) == s
                    && self.core.acts(u)
                    && self.core.fleeing(u)
                    && !(not_same_round && self.b.fled_round[u] == round)
            })
            .max_by(|&a, &b| match pick {
                RallyPick::HighestMcv => self.setup.mcv[a].cmp(&self.setup.mcv[b]).then(
                    self.core
                        .edge_distance(a)
                        .total_cmp(&self.core.edge_distance(b)),
                ),
                RallyPick::ClosestToEdge => self
                    .core
                    .edge_distance(b)
                    .total_cmp(&self.core.edge_distance(a)),
            });
        let Some(u) = best else { return false };
        self.decided(s, "rally", |g| g.core.label(u), "rally_pick");
        let flee = self.opts().failed_rally_flees;
        if self.core.rally(u, flee) {
            self.b.moved_round[u] = true;
        }
        self.settle();
        true
    }

    /// Move or Move Command Group: the rally, then the activations.
    pub fn move_card(&mut self, s: Side, group: Group, own_turn: bool, rally: bool) -> bool {
        let before = self.opts().move_rally_timing == RallyTiming::BeforeAction;
        let mut did = false;
        if rally && before {
            did |= self.card_rally(s);
        }
        loop {
            if self.over() {
                break;
            }
            let Some(u) = self.pick_activation(s, group) else {
                break;
            };
            self.activate(u, own_turn);
            did = true;
            if group == Group::Any {
                break;
            }
        }
        if rally && !before && !self.over() {
            did |= self.card_rally(s);
        }
        did
    }

    /// D7: the unit a Move activates (in a group: charges first).
    fn pick_activation(&mut self, s: Side, group: Group) -> Option<usize> {
        let eligible = |g: &Self, u: usize| {
            g.core.side(u) == s
                && g.can_activate(u)
                && match group {
                    Group::Any => true,
                    Group::Near(c, r) => u == c || g.core.within(c, u, r),
                }
        };
        let n = self.core.unit_count();
        let pick = match self.doctrine(s).activation {
            Activation::BestCharge => self.best_charge_activation(s, |u| eligible(self, u)),
            Activation::HighestMcv => (0..n)
                .filter(|&u| eligible(self, u))
                .max_by_key(|&u| (self.setup.mcv[u], std::cmp::Reverse(u)))
                .map(|u| (u, "activation=highest_mcv")),
            Activation::Random => {
                let count = (0..n).filter(|&u| eligible(self, u)).count();
                if count == 0 {
                    None
                } else {
                    let k = usize::from(self.core.dice().roll(count.min(255) as u8)) - 1;
                    (0..n)
                        .filter(|&u| eligible(self, u))
                        .nth(k)
                        .map(|u| (u, "activation=random"))
                }
            }
        };
        let (u, rule) = pick?;
        self.decided(s, "activate", |g| g.core.label(u), rule);
        Some(u)
    }

    /// D7 (a): the best charge by its chance (a Thunderous Charge counts a
    /// quarter more); else a disabled war machine to repair; else a caster
    /// to bring forward (`casters_forward`); else the unit furthest from
    /// contact. With the doctrine rule that chose it.
    fn best_charge_activation(
        &self,
        s: Side,
        eligible: impl Fn(usize) -> bool,
    ) -> Option<(usize, &'static str)> {
        let n = self.core.unit_count();
        let window = self.opts().thunderous_window;
        let score_charge = |u: usize| {
            self.core.charge_option(u).map(|c| {
                let thunder = c.distance >= c.max_range - window;
                c.p_success + if thunder { 0.25 } else { 0.0 }
            })
        };
        let best = "activation=best_charge";
        let charge = (0..n)
            .filter(|&u| eligible(u))
            .filter_map(|u| score_charge(u).map(|p| (u, p)))
            .max_by(|a, b| a.1.total_cmp(&b.1))
            .map(|(u, _)| (u, best));
        charge
            .or_else(|| {
                let machine = (0..n).find(|&u| eligible(u) && self.core.is_war_machine(u));
                machine.map(|u| (u, best))
            })
            .or_else(|| {
                let caster = self.caster_to_bring_forward(s, &eligible);
                caster.map(|u| (u, "casters_forward"))
            })
            .or_else(|| {
                // Each unit's distance once (not once per comparison).
                (0..n)
                    .filter(|&u| eligible(u))
                    .map(|u| (u, self.core.nearest_enemy_distance(u).unwrap_or(0.0)))
                    .max_by(|a, b| a.1.total_cmp(&b.1))
                    .map(|(u, _)| (u, best))
            })
    }

    /// D7 `casters_forward`: with Cast Spells in hand, the unit that carries
    /// a caster whose spell has no target (the caster, or the unit he
    /// joined), the one nearest an enemy first; the core's move then closes
    /// to the spell's range.
    fn caster_to_bring_forward(&self, s: Side, eligible: impl Fn(usize) -> bool) -> Option<usize> {
        let holds_card = self.b.hand_orders[s.index()].contains(&Order::CastSpells);
        if !self.doctrine(s).casters_forward || !holds_card {
            return None;
        }
        (0..self.core.unit_count())
            .filter(|&w| self.core.side(w) == s && self.core.is_wizard(w))
            .filter(|&w| self.core.in_battle(w) && !self.core.spell_has_target(w))
            .map(|w| self.core.host(w).unwrap_or(w))
            .filter(|&u| eligible(u))
            .map(|u| (u, self.core.nearest_enemy_distance(u).unwrap_or(f64::MAX)))
            .min_by(|a, b| a.1.total_cmp(&b.1))
            .map(|(u, _)| u)
    }

    /// One unit's move, march or charge (the card says "or"); a war
    /// machine's repair.
    fn activate(&mut self, u: usize, own_turn: bool) {
        self.b.moved_round[u] = true;
        if self.core.is_war_machine(u) {
            self.core.repair(u);
            self.settle();
            return;
        }
        if let Some(c) = self.core.charge_option(u) {
            self.declare_charge(u, c, own_turn);
            return;
        }
        self.core.advance(u);
        if self.opts().move_card_walk_then_charge {
            if let Some(c) = self.core.charge_option(u) {
                self.declare_charge(u, c, own_turn);
                return;
            }
        }
        self.settle();
    }

    /// A declared charge: the reactions, the core's charge, the first
    /// round of the fight, and the charge achievements.
    fn declare_charge(&mut self, u: usize, c: super::core::ChargeOption, own_turn: bool) {
        let s = self.core.side(u);
        let t = c.target;
        self.charge_reactions(u, t);
        self.settle();
        // A charger destroyed or put to flight by the reactions (Stand &
        // Shoot, digest 6.4) makes no charge: the target stays free.
        if self.over() || !self.core.acts(u) || self.core.fleeing(u) {
            return;
        }
        // Thunderous Charge is judged on the charge actually made: a
        // Manoeuvre in the reactions may have moved the target since the
        // option was found.
        let distance = self.core.distance(u, t);
        let r = self.core.charge(u, t);
        if !r.contact {
            self.settle();
            if self.opts().failed_charge_fallback_move && self.core.acts(u) {
                self.core.advance(u);
                self.settle();
            }
            return;
        }
        let thunder = match self.opts().thunderous_test {
            ThunderTest::DistanceNeeded => distance >= c.max_range - self.opts().thunderous_window,
            ThunderTest::RollTotal => {
                self.core.last_charge_reach() >= c.max_range - self.opts().thunderous_window
            }
        };
        if thunder {
            self.award(Achievement::ThunderousCharge, s, 2);
        }
        if let Some(arc) = r.arc {
            if own_turn {
                self.pincer(u, t, arc, s);
            }
        }
        if self.core.engaged(u) {
            self.core.fight_round(t, true);
        }
        self.settle();
    }

    /// Pincer Movement (3.3): two charges of this turn on one target from
    /// opposite flanks, or a flank and the rear.
    fn pincer(&mut self, u: usize, t: usize, arc: Arc, s: Side) {
        if !self.core.has_flanks(t) {
            return;
        }
        let pair = |a: Arc, b: Arc| {
            matches!(
                (a, b),
                (Arc::Left, Arc::Right)
                    | (Arc::Right, Arc::Left)
                    | (Arc::Left | Arc::Right, Arc::Rear)
                    | (Arc::Rear, Arc::Left | Arc::Right)
            )
        };
        let mut found = self
            .b
            .charges_turn
            .iter()
            .any(|&(o, tt, a)| o != u && tt == t && pair(a, arc));
        if !found && self.opts().pincer_counts_existing_engagement {
            found = (0..self.core.unit_count()).any(|o| {
                o != u
                    && self.core.side(o) == s
                    && self.core.touching_arc(t, o).is_some_and(|a| pair(a, arc))
            });
        }
        self.b.charges_turn.push((u, t, arc));
        if found {
            self.award(Achievement::PincerMovement, s, 2);
        }
    }

    /// Whether the Stratagem's +4 can be paid: a Cast Spells card (or a
    /// Brilliant Tactician, if allowed) in hand.
    pub fn stratagem_card(&self, s: Side) -> Option<usize> {
        let tact = self.opts().stratagem_tactician_as_cast_spells;
        self.b.hand_orders[s.index()]
            .iter()
            .position(|&o| o == Order::CastSpells || (tact && o == Order::BrilliantTactician))
    }

    /// Starter cards left of a kind.
    pub fn starters_left(&self, s: Side, st: Starter) -> u8 {
        self.b.starters[s.index()][st.index()]
    }
}
