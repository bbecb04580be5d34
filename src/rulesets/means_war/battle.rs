//! The This Means WAR! round (digest B8): the round's d20s and the
//! count-down of phases, the end-of-round bookkeeping (Fall Back recovery,
//! captured surrenders), the end of the battle and the record it leaves.
//! What happens inside an Initiative or Action Phase is in `initiative` and
//! `action`; damage and morale checks are in `resolve`.

use super::arith::{action_phase, initiative_phase, milli_pct};
use super::morale::MoraleState;
use super::movement::Reach;
use super::options::{IpRollScope, SurrenderCapture};
use super::phases::{self, Actor, PhaseEvent};
use super::setup::{HeroInitiative, WarSetup};
use super::state::{Presence, State, View, EMPTY, FATES};
use crate::dice::Dice;
use crate::rules::{BattleRecord, Side, TraceEvent, Tracer, UnitResult};
use crate::rulesets::means_war::doctrine::Candidate;

/// End reasons (indexes of [`super::state::END_REASONS`]).
pub const END_NO_EFFECTIVE: u8 = 0;
pub const END_BOTH_BROKEN: u8 = 1;
pub const END_ROUND_LIMIT: u8 = 2;

/// One attack waiting to be resolved with the rest of its phase.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Hit {
    pub attacker: usize,
    pub target: usize,
    /// Percentage of normal damage (100 for an action-phase attack).
    pub pct: i64,
    /// The attacker's multiplier (x3 for a routing unit); the routed-target
    /// x2 is applied when the hit is resolved.
    pub mult: i64,
    /// Part of the initiative-attack pool (`ia_allocation = PooledEven`).
    pub pooled: bool,
}

/// Per-worker state reused from battle to battle.
pub struct Scratch {
    pub state: State,
    pub reach: Reach,
    pub events: Vec<PhaseEvent>,
    pub hits: Vec<Hit>,
    pub candidates: Vec<Candidate>,
    pub members: Vec<usize>,
    /// This round's d20 per group (or per unit under `PerUnit`).
    pub d20: Vec<i32>,
}

impl Scratch {
    pub fn new(setup: &WarSetup) -> Self {
        Scratch {
            state: State::new(setup),
            reach: Reach::new(setup.width, setup.depth),
            events: Vec::new(),
            hits: Vec::new(),
            candidates: Vec::new(),
            members: Vec::new(),
            d20: Vec::new(),
        }
    }
}

/// One battle being played.
pub struct Battle<'a, T: Tracer> {
    pub setup: &'a WarSetup,
    pub st: &'a mut State,
    pub reach: &'a mut Reach,
    pub hits: &'a mut Vec<Hit>,
    pub candidates: &'a mut Vec<Candidate>,
    pub dice: &'a mut Dice,
    pub trace: &'a mut T,
}

