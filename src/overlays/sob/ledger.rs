//! The Morale Counter ledger (digest 2, 3 and 2.4): the core's events of
//! one atomic resolution become MC losses (defeats, MCV of units
//! destroyed or fled off, the pre-2.4 break and panic triggers) and the
//! six achievements, awarded once, first come first served; the changes
//! are netted and applied at the end of the resolution (the State
//! triggers reached then fire, and their MC is applied in turn), then the
//! end of the battle is checked. Every change is counted by cause for
//! mc_flow.csv, with the counters a floor at 0 or a gain cap did not move
//! counted as corrections, so start - lost + gained = end always holds.

use super::battle::{End, Game};
use super::cards::Starter;
use super::core::{CoreEvent, FleeCause, SobCore};
use super::options::{AchievementScope, HeroicCloses, HeroicCompare, LossTrigger, Rout, Scope};
use crate::overlays::sob::doctrine::When;
use crate::rules::Side;

/// Causes of MC changes, the rows of mc_flow.csv.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flow {
    CombatDefeat,
    UnitDestroyed,
    FledOffTable,
    BreakOrPanic,
    HeroicChallengeLost,
    ArmyMorale,
    FirstBlood,
    ThunderousCharge,
    PincerMovement,
    Salvo,
    HeroicChallenge,
    HeroicMoment,
    InspiringLeader,
    FleeingAtEnd,
    /// Push and steal by a State of Battle trigger.
    StateTrigger,
    /// Losses a side at 0 could not pay (recorded as gained).
    FloorAtZero,
    /// Gains the `mc_gain_cap` refused (recorded as lost).
    GainCapped,
    /// Counters an objective's owner forfeits when it is seized.
    ObjectiveSeized,
}

pub const FLOWS: usize = 18;

pub const FLOW_NAMES: [&str; FLOWS] = [
    "combat_defeat",
    "unit_destroyed",
    "fled_off_table",
    "break_or_panic",
    "heroic_challenge_lost",
    "army_morale",
    "first_blood",
    "thunderous_charge",
    "pincer_movement",
    "salvo",
    "heroic_challenge",
    "heroic_moment",
    "inspiring_leader",
    "fleeing_at_end",
    "state_trigger",
    "floor_at_zero",
    "gain_capped",
    "objective_seized",
];

/// The six achievements, indexes of `SobBattle::open`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Achievement {
    FirstBlood,
    ThunderousCharge,
    PincerMovement,
    Salvo,
    HeroicChallenge,
    HeroicMoment,
}

impl Achievement {
    fn flow(self) -> Flow {
        match self {
            Achievement::FirstBlood => Flow::FirstBlood,
            Achievement::ThunderousCharge => Flow::ThunderousCharge,
            Achievement::PincerMovement => Flow::PincerMovement,
            Achievement::Salvo => Flow::Salvo,
            Achievement::HeroicChallenge => Flow::HeroicChallenge,
            Achievement::HeroicMoment => Flow::HeroicMoment,
        }
    }

    fn name(self) -> &'static str {
        FLOW_NAMES[self.flow() as usize]
    }
}

