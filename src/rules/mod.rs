//! Rulesets: one trait every ruleset implements, the battle record it fills,
//! the trace it can emit, and the registry of named rule options.
//!
//! Each ruleset lives in its own folder (`armies/`, `means_war/`,
//! `dnd_war/`; the States of Battle overlay in `sob/`, played on the D&D
//! War core by `dnd_war/sob_core.rs`). The engine is
//! generic over [`Ruleset`]; the CLI dispatches on [`RulesetKind`] once, at
//! the edge. Rules code does no IO, never prints, and asks the side's
//! doctrine for every choice a player would make.

pub mod armies;
pub mod dnd_war;
pub mod means_war;
pub mod options;
pub mod sob;
pub mod trace;

use crate::dice::Dice;
use crate::stats::TallyShape;
pub use trace::{NoTrace, TraceEvent, Tracer, VecTrace};

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

/// The rulesets muster knows by name. `Armies`, `ThisMeansWar`, `DndWar` and
/// `StatesOfBattle` (on the D&D War core) are implemented;
/// the others are recognised so that a scenario naming them gets a clear
/// "not implemented yet" error instead of "unknown ruleset".
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RulesetKind {
    Armies,
    DndWar,
    StatesOfBattle,
    StandardsOfValor,
    ThisMeansWar,
}

impl RulesetKind {
    pub const ALL: [RulesetKind; 5] = [
        RulesetKind::Armies,
        RulesetKind::DndWar,
        RulesetKind::StatesOfBattle,
        RulesetKind::StandardsOfValor,
        RulesetKind::ThisMeansWar,
    ];

    pub fn name(self) -> &'static str {
        match self {
            RulesetKind::Armies => "armies",
            RulesetKind::DndWar => "dnd_war",
            RulesetKind::StatesOfBattle => "states_of_battle",
            RulesetKind::StandardsOfValor => "standards_of_valor",
            RulesetKind::ThisMeansWar => "means_war",
        }
    }

    /// The ruleset a scenario names (`this_means_war`, the digest's spelling, is accepted too).
    pub fn from_name(name: &str) -> Option<RulesetKind> {
        if name == "this_means_war" {
            return Some(RulesetKind::ThisMeansWar);
        }
        Self::ALL.into_iter().find(|k| k.name() == name)
    }

    pub fn is_implemented(self) -> bool {
        matches!(
            self,
            RulesetKind::Armies
                | RulesetKind::ThisMeansWar
                | RulesetKind::DndWar
                | RulesetKind::StatesOfBattle
        )
    }

    /// The names of the implemented rulesets, for messages.
    pub fn implemented_names() -> String {
        Self::ALL
            .into_iter()
            .filter(|k| k.is_implemented())
            .map(|k| k.name())
            .collect::<Vec<_>>()
            .join(", ")
    }

    /// The named rule options of an implemented ruleset.
    pub fn options(self) -> &'static [options::OptionSpec] {
        match self {
            RulesetKind::Armies => armies::options::SPECS,
            RulesetKind::ThisMeansWar => means_war::options::SPECS,
            RulesetKind::DndWar => dnd_war::options::SPECS,
            RulesetKind::StatesOfBattle => sob::options::SPECS,
            _ => &[],
        }
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

/// The seam every ruleset implements.
pub trait Ruleset: Sync {
    /// Per-worker scratch state reused from battle to battle.
    type Scratch: Send;

    fn tally_shape(&self) -> TallyShape;
    fn new_scratch(&self) -> Self::Scratch;
    /// The name of the per-side strength measure written to rounds.csv.
    fn strength_name(&self) -> &'static str;
    /// The side names, in scenario order.
    fn side_names(&self) -> [&str; 2];
    /// Plays one battle with `dice`, overwriting `record`.
    fn play<T: Tracer>(
        &self,
        dice: &mut Dice,
        scratch: &mut Self::Scratch,
        record: &mut BattleRecord,
        trace: &mut T,
    );
}
