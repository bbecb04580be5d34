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
pub mod sheet;
pub mod trace;

pub use crate::base::{BattleRecord, BySide, Side, UnitResult};
use crate::dice::Dice;
use crate::stats::TallyShape;
pub use trace::{NoTrace, TraceEvent, Tracer, VecTrace};

/// Declares [`RulesetKind`]: one line per ruleset, its name and aliases.
macro_rules! ruleset_ids {
    ($($variant:ident = $name:literal $(| $alias:literal)*,)*) => {
        /// The rulesets muster knows by name: the implemented ones (those
        /// with a line in `crate::registry`) and the others, recognised so
        /// that a scenario naming them gets a clear "not implemented yet"
        /// error instead of "unknown ruleset".
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub enum RulesetKind {
            $($variant,)*
        }

        impl RulesetKind {
            pub const ALL: [RulesetKind; [$($name,)*].len()] = [$(RulesetKind::$variant,)*];

            pub fn name(self) -> &'static str {
                match self {
                    $(RulesetKind::$variant => $name,)*
                }
            }

            /// Other names a scenario may use.
            pub fn aliases(self) -> &'static [&'static str] {
                match self {
                    $(RulesetKind::$variant => &[$($alias,)*],)*
                }
            }
        }
    };
}

ruleset_ids! {
    Armies = "armies",
    DndWar = "dnd_war",
    StatesOfBattle = "states_of_battle",
    StandardsOfValor = "standards_of_valor",
    ThisMeansWar = "means_war" | "this_means_war",
}

impl RulesetKind {
    /// The ruleset a scenario names, by name or alias (`this_means_war`,
    /// the digest's spelling of `means_war`).
    pub fn from_name(name: &str) -> Option<RulesetKind> {
        Self::ALL
            .into_iter()
            .find(|k| k.name() == name || k.aliases().contains(&name))
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
    /// What each side fields (the army sheet `run`, `check` and the
    /// reports open with).
    fn army_sheet(&self) -> sheet::ArmySheet;
    /// Plays one battle with `dice`, overwriting `record`.
    fn play<T: Tracer>(
        &self,
        dice: &mut Dice,
        scratch: &mut Self::Scratch,
        record: &mut BattleRecord,
        trace: &mut T,
    );
}