impl<T: Tracer> Battle<'_, T> {
    pub fn view(&self) -> View<'_> {
        View {
            setup: self.setup,
            state: self.st,
        }
    }

    /// Records a trace event built from the battle, only when tracing is on.
    #[inline(always)]
    pub(super) fn note(&mut self, make: impl FnOnce(&Self) -> TraceEvent) {
        if T::ON {
            let event = make(self);
            self.trace.record(event);
        }
    }

    pub fn label(&self, u: usize) -> String {
        let spec = &self.setup.units[u];
        format!("{} {}", self.setup.side(spec.side).name, spec.label)
    }

    /// A troop-type group as the trace names it: side and troop id.
    pub fn group_label(&self, g: usize) -> String {
        let group = &self.setup.groups[g];
        format!(
            "{} {}",
            self.setup.side(group.side).name,
            self.setup.troops[group.troop].id
        )
    }

    /// Records the start of a phase of group `g` in the trace.
    pub(super) fn announce(&mut self, g: usize, what: impl FnOnce(&Self) -> String) {
        let round = self.st.round;
        self.note(|b| TraceEvent::Turn {
            round,
            side: format!("{}: {}", b.group_label(g), what(b)),
        });
    }

    /// Records a change of a unit in the trace.
    pub(super) fn change(&mut self, u: usize, what: impl FnOnce(&Self) -> String) {
        let round = self.st.round;
        self.note(|b| TraceEvent::Change {
            round,
            unit: b.label(u),
            change: what(b),
        });
    }

    /// Records a doctrine decision in the trace.
    pub(super) fn decided(
        &mut self,
        u: usize,
        decision: &str,
        choice: impl FnOnce(&Self) -> String,
        rule: &str,
    ) {
        let round = self.st.round;
        self.note(|b| TraceEvent::Decision {
            round,
            side: b.setup.side(b.setup.units[u].side).name.clone(),
            unit: b.label(u),
            decision: decision.to_string(),
            choice: choice(b),
            rule: rule.to_string(),
        });
    }

    /// Takes a unit off the board.
    pub(super) fn remove(&mut self, u: usize, presence: Presence) {
        let pos = self.st.units[u].pos;
        if self.st.occupant.get(pos) == Some(&(u as u16)) {
            *self.st.occupant.at_mut(pos) = EMPTY;
        }
        self.st.units[u].presence = presence;
        self.change(u, |_| {
            match presence {
                Presence::Destroyed => "destroyed",
                Presence::Fled => "leaves the battle off the board",
                Presence::Captured => "captured (surrender accepted)",
                Presence::OnBoard => "back on the board",
            }
            .to_string()
        });
    }

    /// Moves a unit to a free square.
    pub(super) fn place(&mut self, u: usize, to: crate::geometry::grid::Square) {
        let from = self.st.units[u].pos;
        if from == to {
            return;
        }
        *self.st.occupant.at_mut(from) = EMPTY;
        *self.st.occupant.at_mut(to) = u as u16;
        self.st.units[u].pos = to;
        self.change(u, |_| format!("moves {from} -> {to}"));
    }

    /// Rolls the round's d20s and hero initiatives and builds the ordered count.
    fn count_down(&mut self, events: &mut Vec<PhaseEvent>, d20: &mut Vec<i32>) {
        events.clear();
        d20.clear();
        d20.resize(self.setup.groups.len().max(self.setup.units.len()), 0);
        self.roll_initiative(d20);
        for g in 0..self.setup.groups.len() {
            if self.group_on_board(g) {
                self.group_phases(g, events, d20);
            }
        }
        self.hero_phases(events);
        phases::order(events, self.dice);
        if T::ON {
            self.trace_initiative(d20);
        }
    }

    /// Whether any unit of troop type group `g` is on the board.
    fn group_on_board(&self, g: usize) -> bool {
        self.setup.groups[g]
            .units
            .iter()
            .any(|&u| self.st.units[u].presence == Presence::OnBoard)
    }

    /// The round's initiative d20s, in (side, troop type) scenario order:
    /// per troop type, per side or per unit (`ip_roll_scope`).
    fn roll_initiative(&mut self, d20: &mut [i32]) {
        let mut side_roll = [None::<i32>; 2];
        for (g, group) in self.setup.groups.iter().enumerate() {
            if !group.units.iter().any(|&u| self.view().on_board(u)) {
                continue;
            }
            match self.setup.options.ip_roll_scope {
                IpRollScope::PerSideTroopType => d20[g] = i32::from(self.dice.roll(20)),
                IpRollScope::PerSide => {
                    let s = group.side.index();
                    d20[g] = *side_roll[s].get_or_insert_with(|| i32::from(self.dice.roll(20)));
                }
                IpRollScope::PerUnit => {
                    for &u in &group.units {
                        if self.view().on_board(u) {
                            d20[u] = i32::from(self.dice.roll(20));
                        }
                    }
                }
            }
        }
    }

    /// Troop type group `g`'s phases: its initiative phase (one per unit
    /// under `PerUnit`), its routing units' own phase and its action phase.
    fn group_phases(&mut self, g: usize, events: &mut Vec<PhaseEvent>, d20: &[i32]) {
        let setup = self.setup;
        let o = &setup.options;
        let group = &setup.groups[g];
        let t = &setup.troops[group.troop];
        let ap = action_phase(t.uq_x2, t.init_mod, o.phase_rounding);
        let gs = &mut self.st.groups[g];
        gs.ap = ap;
        gs.shared_roll = None;
        let g16 = g as u16;
        let initiative = |unit, routed| Actor::Initiative {
            group: g16,
            unit,
            routed,
        };
        if o.ip_roll_scope == IpRollScope::PerUnit {
            for &u in &group.units {
                if self.st.units[u].presence == Presence::OnBoard {
                    let ip = initiative_phase(d20[u], t.uq_x2, t.init_mod, o.phase_rounding);
                    push_phase(
                        events,
                        ip,
                        initiative(Some(u as u16), false),
                        t.uq_x2,
                        t.init_mod,
                    );
                }
            }
        } else {
            let ip = initiative_phase(d20[g], t.uq_x2, t.init_mod, o.phase_rounding);
            self.st.groups[g].ip = ip;
            push_phase(events, ip, initiative(None, false), t.uq_x2, t.init_mod);
        }
        // Routing units "always roll a 20" (L130): their own phase, only
        // when the type has routing units as the round starts.
        if group.units.iter().any(|&u| {
            self.st.units[u].presence == Presence::OnBoard
                && self.st.units[u].morale == MoraleState::Rout
        }) {
            let routed_ip = initiative_phase(20, t.uq_x2, t.init_mod, o.phase_rounding);
            push_phase(
                events,
                routed_ip,
                initiative(None, true),
                t.uq_x2,
                t.init_mod,
            );
        }
        push_phase(
            events,
            ap,
            Actor::Action { group: g16 },
            t.uq_x2,
            t.init_mod,
        );
    }

    /// Each hero's phase: a fixed number, or a d20 plus his modifier.
    fn hero_phases(&mut self, events: &mut Vec<PhaseEvent>) {
        for side in Side::BOTH {
            for (h, hero) in self.setup.side(side).heroes.iter().enumerate() {
                let n = match hero.initiative {
                    HeroInitiative::Fixed(n) => n,
                    HeroInitiative::Rolled(m) => i32::from(self.dice.roll(20)) + m,
                };
                let hero = h as u16;
                push_phase(events, n, Actor::Hero { side, hero }, 0, 0);
            }
        }
    }

    /// Traces each troop type's initiative roll (shared rolls only).
    fn trace_initiative(&mut self, d20: &[i32]) {
        let round = self.st.round;
        if self.setup.options.ip_roll_scope == IpRollScope::PerUnit {
            return;
        }
        for (g, &roll) in d20.iter().enumerate().take(self.setup.groups.len()) {
            if !self.group_on_board(g) {
                continue;
            }
            let gs = &self.st.groups[g];
            let (ip, ap) = (gs.ip, gs.ap);
            let who = self.group_label(g);
            self.trace.record(TraceEvent::Roll {
                round,
                who,
                purpose: format!("initiative: IP {ip}, AP {ap}"),
                die: 20,
                dice: vec![roll as u8],
                kept: roll as u8,
                modifier: ip - roll,
            });
        }
    }

    /// Plays one round; returns the result when the battle is over.
    fn round(
        &mut self,
        events: &mut Vec<PhaseEvent>,
        d20: &mut Vec<i32>,
        members: &mut Vec<usize>,
    ) -> Option<(Option<Side>, u8)> {
        self.st.round += 1;
        let round = self.st.round;
        self.note(|_| TraceEvent::Round { round });
        self.count_down(events, d20);
        for &ev in events.iter() {
            match ev.actor {
                Actor::Hero { side, hero } => {
                    let number = ev.number;
                    self.note(|b| TraceEvent::Turn {
                        round,
                        side: format!(
                            "{} (hero {} at {number}; part 3 gives heroes no war-round action)",
                            b.setup.side(side).name,
                            b.setup.side(side).heroes[usize::from(hero)].name
                        ),
                    });
                }
                Actor::Initiative {
                    group,
                    unit,
                    routed,
                } => {
                    self.initiative_phase(
                        usize::from(group),
                        unit.map(usize::from),
                        routed,
                        ev.number,
                        members,
                    );
                }
                Actor::Action { group } => {
                    self.action_phase(usize::from(group), members);
                }
            }
        }
        self.end_of_round();
        self.decide()
    }

    /// Fall Back recovery (B-G21), captured surrenders (B-G23), per-round flags.
    pub fn end_of_round(&mut self) {
        let round = self.st.round;
        for u in 0..self.st.units.len() {
            if !self.view().on_board(u) {
                continue;
            }
            let unit = &self.st.units[u];
            if unit.morale == MoraleState::FallBack
                && round > unit.state_round
                && !unit.damaged_this_round
            {
                self.st.units[u].morale = MoraleState::Normal;
                self.change(u, |_| "a full round undamaged: back to normal".to_string());
            }
            if self.st.units[u].morale == MoraleState::Surrender
                && self.setup.options.surrender_capture == SurrenderCapture::EndOfRoundIfAdjacent
            {
                let captor = self.view().adjacent_enemies(u).any(|e| {
                    self.view().hostile(self.setup.units[u].side, e)
                        && !self.st.units[u]
                            .attacked_while_surrendered
                            .contains(&(e as u16))
                });
                if captor {
                    self.remove(u, Presence::Captured);
                }
            }
        }
        for unit in &mut self.st.units {
            unit.damaged_this_round = false;
            unit.ip_done = false;
            unit.attacked_while_surrendered.clear();
        }
    }

    /// Share of a side's starting HP in effective units, in milli-percent.
    fn effective_share(&self, side: Side) -> i64 {
        let (mut hp, mut start) = (0, 0);
        for (u, spec) in self.setup.units.iter().enumerate() {
            if spec.side != side {
                continue;
            }
            start += self.setup.troops[spec.troop].hp;
            if self.view().effective(u) {
                hp += self.st.units[u].hp;
            }
        }
        milli_pct(hp, start)
    }

    /// The result if the battle is over after this round (B-G25).
    fn decide(&self) -> Option<(Option<Side>, u8)> {
        let v = self.view();
        let fighting = Side::BOTH
            .map(|s| (0..self.st.units.len()).any(|u| v.side_of(u) == s && v.effective(u)));
        match fighting {
            [false, false] => return Some((None, END_BOTH_BROKEN)),
            [true, false] => return Some((Some(Side::A), END_NO_EFFECTIVE)),
            [false, true] => return Some((Some(Side::B), END_NO_EFFECTIVE)),
            [true, true] => {}
        }
        if self.st.round >= self.setup.max_rounds {
            let (a, b) = (self.effective_share(Side::A), self.effective_share(Side::B));
            let band = self.setup.options.timeout_draw_band_pct * 1000;
            let winner = if (a - b).abs() <= band {
                None
            } else if a > b {
                Some(Side::A)
            } else {
                Some(Side::B)
            };
            return Some((winner, END_ROUND_LIMIT));
        }
        None
    }

    /// Per side: HP of the units on the board, per mille of the starting HP.
    pub fn surviving_per_mille(&self) -> [u32; 2] {
        let mut hp = [0i64; 2];
        let mut start = [0i64; 2];
        for (u, spec) in self.setup.units.iter().enumerate() {
            let s = spec.side.index();
            start[s] += self.setup.troops[spec.troop].hp;
            if self.view().on_board(u) {
                hp[s] += self.st.units[u].hp.max(0);
            }
        }
        [0, 1].map(|s| {
            if start[s] == 0 {
                0
            } else {
                (hp[s] * 1000 / start[s]) as u32
            }
        })
    }
}

