//! What a D&D War profile is made of, and the seed's tables keyed by it:
//! creature size (courage bonus, unit strength, base size), race (courage
//! bonus, with the digest's invented entries for unlisted races marked as
//! such), unit type, and the psychology special rules.

use serde::Serialize;

/// Creature size (L69, L578-590, L460-463).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize)]
pub enum Size {
    Small,
    Medium,
    Large,
    Huge,
    Gargantuan,
}

impl Size {
    pub const NAMES: &'static [&'static str] = &["Small", "Medium", "Large", "Huge", "Gargantuan"];
    pub const ALL: [Size; 5] = [
        Size::Small,
        Size::Medium,
        Size::Large,
        Size::Huge,
        Size::Gargantuan,
    ];

    pub fn parse(word: &str) -> Option<Size> {
        Self::NAMES
            .iter()
            .position(|n| *n == word)
            .map(|i| Self::ALL[i])
    }

    /// Courage bonus by size (L460-463).
    pub fn courage(self) -> i32 {
        match self {
            Size::Small | Size::Medium => 0,
            Size::Large => 2,
            Size::Huge => 4,
            Size::Gargantuan => 8,
        }
    }

    /// Unit strength of one creature of this size (L580-586).
    pub fn unit_strength(self) -> u32 {
        match self {
            Size::Small | Size::Medium => 1,
            Size::Large => 2,
            Size::Huge => 4,
            Size::Gargantuan => 8,
        }
    }

    /// Side of the square base in inches ([CORE]: 1, 1, 2, 3, 4).
    pub fn base_inches(self) -> f64 {
        match self {
            Size::Small | Size::Medium => 1.0,
            Size::Large => 2.0,
            Size::Huge => 3.0,
            Size::Gargantuan => 4.0,
        }
    }
}

/// The racial courage bonus (L452-457). Races the seed lists come first;
/// the rest are the digest's invented defaults (G-19), flagged `invented`.
pub struct Race {
    pub name: &'static str,
    pub courage: i32,
    pub invented: bool,
}

pub const RACES: &[Race] = &[
    Race {
        name: "goblin",
        courage: 1,
        invented: false,
    },
    Race {
        name: "kobold",
        courage: 1,
        invented: false,
    },
    Race {
        name: "orc",
        courage: 3,
        invented: false,
    },
    Race {
        name: "human",
        courage: 3,
        invented: false,
    },
    Race {
        name: "halfling",
        courage: 3,
        invented: false,
    },
    Race {
        name: "dwarf",
        courage: 5,
        invented: false,
    },
    Race {
        name: "dragonborn",
        courage: 5,
        invented: false,
    },
    Race {
        name: "elf",
        courage: 6,
        invented: false,
    },
    Race {
        name: "drow",
        courage: 6,
        invented: false,
    },
    Race {
        name: "half-elf",
        courage: 6,
        invented: false,
    },
    Race {
        name: "eladrin",
        courage: 6,
        invented: true,
    },
    Race {
        name: "half-orc",
        courage: 3,
        invented: true,
    },
    Race {
        name: "hobgoblin",
        courage: 3,
        invented: true,
    },
    Race {
        name: "bugbear",
        courage: 3,
        invented: true,
    },
    Race {
        name: "gnoll",
        courage: 3,
        invented: true,
    },
    Race {
        name: "gnome",
        courage: 3,
        invented: true,
    },
    Race {
        name: "tiefling",
        courage: 3,
        invented: true,
    },
    Race {
        name: "goliath",
        courage: 3,
        invented: true,
    },
    Race {
        name: "deva",
        courage: 3,
        invented: true,
    },
    Race {
        name: "genasi",
        courage: 3,
        invented: true,
    },
    Race {
        name: "shifter",
        courage: 3,
        invented: true,
    },
    Race {
        name: "warforged",
        courage: 3,
        invented: true,
    },
    Race {
        name: "lizardfolk",
        courage: 3,
        invented: true,
    },
    Race {
        name: "monster",
        courage: 3,
        invented: true,
    },
];

pub fn race(name: &str) -> Option<&'static Race> {
    RACES.iter().find(|r| r.name == name)
}

/// The unit types of L516-548.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum UnitType {
    Infantry,
    Cavalry,
    /// Monsters formed into companies fight as infantry; a lone monster
    /// (or a skirmishing one) has no flanks and sees all round (L530-536).
    Monster,
    Skirmishers,
    WarMachine,
    Character,
}

impl UnitType {
    pub const NAMES: &'static [&'static str] = &[
        "infantry",
        "cavalry",
        "monster",
        "skirmishers",
        "war_machine",
        "character",
    ];
    pub const ALL: [UnitType; 6] = [
        UnitType::Infantry,
        UnitType::Cavalry,
        UnitType::Monster,
        UnitType::Skirmishers,
        UnitType::WarMachine,
        UnitType::Character,
    ];

    pub fn parse(word: &str) -> Option<UnitType> {
        Self::NAMES
            .iter()
            .position(|n| *n == word)
            .map(|i| Self::ALL[i])
    }

    pub fn name(self) -> &'static str {
        Self::NAMES[Self::ALL.iter().position(|t| *t == self).unwrap_or(0)]
    }
}

/// Special rules the core rules refer to (L93, L494-510).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Psychology {
    pub fear: bool,
    pub terror: bool,
    /// Passes every courage test, break tests included; immune to Hope is Lost!.
    pub fearless: bool,
    /// Passes panic, fear and terror tests (and rally tests, by the digest's
    /// default in its section 4.5); not break tests.
    pub immune_to_psychology: bool,
    /// Panic DCs ignore modifiers: 13 flat, 12 for shooting panic.
    pub stubborn: bool,
    /// +2 courage.
    pub stalwart: bool,
}

impl Psychology {
    pub const NAMES: &'static [&'static str] = &[
        "fear",
        "terror",
        "fearless",
        "immune_to_psychology",
        "stubborn",
        "stalwart",
    ];

    /// Sets the named rule; `false` for a name this list does not know.
    pub fn set(&mut self, name: &str) -> bool {
        let slot = match name {
            "fear" => &mut self.fear,
            "terror" => &mut self.terror,
            "fearless" => &mut self.fearless,
            "immune_to_psychology" => &mut self.immune_to_psychology,
            "stubborn" => &mut self.stubborn,
            "stalwart" => &mut self.stalwart,
            _ => return false,
        };
        *slot = true;
        true
    }

    /// The union of two sets of rules (a character passes his to his unit, L638).
    pub fn union(self, o: Psychology) -> Psychology {
        Psychology {
            fear: self.fear || o.fear,
            terror: self.terror || o.terror,
            fearless: self.fearless || o.fearless,
            immune_to_psychology: self.immune_to_psychology || o.immune_to_psychology,
            stubborn: self.stubborn || o.stubborn,
            stalwart: self.stalwart || o.stalwart,
        }
    }

    /// 0 none, 1 fear, 2 terror.
    pub fn fear_level(self) -> u8 {
        if self.terror {
            2
        } else if self.fear {
            1
        } else {
            0
        }
    }
}

/// Unit strength of one model (L578-590): its size, +1 if it is a monster.
/// Cavalry pass their mount's size and `monster = false` (the mount only,
/// no monster bonus, digest TV-19).
pub fn model_strength(size: Size, monster: bool) -> u32 {
    size.unit_strength() + u32::from(monster)
}

/// Unit strength of a character riding a monstrous mount: rider + mount (+1 monster).
pub fn rider_strength(rider: Size, mount: Size) -> u32 {
    rider.unit_strength() + model_strength(mount, true)
}
