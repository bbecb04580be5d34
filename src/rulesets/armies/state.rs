//! The mutable state of one Armies battle, reused from battle to battle, and
//! the read-only queries over it that both the rules and the doctrines use
//! (positions, effective stats, distances, who may attack whom).

use super::options::{ArmiesOptions, DiagonalSqueeze};
use super::setup::{ArmiesSetup, Role, Traits, Troop};
use crate::geometry::grid::{Grid, Square};
use crate::rules::Side;

/// Why a unit left the battle (index into the tally's fate names).
pub const FATE_SURVIVED: u8 = 0;
pub const FATE_COMBAT: u8 = 1;
pub const FATE_LEASH: u8 = 2;
pub const FATES: [&str; 3] = ["survived", "disbanded_in_combat", "disbanded_by_leash"];

/// Why a battle ended (index into the tally's end-reason names).
pub const END_COMMANDER_DISBANDED: u8 = 0;
pub const END_COMMANDER_ISOLATED: u8 = 1;
pub const END_ROUND_LIMIT: u8 = 2;
pub const END_REASONS: [&str; 3] = ["commander_disbanded", "commander_isolated", "round_limit"];

/// Whether end reason `index` (of [`END_REASONS`]) is the clock: the round limit.
pub fn is_clock_end(index: usize) -> bool {
    index == usize::from(END_ROUND_LIMIT)
}

/// One unit during a battle.
#[derive(Clone, Debug, PartialEq)]
pub struct UnitState {
    pub alive: bool,
    pub pos: Square,
    pub morale: i16,
    pub losses: u16,
    pub role: Role,
    /// The engine this unit crews, if any.
    pub manning: Option<usize>,
    /// A crew may fire from the turn after it manned its engine.
    pub crew_ready: bool,
    pub attacked_this_turn: bool,
    pub attacked_last_turn: bool,
    pub holding_fire: bool,
    pub fate: u8,
}

/// One siege engine during a battle.
#[derive(Clone, Debug, PartialEq)]
pub struct EngineState {
    pub present: bool,
    pub pos: Square,
    pub crew: Option<usize>,
}

/// The whole mutable state; allocated once per worker, reset per battle.
#[derive(Clone, Debug)]
pub struct State {
    pub units: Vec<UnitState>,
    pub engines: Vec<EngineState>,
    /// Ground unit on each square (unit index + 1, 0 for none).
    pub ground: Grid<u16>,
    /// Aerial unit on each square (unit index + 1, 0 for none).
    pub air: Grid<u16>,
    /// Engine on each square (engine index + 1, 0 for none).
    pub engine_at: Grid<u16>,
    pub fort_hp: Grid<i16>,
    /// `known[side][unit]`: where `side` believes each unit is (fog of war).
    pub known: [Vec<Square>; 2],
    pub round: u16,
    /// Scratch buffers, kept to avoid allocation per battle.
    pub candidates: Vec<Square>,
    pub order: Vec<usize>,
    pub targets: Vec<Target>,
}

/// Something a unit may attack.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Target {
    Unit(usize),
    Fortification(Square),
}

impl State {
    pub fn new(setup: &ArmiesSetup) -> Self {
        let (w, d) = (setup.board.width(), setup.board.depth());
        let mut st = State {
            units: Vec::with_capacity(setup.units.len()),
            engines: Vec::with_capacity(setup.engines.len()),
            ground: Grid::new(w, d, 0),
            air: Grid::new(w, d, 0),
            engine_at: Grid::new(w, d, 0),
            fort_hp: setup.board.fort_hp.clone(),
            known: [Vec::new(), Vec::new()],
            round: 0,
            candidates: Vec::with_capacity(256),
            order: Vec::with_capacity(setup.units.len()),
            targets: Vec::with_capacity(setup.units.len() + 8),
        };
        st.reset(setup);
        st
    }

    /// Puts every unit and engine back where the scenario deploys them.
    pub fn reset(&mut self, setup: &ArmiesSetup) {
        self.units.clear();
        self.engines.clear();
        self.ground.fill(0);
        self.air.fill(0);
        self.engine_at.fill(0);
        self.fort_hp.copy_from(&setup.board.fort_hp);
        self.round = 0;
        for (i, spec) in setup.units.iter().enumerate() {
            let troop = &setup.troops[spec.troop];
            self.units.push(UnitState {
                alive: true,
                pos: spec.start,
                morale: i16::from(troop.morale),
                losses: 0,
                role: spec.role,
                manning: None,
                crew_ready: false,
                attacked_this_turn: false,
                attacked_last_turn: false,
                holding_fire: false,
                fate: FATE_SURVIVED,
            });
            let layer = if troop.traits.aerial {
                &mut self.air
            } else {
                &mut self.ground
            };
            *layer.at_mut(spec.start) = i as u16 + 1;
        }
        for (i, e) in setup.engines.iter().enumerate() {
            self.engines.push(EngineState {
                present: true,
                pos: e.at,
                crew: None,
            });
            *self.engine_at.at_mut(e.at) = i as u16 + 1;
        }
        for side in 0..2 {
            self.known[side].clear();
            self.known[side].extend(setup.units.iter().map(|u| u.start));
        }
    }
}

/// Read-only questions about a battle in progress.
#[derive(Clone, Copy)]
pub struct View<'a> {
    pub setup: &'a ArmiesSetup,
    pub state: &'a State,
}