/// Plays one battle from deployment to its end and fills `record`.
pub fn play_battle<T: Tracer>(
    setup: &WarSetup,
    scratch: &mut Scratch,
    dice: &mut Dice,
    trace: &mut T,
    record: &mut BattleRecord,
) {
    let Scratch {
        state,
        reach,
        events,
        hits,
        candidates,
        members,
        d20,
    } = scratch;
    state.reset(setup);
    record.clear();
    let mut b = Battle {
        setup,
        st: state,
        reach,
        hits,
        candidates,
        dice,
        trace,
    };
    record.start_strength = b.surviving_per_mille();
    let result = loop {
        let r = b.round(events, d20, members);
        record.strength_by_round.push(b.surviving_per_mille());
        if let Some(r) = r {
            break r;
        }
    };
    let (winner, reason) = result;
    record.winner = winner;
    record.end_reason = reason;
    record.rounds_played = b.st.round;
    let round = b.st.round;
    b.note(|b| TraceEvent::End {
        round,
        winner: winner.map(|s| b.setup.side(s).name.clone()),
        reason: super::state::END_REASONS[usize::from(reason)].to_string(),
    });
    for (u, spec) in setup.units.iter().enumerate() {
        let unit = &b.st.units[u];
        let fate = match (unit.presence, unit.morale) {
            (Presence::Destroyed, _) => 1,
            (Presence::Fled, _) => 2,
            (Presence::Captured, _) => 3,
            (Presence::OnBoard, MoraleState::Rout) => 4,
            (Presence::OnBoard, MoraleState::Surrender) => 5,
            (Presence::OnBoard, _) => 0,
        };
        debug_assert!(usize::from(fate) < FATES.len());
        let full = setup.troops[spec.troop].hp;
        let lost = if unit.presence == Presence::Destroyed {
            full
        } else {
            full - unit.hp.max(0)
        };
        record.units.push(UnitResult {
            fate,
            losses: (lost * 100 / full.max(1)).clamp(0, 100) as u16,
        });
        record.unit_events.extend_from_slice(&unit.outcomes);
    }
}

/// Adds a phase to the round's count; `seq` keeps creation order.
fn push_phase(events: &mut Vec<PhaseEvent>, number: i32, actor: Actor, uq_x2: i32, init_mod: i32) {
    events.push(PhaseEvent {
        number,
        actor,
        uq_x2,
        init_mod,
        seq: events.len() as u16,
    });
}
