//! One States of Battle battle over any core (digest 4 and Appendix B):
//! the setup the overlay keeps (Generalship Dice, Orders builds, Morale
//! Counters, MCVs, doctrines), the per-battle state reused from battle to
//! battle (tracks, decks, hands, Starter cards, spent and moved markers,
//! open achievements, the MC flow and card counts), and the round loop:
//! roll-off, draws and tutor, tie resets and empty turns, the two player
//! turns, the end of round, and the end of the battle.
//!
//! [`Game`] binds a setup, the battle state and a core for the length of
//! one battle; the card, window and ledger rules are its methods in
//! `orders`, `events`, `windows` and `ledger`.

use super::cards::{event_cards, event_row, order_row, Event, Order, OrdersBuild, Starter};
use super::core::{CoreEvent, SobCore};
use super::deck::Deck;
use super::ledger::{Flow, FLOWS};
use super::morale::{MoraleTrack, SobState};
use super::options::{DrawRule, SobOptions, TieRound};
use super::rolloff::roll_off;
use crate::overlays::sob::doctrine::{GoFirst, SobDoctrine, When};
use crate::rules::{BySide, Side, TraceEvent};

/// The overlay's part of a validated scenario (the core's is separate).
#[derive(Clone, Debug)]
pub struct SobSetup {
    pub options: SobOptions,
    /// Generalship Die sides per side.
    pub gd: [u8; 2],
    pub builds: [OrdersBuild; 2],
    /// Morale Counters each side starts with.
    pub army_mc: [u32; 2],
    /// MCV of each core unit (characters included), in core unit order.
    pub mcv: Vec<u32>,
    pub doctrines: BySide<SobDoctrine>,
    /// State of Battle triggers of the scenario (digest 1.4).
    pub triggers: Vec<super::triggers::StateTrigger>,
    /// The scenario's objectives (their owners' extra counters are in `army_mc`).
    pub objectives: Vec<crate::objectives::Objective>,
}

/// Why a battle ended, in `END_REASONS` order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum End {
    McExhausted,
    RoundLimit,
    Eliminated,
    BothRouted,
    SafetyCap,
    /// A side took an objective whose capture ends the battle.
    ObjectiveTaken,
}

pub const END_REASONS: &[&str] = &[
    "mc_exhausted",
    "round_limit",
    "eliminated",
    "both_routed",
    "safety_cap",
    "objective_taken",
];

impl End {
    /// Whether end reason `index` (of [`END_REASONS`]) is the clock: the
    /// round limit or the safety cap on rounds.
    pub fn is_clock(index: usize) -> bool {
        [End::RoundLimit, End::SafetyCap]
            .iter()
            .any(|&e| e as usize == index)
    }
}

/// Columns of cards.csv, in [`CardCounts`] order.
pub const CARD_COLUMNS: &[&str] = &["drawn", "played", "trashed", "wasted", "cancelled"];
pub const DRAWN: usize = 0;
pub const PLAYED: usize = 1;
pub const TRASHED: usize = 2;
pub const WASTED: usize = 3;
pub const CANCELLED: usize = 4;

/// Number of achievements (digest 3).
pub const ACHIEVEMENTS: usize = 6;
/// Rows of cards.csv: 8 Orders, 9 Events, 4 Starters.
pub const CARD_ROWS: usize = 21;

