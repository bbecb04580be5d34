//! The overlay bound to a core game as one of the engine's rulesets:
//! [`SobOn`] plays the round loop of [`super::battle`] on any core whose
//! ruleset implements [`SobRules`], and keeps the overlay's bookkeeping
//! itself: strength is Morale Counters, the band per round is the State of
//! Battle, and the MC flow and card counts go to their own side tables.
//! A core brings only its part: its per-worker state, its units in the
//! tally, the battle's [`SobCore`] and each unit's fate. A second core
//! needs its own folder with `impl SobCore` for its battle and
//! `impl SobRules` for its ruleset, and nothing here.

use super::battle::{End, Game, SobBattle, SobSetup, CARD_COLUMNS, CARD_ROWS, END_REASONS};
use super::core::SobCore;
use super::ledger::{FLOWS, FLOW_NAMES};
use super::morale::SobState;
use crate::dice::Dice;
use crate::rules::sheet::ArmySheet;
use crate::rules::{BattleRecord, Ruleset, Tracer};
use crate::stats::{clock_marks, Bands, SideTable, TallyShape};

/// A core game's ruleset as the States of Battle binding plays it.
pub trait SobRules: Sync {
    /// The core's per-worker state, reused from battle to battle.
    type Scratch: Send;
    /// One battle's core, borrowing the scratch, the dice and the trace.
    type Core<'a, T: Tracer + 'a>: SobCore
    where
        Self: 'a;

    /// The core's part of the tally (its units, fates and unit events);
    /// the binding sets the rounds, the strength, the end reasons, the
    /// bands and the side tables.
    fn core_shape(&self) -> TallyShape;
    /// The side names, in scenario order.
    fn core_side_names(&self) -> [&str; 2];
    /// The core's army sheet, units in core unit order by side (the
    /// binding adds the overlay's values).
    fn core_sheet(&self) -> ArmySheet;
    fn new_core_scratch(&self) -> Self::Scratch;
    /// Resets `scratch` to the scenario's deployment and binds the core of
    /// one battle (`points`: each unit's, characters at their notional
    /// value).
    fn battle_core<'a, T: Tracer + 'a>(
        &'a self,
        sob: &'a SobSetup,
        points: &'a [u32],
        dice: &'a mut Dice,
        scratch: &'a mut Self::Scratch,
        trace: &'a mut T,
    ) -> Self::Core<'a, T>;
    /// Each unit's fate and losses at the end of the battle, into `record`.
    fn core_results(&self, scratch: &Self::Scratch, record: &mut BattleRecord);
}

/// States of Battle played on the core `C`.
#[derive(Clone, Debug)]
pub struct SobOn<C> {
    pub core: C,
    pub sob: SobSetup,
    /// Points per unit, characters at their notional value.
    pub points: Vec<u32>,
}

/// Per-worker state: the core's battle and the overlay's.
pub struct SobScratch<S> {
    pub core: S,
    pub sob: SobBattle,
}

impl<C: SobRules> SobOn<C> {
    /// The overlay's results of the battle just played into `record`.
    fn record(&self, b: &SobBattle, record: &mut BattleRecord) {
        record.winner = b.winner;
        record.end_reason = b.end.map_or(1, |e| e as u8);
        record.rounds_played = b.round;
        record.start_strength = self.sob.army_mc;
        for (mc, states) in &b.by_round {
            record.strength_by_round.push(*mc);
            record.band_by_round.push(*states);
        }
        for s in 0..2 {
            for flow in b.flow[s].iter().take(FLOWS) {
                record.side_counts.extend_from_slice(flow);
            }
            for row in b.cards[s].iter().take(CARD_ROWS) {
                record.side_counts.extend_from_slice(row);
            }
        }
    }
}

impl<C: SobRules> Ruleset for SobOn<C> {
    type Scratch = SobScratch<C::Scratch>;

    fn tally_shape(&self) -> TallyShape {
        let mut shape = self.core.core_shape();
        shape.max_rounds = usize::from(self.sob.options.max_rounds());
        let mc_cap = |s: usize| {
            // Gains are uncapped by default: leave room for every achievement
            // and Inspiring Leader, Army Morale gains aside.
            self.sob.army_mc[s] as usize + 64
        };
        shape.max_strength = [mc_cap(0), mc_cap(1)];
        shape.strength_scale = 1.0;
        shape.end_reasons = END_REASONS.to_vec();
        shape.clock_ends = clock_marks(END_REASONS.len(), End::is_clock);
        shape.bands = Some(Bands {
            name: "state",
            kinds: SobState::ALL.iter().map(|s| s.name()).collect(),
        });
        shape.side_tables = vec![
            SideTable {
                file: "mc_flow.csv",
                row_name: "cause",
                rows: FLOW_NAMES.to_vec(),
                columns: vec!["mc_lost", "mc_gained"],
            },
            SideTable {
                file: "cards.csv",
                row_name: "card",
                rows: super::cards::all_card_ids(),
                columns: CARD_COLUMNS.to_vec(),
            },
        ];
        shape
    }

    fn new_scratch(&self) -> Self::Scratch {
        SobScratch {
            core: self.core.new_core_scratch(),
            sob: SobBattle::default(),
        }
    }

    fn strength_name(&self) -> &'static str {
        "morale_counters"
    }

    fn side_names(&self) -> [&str; 2] {
        self.core.core_side_names()
    }

    /// The core's sheet with the overlay's values: each unit's MCV and
    /// points toward the Morale Counters (characters at their notional
    /// value), each side's Morale Counters, Generalship Die and Orders.
    fn army_sheet(&self) -> ArmySheet {
        let mut sheet = self.core.core_sheet();
        let mut k = 0;
        for (i, side) in sheet.sides.iter_mut().enumerate() {
            for unit in &mut side.units {
                unit.mcv = self.sob.mcv.get(k).copied();
                unit.points = self.points.get(k).copied();
                k += 1;
            }
            side.morale_counters = Some(self.sob.army_mc[i]);
            side.generalship_die = Some(self.sob.gd[i]);
            side.orders = Some(self.sob.builds[i].describe());
        }
        sheet
    }

    fn play<T: Tracer>(
        &self,
        dice: &mut Dice,
        scratch: &mut Self::Scratch,
        record: &mut BattleRecord,
        trace: &mut T,
    ) {
        record.clear();
        {
            let mut core =
                self.core
                    .battle_core(&self.sob, &self.points, dice, &mut scratch.core, trace);
            Game {
                setup: &self.sob,
                b: &mut scratch.sob,
                core: &mut core,
            }
            .play();
        }
        self.record(&scratch.sob, record);
        self.core.core_results(&scratch.core, record);
    }
}
