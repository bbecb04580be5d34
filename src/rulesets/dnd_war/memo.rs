//! Memos of geometric answers that stay true while the footprints they
//! depend on do not move. Every change of a unit's footprint or status goes
//! through a setter of `UnitState` that counts it. A distance between two
//! units is stored with the two units' counts; a line of sight, which any
//! unit on the table may block, with the sum of all counts
//! (`BattleState::layout_version`), which only grows. An answer stored with
//! the counts it was measured at is still the answer while they are the
//! same. The memos live in the battle state, are emptied when it is reset
//! for the next battle, and fill in as queries are asked: they never change
//! an answer, only skip measuring it again. [`StampMemo`] is the simpler
//! kind: one answer per unit, kept while its owner's stamp stays the same.

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

/// One slot per ordered pair of a battle's units, emptied by `reset`.
#[derive(Clone, Debug, Default)]
struct Pairs<T: Copy + Default> {
    units: usize,
    slots: Vec<Cell<T>>,
}

impl<T: Copy + Default> Pairs<T> {
    /// Empties every slot for a battle of `units` units, reusing storage.
    fn reset(&mut self, units: usize) {
        self.units = units;
        self.slots.clear();
        self.slots.resize(units * units, Cell::new(T::default()));
    }

    #[inline]
    fn slot(&self, a: usize, b: usize) -> &Cell<T> {
        &self.slots[a * self.units + b]
    }
}

/// Whether any front-rank company of a unit sees another unit, per ordered
/// pair of units: the sight test casts lines past every unit on the table,
/// and a battle asks the same pair again and again between moves.
#[derive(Clone, Debug, Default)]
pub struct SightMemo {
    pairs: Pairs<Sight>,
}

impl SightMemo {
    /// Empties the memo for a battle of `units` units, reusing its storage.
    pub fn reset(&mut self, units: usize) {
        self.pairs.reset(units);
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
        let slot = self.pairs.slot(shooter, target);
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

/// One remembered distance between two units' footprints.
#[derive(Clone, Copy, Debug, Default)]
struct Measured {
    /// The two units' change counts it was measured at, the first plus one
    /// (0: never measured).
    changes: (u32, u32),
    distance: f64,
}

/// The distance between the footprints of each ordered pair of units, kept
/// while neither of the two changes (the others may move).
#[derive(Clone, Debug, Default)]
pub struct DistanceMemo {
    pairs: Pairs<Measured>,
}

impl DistanceMemo {
    /// Empties the memo for a battle of `units` units, reusing its storage.
    pub fn reset(&mut self, units: usize) {
        self.pairs.reset(units);
    }

    /// The stored distance from `a` to `b`, if it was measured when their
    /// change counts were `changes`.
    #[inline]
    pub fn known(&self, a: usize, b: usize, changes: (u32, u32)) -> Option<f64> {
        let stored = self.pairs.slot(a, b).get();
        (stored.changes == (changes.0.wrapping_add(1), changes.1)).then_some(stored.distance)
    }

    /// Stores `distance` from `a` to `b`, measured at `changes`.
    #[inline]
    pub fn store(&self, a: usize, b: usize, changes: (u32, u32), distance: f64) {
        self.pairs.slot(a, b).set(Measured {
            changes: (changes.0.wrapping_add(1), changes.1),
            distance,
        });
    }
}

/// One answer per unit, kept while a stamp its owner bumps on every change
/// stays the same (the States of Battle core's charge options and shooting targets).
#[derive(Clone, Debug, Default)]
pub struct StampMemo<V: Copy + Default> {
    /// Per unit: the stamp the answer was found at plus one (0: never).
    answers: Vec<Cell<(u32, V)>>,
}

impl<V: Copy + Default> StampMemo<V> {
    /// Empties the memo for a battle of `units` units, reusing its storage.
    pub fn reset(&mut self, units: usize) {
        self.answers.clear();
        self.answers.resize(units, Cell::new((0, V::default())));
    }

    /// The answer for `unit` at `stamp`: the stored one if it was found
    /// then, otherwise `find()`, stored for next time.
    #[inline]
    pub fn get_or(&self, unit: usize, stamp: u32, find: impl FnOnce() -> V) -> V {
        let slot = &self.answers[unit];
        let stamp = stamp.wrapping_add(1);
        let (stored, answer) = slot.get();
        if stored == stamp {
            return answer;
        }
        let answer = find();
        slot.set((stamp, answer));
        answer
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

    #[test]
    fn a_distance_is_known_only_at_the_change_counts_it_was_stored_at() {
        let mut memo = DistanceMemo::default();
        memo.reset(4);
        assert_eq!(memo.known(1, 3, (0, 0)), None, "nothing stored yet");
        memo.store(1, 3, (0, 0), 2.5);
        assert_eq!(memo.known(1, 3, (0, 0)), Some(2.5));
        assert_eq!(memo.known(3, 1, (0, 0)), None, "ordered pairs");
        assert_eq!(memo.known(1, 3, (1, 0)), None, "the first unit changed");
        assert_eq!(memo.known(1, 3, (0, 1)), None, "the second unit changed");
        memo.store(1, 3, (5, 2), 4.0);
        assert_eq!(memo.known(1, 3, (5, 2)), Some(4.0));
        memo.reset(4);
        assert_eq!(memo.known(1, 3, (5, 2)), None, "a reset forgets");
    }

    #[test]
    fn a_stamped_answer_is_found_again_only_after_the_stamp_moves() {
        let mut memo: StampMemo<Option<u8>> = StampMemo::default();
        memo.reset(2);
        let finds = Cell::new(0);
        let find = |answer| {
            finds.set(finds.get() + 1);
            answer
        };
        assert_eq!(memo.get_or(1, 0, || find(Some(4))), Some(4));
        assert_eq!(memo.get_or(1, 0, || find(None)), Some(4), "kept");
        assert_eq!(memo.get_or(0, 0, || find(None)), None, "per unit");
        assert_eq!(memo.get_or(1, 1, || find(Some(5))), Some(5), "stamp moved");
        assert_eq!(finds.get(), 3);
        memo.reset(2);
        assert_eq!(memo.get_or(1, 1, || find(None)), None, "a reset forgets");
    }
}