/// The per-battle state of the overlay, reused from battle to battle.
#[derive(Clone, Debug, Default)]
pub struct SobBattle {
    pub tracks: Vec<MoraleTrack>,
    pub orders: [Deck<Order>; 2],
    pub events: [Deck<Event>; 2],
    pub hand_orders: [Vec<Order>; 2],
    pub hand_events: [Vec<Event>; 2],
    pub inspiring_held: [bool; 2],
    /// Starter cards left, per side, in `Starter::ALL` order.
    pub starters: [[u8; 4]; 2],
    pub stratagem_die: [u8; 2],
    pub stratagem_done: [bool; 2],
    /// Stratagem free moves granted for the current turn.
    pub stratagem_moves: bool,
    pub stratagem_tag: Vec<bool>,
    pub spent: Vec<bool>,
    pub fired_turn: Vec<bool>,
    pub sas_turn: Vec<bool>,
    pub moved_round: Vec<bool>,
    pub fled_round: Vec<u16>,
    pub mcv_lost: Vec<bool>,
    /// `open[achievement][side]`.
    pub open: [[bool; 2]; ACHIEVEMENTS],
    pub crushing: [bool; 2],
    pub ineffective: [bool; 2],
    pub gd_now: [u8; 2],
    pub round: u16,
    pub active: Side,
    /// Net MC change of the current resolution, per side.
    pub pending: [i64; 2],
    /// `flow[side][cause] = [lost, gained]`.
    pub flow: [[[u32; 2]; FLOWS]; 2],
    /// `cards[side][row][column]`, rows as `cards::all_card_ids`.
    pub cards: [[[u32; 5]; CARD_ROWS]; 2],
    pub end: Option<End>,
    pub winner: Option<Side>,
    /// MC and State per side at the end of each round.
    pub by_round: Vec<([u32; 2], [u8; 2])>,
    /// Successful charges of the current turn: (charger, target, arc).
    pub charges_turn: Vec<(usize, usize, crate::geometry::Arc)>,
    /// Models removed per (war machine, enemy unit) in the current turn.
    pub machine_kills_turn: Vec<(usize, usize)>,
    pub core_events: Vec<CoreEvent>,
    pub scratch: Vec<usize>,
    /// Each side's missile units and war machines, in unit order: the
    /// only units a fire window need look at (set by [`Game::start`]).
    pub armed: [Vec<usize>; 2],
    /// The fights of the Melee card being resolved.
    pub melee_order: Vec<usize>,
    /// Which of the setup's State triggers have fired.
    pub trigger_fired: Vec<bool>,
    /// Reserve units called on by a trigger, not yet on the table.
    pub awaiting: Vec<usize>,
    /// Units whose failed core throws their side re-rolls with Favour of
    /// the Gods (D15), as told to the core.
    pub favour_wanted: Vec<bool>,
    /// Who holds each of the scenario's objectives.
    pub holders: crate::objectives::Holders,
}

/// A setup, the battle state and a core, for one battle.
pub struct Game<'a, C: SobCore> {
    pub setup: &'a SobSetup,
    pub b: &'a mut SobBattle,
    pub core: &'a mut C,
}

