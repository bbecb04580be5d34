//! The small types every layer shares: the two sides of a battle, a value
//! per side, and the record of one battle that a ruleset fills and the
//! statistics count. They sit below `rules`, `stats` and `engine`, so that
//! the statistics need nothing from the rules.

/// One of the two sides of a battle. Side `A` is the first `[[side]]` of the scenario.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize)]
pub enum Side {
    #[default]
    A,
    B,
}

impl Side {
    pub const BOTH: [Side; 2] = [Side::A, Side::B];

    pub fn index(self) -> usize {
        match self {
            Side::A => 0,
            Side::B => 1,
        }
    }

    pub fn other(self) -> Side {
        match self {
            Side::A => Side::B,
            Side::B => Side::A,
        }
    }
}

/// A value per side, indexed by [`Side`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct BySide<T>(pub [T; 2]);

impl<T> std::ops::Index<Side> for BySide<T> {
    type Output = T;
    fn index(&self, side: Side) -> &T {
        &self.0[side.index()]
    }
}

impl<T> std::ops::IndexMut<Side> for BySide<T> {
    fn index_mut(&mut self, side: Side) -> &mut T {
        &mut self.0[side.index()]
    }
}

/// What happened to one unit in one battle.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct UnitResult {
    /// Index into [`TallyShape::fates`]; 0 is "survived".
    pub fate: u8,
    /// Losses taken (for Armies: morale lost to attacks).
    pub losses: u16,
}

/// Everything the statistics keep of one battle. Owned by a worker and
/// overwritten battle after battle, so the steady state does not allocate.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct BattleRecord {
    pub winner: Option<Side>,
    /// Index into [`TallyShape::end_reasons`].
    pub end_reason: u8,
    pub rounds_played: u16,
    pub start_strength: [u32; 2],
    /// Strength per side at the end of each round played.
    pub strength_by_round: Vec<[u32; 2]>,
    pub units: Vec<UnitResult>,
    /// Per-unit event counts, `kinds` per unit in unit order (see
    /// [`crate::stats::UnitEvents`]); empty when the ruleset counts none.
    pub unit_events: Vec<u32>,
    /// The band index (see `TallyShape::bands`) per side at the end of each round.
    pub band_by_round: Vec<[u8; 2]>,
    /// Per-side table counts (see `TallyShape::side_tables`).
    pub side_counts: Vec<u32>,
}

impl BattleRecord {
    pub fn clear(&mut self) {
        self.winner = None;
        self.end_reason = 0;
        self.rounds_played = 0;
        self.start_strength = [0; 2];
        self.strength_by_round.clear();
        self.units.clear();
        self.unit_events.clear();
        self.band_by_round.clear();
        self.side_counts.clear();
    }
}
