//! No heap allocation per battle in the steady state: a counting global
//! allocator (in this test binary only) counts the allocations made while
//! each ruleset plays 1,000 battles into reused scratch state and a reused
//! record, after 2,000 warm-up battles that let every buffer reach its
//! working size. Batch runs do not trace, so nothing is put into words.

use muster::dice::Dice;
use muster::rules::{BattleRecord, NoTrace, Ruleset};
use muster::scenario::{load_default, load_scenario, WithRuleset};
use std::alloc::{GlobalAlloc, Layout, System};
use std::path::Path;
use std::sync::atomic::{AtomicU64, Ordering};

struct Counting;

static ALLOCATIONS: AtomicU64 = AtomicU64::new(0);

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        ALLOCATIONS.fetch_add(1, Ordering::Relaxed);
        System.alloc(layout)
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        System.dealloc(ptr, layout)
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        ALLOCATIONS.fetch_add(1, Ordering::Relaxed);
        System.realloc(ptr, layout, new_size)
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

/// Allocations made while playing `n` battles after `warm` warm-up ones.
struct Count {
    warm: u64,
    n: u64,
}

impl WithRuleset for Count {
    type Output = u64;
    fn run<R: Ruleset>(self, ruleset: &R) -> u64 {
        let mut scratch = ruleset.new_scratch();
        let mut record = BattleRecord::default();
        let mut play = |i: u64| {
            let mut dice = Dice::for_battle(1, i);
            ruleset.play(&mut dice, &mut scratch, &mut record, &mut NoTrace);
        };
        (0..self.warm).for_each(&mut play);
        let before = ALLOCATIONS.load(Ordering::Relaxed);
        (self.warm..self.warm + self.n).for_each(&mut play);
        ALLOCATIONS.load(Ordering::Relaxed) - before
    }
}

#[test]
fn no_allocation_per_battle_in_the_steady_state() {
    for path in [
        None,
        Some("scenarios/armies/open_field.toml"),
        Some("scenarios/means_war/pikemen_vs_swordsmen.toml"),
        Some("scenarios/dnd_war/infantry_lines.toml"),
        Some("scenarios/dnd_war/characters_and_monster.toml"),
        Some("scenarios/states_of_battle/heroes_and_monster.toml"),
        Some("scenarios/states_of_battle/gunline.toml"),
        Some("scenarios/states_of_battle/relief_column.toml"),
        Some("scenarios/standards_of_valor/cohort_vs_warband.toml"),
        Some("scenarios/standards_of_valor/broken_ground.toml"),
        Some("scenarios/standards_of_valor/hold_the_line.toml"),
        Some("scenarios/standards_of_valor/fixed_battle.toml"),
    ] {
        let scenario = match path {
            None => load_default().expect("default scenario"),
            Some(p) => {
                load_scenario(&Path::new(env!("CARGO_MANIFEST_DIR")).join(p)).expect("loads")
            }
        };
        let n = scenario.rules.with(Count {
            warm: 2000,
            n: 1000,
        });
        assert_eq!(
            n,
            0,
            "{}: {n} allocations in 1,000 battles",
            path.unwrap_or("default")
        );
    }
}