impl<C: SobCore> Game<'_, C> {
    /// Adds an MC change of the current resolution.
    pub fn add(&mut self, s: Side, cause: Flow, delta: i64) {
        if delta == 0 {
            return;
        }
        self.b.pending[s.index()] += delta;
        let f = &mut self.b.flow[s.index()][cause as usize];
        if delta < 0 {
            f[0] += (-delta) as u32;
        } else {
            f[1] += delta as u32;
        }
        let word = if delta < 0 { "loses" } else { "gains" };
        let name = FLOW_NAMES[cause as usize];
        self.say(s, |_| format!("{word} {} MC ({name})", delta.abs()));
    }

    pub fn is_open(&self, a: Achievement, s: Side) -> bool {
        self.b.open[a as usize][s.index()]
    }

    /// Awards achievement `a` to `s` if it is still open; returns whether it was.
    pub fn award(&mut self, a: Achievement, s: Side, mc: i64) -> bool {
        if !self.is_open(a, s) {
            return false;
        }
        self.close(a, s);
        self.add(s, a.flow(), mc);
        let name = a.name();
        self.say(s, |_| format!("achieves {name}"));
        true
    }

    pub fn close(&mut self, a: Achievement, s: Side) {
        match self.opts().achievement_scope {
            AchievementScope::GlobalOnce => self.b.open[a as usize] = [false; 2],
            AchievementScope::OncePerPlayer => self.b.open[a as usize][s.index()] = false,
        }
    }

    /// A unit's MC value for Heroic Moment: its MCV and its joined characters'.
    pub fn unit_value(&self, u: usize) -> u32 {
        let joined: u32 = (0..self.core.unit_count())
            .filter(|&c| self.core.host(c) == Some(u) && self.core.in_battle(c))
            .map(|c| self.setup.mcv[c])
            .sum();
        self.setup.mcv[u] + joined
    }

    /// The end of one atomic resolution: events into MC, applied net, then
    /// the end of the battle is checked.
    pub fn settle(&mut self) {
        let mut events = std::mem::take(&mut self.b.core_events);
        events.clear();
        self.core.take_events(&mut events);
        self.ledger(&events);
        self.b.core_events = events;
        self.apply_pending();
        if self.over() {
            return;
        }
        self.update_objectives();
        if self.over() {
            return;
        }
        let zero = [self.mc(Side::A) == 0, self.mc(Side::B) == 0];
        match zero {
            [true, true] => {
                self.b.end = Some(match self.opts().simultaneous_rout {
                    Rout::Draw => End::McExhausted,
                    Rout::BothLose => End::BothRouted,
                });
                self.b.winner = None;
            }
            [true, false] => {
                self.b.end = Some(End::McExhausted);
                self.b.winner = Some(Side::B);
            }
            [false, true] => {
                self.b.end = Some(End::McExhausted);
                self.b.winner = Some(Side::A);
            }
            [false, false] => self.check_elimination(),
        }
    }

    /// Applies the netted changes of the resolution to both tracks, then
    /// fires the State triggers reached (whose MC changes are applied in
    /// turn).
    pub fn apply_pending(&mut self) {
        self.apply_to_tracks();
        while !self.setup.triggers.is_empty() && self.fire_triggers() {
            self.apply_to_tracks();
        }
    }

    fn apply_to_tracks(&mut self) {
        for s in Side::BOTH {
            let i = s.index();
            let net = std::mem::take(&mut self.b.pending[i]);
            let before = self.b.tracks[i].state();
            if net < 0 {
                let want = (-net) as u32;
                let took = self.b.tracks[i].lose(want);
                self.b.flow[i][Flow::FloorAtZero as usize][1] += want - took;
            } else if net > 0 {
                let want = net as u32;
                let got = self.b.tracks[i].gain(want);
                self.b.flow[i][Flow::GainCapped as usize][0] += want - got;
            }
            let after = self.b.tracks[i].state();
            if net != 0 {
                let m = self.b.tracks[i].remaining();
                self.say(s, |_| {
                    if before == after {
                        format!("has {m} MC ({})", after.name())
                    } else {
                        format!("has {m} MC: {} -> {}", before.name(), after.name())
                    }
                });
            }
        }
    }

    /// The MC consequences of one resolution's core events.
    fn ledger(&mut self, events: &[CoreEvent]) {
        let trigger = self.opts().loss_trigger;
        let defeats_cost = trigger != LossTrigger::BreakAnyCause;
        let mut side_defeated = [false; 2];
        let mut winners_value = [0u32; 2];
        let mut losers_value = [0u32; 2];
        let mut winning_side: Option<Side> = None;
        self.b.scratch.clear();
        for e in events {
            if let CoreEvent::FightResolved { unit, won } = *e {
                let s = self.core.side(unit);
                if won {
                    winning_side = Some(s);
                    self.b.scratch.push(unit);
                    winners_value[s.index()] += self.unit_value(unit);
                } else {
                    losers_value[s.index()] += self.unit_value(unit);
                }
            }
        }
        for e in events {
            match *e {
                CoreEvent::Slain { victim, by, count } => self.slain(victim, by, count),
                CoreEvent::FightResolved { unit, won } => {
                    let s = self.core.side(unit);
                    let annihilated = !self.core.in_battle(unit);
                    let counts = !annihilated || self.opts().annihilated_counts_as_defeat;
                    if !won && defeats_cost && counts {
                        match self.opts().defeat_loss_scope {
                            Scope::PerUnit => self.add(s, Flow::CombatDefeat, -1),
                            Scope::PerSide if !side_defeated[s.index()] => {
                                side_defeated[s.index()] = true;
                                self.add(s, Flow::CombatDefeat, -1);
                            }
                            Scope::PerSide => {}
                        }
                    }
                    if won && self.opts().heroic_moment_compare == HeroicCompare::AnyPair {
                        // Any pair: a winning unit beat an enemy of higher value.
                        let mine = self.unit_value(unit);
                        let beat_bigger = events.iter().any(|o| {
                            matches!(*o, CoreEvent::FightResolved { unit: v, won: false }
                                if self.unit_value(v) > mine)
                        });
                        if beat_bigger {
                            self.award(Achievement::HeroicMoment, s, 2);
                        }
                    }
                }
                CoreEvent::Fled {
                    unit,
                    cause,
                    causer,
                } => self.fled(unit, cause, causer, winning_side, winners_value),
                CoreEvent::Removed { unit, fled_off } => self.removed(unit, fled_off),
                CoreEvent::Challenge {
                    challenger,
                    acceptor,
                    edge,
                    slain,
                } => self.challenge(challenger, acceptor, edge, slain),
                CoreEvent::Favour { side } => {
                    let left = &mut self.b.starters[side.index()][Starter::FavourOfTheGods.index()];
                    *left = left.saturating_sub(1);
                    self.count_starter(side, Starter::FavourOfTheGods);
                }
            }
        }
        if let Some(w) = winning_side {
            let l = w.other();
            if self.opts().heroic_moment_compare == HeroicCompare::SideTotals
                && winners_value[w.index()] < losers_value[l.index()]
            {
                self.award(Achievement::HeroicMoment, w, 2);
            }
        }
    }

    fn slain(&mut self, victim: usize, by: usize, count: u32) {
        let (vs, bs) = (self.core.side(victim), self.core.side(by));
        if count == 0 || vs == bs {
            return;
        }
        self.award(Achievement::FirstBlood, bs, 1);
        if self.core.is_war_machine(by) && bs == self.b.active {
            if !self.b.machine_kills_turn.contains(&(by, victim)) {
                self.b.machine_kills_turn.push((by, victim));
            }
            let machines = self
                .b
                .machine_kills_turn
                .iter()
                .filter(|&&(_, v)| v == victim)
                .count();
            if machines >= 2 {
                self.award(Achievement::Salvo, bs, 1);
            }
        }
    }

    fn fled(
        &mut self,
        unit: usize,
        cause: FleeCause,
        causer: Option<usize>,
        winning_side: Option<Side>,
        winners_value: [u32; 2],
    ) {
        let s = self.core.side(unit);
        self.b.fled_round[unit] = self.b.round;
        let pays = matches!(
            (self.opts().loss_trigger, cause),
            (
                LossTrigger::BreakAnyCause,
                FleeCause::Break | FleeCause::ShootingPanic
            ) | (LossTrigger::DefeatAndPanic, FleeCause::ShootingPanic)
        );
        if pays {
            self.add(s, Flow::BreakOrPanic, -1);
        }
        let value = self.unit_value(unit);
        let causers_value = match cause {
            FleeCause::Break => winning_side
                .filter(|&w| w != s)
                .map(|w| winners_value[w.index()]),
            FleeCause::ShootingPanic | FleeCause::Fear => causer.map(|c| self.unit_value(c)),
            FleeCause::AllyPanic | FleeCause::FleeThrough => None,
        };
        if let Some(cv) = causers_value {
            if value > cv {
                self.award(Achievement::HeroicMoment, s.other(), 2);
            }
        }
        // Inspiring Leader (b): the general's unit won and made a unit of
        // at least its points break.
        let w = s.other();
        if cause == FleeCause::Break && self.b.inspiring_held[w.index()] {
            let general_unit = (0..self.core.unit_count())
                .find(|&g| {
                    self.core.side(g) == w && self.core.is_general(g) && self.core.in_battle(g)
                })
                .map(|g| self.core.host(g).unwrap_or(g));
            if let Some(gu) = general_unit {
                let in_fight = winning_side == Some(w) && self.b.scratch.contains(&gu);
                if in_fight && self.core.points(unit) >= self.core.points(gu) {
                    self.inspire(w);
                }
            }
        }
    }

    /// Plays a held Inspiring Leader (+2, then trashed).
    pub fn inspire(&mut self, s: Side) {
        self.b.inspiring_held[s.index()] = false;
        self.count_event(
            s,
            super::cards::Event::InspiringLeader,
            super::battle::PLAYED,
        );
        let mode = self.opts().trash_mode;
        self.b.events[s.index()].trash(super::cards::Event::InspiringLeader, mode);
        self.add(s, Flow::InspiringLeader, 2);
    }

    fn removed(&mut self, unit: usize, fled_off: bool) {
        if self.b.mcv_lost[unit] {
            return;
        }
        self.b.mcv_lost[unit] = true;
        let s = self.core.side(unit);
        let cause = if fled_off {
            Flow::FledOffTable
        } else {
            Flow::UnitDestroyed
        };
        self.add(s, cause, -(self.setup.mcv[unit] as i64));
        if self.core.is_general(unit)
            && !fled_off
            && self.opts().gd_on_general_death == super::options::GdOnDeath::StepDown
        {
            let gd = &mut self.b.gd_now[s.index()];
            *gd = match *gd {
                20 => 12,
                12 => 10,
                10 => 8,
                8 => 6,
                _ => 4,
            };
        }
    }

    fn challenge(&mut self, challenger: usize, acceptor: usize, edge: f64, slain: Option<usize>) {
        let s = self.core.side(challenger);
        // Inspiring Leader (a): a general slays his opponent in a challenge.
        for (g, foe) in [(challenger, acceptor), (acceptor, challenger)] {
            let gs = self.core.side(g);
            if slain == Some(foe) && self.core.is_general(g) && self.b.inspiring_held[gs.index()] {
                self.inspire(gs);
            }
        }
        if !self.core.is_named_character(acceptor) || !self.is_open(Achievement::HeroicChallenge, s)
        {
            return;
        }
        let heroic = match self.doctrine(s).heroic_challenge {
            When::Never => false,
            When::Always => true,
            When::Judged => edge >= 0.6,
        };
        if !heroic {
            return;
        }
        self.decided(
            s,
            "heroic challenge",
            |g| {
                let label = g.core.label(challenger);
                format!("{label} declares it Heroic (edge {edge:.2})")
            },
            "heroic_challenge",
        );
        if slain == Some(acceptor) {
            self.award(Achievement::HeroicChallenge, s, 2);
        } else if slain == Some(challenger) {
            self.add(s, Flow::HeroicChallengeLost, -2);
            if self.opts().heroic_challenge_closes_on == HeroicCloses::Decisive {
                self.close(Achievement::HeroicChallenge, s);
            }
        }
    }
}
