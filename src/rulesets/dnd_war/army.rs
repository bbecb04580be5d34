//! Army building (L709-789): the battle budget by level and battle size
//! (Small = 30 x XP(level), Medium 2x, Large 3x, Huge Large + Small, with the
//! digest's corrections of the three misprinted rows, each one reported),
//! formation counts by battle size, magic items (count, cost, battle
//! banner), the tier of a level and the +10/+20 tier shift, and the
//! digest's company price rule (a minion is worth a quarter of a standard
//! monster of its level).

use serde::Serialize;

/// XP of a standard monster of level 1..=30 (the seed's magic-item table, L772-781).
pub const XP: [u32; 30] = [
    100, 125, 150, 175, 200, 250, 300, 350, 400, 500, // heroic
    600, 700, 800, 1000, 1200, 1400, 1600, 2000, 2400, 2800, // paragon
    3200, 4150, 5100, 6050, 7000, 9000, 11000, 13000, 15000, 19000, // epic
];

/// XP of level `level` (1..=30), `None` outside the table.
pub fn xp(level: u8) -> Option<u32> {
    XP.get(usize::from(level).checked_sub(1)?).copied()
}

/// Battle sizes (L717).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize)]
pub enum BattleSize {
    Small,
    Medium,
    Large,
    Huge,
}

impl BattleSize {
    pub const NAMES: &'static [&'static str] = &["Small", "Medium", "Large", "Huge"];
    pub const ALL: [BattleSize; 4] = [
        BattleSize::Small,
        BattleSize::Medium,
        BattleSize::Large,
        BattleSize::Huge,
    ];

    pub fn parse(word: &str) -> Option<BattleSize> {
        Self::NAMES
            .iter()
            .position(|n| *n == word)
            .map(|i| Self::ALL[i])
    }

    fn step(self) -> u32 {
        self as u32
    }
}

/// A printed cell of the points table that the digest corrects (G-44).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Erratum {
    pub level: u8,
    pub size: BattleSize,
    pub printed: u32,
    pub corrected: u32,
    pub line: u32,
}

/// The misprinted cells (L739, L743, L749). Huge is "+Small" in the table,
/// so a corrected Small column corrects Huge too.
pub const ERRATA: &[Erratum] = &[
    Erratum {
        level: 20,
        size: BattleSize::Small,
        printed: 840_000,
        corrected: 84_000,
        line: 739,
    },
    Erratum {
        level: 24,
        size: BattleSize::Large,
        printed: 5_445_000,
        corrected: 544_500,
        line: 743,
    },
    Erratum {
        level: 30,
        size: BattleSize::Small,
        printed: 870_000,
        corrected: 570_000,
        line: 749,
    },
    Erratum {
        level: 30,
        size: BattleSize::Medium,
        printed: 1_740_000,
        corrected: 1_140_000,
        line: 749,
    },
    Erratum {
        level: 30,
        size: BattleSize::Large,
        printed: 2_610_000,
        corrected: 1_710_000,
        line: 749,
    },
];

/// The army budget for a battle of `size` at `level`. With `errata` off the
/// printed misprints are used (Huge is printed as Large + the printed Small).
pub fn budget(level: u8, size: BattleSize, errata: bool) -> Option<u32> {
    let small = 30 * xp(level)?;
    let exact = match size {
        BattleSize::Huge => 3 * small + small,
        s => (s.step() + 1) * small,
    };
    if errata {
        return Some(exact);
    }
    let printed = |s: BattleSize| {
        ERRATA
            .iter()
            .find(|e| e.level == level && e.size == s)
            .map(|e| e.printed)
    };
    Some(match size {
        BattleSize::Huge => {
            let large = printed(BattleSize::Large).unwrap_or(3 * small);
            large + printed(BattleSize::Small).unwrap_or(small)
        }
        s => printed(s).unwrap_or(exact),
    })
}

/// The rarity of a formation (L757-762).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum Rarity {
    Common,
    Special,
    Rare,
}

impl Rarity {
    pub const NAMES: &'static [&'static str] = &["common", "special", "rare"];
    pub const ALL: [Rarity; 3] = [Rarity::Common, Rarity::Special, Rarity::Rare];

    pub fn parse(word: &str) -> Option<Rarity> {
        Self::NAMES
            .iter()
            .position(|n| *n == word)
            .map(|i| Self::ALL[i])
    }

    pub fn name(self) -> &'static str {
        Self::NAMES[self as usize]
    }
}

/// Formation counts allowed in a battle of `size`: (minimum, maximum);
/// common formations have no maximum (L759-762).
pub fn formation_limits(size: BattleSize, rarity: Rarity) -> (u32, Option<u32>) {
    let k = size.step();
    match rarity {
        Rarity::Common => (2 + k, None),
        Rarity::Special => (0, Some(3 + k)),
        Rarity::Rare => (0, Some(1 + k)),
    }
}

/// Magic items an army may carry: 2 in a small battle, +1 per size step (L769).
pub fn magic_item_count(size: BattleSize) -> u32 {
    2 + size.step()
}

/// Cost of a magic item at the battle's level: the XP of that level (L766-781).
pub fn magic_item_cost(level: u8) -> Option<u32> {
    xp(level)
}

/// The battle banner costs two magic items of its level, one if the bearer
/// already has a magic banner (L785).
pub fn battle_banner_cost(level: u8, has_magic_banner: bool) -> Option<u32> {
    Some(magic_item_cost(level)? * if has_magic_banner { 1 } else { 2 })
}

/// The tier of a level: 0 heroic (1-10), 1 paragon (11-20), 2 epic (21-30).
pub fn tier(level: u8) -> usize {
    match level {
        0..=10 => 0,
        11..=20 => 1,
        _ => 2,
    }
}

/// The flat shift of initiative, defences and attacks at a tier (L764).
pub fn tier_shift(tier: usize) -> i32 {
    10 * tier as i32
}

/// The digest's price of a company of minions of `level`: `models x XP / 4`
/// (G-45; reproduces the seed's 200/1200/6400 for 8 minions at 1/11/21).
pub fn company_price(models: u32, level: u8) -> Option<u32> {
    Some(models * xp(level)? / 4)
}
/// A minion's price: a quarter of a standard monster's XP, times its
/// resilience (cavalry of R 2 cost two minions each, G-45).
pub fn minion_price(models: u32, resilience: u8, level: u8) -> Option<u32> {
    company_price(models * u32::from(resilience.max(1)), level)
}

/// The command models' price (G-45, invented): +1 minion each for the
/// standard bearer and the musician, 4 minions for the captain.
pub fn command_price(captain: bool, standard: bool, musician: bool, level: u8) -> Option<u32> {
    let minion = xp(level)? / 4;
    Some(minion * (u32::from(standard) + u32::from(musician)) + 4 * minion * u32::from(captain))
}

/// A non-minion model (a Monster Manual monster): its XP, as a rare
/// formation (L757).
pub fn monster_price(level: u8) -> Option<u32> {
    xp(level)
}

/// A war machine with its crew (invented; the seed prices none): the
/// machine as a standard monster of its level plus each crewman as a minion.
pub fn machine_price(crew: u32, level: u8) -> Option<u32> {
    Some(xp(level)? + crew * xp(level)? / 4)
}

/// The notional victory-point value of a character (G-46, invented):
/// characters are not bought with points (L753).
pub fn character_value(level: u8) -> Option<u32> {
    Some(4 * xp(level)?)
}
