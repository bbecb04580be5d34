//! One Standards of Valor battle: the integrated sequence of alternating
//! single-unit activations (L708-769), the pass rule, the turn end with its
//! fright checks, and the end of the battle (an army with no unit at
//! Shaken or better left, a side taking an objective whose capture ends
//! the battle, or the turn limit and the points measure).
//! [`Battle`] carries the setup, the state, the dice and the tracer; the
//! rules live in `activation`, `fire`, `assault`, `melee` and `morale`.

use super::field::{self, Block};
use super::options::Victory;
use super::setup::SovSetup;
use super::state::{Cl, Gone, State, END_OBJECTIVE_TAKEN, END_REASONS};
use crate::base::{BattleRecord, Side, UnitResult};
use crate::dice::Dice;
use crate::rules::{TraceEvent, Tracer};

/// Units a [`BlockSet`] holds.
const BLOCK_SET: usize = 64;

/// Some units' blocks (unit, block, in Skirmish), kept without allocation.
pub struct BlockSet {
    items: [(u16, Block, bool); BLOCK_SET],
    len: usize,
}

/// Per-worker scratch: the battle state, reused.
pub struct Scratch {
    pub state: State,
}

impl Scratch {
    pub fn new(setup: &SovSetup) -> Self {
        Scratch {
            state: State::new(setup),
        }
    }
}

/// One battle in progress.
pub struct Battle<'a, T: Tracer> {
    pub setup: &'a SovSetup,
    pub st: &'a mut State,
    pub dice: &'a mut Dice,
    pub trace: &'a mut T,
}

