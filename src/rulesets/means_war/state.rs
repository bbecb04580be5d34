//! The mutable state of a This Means WAR! battle (units, occupancy, troop
//! type phase numbers, reused buffers) and the read-only questions the
//! rules ask of it: who is effective, adjacent, in range, surrounded or
//! outnumbered, and each unit's morale target. Allocated once per worker
//! and reset battle after battle.

use super::arith::{attack_damage, milli_pct};
use super::morale::{self, MoraleState};
use super::options::{KillsBasis, MoraleScope, OutnumberedBasis};
use super::setup::{Position, WarSetup};
use crate::geometry::grid::{Grid, Metric, Square};
use crate::rules::Side;

/// No unit on a square.
pub const EMPTY: u16 = u16::MAX;

/// How units of this ruleset can end a battle (fate 0 is "survived").
pub const FATES: [&str; 6] = [
    "survived",
    "destroyed",
    "fled",
    "captured",
    "routed",
    "surrendered",
];

/// How a battle can end.
pub const END_REASONS: [&str; 3] = ["no_effective_units", "both_broken", "round_limit"];

/// Whether end reason `index` (of [`END_REASONS`]) is the clock: the round
/// limit (`battle::END_ROUND_LIMIT`).
pub fn is_clock_end(index: usize) -> bool {
    index == usize::from(super::battle::END_ROUND_LIMIT)
}

/// Whether a unit is still on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Presence {
    OnBoard,
    Destroyed,
    Fled,
    Captured,
}

/// One unit during a battle.
#[derive(Clone, Debug)]
pub struct UnitState {
    pub pos: Square,
    pub presence: Presence,
    pub hp: i64,
    /// Full capacity: the starting HP, or the HP at the last Resurgance (L182).
    pub max_hp: i64,
    /// What the surviving fraction is measured against (max_hp, or the
    /// original HP when `resurgence_resets_damage_scaling` is off).
    pub scale_hp: i64,
    pub morale: MoraleState,
    /// The round the current morale state was entered.
    pub state_round: u16,
    pub resurgences: u8,
    /// No more morale checks (resurged after surrendering, L143).
    pub exempt: bool,
    /// %kills in milli-percent, by `kills_basis = SumTargetPercents`.
    pub kills_milli: i64,
    /// Total damage dealt (for `OwnHpRelative`).
    pub damage_dealt: i64,
    pub damaged_since_ap: bool,
    pub damaged_this_round: bool,
    /// The unit has used its initiative phase this round.
    pub ip_done: bool,
    /// The enemy it routs away from.
    pub router: u16,
    /// Damage taken from each enemy since its last action phase (to find "the enemy that routed it").
    pub damage_from: Vec<(u16, i64)>,
    /// Enemy units that attacked it this round while it was surrendered.
    pub attacked_while_surrendered: Vec<u16>,
    /// Morale checks by band this battle.
    pub outcomes: [u32; 8],
}

/// Phase numbers and shared counters of one troop-type group.
#[derive(Clone, Debug, Default)]
pub struct GroupState {
    pub ip: i32,
    pub ap: i32,
    /// Damage dealt by the group (for `kills_basis = ArmyPooled`).
    pub damage_dealt: i64,
    /// Starting HP of the enemy units it has engaged.
    pub engaged_hp: i64,
    /// `engaged[unit]`: it has damaged that enemy unit.
    pub engaged: Vec<bool>,
    /// This round's d% for `morale_scope = PerTroopType`.
    pub shared_roll: Option<i64>,
}

/// The whole battle state.
#[derive(Clone, Debug)]
pub struct State {
    pub round: u16,
    pub units: Vec<UnitState>,
    pub occupant: Grid<u16>,
    pub groups: Vec<GroupState>,
}

impl State {
    pub fn new(setup: &WarSetup) -> Self {
        let mut s = State {
            round: 0,
            units: setup
                .units
                .iter()
                .map(|u| UnitState {
                    pos: u.at,
                    presence: Presence::OnBoard,
                    hp: 0,
                    max_hp: 0,
                    scale_hp: 0,
                    morale: MoraleState::Normal,
                    state_round: 0,
                    resurgences: 0,
                    exempt: false,
                    kills_milli: 0,
                    damage_dealt: 0,
                    damaged_since_ap: false,
                    damaged_this_round: false,
                    ip_done: false,
                    router: EMPTY,
                    damage_from: Vec::new(),
                    attacked_while_surrendered: Vec::new(),
                    outcomes: [0; 8],
                })
                .collect(),
            occupant: Grid::new(setup.width, setup.depth, EMPTY),
            groups: vec![GroupState::default(); setup.groups.len()],
        };
        s.reset(setup);
        s
    }