impl<C: SobCore> Game<'_, C> {
    pub fn opts(&self) -> &SobOptions {
        &self.setup.options
    }

    pub fn doctrine(&self, s: Side) -> &SobDoctrine {
        &self.setup.doctrines[s]
    }

    pub fn mc(&self, s: Side) -> u32 {
        self.b.tracks[s.index()].remaining()
    }

    pub fn state(&self, s: Side) -> SobState {
        self.b.tracks[s.index()].state()
    }

    pub fn over(&self) -> bool {
        self.b.end.is_some()
    }

    /// Records a trace line about a side (only when tracing).
    pub fn say(&mut self, s: Side, what: impl FnOnce(&Self) -> String) {
        if self.core.tracing() {
            let change = what(self);
            let event = TraceEvent::Change {
                round: self.b.round,
                unit: self.core.side_name(s).to_string(),
                change,
            };
            self.core.trace(event);
        }
    }

    /// Records a doctrine decision of side `s`.
    /// The choice is only put into words when tracing (no allocation in
    /// batches).
    pub fn decided(
        &mut self,
        s: Side,
        decision: &str,
        choice: impl FnOnce(&Self) -> String,
        rule: &str,
    ) {
        if self.core.tracing() {
            let choice = choice(self);
            let event = TraceEvent::Decision {
                round: self.b.round,
                side: self.core.side_name(s).to_string(),
                unit: String::new(),
                decision: decision.to_string(),
                choice,
                rule: format!("{}.{rule}", self.doctrine(s).name),
            };
            self.core.trace(event);
        }
    }

    /// Rolls one die of side `s` and traces it.
    pub fn roll(&mut self, s: Side, faces: u8, purpose: &str) -> u8 {
        let r = self.core.dice().roll(faces);
        if self.core.tracing() {
            let event = TraceEvent::Roll {
                round: self.b.round,
                who: self.core.side_name(s).to_string(),
                purpose: purpose.to_string(),
                die: faces,
                dice: vec![r],
                kept: r,
                modifier: 0,
            };
            self.core.trace(event);
        }
        r
    }

    pub fn count_order(&mut self, s: Side, o: Order, col: usize) {
        self.b.cards[s.index()][order_row(o)][col] += 1;
    }

    pub fn count_event(&mut self, s: Side, e: Event, col: usize) {
        self.b.cards[s.index()][event_row(e)][col] += 1;
    }

    pub fn count_starter(&mut self, s: Side, st: Starter) {
        self.b.cards[s.index()][super::cards::starter_row(st)][PLAYED] += 1;
    }

    /// Uses one Starter card of `s` if any is left.
    pub fn use_starter(&mut self, s: Side, st: Starter) -> bool {
        let left = &mut self.b.starters[s.index()][st.index()];
        if *left == 0 {
            return false;
        }
        *left -= 1;
        let left = *left;
        self.count_starter(s, st);
        if st == Starter::FavourOfTheGods {
            self.core.set_favour(s, left, &self.b.favour_wanted);
        }
        true
    }

    pub fn has_starter(&self, s: Side, st: Starter) -> bool {
        self.b.starters[s.index()][st.index()] > 0
    }

    /// Plays one whole battle; the core must be freshly deployed.
    pub fn play(&mut self) {
        self.start();
        let limit = self.opts().max_rounds();
        let mut prev_second = if self.core.dice().roll(2) == 1 {
            Side::A
        } else {
            Side::B
        };
        while !self.over() {
            if self.b.round >= limit {
                self.b.end = Some(if self.opts().round_limit.is_some() {
                    End::RoundLimit
                } else {
                    End::SafetyCap
                });
                break;
            }
            self.b.round += 1;
            prev_second = self.play_round(prev_second);
            self.end_round();
        }
        self.finish();
    }

    /// Resets the battle state for a fresh battle: tracks, decks, Starter
    /// cards and Stratagem tags (called by [`Game::play`]).
    pub fn start(&mut self) {
        let n = self.core.unit_count();
        let o = self.setup.options.clone();
        let b = &mut *self.b;
        b.tracks.clear();
        for s in Side::BOTH {
            b.tracks.push(MoraleTrack::new(
                self.setup.army_mc[s.index()],
                o.remainder,
                o.gains,
                o.gain_cap,
            ));
        }
        for v in [
            &mut b.spent,
            &mut b.fired_turn,
            &mut b.sas_turn,
            &mut b.moved_round,
            &mut b.mcv_lost,
            &mut b.stratagem_tag,
        ] {
            v.clear();
            v.resize(n, false);
        }
        b.fled_round.clear();
        b.fled_round.resize(n, 0);
        b.open = [[true; 2]; ACHIEVEMENTS];
        b.crushing = [false; 2];
        b.ineffective = [false; 2];
        b.gd_now = self.setup.gd;
        b.round = 0;
        b.active = Side::A;
        b.pending = [0; 2];
        b.flow = Default::default();
        b.cards = [[[0; 5]; CARD_ROWS]; 2];
        b.end = None;
        b.winner = None;
        b.by_round.clear();
        b.inspiring_held = [false; 2];
        b.stratagem_die = [8; 2];
        b.stratagem_done = [false; 2];
        b.stratagem_moves = false;
        b.charges_turn.clear();
        b.machine_kills_turn.clear();
        b.core_events.clear();
        b.trigger_fired.clear();
        b.trigger_fired.resize(self.setup.triggers.len(), false);
        b.holders.start(&self.setup.objectives);
        b.awaiting.clear();
        for s in Side::BOTH {
            let i = s.index();
            b.armed[i].clear();
            b.armed[i].extend((0..n).filter(|&u| {
                self.core.side(u) == s && (self.core.is_missile(u) || self.core.is_war_machine(u))
            }));
            let dice = self.core.dice();
            b.orders[i].start(self.setup.builds[i].cards(), dice);
            b.events[i].start(event_cards(), dice);
            b.hand_orders[i].clear();
            b.hand_events[i].clear();
            b.starters[i] = if o.starter_cards {
                Starter::ALL.map(Starter::count)
            } else {
                [0; 4]
            };
        }
        // Events of deployment (none are expected) are not charged to anyone.
        self.core.take_events(&mut self.b.core_events);
        self.b.core_events.clear();
        self.tell_favour();
        if o.gd_deployment {
            self.deploy();
        }
        if o.starter_cards {
            for s in Side::BOTH {
                self.tag_stratagem(s);
            }
        }
    }

    /// Tells the core which failed throws each side re-rolls with Favour
    /// of the Gods (D15 a: units of MCV 2 or more; b: any; c: none).
    fn tell_favour(&mut self) {
        let n = self.core.unit_count();
        self.b.favour_wanted.clear();
        for u in 0..n {
            let s = self.core.side(u);
            let wanted = match self.doctrine(s).favour {
                When::Never => false,
                When::Always => true,
                When::Judged => self.setup.mcv[u] >= 2,
            };
            self.b.favour_wanted.push(wanted);
        }
        for s in Side::BOTH {
            let left = self.b.starters[s.index()][Starter::FavourOfTheGods.index()];
            self.core.set_favour(s, left, &self.b.favour_wanted);
        }
    }

    /// One round; returns the side that went second (for the next tie).
    fn play_round(&mut self, prev_second: Side) -> Side {
        let round = self.b.round;
        if self.core.tracing() {
            self.core.trace(TraceEvent::Round { round });
        }
        self.core.start_round(round);
        if !self.b.awaiting.is_empty() {
            self.reinforcements_arrive();
        }
        self.settle();
        if self.over() {
            return prev_second;
        }
        let mut tries = 0;
        loop {
            let (a, b) = self.roll_gd_off();
            let r = roll_off(a, b);
            let Some(w) = r.winner else {
                self.tie_reset();
                tries += 1;
                if self.opts().tie_round == TieRound::Reroll && tries < 20 {
                    continue;
                }
                for s in [prev_second, prev_second.other()] {
                    self.empty_turn(s);
                    if self.over() {
                        break;
                    }
                }
                return prev_second;
            };
            let diff = u32::from(a.abs_diff(b));
            let n = diff.min(self.opts().max_cards);
            let tutor = diff > self.opts().tutor_threshold;
            for s in [w, w.other()] {
                if s != w && self.opts().draw_rule == DrawRule::WinnerOnly {
                    continue;
                }
                self.draw(s, n, tutor && s == w);
            }
            let first = self.choose_first(w);
            let second = first.other();
            for s in [first, second] {
                self.player_turn(s);
                if self.over() {
                    break;
                }
            }
            return second;
        }
    }

    /// Both GD throws, with Favour of the Gods for a loss by the
    /// doctrine's `favour_roll_off` or more (D15).
    pub fn roll_gd_off(&mut self) -> (u8, u8) {
        let mut faces = [0u8; 2];
        for s in Side::BOTH {
            faces[s.index()] = self.roll(s, self.b.gd_now[s.index()], "Generalship roll-off");
        }
        for s in Side::BOTH {
            let (mine, theirs) = (faces[s.index()], faces[s.other().index()]);
            let lost_by = i32::from(theirs) - i32::from(mine);
            let margin = i32::from(self.doctrine(s).favour_roll_off);
            let wants = margin > 0 && lost_by >= margin;
            if wants && self.use_starter(s, Starter::FavourOfTheGods) {
                self.decided(
                    s,
                    "favour of the gods",
                    |_| format!("re-rolls a roll-off lost {mine} to {theirs}"),
                    "favour_roll_off",
                );
                faces[s.index()] =
                    self.roll(s, self.b.gd_now[s.index()], "roll-off re-rolled (Favour)");
            }
        }
        if self.setup.triggers.is_empty() {
            return (faces[0], faces[1]);
        }
        let modified = |g: &Self, s: Side| {
            let m = g.trigger_modifier(s, false);
            (i32::from(faces[s.index()]) + m).clamp(1, 255) as u8
        };
        (modified(self, Side::A), modified(self, Side::B))
    }

    /// D1: the winner's choice of who goes first.
    pub fn choose_first(&mut self, w: Side) -> Side {
        let first = match self.doctrine(w).go_first {
            GoFirst::Always => true,
            GoFirst::Never => false,
            GoFirst::IfChargeReady => (0..self.core.unit_count()).any(|u| {
                self.core.side(u) == w
                    && self.core.acts(u)
                    && self
                        .core
                        .charge_option(u)
                        .is_some_and(|c| c.p_success >= 0.5)
            }),
        };
        let chosen = if first { w } else { w.other() };
        self.decided(
            w,
            "go first",
            |g| g.core.side_name(chosen).to_string(),
            "go_first",
        );
        chosen
    }

    /// Draws `n` Orders (one of them tutored) and `n` Events for `s`.
    fn draw(&mut self, s: Side, n: u32, tutor: bool) {
        let i = s.index();
        let mut left = n;
        if tutor && n > 0 {
            if let Some(card) = self.tutor_pick(s) {
                self.b.hand_orders[i].push(card);
                self.count_order(s, card, DRAWN);
                left -= 1;
            }
        }
        let timing = self.opts().reshuffle;
        for _ in 0..left {
            let dice = self.core.dice();
            if let Some(c) = self.b.orders[i].draw_one(dice, timing) {
                self.b.hand_orders[i].push(c);
                self.count_order(s, c, DRAWN);
            }
        }
        for _ in 0..n {
            let dice = self.core.dice();
            if let Some(e) = self.b.events[i].draw_one(dice, timing) {
                self.b.hand_events[i].push(e);
                self.count_event(s, e, DRAWN);
            }
        }
        self.say(s, |g| {
            let o: Vec<&str> = g.b.hand_orders[i].iter().map(|c| c.id()).collect();
            let e: Vec<&str> = g.b.hand_events[i].iter().map(|c| c.id()).collect();
            format!(
                "draws Orders [{}] and Events [{}]",
                o.join(", "),
                e.join(", ")
            )
        });
    }

    /// A tie (L238): every deck back together and shuffled.
    fn tie_reset(&mut self) {
        for s in Side::BOTH {
            let i = s.index();
            if self.b.inspiring_held[i] && !self.opts().inspiring_leader_kept_through_reset {
                self.b.inspiring_held[i] = false;
                self.b.events[i].discard(Event::InspiringLeader);
            }
            let dice = self.core.dice();
            self.b.orders[i].reset(dice);
            let dice = self.core.dice();
            self.b.events[i].reset(dice);
        }
        self.say(Side::A, |_| {
            "ties the roll-off: both decks are reset".into()
        });
    }

    pub fn start_turn(&mut self, s: Side) {
        self.b.active = s;
        if self.core.tracing() {
            let side = self.core.side_name(s).to_string();
            self.core.trace(TraceEvent::Turn {
                round: self.b.round,
                side,
            });
        }
        self.core.start_turn(s);
        self.b.fired_turn.fill(false);
        self.b.sas_turn.fill(false);
        self.b.stratagem_moves = false;
        self.b.charges_turn.clear();
        self.b.machine_kills_turn.clear();
    }

    /// A tie round's empty turn: free actions only (digest 4.4).
    fn empty_turn(&mut self, s: Side) {
        self.start_turn(s);
        if !self.opts().tie_round_free_window {
            return;
        }
        self.stratagem_roll(s);
        self.fire_window();
        self.stratagem_moves(s);
        self.fire_window();
    }

    /// A player's turn (Appendix B `player_turn`).
    fn player_turn(&mut self, s: Side) {
        self.start_turn(s);
        self.stratagem_roll(s);
        self.fire_window();
        let i = s.index();
        let mut events = std::mem::take(&mut self.b.hand_events[i]);
        self.order_events(s, &mut events);
        for e in events.drain(..) {
            if self.over() {
                break;
            }
            self.play_event(s, e);
            self.settle();
            self.fire_window();
        }
        self.b.hand_events[i] = events;
        while let Some(o) = self.next_order(s) {
            if self.over() {
                break;
            }
            self.play_order(s, o);
            self.settle();
            self.fire_window();
        }
        self.b.hand_orders[i].clear();
        if !self.over() {
            self.stratagem_moves(s);
            self.fire_window();
        }
    }

    fn end_round(&mut self) {
        self.b.crushing = [false; 2];
        self.b.ineffective = [false; 2];
        self.b.moved_round.fill(false);
        self.core.end_round();
        #[cfg(debug_assertions)]
        self.core.audit_geometry();
        self.settle();
        if !self.over() {
            self.check_elimination();
        }
        let mc = [self.mc(Side::A), self.mc(Side::B)];
        let st = [self.state(Side::A) as u8, self.state(Side::B) as u8];
        self.b.by_round.push((mc, st));
    }

    /// The end: units still fleeing (if they cost), then the winner.
    fn finish(&mut self) {
        if self.opts().fleeing_at_end_loses_mcv {
            for u in 0..self.core.unit_count() {
                if self.core.acts(u) && self.core.fleeing(u) && !self.b.mcv_lost[u] {
                    self.b.mcv_lost[u] = true;
                    let s = self.core.side(u);
                    self.add(s, Flow::FleeingAtEnd, -(self.setup.mcv[u] as i64));
                }
            }
            self.apply_pending();
            if let Some(last) = self.b.by_round.last_mut() {
                last.0 = [self.b.tracks[0].remaining(), self.b.tracks[1].remaining()];
            }
        }
        if self.b.end == Some(End::RoundLimit) {
            let held = self.held_at_end();
            let [a, b] = [self.mc(Side::A) + held[0], self.mc(Side::B) + held[1]];
            let margin = self.opts().draw_margin;
            self.b.winner = if a.abs_diff(b) <= margin {
                None
            } else if a > b {
                Some(Side::A)
            } else {
                Some(Side::B)
            };
        }
        if self.core.tracing() {
            let reason = END_REASONS[self.b.end.map_or(1, |e| e as usize)].to_string();
            let winner = self.b.winner.map(|w| self.core.side_name(w).to_string());
            self.core.trace(TraceEvent::End {
                round: self.b.round,
                winner,
                reason,
            });
        }
    }

    /// A side with nothing left on the table, and no reinforcements on
    /// their way, loses (S-25).
    pub fn check_elimination(&mut self) {
        if !self.opts().eliminated_army_loses || self.over() {
            return;
        }
        // Reinforcements already called on keep a side in the battle.
        let alive = |g: &Self, s: Side| {
            (0..g.core.unit_count()).any(|u| g.core.side(u) == s && g.core.acts(u))
                || g.b.awaiting.iter().any(|&u| g.core.side(u) == s)
        };
        match (alive(self, Side::A), alive(self, Side::B)) {
            (true, true) => {}
            (false, false) => {
                self.b.end = Some(End::Eliminated);
                self.b.winner = None;
            }
            (a_alive, _) => {
                self.b.end = Some(End::Eliminated);
                self.b.winner = Some(if a_alive { Side::A } else { Side::B });
            }
        }
    }
}