impl<'a> View<'a> {
    pub fn options(&self) -> &'a ArmiesOptions {
        &self.setup.options
    }

    pub fn side_of(&self, u: usize) -> Side {
        self.setup.units[u].side
    }

    pub fn troop(&self, u: usize) -> &'a Troop {
        &self.setup.troops[self.setup.units[u].troop]
    }

    /// The profile whose power, range, movement and traits the unit uses now:
    /// its engine's while it crews one, else its own.
    pub fn fighting_profile(&self, u: usize) -> &'a Troop {
        match self.state.units[u].manning {
            Some(e) => &self.setup.troops[self.setup.engines[e].troop],
            None => self.troop(u),
        }
    }

    pub fn traits(&self, u: usize) -> Traits {
        self.fighting_profile(u).traits
    }

    pub fn is_ranged(&self, u: usize) -> bool {
        let t = self.traits(u);
        t.ranged || t.siege_engine
    }

    pub fn dist(&self, a: Square, b: Square) -> i32 {
        self.options().metric().dist(a, b)
    }

    pub fn alive(&self, u: usize) -> bool {
        self.state.units[u].alive
    }

    pub fn units_of(&self, side: Side) -> impl Iterator<Item = usize> + 'a {
        let setup = self.setup;
        let state = self.state;
        (0..setup.units.len()).filter(move |&u| state.units[u].alive && setup.units[u].side == side)
    }

    pub fn commander_of(&self, side: Side) -> Option<usize> {
        self.units_of(side)
            .find(|&u| self.state.units[u].role == Role::Commander)
    }

    /// Where `observer`'s side believes unit `u` is.
    pub fn seen_pos(&self, observer: Side, u: usize) -> Square {
        if self.options().fog && self.options().fog_ai_blind && self.side_of(u) != observer {
            self.state.known[observer.index()][u]
        } else {
            self.state.units[u].pos
        }
    }

    pub fn fortified(&self, s: Square) -> bool {
        self.state.fort_hp.get(s).is_some_and(|&hp| hp > 0)
    }

    pub fn fort_bonus(&self, s: Square) -> i32 {
        if self.fortified(s) {
            i32::from(self.setup.board.fort_bonus.get(s).copied().unwrap_or(0))
        } else {
            0
        }
    }

    /// The unit's attack range now (NG, +1 for a ranged unit on high ground, capped at 1 in fog).
    pub fn attack_range(&self, u: usize, from: Square) -> i32 {
        let p = self.fighting_profile(u);
        let mut r = i32::from(p.range);
        if self.is_ranged(u) && self.setup.board.terrain(from).high_ground {
            r += 1;
        }
        if self.options().fog {
            r = r.min(1);
        }
        r
    }

    /// Whether any unit stands on `s` (ground or aerial).
    pub fn occupied(&self, s: Square) -> bool {
        self.state.ground.get(s).is_some_and(|&g| g != 0)
            || self.state.air.get(s).is_some_and(|&a| a != 0)
    }

    /// Whether a unit blocks a corner-squeezing diagonal step from `a` to `b`.
    pub fn squeeze_blocked(&self, a: Square, b: Square) -> bool {
        let c1 = Square::new(b.x, a.y);
        let c2 = Square::new(a.x, b.y);
        let (o1, o2) = (self.occupied(c1), self.occupied(c2));
        match self.options().diagonal_squeeze {
            DiagonalSqueeze::BlockIfEither => o1 || o2,
            DiagonalSqueeze::BlockIfBoth => o1 && o2,
            DiagonalSqueeze::Never => false,
        }
    }

    /// Whether `att` standing at `from` may attack `def` where it stands now:
    /// range, aerial targets, melee across fortification edges or walls, fog
    /// and (as an option) line of sight.
    pub fn can_attack_from(&self, att: usize, from: Square, def: usize) -> bool {
        let d_unit = &self.state.units[def];
        if !d_unit.alive || self.side_of(att) == self.side_of(def) {
            return false;
        }
        let to = d_unit.pos;
        let ranged = self.is_ranged(att);
        if self.troop(def).traits.aerial && !ranged && !self.traits(att).aerial {
            return false;
        }
        let d = self.dist(from, to);
        if d == 0 && !self.options().aerial_same_square_adjacent {
            return false;
        }
        if d > self.attack_range(att, from) {
            return false;
        }
        if !ranged {
            if self.fortified(from) != self.fortified(to) {
                return false;
            }
            if self.setup.board.walls.blocks_step(from, to) {
                return false;
            }
        }
        if ranged && self.options().ranged_los_blocking && d > 1 {
            let clear = crate::geometry::grid::for_each_square_between(from, to, |s| {
                self.state.ground.get(s).is_some_and(|&g| g == 0)
            });
            if !clear {
                return false;
            }
        }
        true
    }

    /// Whether the unit may damage fortifications (crewed siege engine or Boulder Giants).
    pub fn can_batter(&self, u: usize) -> bool {
        let t = self.traits(u);
        t.siege_engine || t.damages_fortifications
    }

    /// The side's total remaining morale (the Armies strength measure).
    pub fn strength(&self, side: Side) -> u32 {
        self.units_of(side)
            .map(|u| self.state.units[u].morale.max(0) as u32)
            .sum()
    }
}
