//! The count-down of a round (L22, L32-47; digest B1.2): every troop type's
//! Initiative Phase and Action Phase, and every hero's turn, ordered from the
//! highest number down. At equal numbers heroes go before armies, then
//! Initiative Phases before Action Phases, higher Unit Quality, higher
//! initiative modifier, and a fair coin for what is still tied.

use crate::dice::Dice;
use crate::rules::Side;

/// Who acts at one number of the count.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Actor {
    /// A PC or unique NPC (index into its side's heroes).
    Hero { side: Side, hero: u16 },
    /// The Initiative Phase of a troop-type group: all its units, or one unit
    /// (`ip_roll_scope = PerUnit`); `routed` phases hold the units that
    /// "always roll a 20" (L130, B-G29).
    Initiative {
        group: u16,
        unit: Option<u16>,
        routed: bool,
    },
    /// The Action Phase of a troop-type group.
    Action { group: u16 },
}

/// One entry of the count.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PhaseEvent {
    pub number: i32,
    pub actor: Actor,
    pub uq_x2: i32,
    pub init_mod: i32,
    /// Creation order: heroes keep scenario order among themselves.
    pub seq: u16,
}

impl PhaseEvent {
    fn class(&self) -> u8 {
        match self.actor {
            Actor::Hero { .. } => 0,
            Actor::Initiative { .. } => 1,
            Actor::Action { .. } => 2,
        }
    }

    /// What decides the order before coins.
    fn key(&self) -> (i32, u8, i32, i32) {
        (-self.number, self.class(), -self.uq_x2, -self.init_mod)
    }
}

/// Sorts `events` into the order they happen; armies still tied after every
/// rule are put in random order with `dice` (one coin for a pair).
pub fn order(events: &mut [PhaseEvent], dice: &mut Dice) {
    events.sort_unstable_by_key(|e| (e.key(), e.seq));
    let mut start = 0;
    while start < events.len() {
        let mut end = start + 1;
        while end < events.len() && events[end].key() == events[start].key() {
            end += 1;
        }
        if events[start].class() != 0 {
            // Fisher-Yates over the tied run.
            for i in (start + 1..end).rev() {
                let span = i - start + 1;
                let pick = match u8::try_from(span) {
                    Ok(faces) => usize::from(dice.roll(faces)) - 1,
                    // More than 255 tied phases: a plain modulo (bias below 1e-14).
                    Err(_) => (dice.next_u64() % span as u64) as usize,
                };
                events.swap(i, start + pick);
            }
        }
        start = end;
    }
}
