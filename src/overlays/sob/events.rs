//! Event cards in play (digest 5.2 and D3-D5, D11): the order a hand of
//! Events is resolved in, and each card: Army Morale (GD against GD with
//! the State's handicap, for the drawer's army or, as an option, the army
//! that trails), Command Indecision, Crushing and Ineffective
//! Missilery for the rest of the round, Inspiring Leader kept in reserve,
//! Superstitions & Omens, Sneaky Critters played for the opponent, Rally
//! Back and Undisciplined Missilery.

use super::battle::{Game, CANCELLED, PLAYED, WASTED};
use super::cards::{Event, Order};
use super::core::{ShotMods, SobCore};
use super::ledger::Flow;
use super::morale::army_morale_applies;
use super::options::{MoraleArmy, OmensTie};
use super::orders::Group;
use crate::overlays::sob::doctrine::When;
use crate::rules::Side;

impl<C: SobCore> Game<'_, C> {
    /// D3: Command Indecision first, then Superstitions & Omens, then the rest.
    pub fn order_events(&mut self, s: Side, events: &mut [Event]) {
        if self.doctrine(s).indecision_first {
            events.sort_by_key(|&e| match e {
                Event::CommandIndecision => 0,
                Event::SuperstitionsAndOmens => 1,
                _ => 2,
            });
        }
    }

    /// Resolves one Event card of `s` (Events always resolve, L244).
    pub fn play_event(&mut self, s: Side, e: Event) {
        let i = s.index();
        self.say(s, |_| format!("plays {}", e.id()));
        if self.leadership_cancels(s, None, Some(e)) {
            self.b.events[i].discard(e);
            self.count_event(s, e, CANCELLED);
            return;
        }
        // A kept Inspiring Leader counts as played when it is used.
        if e != Event::InspiringLeader {
            self.b.events[i].discard(e);
            self.count_event(s, e, PLAYED);
        }
        let effect = match e {
            Event::ArmyMorale => self.army_morale(s),
            Event::CommandIndecision => self.command_indecision(s),
            Event::CrushingMissilery => {
                let scope = self.opts().missile_reload_scope;
                self.reload(s, scope);
                self.b.crushing[i] = true;
                true
            }
            Event::IneffectiveMissilery => {
                self.b.ineffective[i] = true;
                true
            }
            Event::InspiringLeader => {
                self.b.inspiring_held[i] = true;
                self.say(s, |_| "keeps Inspiring Leader in reserve".into());
                true
            }
            Event::SuperstitionsAndOmens => self.omens(s),
            Event::SneakyCritters => self.sneaky_critters(s),
            Event::RallyBack => self.rally_back(s),
            Event::UndisciplinedMissilery => self.undisciplined(s),
        };
        if !effect {
            self.count_event(s, e, WASTED);
        }
    }

    /// Army Morale (L308): for an army under 3/4 of its opponent's MC,
    /// the drawer's own or (`army_morale_army = trailing`) whichever trails.
    fn army_morale(&mut self, drawer: Side) -> bool {
        let applies = |g: &Self, a: Side| army_morale_applies(g.mc(a), g.mc(a.other()));
        let s = match self.opts().army_morale_army {
            MoraleArmy::Drawer => drawer,
            MoraleArmy::Trailing if applies(self, drawer.other()) => drawer.other(),
            MoraleArmy::Trailing => drawer,
        };
        if !applies(self, s) {
            return false;
        }
        let h = self.state(s).handicap() as i32;
        let x = i32::from(self.roll(s, self.b.gd_now[s.index()], "Army Morale (own GD)"));
        let o = s.other();
        let y = i32::from(self.roll(o, self.b.gd_now[o.index()], "Army Morale (opponent's GD)"));
        let delta = army_morale_result(x, y, h);
        self.add(s, Flow::ArmyMorale, delta);
        true
    }

    /// D4: discards the Orders card worth least (a Lull first).
    fn command_indecision(&mut self, s: Side) -> bool {
        let i = s.index();
        let value = |g: &Self, o: Order| -> u8 {
            match o {
                Order::Lull => 0,
                Order::CastSpells => 1,
                Order::EnginesOfWarReload => 2,
                Order::MissileReload => 3,
                Order::Melee => 4,
                Order::Move => 5,
                Order::MoveCommandGroup | Order::BrilliantTactician => {
                    6 + u8::from(g.doctrine(s).indecision_first)
                }
            }
        };
        let hand = &self.b.hand_orders[i];
        let Some(k) = (0..hand.len()).min_by_key(|&k| (value(self, hand[k]), k)) else {
            return false;
        };
        let o = self.b.hand_orders[i].remove(k);
        self.decided(
            s,
            "command indecision",
            |_| o.id().to_string(),
            "indecision_first",
        );
        self.b.orders[i].discard(o);
        true
    }

    /// Superstitions & Omens (L313): GD against a d6 (D5).
    fn omens(&mut self, s: Side) -> bool {
        let i = s.index();
        let gd = self.b.gd_now[i];
        let roll = match self.doctrine(s).omens {
            When::Never => false,
            When::Always => true,
            When::Judged => gd >= 8,
        };
        self.decided(
            s,
            "superstitions & omens",
            |_| if roll { "roll" } else { "pass" }.into(),
            "omens",
        );
        if !roll {
            return false;
        }
        let mut tries = 0;
        loop {
            let x = self.roll(s, gd, "Superstitions & Omens (GD)");
            let y = self.roll(s, 6, "Superstitions & Omens (d6)");
            let k = self.b.hand_orders[i].len();
            if x > y {
                let timing = self.opts().reshuffle;
                for _ in 0..k {
                    let dice = self.core.dice();
                    if let Some(c) = self.b.orders[i].draw_one(dice, timing) {
                        self.b.hand_orders[i].push(c);
                        self.count_order(s, c, super::battle::DRAWN);
                    }
                }
            } else if x < y || self.opts().omens_tie == OmensTie::Lose {
                let (hand, deck) = (&mut self.b.hand_orders[i], &mut self.b.orders[i]);
                deck.discard.append(hand);
            } else if self.opts().omens_tie == OmensTie::Reroll && tries < 20 {
                tries += 1;
                continue;
            }
            return true;
        }
    }

    /// Sneaky Critters (L314): the opponent's Move (D11).
    fn sneaky_critters(&mut self, s: Side) -> bool {
        let o = s.other();
        let use_it = match self.doctrine(o).sneaky_critters {
            When::Never => false,
            When::Always => true,
            When::Judged => !(0..self.core.unit_count()).any(|u| {
                self.core.side(u) == o
                    && self.core.acts(u)
                    && self.core.fleeing(u)
                    && self.setup.mcv[u] >= 2
                    && self.core.edge_distance(u) < 2.0 * self.core.speed(u)
            }),
        };
        self.decided(
            o,
            "sneaky critters",
            |_| if use_it { "use" } else { "decline" }.into(),
            "sneaky_critters",
        );
        if !use_it {
            return false;
        }
        let rally = self.opts().sneaky_critters_includes_rally;
        self.move_card(o, Group::Any, false, rally)
    }

    /// Rally Back (L315): every fleeing unit of the owner tries to rally.
    fn rally_back(&mut self, s: Side) -> bool {
        let mut any = false;
        for u in 0..self.core.unit_count() {
            if self.over() {
                break;
            }
            if self.core.side(u) == s && self.core.acts(u) && self.core.fleeing(u) {
                any = true;
                if self.core.rally(u, true) {
                    self.b.moved_round[u] = true;
                }
                self.settle();
            }
        }
        any
    }

    /// Undisciplined Missilery (L317): every unspent shooter fires at the nearest enemy.
    fn undisciplined(&mut self, s: Side) -> bool {
        let mut any = false;
        for u in 0..self.core.unit_count() {
            if self.over() {
                break;
            }
            if self.core.side(u) != s
                || !(self.core.is_missile(u) || self.core.is_war_machine(u))
                || !self.core.acts(u)
                || self.core.engaged(u)
                || self.core.fleeing(u)
                || self.b.spent[u]
            {
                continue;
            }
            match self.core.nearest_target(u) {
                Some(t) => {
                    let mods = self.shot_mods(u, false);
                    self.b.spent[u] = true;
                    self.b.fired_turn[u] = true;
                    self.core.shoot(u, t, mods);
                    self.settle();
                    any = true;
                }
                None if self.opts().undisciplined_no_target_spent => self.b.spent[u] = true,
                None => {}
            }
        }
        any
    }

    /// The overlay's modifiers of a shot by `u` now (6.4, 6.7).
    pub fn shot_mods(&self, u: usize, top_band_only: bool) -> ShotMods {
        use super::options::CardScope;
        let s = self.core.side(u);
        let mut steps = 0;
        for owner in Side::BOTH {
            let applies = |scope: CardScope| scope == CardScope::AllUnits || owner == s;
            if self.b.crushing[owner.index()] && applies(self.opts().crushing_scope) {
                steps += 1;
            }
            if self.b.ineffective[owner.index()] && applies(self.opts().ineffective_scope) {
                steps -= 1;
            }
        }
        if !self.setup.triggers.is_empty() {
            steps += self.trigger_modifier(s, true);
        }
        ShotMods {
            to_hit_steps: steps,
            top_band_only,
        }
    }
}

/// Army Morale's MC change for own roll `x`, the opponent's `y` and the
/// State handicap `h` (TV-11): -1 on a loss, +1 when passed by 5 or more.
pub fn army_morale_result(x: i32, y: i32, h: i32) -> i64 {
    let d = x - h - y;
    if d < 0 {
        -1
    } else if d >= 5 {
        1
    } else {
        0
    }
}
