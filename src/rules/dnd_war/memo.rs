//! Memos of geometric answers that stay true while nothing on the table
//! moves. Every change of a unit's footprint or status goes through a
//! setter of `UnitState` that counts it, and the sum of those counts
//! (`BattleState::layout_version`) only grows, so an answer stored with the
//! version it was measured at is still the answer while the version is the
//! same. The memos live in the battle state, are emptied when it is reset
//! for the next battle, and fill in as queries are asked: they never change
//! an answer, only skip measuring it again.

use std::cell::Cell;

/// One remembered line-of-sight answer.
#[derive(Clone, Copy, Debug, Default)]
struct Sight {
    /// The layout version it was measured at plus one (0: never measured).
    version: u32,
    /// The shooter's front-rank companies it was measured from.
    fronts: u16,
    sees: bool,
}

/// Whether any front-rank company of a unit sees another unit, per ordered
/// pair of units: the sight test casts lines past every unit on the table,
/// and a battle asks the same pair again and again between moves.
#[derive(Clone, Debug, Default)]
pub struct SightMemo {
    units: usize,
    pairs: Vec<Cell<Sight>>,
}

impl SightMemo {
    /// Empties the memo for a battle of `units` units, reusing its storage.
    pub fn reset(&mut self, units: usize) {
        self.units = units;
        self.pairs.clear();
        self.pairs
            .resize(units * units, Cell::new(Sight::default()));
    }

    /// The answer for `shooter` seeing `target` from `fronts` companies at
    /// layout `version`: the stored one if it was measured then, otherwise
    /// `measure()`, stored for next time.
    #[inline]
    pub fn sees(
        &self,
        shooter: usize,
        target: usize,
        version: u32,
        fronts: usize,
        measure: impl FnOnce() -> bool,
    ) -> bool {
        let slot = &self.pairs[shooter * self.units + target];
        let stored = slot.get();
        let (version, fronts) = (version.wrapping_add(1), fronts as u16);
        if stored.version == version && stored.fronts == fronts {
            return stored.sees;
        }
        let sees = measure();
        slot.set(Sight {
            version,
            fronts,
            sees,
        });
        sees
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn measures_once_per_version_and_front_and_again_after_a_change() {
        let mut memo = SightMemo::default();
        memo.reset(3);
        let calls = Cell::new(0);
        let ask = |v: u32, fronts: usize, answer: bool| {
            memo.sees(2, 1, v, fronts, || {
                calls.set(calls.get() + 1);
                answer
            })
        };
        assert!(ask(7, 2, true));
        assert!(
            ask(7, 2, false),
            "same layout and fronts: the stored answer"
        );
        assert_eq!(calls.get(), 1);
        assert!(!ask(8, 2, false), "the layout changed: measured again");
        assert!(ask(8, 3, true), "the fronts changed: measured again");
        assert_eq!(calls.get(), 3);
        // Version 0 is a real version, not "never measured".
        memo.reset(3);
        assert!(!memo.sees(0, 0, 0, 1, || false));
        assert!(!memo.sees(0, 0, 0, 1, || true));
        assert!(
            memo.sees(0, 1, 0, 1, || true),
            "another pair has its own slot"
        );
    }
}
