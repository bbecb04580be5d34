//! The Armies round and turn sequence (digest A1.5, A8): who goes first,
//! each side's move step then attack step, siege crews, the end of the battle
//! and the record it leaves. Every choice is asked of the side's doctrine.

use super::options::{LeashTiming, TimeoutResult, TurnOrder};
use super::setup::{ArmiesSetup, Engagement, Role};
use super::state::{State, Target, View, END_COMMANDER_DISBANDED, END_ROUND_LIMIT};
use crate::dice::Dice;
use crate::geometry::grid::Square;
use crate::rules::{BattleRecord, Side, TraceEvent, Tracer, UnitResult};
use crate::rulesets::armies::doctrine::AttackChoice;

/// One battle being played.
pub struct Battle<'a, T: Tracer> {
    pub setup: &'a ArmiesSetup,
    pub st: &'a mut State,
    pub dice: &'a mut Dice,
    pub trace: &'a mut T,
    /// The side whose turn it is.
    pub acting: Side,
    /// Set when the battle is decided: winner (None = draw) and end reason.
    pub over: Option<(Option<Side>, u8)>,
}

impl<'a, T: Tracer> Battle<'a, T> {
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
        format!(
            "{} {}",
            self.setup.sides[spec.side.index()].name,
            spec.label
        )
    }

    fn side_name(&self, side: Side) -> String {
        self.setup.sides[side.index()].name.clone()
    }

    pub(super) fn end(&mut self, winner: Option<Side>, reason: u8) {
        if self.over.is_none() {
            self.over = Some((winner, reason));
        }
    }

    /// Removes a unit; a disbanded commander ends the battle at once.
    pub(super) fn disband(&mut self, u: usize, fate: u8) {
        let round = self.st.round;
        let why = super::state::FATES[usize::from(fate)];
        self.note(|b| TraceEvent::Change {
            round,
            unit: b.label(u),
            change: format!("disbanded ({why})"),
        });
        let aerial = self.setup.troops[self.setup.units[u].troop].traits.aerial;
        let unit = &mut self.st.units[u];
        unit.alive = false;
        unit.fate = fate;
        let pos = unit.pos;
        let engine = unit.manning.take();
        let layer = if aerial {
            &mut self.st.air
        } else {
            &mut self.st.ground
        };
        *layer.at_mut(pos) = 0;
        if let Some(e) = engine {
            self.st.engines[e].crew = None;
            if !self.setup.options.siege_engine_persists {
                self.st.engines[e].present = false;
                *self.st.engine_at.at_mut(pos) = 0;
            }
        }
        if self.setup.units[u].role == Role::Commander {
            let side = self.setup.units[u].side;
            self.end(Some(side.other()), END_COMMANDER_DISBANDED);
        }
    }

    /// Moves unit `u` to `to`, carrying its engine if it crews one.
    fn relocate(&mut self, u: usize, to: Square) {
        let aerial = self.setup.troops[self.setup.units[u].troop].traits.aerial;
        let from = self.st.units[u].pos;
        let layer = if aerial {
            &mut self.st.air
        } else {
            &mut self.st.ground
        };
        *layer.at_mut(from) = 0;
        *layer.at_mut(to) = u as u16 + 1;
        self.st.units[u].pos = to;
        if let Some(e) = self.st.units[u].manning {
            *self.st.engine_at.at_mut(from) = 0;
            *self.st.engine_at.at_mut(to) = e as u16 + 1;
            self.st.engines[e].pos = to;
        }
    }

    /// Updates what `side` knows of enemy positions (fog of war).
    fn scout(&mut self, side: Side) {
        if !(self.setup.options.fog && self.setup.options.fog_ai_blind) {
            return;
        }
        for e in 0..self.st.units.len() {
            if self.setup.units[e].side == side || !self.st.units[e].alive {
                continue;
            }
            let ep = self.st.units[e].pos;
            let seen = self.view().units_of(side).any(|o| {
                crate::geometry::grid::Metric::Chebyshev.dist(self.st.units[o].pos, ep) <= 1
            });
            if seen {
                self.st.known[side.index()][e] = ep;
            }
        }
    }

    /// Plays the whole battle and fills `record`.
    pub fn play(mut self, record: &mut BattleRecord) {
        record.clear();
        let setup = self.setup;
        record.start_strength = [self.view().strength(Side::A), self.view().strength(Side::B)];
        let (first, defender) = self.first_mover();
        while self.over.is_none() && self.st.round < setup.max_rounds {
            self.st.round += 1;
            let round = self.st.round;
            self.note(|_| TraceEvent::Round { round });
            for side in [first, first.other()] {
                self.side_turn(side);
                if self.over.is_some() {
                    break;
                }
            }
            record
                .strength_by_round
                .push([self.view().strength(Side::A), self.view().strength(Side::B)]);
        }
        if self.over.is_none() {
            let winner = match (setup.options.timeout_result, setup.engagement) {
                (TimeoutResult::Draw, _) | (TimeoutResult::Auto, Engagement::Meeting) => None,
                (TimeoutResult::DefenderWins, _)
                | (TimeoutResult::Auto, Engagement::Assault { .. }) => Some(defender),
            };
            self.end(winner, END_ROUND_LIMIT);
        }
        let (winner, reason) = self.over.unwrap_or((None, END_ROUND_LIMIT));
        let round = self.st.round;
        self.note(|_| TraceEvent::End {
            round,
            winner: winner.map(|w| setup.sides[w.index()].name.clone()),
            reason: super::state::END_REASONS[usize::from(reason)].to_string(),
        });
        record.winner = winner;
        record.end_reason = reason;
        record.rounds_played = self.st.round;
        record
            .units
            .extend(self.st.units.iter().map(|u| UnitResult {
                fate: u.fate,
                losses: u.losses,
            }));
    }

    /// Decides who takes the first turn of each round and who counts as the
    /// defender at the round limit (operations checks per digest A1.4-A1.5).
    fn first_mover(&mut self) -> (Side, Side) {
        let roll = matches!(self.setup.engagement, Engagement::Meeting)
            || self.setup.options.turn_order == TurnOrder::BetterCommanderFirst;
        let (first, defender) = match self.setup.engagement {
            Engagement::Assault { attacker } if !roll => (attacker, attacker.other()),
            engagement => {
                let mods = [
                    self.setup.sides[0].operations,
                    self.setup.sides[1].operations,
                ];
                let (a_wins, rolls) = self.dice.roll_off(20, mods);
                let winner = if a_wins { Side::A } else { Side::B };
                self.note(|b| TraceEvent::Roll {
                    round: 0,
                    who: format!("{} vs {}", b.setup.sides[0].name, b.setup.sides[1].name),
                    purpose: "operations (cunning) check, ties re-rolled".to_string(),
                    die: 20,
                    dice: rolls.to_vec(),
                    kept: rolls[usize::from(!a_wins)],
                    modifier: mods[usize::from(!a_wins)],
                });
                let defender = match engagement {
                    Engagement::Assault { attacker } => attacker.other(),
                    Engagement::Meeting => winner.other(),
                };
                (winner, defender)
            }
        };
        self.note(|b| TraceEvent::Change {
            round: 0,
            unit: b.side_name(first),
            change: "takes the first turn of every round".to_string(),
        });
        (first, defender)
    }

    fn side_turn(&mut self, side: Side) {
        self.acting = side;
        let round = self.st.round;
        self.note(|b| TraceEvent::Turn {
            round,
            side: b.side_name(side),
        });
        for u in 0..self.st.units.len() {
            if self.setup.units[u].side == side {
                let unit = &mut self.st.units[u];
                unit.attacked_last_turn = unit.attacked_this_turn;
                unit.attacked_this_turn = false;
                unit.holding_fire = false;
                if unit.manning.is_some() {
                    unit.crew_ready = true;
                }
            }
        }
        self.scout(side);
        let doctrine = &self.setup.sides[side.index()].doctrine;
        let mut order = std::mem::take(&mut self.st.order);
        doctrine.move_order(self.view(), side, &mut order);
        for &u in &order {
            if self.st.units[u].alive {
                self.move_unit(u);
                if self.setup.options.leash_check_timing == LeashTiming::AfterEachMove {
                    self.check_command();
                }
                if self.over.is_some() {
                    break;
                }
            }
        }
        if self.over.is_none() {
            self.check_command();
        }
        if self.over.is_none() {
            doctrine.attack_order(self.view(), side, &mut order);
            for &u in &order {
                if self.st.units[u].alive && !self.st.units[u].holding_fire {
                    self.attack_step(u);
                    if self.over.is_some() {
                        break;
                    }
                }
            }
        }
        self.st.order = order;
    }

    fn move_unit(&mut self, u: usize) {
        let side = self.setup.units[u].side;
        let doctrine = &self.setup.sides[side.index()].doctrine;
        let round = self.st.round;
        if self.st.units[u].manning.is_some() && self.setup.options.siege_crew_can_dismount {
            if let Some(rule) = doctrine.dismount(self.view(), u) {
                self.note(|b| TraceEvent::Decision {
                    round,
                    side: b.side_name(side),
                    unit: b.label(u),
                    decision: "dismount".to_string(),
                    choice: "leaves its engine".to_string(),
                    rule: rule.to_string(),
                });
                let e = self.st.units[u].manning.take().unwrap_or_default();
                self.st.engines[e].crew = None;
                self.st.units[u].crew_ready = false;
            }
        }
        let mut bonus = 0;
        if self.setup.options.hold_fire_bonus_move > 0 {
            if let Some(rule) = doctrine.hold_fire_for_move(self.view(), u) {
                bonus = self.setup.options.hold_fire_bonus_move;
                self.st.units[u].holding_fire = true;
                self.note(|b| TraceEvent::Decision {
                    round,
                    side: b.side_name(side),
                    unit: b.label(u),
                    decision: "hold fire".to_string(),
                    choice: format!("forgoes its attack for +{bonus} move"),
                    rule: rule.to_string(),
                });
            }
        }
        let mut moves = std::mem::take(&mut self.st.candidates);
        moves.clear();
        self.view().legal_moves(u, bonus, &mut moves);
        let from = self.st.units[u].pos;
        let (to, rule) = doctrine.choose_move(self.view(), u, &moves);
        self.st.candidates = moves;
        if to != from {
            let lure_victim =
                if self.setup.options.tactics_lure && self.st.units[u].role == Role::Commander {
                    doctrine.lure_target(self.view(), u, to)
                } else {
                    None
                };
            self.note(|b| TraceEvent::Decision {
                round,
                side: b.side_name(side),
                unit: b.label(u),
                decision: "move".to_string(),
                choice: format!("{from} -> {to}"),
                rule: rule.to_string(),
            });
            self.relocate(u, to);
            if let Some((enemy, dest)) = lure_victim {
                self.note(|b| TraceEvent::Change {
                    round,
                    unit: b.label(enemy),
                    change: format!("lured by Tactics to {dest}"),
                });
                self.relocate(enemy, dest);
            }
            self.scout(side);
        } else {
            self.note(|b| TraceEvent::Decision {
                round,
                side: b.side_name(side),
                unit: b.label(u),
                decision: "move".to_string(),
                choice: "stays".to_string(),
                rule: rule.to_string(),
            });
        }
    }

    /// The attack step of one unit: man an engine, attack a unit, batter a
    /// fortification, or nothing.
    fn attack_step(&mut self, u: usize) {
        let side = self.setup.units[u].side;
        let doctrine = &self.setup.sides[side.index()].doctrine;
        let round = self.st.round;
        let pos = self.st.units[u].pos;
        let engine_here = self.st.engine_at.get(pos).copied().unwrap_or(0);
        if self.st.units[u].manning.is_none()
            && engine_here != 0
            && !self.setup.troops[self.setup.units[u].troop].traits.aerial
        {
            let e = usize::from(engine_here) - 1;
            if self.st.engines[e].crew.is_none() {
                if let Some(rule) = doctrine.man_engine(self.view(), u) {
                    self.note(|b| TraceEvent::Decision {
                        round,
                        side: b.side_name(side),
                        unit: b.label(u),
                        decision: "man engine".to_string(),
                        choice: format!(
                            "mans {} (fires from its next turn)",
                            b.setup.engines[e].label
                        ),
                        rule: rule.to_string(),
                    });
                    self.st.engines[e].crew = Some(u);
                    self.st.units[u].manning = Some(e);
                    self.st.units[u].crew_ready = false;
                    return;
                }
            }
        }
        if self.st.units[u].manning.is_some() && !self.st.units[u].crew_ready {
            return;
        }
        if self
            .view()
            .fighting_profile(u)
            .traits
            .alternate_turn_attacks
            && self.st.units[u].attacked_last_turn
        {
            self.note(|b| TraceEvent::Change {
                round,
                unit: b.label(u),
                change: "cannot attack two turns in a row".to_string(),
            });
            return;
        }
        let mut targets = std::mem::take(&mut self.st.targets);
        targets.clear();
        {
            let v = self.view();
            for e in v.units_of(side.other()) {
                if v.can_attack_from(u, pos, e) {
                    targets.push(Target::Unit(e));
                }
            }
            if v.can_batter(u) {
                self.fortification_targets(u, &mut targets);
            }
        }
        let choice = doctrine.choose_target(self.view(), u, &mut targets);
        self.st.targets = targets;
        let Some(AttackChoice { target, rule }) = choice else {
            return;
        };
        self.note(|b| TraceEvent::Decision {
            round,
            side: b.side_name(side),
            unit: b.label(u),
            decision: "attack".to_string(),
            choice: match target {
                Target::Unit(e) => b.label(e),
                Target::Fortification(s) => format!("the fortification at {s}"),
            },
            rule: rule.to_string(),
        });
        self.st.units[u].attacked_this_turn = true;
        match target {
            Target::Unit(e) => {
                self.attack_unit(u, e);
                if self.over.is_none() && !self.st.units[e].alive {
                    self.check_command();
                }
            }
            Target::Fortification(s) => self.attack_fortification(u, s),
        }
    }

    /// Standing fortification squares within range that an enemy unit holds.
    fn fortification_targets(&self, u: usize, out: &mut Vec<Target>) {
        let v = self.view();
        let side = self.setup.units[u].side;
        let pos = self.st.units[u].pos;
        let range = v.attack_range(u, pos);
        for e in v.units_of(side.other()) {
            let at = self.st.units[e].pos;
            if v.fortified(at)
                && v.dist(pos, at) <= range
                && !out.contains(&Target::Fortification(at))
            {
                out.push(Target::Fortification(at));
            }
        }
    }
}

/// Plays one battle of `setup` with `dice` into `record`, reusing `state`.
pub fn play_battle<T: Tracer>(
    setup: &ArmiesSetup,
    state: &mut State,
    dice: &mut Dice,
    trace: &mut T,
    record: &mut BattleRecord,
) {
    state.reset(setup);
    let battle = Battle {
        setup,
        st: state,
        dice,
        trace,
        acting: Side::A,
        over: None,
    };
    battle.play(record);
}
