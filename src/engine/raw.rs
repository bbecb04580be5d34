//! Per-battle rows for `--raw`: what each battle ended as (index, variant,
//! winner, rounds, end reason, each side's strength at the end, each unit's
//! fate and losses), gathered per chunk in columns and handed to a sink in
//! battle order. Only collected when a sink is given, so plain runs do not
//! pay for it.

use crate::rules::{BattleRecord, Side};

/// Rows of consecutive battles, in columns.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct RawChunk {
    pub battle: Vec<u64>,
    pub variant: Vec<u32>,
    /// 0 first side, 1 second side, 2 draw.
    pub winner: Vec<u8>,
    pub rounds: Vec<u16>,
    pub end_reason: Vec<u8>,
    pub end_strength: Vec<[u32; 2]>,
    /// Every row's units in unit order, rows one after the other; a row has
    /// as many units as its variant's tally shape.
    pub fates: Vec<u8>,
    pub losses: Vec<u16>,
}

impl RawChunk {
    pub fn push(&mut self, battle: u64, variant: u32, record: &BattleRecord) {
        self.battle.push(battle);
        self.variant.push(variant);
        self.winner.push(match record.winner {
            Some(Side::A) => 0,
            Some(Side::B) => 1,
            None => 2,
        });
        self.rounds.push(record.rounds_played);
        self.end_reason.push(record.end_reason);
        self.end_strength.push(
            record
                .strength_by_round
                .last()
                .copied()
                .unwrap_or(record.start_strength),
        );
        self.fates.extend(record.units.iter().map(|u| u.fate));
        self.losses.extend(record.units.iter().map(|u| u.losses));
    }

    pub fn len(&self) -> usize {
        self.battle.len()
    }

    pub fn is_empty(&self) -> bool {
        self.battle.is_empty()
    }
}

/// Receives the rows of each finished chunk, in battle order.
pub type RowSink<'a> = &'a mut (dyn FnMut(RawChunk) + Send);