    /// Puts every unit back to its deployment.
    pub fn reset(&mut self, setup: &WarSetup) {
        self.round = 0;
        self.occupant.fill(EMPTY);
        for (i, (u, spec)) in self.units.iter_mut().zip(&setup.units).enumerate() {
            let full = setup.troops[spec.troop].hp;
            u.pos = spec.at;
            u.presence = Presence::OnBoard;
            u.hp = full - spec.start_damage;
            u.max_hp = full;
            u.scale_hp = full;
            u.morale = MoraleState::Normal;
            u.state_round = 0;
            u.resurgences = 0;
            u.exempt = false;
            u.kills_milli = 0;
            u.damage_dealt = 0;
            u.damaged_since_ap = false;
            u.damaged_this_round = false;
            u.ip_done = false;
            u.router = EMPTY;
            u.damage_from.clear();
            u.attacked_while_surrendered.clear();
            u.outcomes = [0; 8];
            *self.occupant.at_mut(spec.at) = i as u16;
        }
        for g in &mut self.groups {
            g.ip = 0;
            g.ap = 0;
            g.damage_dealt = 0;
            g.engaged_hp = 0;
            g.engaged.clear();
            g.engaged.resize(setup.units.len(), false);
            g.shared_roll = None;
        }
    }
}

/// Read-only questions about a battle.
pub struct View<'a> {
    pub setup: &'a WarSetup,
    pub state: &'a State,
}

