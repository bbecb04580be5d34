//! What every ruleset plugs into: the trait the hot path needs, the trace it
//! can emit, and the machinery of named rule options.
//!
//! Each ruleset lives in its own folder under `rulesets/` (`armies/`,
//! `means_war/`, `dnd_war/`); the States of Battle overlay is in
//! `overlays/sob/`, played on the D&D War core by
//! `rulesets/dnd_war/sob_core.rs`. The engine is
//! generic over [`Ruleset`]; the CLI dispatches on [`RulesetKind`] once, at
//! the edge. Rules code does no IO, never prints, and asks the side's
//! doctrine for every choice a player would make.

pub mod option_table;
pub mod options;
pub mod trace;

pub use crate::base::{BattleRecord, BySide, Side, UnitResult};
use crate::dice::Dice;
use crate::stats::TallyShape;
pub use trace::{NoTrace, TraceEvent, Tracer, VecTrace};

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
            RulesetKind::Armies => crate::rulesets::armies::options::SPECS,
            RulesetKind::ThisMeansWar => crate::rulesets::means_war::options::SPECS,
            RulesetKind::DndWar => crate::rulesets::dnd_war::options::SPECS,
            RulesetKind::StatesOfBattle => crate::overlays::sob::options::SPECS,
            _ => &[],
        }
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