impl<T: Tracer> Battle<'_, T> {
    pub fn label(&self, u: usize) -> String {
        self.setup.units[u].label.clone()
    }

    pub fn side(&self, u: usize) -> usize {
        self.setup.side_index(u)
    }

    /// Records a change of unit `u` (built only when tracing).
    pub fn change(&mut self, u: usize, what: impl FnOnce(&Self) -> String) {
        if T::ON {
            let event = TraceEvent::Change {
                round: self.st.turn,
                unit: self.label(u),
                change: what(self),
            };
            self.trace.record(event);
        }
    }

    /// Records a doctrine decision for unit `u`.
    pub fn decided(&mut self, u: usize, decision: &str, choice: &str, rule: &str) {
        self.decided_with(u, decision, |_| choice.to_string(), rule);
    }

    /// As [`Battle::decided`], the choice put into words only when tracing.
    pub fn decided_with(
        &mut self,
        u: usize,
        decision: &str,
        choice: impl FnOnce(&Self) -> String,
        rule: &str,
    ) {
        if T::ON {
            let choice = choice(self);
            let side = self.setup.sides[self.side(u)].name.clone();
            let event = TraceEvent::Decision {
                round: self.st.turn,
                side,
                unit: self.label(u),
                decision: decision.to_string(),
                choice,
                rule: rule.to_string(),
            };
            self.trace.record(event);
        }
    }

    /// Rolls one die for `who`'s `purpose`, traced.
    pub fn roll(&mut self, u: usize, purpose: &str, die: super::ladder::Die) -> u8 {
        let r = die.roll(self.dice);
        self.traced_roll(u, purpose, die.faces(), r);
        r
    }

    pub fn traced_roll(&mut self, u: usize, purpose: &str, faces: u8, r: u8) {
        if T::ON {
            let event = TraceEvent::Roll {
                round: self.st.turn,
                who: self.label(u),
                purpose: purpose.to_string(),
                die: faces,
                dice: vec![r],
                kept: r,
                modifier: 0,
            };
            self.trace.record(event);
        }
    }

    /// Unit `u`'s block now. Inlined: it is asked in every distance and
    /// sight test, and out of line it costs about 8% of a battle.
    #[inline(always)]
    pub fn block(&self, u: usize) -> Block {
        field::block(&self.st.units[u], self.setup.profile_of(u).mount)
    }

    /// The measured distance between units `a` and `b`.
    pub fn dist(&self, a: usize, b: usize) -> f32 {
        self.dist_from(a, &self.block(a), b)
    }

    /// [`Self::dist`] with `a`'s block already worked out, for loops over
    /// many `b`.
    pub fn dist_from(&self, a: usize, a_block: &Block, b: usize) -> f32 {
        field::distance(
            a_block,
            self.skirmishing(a),
            &self.block(b),
            self.skirmishing(b),
        )
    }

    /// Whether `u` is in skirmish order (its distances are measured from
    /// its centre).
    pub fn skirmishing(&self, u: usize) -> bool {
        self.st.units[u].formation == super::melee_dice::Formation::Skirmish
    }

    /// Enemy units of `u` on the table.
    pub fn enemies(&self, u: usize) -> impl Iterator<Item = usize> + '_ {
        let side = self.side(u);
        (0..self.st.units.len())
            .filter(move |&e| self.side(e) != side && self.st.units[e].on_table())
    }

    /// The blocks of side `side`'s enemies on the table, worked out once
    /// for a search from many units (None past [`BlockSet`]'s capacity).
    pub fn enemy_blocks(&self, side: usize) -> Option<BlockSet> {
        let mut set = BlockSet {
            items: [(0, Block::default(), false); BLOCK_SET],
            len: 0,
        };
        for e in (0..self.st.units.len()).filter(|&e| self.side(e) != side) {
            if !self.st.units[e].on_table() {
                continue;
            }
            let slot = set.items.get_mut(set.len)?;
            let skirmish = self.st.units[e].formation == super::melee_dice::Formation::Skirmish;
            *slot = (e as u16, self.block(e), skirmish);
            set.len += 1;
        }
        Some(set)
    }

    /// [`Self::nearest_enemy`] against enemy blocks worked out already.
    pub fn nearest_in(&self, u: usize, enemies: &BlockSet) -> Option<(usize, f32)> {
        let mine = self.block(u);
        let sk = self.st.units[u].formation == super::melee_dice::Formation::Skirmish;
        enemies.items[..enemies.len]
            .iter()
            .map(|(e, b, esk)| (usize::from(*e), field::distance(&mine, sk, b, *esk)))
            .min_by(|a, b| a.1.total_cmp(&b.1))
    }

    /// The nearest enemy on the table and its distance.
    pub fn nearest_enemy(&self, u: usize) -> Option<(usize, f32)> {
        let mine = self.block(u);
        self.enemies(u)
            .map(|e| (e, self.dist_from(u, &mine, e)))
            .min_by(|a, b| a.1.total_cmp(&b.1))
    }

    /// Figures counted for odds and fright (cavalry x2, L2654, L785).
    pub fn weight(&self, u: usize) -> u32 {
        let m = match self.setup.profile_of(u).mount {
            super::melee_dice::Mount::Foot => 1,
            super::melee_dice::Mount::Horse => 2,
        };
        u32::from(self.st.units[u].figures) * m
    }

    /// Takes unit `u` off the table with fate `gone`.
    pub fn remove(&mut self, u: usize, gone: Gone) {
        self.release(u);
        self.st.units[u].gone = Some(gone);
        self.change(u, |_| {
            format!("leaves the table ({})", super::state::FATES[gone as usize])
        });
    }

    /// Whether side `s` still has a unit at Shaken or better on the table.
    pub fn side_holds(&self, s: usize) -> bool {
        (0..self.st.units.len()).any(|u| {
            self.side(u) == s && self.st.units[u].on_table() && self.st.units[u].cl >= Cl::Shaken
        })
    }

    /// Points each side has scored (ambiguity 57 of the digest): enemy
    /// figures removed, captured (surrendered) or disintegrated at their
    /// cost, half an enemy unit's points more when it is Routed or has
    /// fled off the table, and the points of the objectives it holds.
    pub fn scores(&self) -> [f64; 2] {
        let mut score = self.objective_points();
        score[0] += self.st.exited[0];
        score[1] += self.st.exited[1];
        for (u, spec) in self.setup.units.iter().enumerate() {
            let st = &self.st.units[u];
            let per_fig = f64::from(spec.points) / f64::from(spec.figures);
            let taken = match st.gone {
                Some(Gone::FledOff | Gone::Exited) | None => spec.figures - st.figures,
                Some(_) => spec.figures,
            };
            let fled = st.gone == Some(Gone::FledOff);
            let broken = fled || (st.on_table() && st.cl == Cl::Routed);
            let bonus = if broken {
                f64::from(spec.points) / 2.0
            } else {
                0.0
            };
            score[1 - self.side(u)] += f64::from(taken) * per_fig + bonus;
        }
        score
    }

    /// The winner and end reason if the battle is over (`at_limit`: the
    /// turn limit has been reached).
    pub fn decide(&self, at_limit: bool) -> Option<(Option<Side>, u8)> {
        if let Some(taker) = self.st.taken_by {
            return Some((Some(taker), END_OBJECTIVE_TAKEN));
        }
        // A side that has got forces off through its exit is not broken:
        // the points measure weighs what it got off at the turn limit.
        let holds = [0, 1].map(|s| self.side_holds(s) || self.st.exited[s] > 0.0);
        let sides = [Side::A, Side::B];
        if self.setup.options.victory == Victory::BreakThenPoints || !at_limit {
            match holds {
                [false, false] => return Some((None, 1)),
                [true, false] => return Some((Some(Side::A), 0)),
                [false, true] => return Some((Some(Side::B), 0)),
                _ => {}
            }
        }
        if !at_limit {
            return None;
        }
        let s = self.scores();
        let ratio = f64::from(self.setup.options.draw_ratio_pct) / 100.0;
        let lead = (0..2).find(|&i| s[i] > 0.0 && s[i] >= ratio * s[1 - i]);
        Some(match lead {
            Some(i) => (Some(sides[i]), 2),
            None => (None, 3),
        })
    }
}