impl View<'_> {
    pub fn side_of(&self, unit: usize) -> Side {
        self.setup.units[unit].side
    }

    pub fn on_board(&self, unit: usize) -> bool {
        self.state.units[unit].presence == Presence::OnBoard
    }

    /// On the board and still fighting: Normal, Fall Back or Withdraw (B-G25).
    pub fn effective(&self, unit: usize) -> bool {
        self.on_board(unit)
            && matches!(
                self.state.units[unit].morale,
                MoraleState::Normal | MoraleState::FallBack | MoraleState::Withdraw
            )
    }

    /// An enemy unit a unit of `side` may attack or close with: on the board, not surrendered.
    pub fn hostile(&self, side: Side, unit: usize) -> bool {
        self.side_of(unit) != side
            && self.on_board(unit)
            && self.state.units[unit].morale != MoraleState::Surrender
    }

    pub fn dist(&self, a: Square, b: Square) -> i32 {
        Metric::Diag121.dist(a, b)
    }

    /// Distance from `from` to the nearest hostile unit of `side`'s enemy (i32::MAX if none).
    pub fn nearest_enemy_dist(&self, side: Side, from: Square) -> i32 {
        self.nearest_enemy(side, from).map_or(i32::MAX, |(_, d)| d)
    }

    /// The nearest hostile enemy unit and its distance (lowest index on ties).
    pub fn nearest_enemy(&self, side: Side, from: Square) -> Option<(usize, i32)> {
        (0..self.state.units.len())
            .filter(|&e| self.hostile(side, e))
            .map(|e| (e, self.dist(from, self.state.units[e].pos)))
            .min_by_key(|&(e, d)| (d, e))
    }

    /// Enemy units (hostile or surrendered) adjacent to `unit`.
    pub fn adjacent_enemies(&self, unit: usize) -> impl Iterator<Item = usize> + '_ {
        let side = self.side_of(unit);
        let pos = self.state.units[unit].pos;
        (0..self.state.units.len()).filter(move |&e| {
            self.side_of(e) != side
                && self.on_board(e)
                && Metric::Chebyshev.dist(pos, self.state.units[e].pos) == 1
        })
    }

    /// Hostile enemy units within `unit`'s range.
    pub fn enemies_in_range(&self, unit: usize) -> impl Iterator<Item = usize> + '_ {
        let side = self.side_of(unit);
        let pos = self.state.units[unit].pos;
        let range = self.setup.troops[self.setup.units[unit].troop].range_squares;
        (0..self.state.units.len()).filter(move |&e| {
            self.hostile(side, e) && self.dist(pos, self.state.units[e].pos) <= range
        })
    }

    /// Surviving men of a unit in milli-men: its men x HP left / starting HP
    /// (a Resurgance redefines capacity, not the number of men).
    fn milli_men(&self, unit: usize) -> i64 {
        let t = &self.setup.troops[self.setup.units[unit].troop];
        t.men * 1000 * self.state.units[unit].hp.max(0) / t.hp
    }

    /// Surviving men per side counted for "outnumbered" around `unit` (B-G11).
    fn men_for(&self, unit: usize) -> [i64; 2] {
        let pos = self.state.units[unit].pos;
        let mut men = [0i64; 2];
        for e in 0..self.state.units.len() {
            if !self.effective(e) {
                continue;
            }
            if self.setup.options.outnumbered_basis == OutnumberedBasis::Local
                && self.dist(pos, self.state.units[e].pos) > 2
            {
                continue;
            }
            men[self.side_of(e).index()] += self.milli_men(e);
        }
        men
    }

    /// The circumstance modifiers of a morale check of `unit` (L109-119), excluding +50 for an attacked surrender.
    pub fn modifiers(&self, unit: usize) -> i64 {
        let o = &self.setup.options;
        let spec = &self.setup.units[unit];
        let side = spec.side;
        let sd = self.setup.side(side);
        let u = &self.state.units[unit];
        let mut m = 0;
        let men = self.men_for(unit);
        let (own, enemy) = (men[side.index()], men[side.other().index()]);
        if enemy * 100 > own * o.outnumber_ratio_pct {
            m -= 20;
        }
        if own * 100 > enemy * o.outnumber_ratio_pct {
            m += 10;
        }
        let weak = spec.position == Position::Weak
            || (o.auto_flanked_weak && self.adjacent_enemies(unit).count() >= 2);
        if weak {
            m -= 20;
        } else if spec.position == Position::Strong {
            m += 10;
        }
        let fear = (0..self.state.units.len()).any(|e| {
            self.side_of(e) != side
                && self.on_board(e)
                && self.setup.troops[self.setup.units[e].troop].causes_fear
                && self.dist(u.pos, self.state.units[e].pos) <= o.fear_radius
        });
        if fear {
            m -= 20;
        }
        if sd.morale_effect {
            m += 10;
        }
        if sd.fights_for_survival {
            m += 10;
        }
        if sd.fights_for_loved_ones {
            m += 10;
        }
        match u.morale {
            MoraleState::Withdraw | MoraleState::Retreat => m -= 10,
            MoraleState::Rout => m -= 20,
            _ => {}
        }
        let bonus = if o.resurgence_bonus_stacks {
            i64::from(u.resurgences)
        } else {
            i64::from(u.resurgences.min(1))
        };
        m + 10 * bonus
    }

    /// %losses of a unit in milli-percent, against its (redefined) full capacity.
    pub fn losses_milli(&self, unit: usize) -> i64 {
        let u = &self.state.units[unit];
        milli_pct(u.max_hp - u.hp.max(0), u.max_hp)
    }

    /// %kills of a unit in milli-percent, by the `kills_basis` option.
    pub fn kills_milli(&self, unit: usize) -> i64 {
        let u = &self.state.units[unit];
        match self.setup.options.kills_basis {
            KillsBasis::SumTargetPercents => u.kills_milli,
            KillsBasis::OwnHpRelative => milli_pct(u.damage_dealt, u.max_hp),
            KillsBasis::ArmyPooled => {
                let g = &self.state.groups[self.setup.units[unit].group];
                milli_pct(g.damage_dealt, g.engaged_hp)
            }
        }
    }

    /// The morale target of `unit` now, plus `extra` (e.g. +50).
    pub fn morale_target(&self, unit: usize, extra: i64) -> i64 {
        let o = &self.setup.options;
        let (kills, losses) = match o.morale_scope {
            MoraleScope::PerUnit => (self.kills_milli(unit), self.losses_milli(unit)),
            MoraleScope::PerTroopType => self.group_percentages(self.setup.units[unit].group),
        };
        morale::target(
            kills,
            losses,
            self.modifiers(unit) + extra,
            o.morale_sign,
            o.morale_target_rounding,
        )
    }

    /// Type-level %kills (the mean over its units on the board) and %losses
    /// (of the summed HP) of a group, for `morale_scope = PerTroopType`.
    fn group_percentages(&self, group: usize) -> (i64, i64) {
        let members = &self.setup.groups[group].units;
        let (mut max, mut lost, mut kills) = (0i64, 0i64, 0i64);
        let mut n = 0i64;
        for &m in members {
            if !self.on_board(m) {
                continue;
            }
            let u = &self.state.units[m];
            max += u.max_hp;
            lost += u.max_hp - u.hp.max(0);
            kills += self.kills_milli(m);
            n += 1;
        }
        // The mean of the units' %kills (under ArmyPooled they are all the type's figure).
        (kills / n.max(1), milli_pct(lost, max))
    }

    /// Damage output of a unit at `pct` % with multiplier `mult`, before any target factor.
    pub fn damage(&self, unit: usize, pct: i64, mult: i64) -> i64 {
        let u = &self.state.units[unit];
        let t = &self.setup.troops[self.setup.units[unit].troop];
        attack_damage(t.damage_milli, pct, u.hp, u.scale_hp, mult)
    }

    /// Surrounded / enclosed (B-G18): with `budget` squares of movement the
    /// unit can reach no free square that is not adjacent to an enemy.
    pub fn enclosed(&self, unit: usize, reach: &super::movement::Reach) -> bool {
        let foes = super::foes::Foes::on_board(self, self.side_of(unit));
        !reach.squares().iter().any(|&(s, _)| !foes.next_to(self, s))
    }
}
