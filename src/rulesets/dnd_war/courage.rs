//! Courage tests (L444-510): the bonus a unit tests with (the best of its
//! own, its joined characters' and the general's within 12", plus musician,
//! stalwart and bard, which always apply), the pass rule `d20 + bonus >= DC`
//! with no automatic results, the DCs of panic, fear, terror and break
//! tests, the natural-20-only break, and how many action points turn a
//! failed roll into a pass.

use super::traits::Psychology;

/// Rally, fear and ordinary panic DC (L150, L484, L502).
pub const DC_RALLY: i32 = 13;
pub const DC_PANIC: i32 = 13;
pub const DC_FEAR: i32 = 13;
pub const DC_TERROR: i32 = 16;
/// The flat shooting-panic DC of a stubborn unit (L510).
pub const DC_STUBBORN_SHOOTING: i32 = 12;

/// One contributor's base bonus: racial + size (+ tier for characters).
pub fn base_bonus(racial: i32, size: i32, tier: i32) -> i32 {
    racial + size + tier
}

/// The tier bonus of a character: heroic 1, paragon 2, epic 3 (L467).
pub fn tier_bonus(level: u8) -> i32 {
    match level {
        0..=10 => 1,
        11..=20 => 2,
        _ => 3,
    }
}

/// The parts of a unit's courage bonus (L471-473, L638, L654).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CourageSources {
    /// The unit's own racial + size bonus.
    pub unit: i32,
    /// The best base bonus (with tier) of a character joined to the unit.
    pub best_character: Option<i32>,
    /// The general's base bonus, if he is within 12".
    pub general_in_range: Option<i32>,
    pub musician: bool,
    pub stalwart: bool,
    /// A bard or songweaver in the unit (one +2, G-20).
    pub bard: bool,
}

impl CourageSources {
    /// "always use the highest possible bonus", then the flat additions.
    pub fn bonus(&self) -> i32 {
        let best = self
            .unit
            .max(self.best_character.unwrap_or(i32::MIN))
            .max(self.general_in_range.unwrap_or(i32::MIN));
        best + 2 * i32::from(self.stalwart) + i32::from(self.musician) + 2 * i32::from(self.bard)
    }
}

/// Whether a courage roll passes: `d20 + bonus >= dc`.
pub fn passes(roll: i32, bonus: i32, dc: i32) -> bool {
    roll + bonus >= dc
}

/// The chance to pass on one d20.
pub fn p_pass(bonus: i32, dc: i32) -> f64 {
    f64::from((21 - (dc - bonus)).clamp(0, 20)) / 20.0
}

/// What kind of test is taken, for the immunities of L506-510.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TestKind {
    Rally,
    Panic,
    FearOrTerror,
    Break,
    /// A fleeing ally passes through (a panic trigger, L145, L482).
    FleeThrough,
}

impl TestKind {
    pub fn name(self) -> &'static str {
        match self {
            TestKind::Rally => "rally test",
            TestKind::Panic => "panic test",
            TestKind::FearOrTerror => "fear test",
            TestKind::Break => "break test",
            TestKind::FleeThrough => "flee-through test",
        }
    }
}

/// Whether the unit passes this kind of test without rolling.
pub fn auto_pass(psy: Psychology, kind: TestKind) -> bool {
    psy.fearless || (psy.immune_to_psychology && kind != TestKind::Break)
}

/// Modifiers of a panic test (L486-490).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PanicModifiers {
    /// Casualties from the enemy's shooting step, for shooting panic.
    pub shooting_casualties: Option<u32>,
    /// Models in one full company of the testing unit (skirmishers: 4).
    pub company_size: u32,
    /// Companies of allied units fleeing within 6".
    pub fleeing_companies_near: u32,
    /// An enemy unit of higher unit strength within 6".
    pub bigger_enemy_near: bool,
}

/// Whether shooting casualties trigger a panic test: at least one company's worth.
pub fn shooting_panic_triggered(casualties: u32, company_size: u32) -> bool {
    company_size > 0 && casualties >= company_size
}

/// The DC of a panic test; a stubborn unit ignores every modifier (L510).
pub fn panic_dc(m: PanicModifiers, stubborn: bool) -> i32 {
    let shooting = m.shooting_casualties.is_some();
    if stubborn {
        return if shooting {
            DC_STUBBORN_SHOOTING
        } else {
            DC_PANIC
        };
    }
    let mut dc = match m.shooting_casualties {
        Some(c) => 10 + 2 * (c / m.company_size.max(1)) as i32,
        None => DC_PANIC,
    };
    dc += 2 * m.fleeing_companies_near.saturating_sub(1) as i32;
    if m.bigger_enemy_near {
        dc += 2;
    }
    dc
}

/// The DC of a break test: 10 + margin, +2 against fear, +4 against terror (L438, L504).
pub fn break_dc(margin: i32, enemy_fear_level: u8) -> i32 {
    10 + margin
        + match enemy_fear_level {
            0 => 0,
            1 => 2,
            _ => 4,
        }
}

/// The DC of a fear (1) or terror (2) test.
pub fn fear_dc(level: u8) -> i32 {
    if level >= 2 {
        DC_TERROR
    } else {
        DC_FEAR
    }
}

/// The action points needed to turn `roll` into a pass, if any number can
/// (the face stays within 1..=20; L644). `natural_20_only` is the break test
/// against a bigger fear or terror causer.
pub fn ap_to_pass(roll: i32, bonus: i32, dc: i32, natural_20_only: bool) -> Option<u32> {
    let wanted = if natural_20_only { 20 } else { dc - bonus };
    if roll >= wanted {
        Some(0)
    } else if wanted > 20 {
        None
    } else {
        Some((wanted - roll) as u32)
    }
}