/// Figures on the table per side (the strength rounds.csv records).
fn strength(setup: &SovSetup, st: &State) -> [u32; 2] {
    let mut s = [0u32; 2];
    for (u, unit) in st.units.iter().enumerate() {
        if unit.on_table() && unit.cl > Cl::Routed {
            s[setup.side_index(u)] += u32::from(unit.figures);
        }
    }
    s
}

/// Plays one battle into `record`.
pub fn play_battle<T: Tracer>(
    setup: &SovSetup,
    scratch: &mut Scratch,
    dice: &mut Dice,
    trace: &mut T,
    record: &mut BattleRecord,
) {
    record.clear();
    scratch.state.reset(setup);
    let mut b = Battle {
        setup,
        st: &mut scratch.state,
        dice,
        trace,
    };
    record.start_strength = strength(setup, b.st);
    b.opening_panic_tests();
    let limit = setup.options.turn_limit;
    let mut outcome = None;
    while outcome.is_none() {
        b.st.turn += 1;
        b.trace.emit(|| TraceEvent::Round { round: b.st.turn });
        b.play_turn();
        b.turn_end();
        record.strength_by_round.push(strength(setup, b.st));
        outcome = b.decide(b.st.turn >= limit);
    }
    let (winner, reason) = outcome.expect("the loop ends with an outcome");
    debug_assert!(usize::from(reason) < END_REASONS.len());
    record.winner = winner;
    record.end_reason = reason;
    record.rounds_played = b.st.turn;
    b.count_grade(winner, reason, &mut record.side_counts);
    b.trace.emit(|| TraceEvent::End {
        round: b.st.turn,
        winner: winner.map(|w| setup.sides[w.index()].name.clone()),
        reason: END_REASONS[usize::from(reason)].to_string(),
    });
    for (u, spec) in setup.units.iter().enumerate() {
        let st = &b.st.units[u];
        let fate = match st.gone {
            Some(g) => g as u8,
            None if st.cl == Cl::Routed => 5,
            None => 0,
        };
        record.units.push(UnitResult {
            fate,
            losses: spec.figures - st.figures,
        });
    }
}
