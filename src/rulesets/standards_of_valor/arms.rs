//! Standards of Valor weapons, troop quality and special abilities as data
//! (digest 2.4-2.5, 9.1, 10.1, 11.4). The missile weapons table (L1859-1957)
//! gives each weapon its Range Band Modifier, per-figure Fire Power (1, or
//! 0.5 for crossbows and firearms, kept here doubled as `fp_halves`), FP die,
//! Impact die and table cost; its notes (L1960-1999) add slings (Skirmish
//! only, no ammunition test), thrown weapons (no moving penalty, L1981),
//! the pilum's Shield Wall stripping (L1970), bow area fire (L1983-1986) and
//! volleys (L1988-1991); gunpowder (first suppression TL, L1203) marks the
//! harquebus and later firearms. The hand-to-hand table (L2016-2116) gives
//! Reach, FP, FP die, Impact and cost; cavalry charging with spears or long
//! spears shift Impact up one, lances use D12 on the first charge
//! (L2119-2121). The effective range band is QD size x RBM inches (L1848,
//! L2364-2367). Quality dice and cost multiples are L284-296 and L3498-3501;
//! the abilities' cost multiples are L3055-3155 (digest 11.4). Tables are
//! consts; nothing allocates.

use super::ladder::Die;
use Die::*;

crate::words!(
    /// A missile weapon of the table at L1859-1957.
    pub enum Missile {
        "sling" => Sling,
        "javelin" => Javelin,
        "throwing_spear" => ThrowingSpear,
        "pilum" => Pilum,
        "short_bow" => ShortBow,
        "long_bow" => LongBow,
        "crossbow" => Crossbow,
        "harquebus" => Harquebus,
        "musket" => Musket,
        "rifle" => Rifle,
        "minie_rifle" => MinieRifle,
    }
);

/// One row of the missile weapons table, with its notes as flags.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MissileStats {
    /// Range Band Modifier as (numerator, denominator).
    pub rbm: (u8, u8),
    /// Fire Power per figure x 2: 2 for FP 1, 1 for FP 0.5.
    pub fp_halves: u8,
    /// FP die (heroic combat and the cost formula, L1850).
    pub fp_die: Die,
    /// Impact die.
    pub imp: Die,
    /// The table's Cost column.
    pub table_cost: u16,
    /// Thrown: no range-die shift for moving (L1981, L2359).
    pub thrown: bool,
    /// May area fire (bows, L1983-1986).
    pub area: bool,
    /// May volley: one preparing action, then FP doubled (L1988-1991).
    pub volley: bool,
    /// A second fire in one activation needs an ammunition test (L1993-1999).
    pub tests_ammo: bool,
    /// A Quality-die success strips the target's Shield Wall (pilum, L1970).
    pub strips_shield_wall: bool,
    /// Gunpowder fire (the gunpowder first-suppression row, L1203).
    pub gunpowder: bool,
    /// Usable in Skirmish formation only (slings, L1960, L2286).
    pub skirmish_only: bool,
}

const BOW: MissileStats = MissileStats {
    rbm: (1, 1),
    fp_halves: 2,
    fp_die: D8,
    imp: D6,
    table_cost: 14,
    thrown: false,
    area: true,
    volley: false,
    tests_ammo: true,
    strips_shield_wall: false,
    gunpowder: false,
    skirmish_only: false,
};

const THROWN: MissileStats = MissileStats {
    rbm: (1, 4),
    imp: D4,
    table_cost: 4,
    thrown: true,
    area: false,
    ..BOW
};

const FIREARM: MissileStats = MissileStats {
    rbm: (1, 1),
    fp_halves: 1,
    fp_die: D4,
    imp: D10,
    table_cost: 14,
    area: false,
    volley: true,
    gunpowder: true,
    ..BOW
};

/// The missile table in [`Missile`] order (L1864-1956).
const MISSILES: [MissileStats; 11] = [
    MissileStats {
        imp: D4,
        table_cost: 12,
        area: false,
        tests_ammo: false,
        skirmish_only: true,
        ..BOW
    },
    THROWN,
    MissileStats {
        rbm: (1, 8),
        imp: D6,
        table_cost: 2,
        ..THROWN
    },
    MissileStats {
        rbm: (1, 8),
        imp: D8,
        table_cost: 6,
        strips_shield_wall: true,
        ..THROWN
    },
    MissileStats {
        rbm: (1, 2),
        table_cost: 7,
        ..BOW
    },
    BOW,
    MissileStats {
        rbm: (3, 4),
        imp: D8,
        table_cost: 8,
        gunpowder: false,
        ..FIREARM
    },
    MissileStats {
        rbm: (1, 2),
        imp: D8,
        table_cost: 6,
        ..FIREARM
    },
    FIREARM,
    MissileStats {
        rbm: (3, 2),
        table_cost: 21,
        ..FIREARM
    },
    MissileStats {
        rbm: (2, 1),
        table_cost: 28,
        ..FIREARM
    },
];

impl Missile {
    /// Every missile weapon, in table order.
    pub const ALL: [Missile; 11] = [
        Missile::Sling,
        Missile::Javelin,
        Missile::ThrowingSpear,
        Missile::Pilum,
        Missile::ShortBow,
        Missile::LongBow,
        Missile::Crossbow,
        Missile::Harquebus,
        Missile::Musket,
        Missile::Rifle,
        Missile::MinieRifle,
    ];

    /// The weapon's table row.
    pub fn stats(self) -> MissileStats {
        MISSILES[self as usize]
    }

    /// Effective range band in tenths of an inch, QD faces x RBM x 10
    /// (L1848, L2367), rounded down. Exact for every weapon except the
    /// 1/8-RBM throwing spear and pilum with a D6 or D10 quality die
    /// (0.75" -> 7, 1.25" -> 12); use [`Missile::erb_hundredths`] for those.
    pub fn erb_tenths(self, quality_die: Die) -> u16 {
        self.erb_scaled(quality_die, 10)
    }

    /// Effective range band in hundredths of an inch; exact for every weapon
    /// and quality die.
    pub fn erb_hundredths(self, quality_die: Die) -> u16 {
        self.erb_scaled(quality_die, 100)
    }

    fn erb_scaled(self, quality_die: Die, unit: u16) -> u16 {
        let (num, den) = self.stats().rbm;
        u16::from(quality_die.faces()) * unit * u16::from(num) / u16::from(den)
    }
}

crate::words!(
    /// A hand-to-hand weapon of the table at L2016-2116.
    pub enum Melee {
        "dagger" => Dagger,
        "short_sword" => ShortSword,
        "spear" => Spear,
        "long_spear" => LongSpear,
        "sword" => Sword,
        "kontos" => Kontos,
        "pike" => Pike,
        "lance" => Lance,
        "long_sword" => LongSword,
        "saber" => Saber,
        "halberd" => Halberd,
    }
);

/// One row of the hand-to-hand weapons table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MeleeStats {
    /// Reach (ranks that fight in Close Order; the reach shift).
    pub reach: u8,
    /// Fire Power x 2: 2 for FP 1, 1 for the dagger's FP 1/2.
    pub fp_halves: u8,
    /// FP die (heroic combat and the cost formula).
    pub fp_die: Die,
    /// Impact die.
    pub imp: Die,
    /// The table's Cost column.
    pub table_cost: u16,
    /// Spear, long spear: Impact +1 die for charging cavalry (L2119).
    pub cavalry_charge_bonus: bool,
    /// Lance: Impact D12 on the first charge, then the secondary weapon (L2121).
    pub lance: bool,
}

/// Builds a melee row with no special flags.
const fn melee(reach: u8, fp_die: Die, imp: Die, table_cost: u16) -> MeleeStats {
    MeleeStats {
        reach,
        fp_halves: 2,
        fp_die,
        imp,
        table_cost,
        cavalry_charge_bonus: false,
        lance: false,
    }
}

const SPEAR: MeleeStats = MeleeStats {
    cavalry_charge_bonus: true,
    ..melee(1, D6, D6, 13)
};

/// The hand-to-hand table in [`Melee`] order (L2025-2116).
const MELEES: [MeleeStats; 11] = [
    MeleeStats {
        fp_halves: 1,
        ..melee(0, D4, D4, 4)
    },
    melee(0, D8, D8, 16),
    SPEAR,
    MeleeStats {
        reach: 2,
        table_cost: 18,
        ..SPEAR
    },
    melee(1, D8, D8, 19),
    melee(2, D6, D6, 20),
    melee(3, D6, D6, 21),
    MeleeStats {
        lance: true,
        ..melee(2, D8, D6, 24)
    },
    melee(1, D8, D10, 20),
    melee(1, D10, D6, 19),
    melee(2, D6, D10, 20),
];

impl Melee {
    /// Every hand-to-hand weapon, in table order.
    pub const ALL: [Melee; 11] = [
        Melee::Dagger,
        Melee::ShortSword,
        Melee::Spear,
        Melee::LongSpear,
        Melee::Sword,
        Melee::Kontos,
        Melee::Pike,
        Melee::Lance,
        Melee::LongSword,
        Melee::Saber,
        Melee::Halberd,
    ];

    /// The weapon's table row.
    pub fn stats(self) -> MeleeStats {
        MELEES[self as usize]
    }
}

crate::words!(
    /// Unit quality (L284-296).
    pub enum Quality {
        "untrained" => Untrained,
        "green" => Green,
        "regular" => Regular,
        "veteran" => Veteran,
        "elite" => Elite,
    }
);

impl Quality {
    /// Every quality, worst first.
    pub const ALL: [Quality; 5] = [
        Quality::Untrained,
        Quality::Green,
        Quality::Regular,
        Quality::Veteran,
        Quality::Elite,
    ];

    /// The Quality Die: D4 Untrained .. D12 Elite.
    pub fn die(self) -> Die {
        Die::ALL[self as usize]
    }

    /// The cost Quality Multiple: 1, 2, 3, 4, 6 (L3501).
    pub fn multiple(self) -> u32 {
        [1, 2, 3, 4, 6][self as usize]
    }
}

crate::words!(
    /// A special ability of Ch XVIII (L3055-3155).
    pub enum Ability {
        "phalanx" => Phalanx,
        "testudo" => Testudo,
        "shock_missile" => ShockMissile,
        "parting_shot" => PartingShot,
        "drilled" => Drilled,
        "impetuous" => Impetuous,
        "fear" => Fear,
        "terror" => Terror,
        "composite" => Composite,
        "mobile_missile_platform" => MobileMissilePlatform,
    }
);

impl Ability {
    /// The ability's cost multiple x 2 (digest 11.4): phalanx, shock missile,
    /// parting shot, drilled, composite 0.5; testudo, MMP 1; impetuous -0.5;
    /// fear 2; terror 4.
    pub fn cost_multiple_halves(self) -> i32 {
        match self {
            Ability::Phalanx
            | Ability::ShockMissile
            | Ability::PartingShot
            | Ability::Drilled
            | Ability::Composite => 1,
            Ability::Testudo | Ability::MobileMissilePlatform => 2,
            Ability::Impetuous => -1,
            Ability::Fear => 4,
            Ability::Terror => 8,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scenario::checks::Word;

    /// Digest 9.1: RBM, FP x 2, FP die, Imp, cost, and the flags thrown,
    /// area, volley, tests ammo, strips SW, gunpowder, skirmish only.
    type MissileRow = (Missile, (u8, u8), u8, Die, Die, u16, [bool; 7]);

    const MISSILE_ROWS: [MissileRow; 11] = {
        const F: bool = false;
        const T: bool = true;
        [
            (Missile::Sling, (1, 1), 2, D8, D4, 12, [F, F, F, F, F, F, T]),
            (
                Missile::Javelin,
                (1, 4),
                2,
                D8,
                D4,
                4,
                [T, F, F, T, F, F, F],
            ),
            (
                Missile::ThrowingSpear,
                (1, 8),
                2,
                D8,
                D6,
                2,
                [T, F, F, T, F, F, F],
            ),
            (Missile::Pilum, (1, 8), 2, D8, D8, 6, [T, F, F, T, T, F, F]),
            (
                Missile::ShortBow,
                (1, 2),
                2,
                D8,
                D6,
                7,
                [F, T, F, T, F, F, F],
            ),
            (
                Missile::LongBow,
                (1, 1),
                2,
                D8,
                D6,
                14,
                [F, T, F, T, F, F, F],
            ),
            (
                Missile::Crossbow,
                (3, 4),
                1,
                D4,
                D8,
                8,
                [F, F, T, T, F, F, F],
            ),
            (
                Missile::Harquebus,
                (1, 2),
                1,
                D4,
                D8,
                6,
                [F, F, T, T, F, T, F],
            ),
            (
                Missile::Musket,
                (1, 1),
                1,
                D4,
                D10,
                14,
                [F, F, T, T, F, T, F],
            ),
            (
                Missile::Rifle,
                (3, 2),
                1,
                D4,
                D10,
                21,
                [F, F, T, T, F, T, F],
            ),
            (
                Missile::MinieRifle,
                (2, 1),
                1,
                D4,
                D10,
                28,
                [F, F, T, T, F, T, F],
            ),
        ]
    };

    #[test]
    fn missile_table_rows() {
        for (w, rbm, fp, fp_die, imp, cost, flags) in MISSILE_ROWS {
            let s = w.stats();
            assert_eq!(
                (s.rbm, s.fp_halves, s.fp_die, s.imp),
                (rbm, fp, fp_die, imp)
            );
            assert_eq!(s.table_cost, cost, "{w:?}");
            let got = [
                s.thrown,
                s.area,
                s.volley,
                s.tests_ammo,
                s.strips_shield_wall,
                s.gunpowder,
                s.skirmish_only,
            ];
            assert_eq!(got, flags, "{w:?}");
        }
        assert_eq!(Missile::ALL.map(|m| m.name()), Missile::NAMES);
    }

    /// Digest 10.1: reach, FP x 2, FP die, Imp, cost, cavalry bonus, lance.
    type MeleeRow = (Melee, u8, u8, Die, Die, u16, bool, bool);

    const MELEE_ROWS: [MeleeRow; 11] = [
        (Melee::Dagger, 0, 1, D4, D4, 4, false, false),
        (Melee::ShortSword, 0, 2, D8, D8, 16, false, false),
        (Melee::Spear, 1, 2, D6, D6, 13, true, false),
        (Melee::LongSpear, 2, 2, D6, D6, 18, true, false),
        (Melee::Sword, 1, 2, D8, D8, 19, false, false),
        (Melee::Kontos, 2, 2, D6, D6, 20, false, false),
        (Melee::Pike, 3, 2, D6, D6, 21, false, false),
        (Melee::Lance, 2, 2, D8, D6, 24, false, true),
        (Melee::LongSword, 1, 2, D8, D10, 20, false, false),
        (Melee::Saber, 1, 2, D10, D6, 19, false, false),
        (Melee::Halberd, 2, 2, D6, D10, 20, false, false),
    ];

    #[test]
    fn melee_table_rows() {
        for (w, reach, fp, fp_die, imp, cost, cav, lance) in MELEE_ROWS {
            let s = w.stats();
            assert_eq!(
                (s.reach, s.fp_halves, s.fp_die, s.imp),
                (reach, fp, fp_die, imp)
            );
            assert_eq!(
                (s.table_cost, s.cavalry_charge_bonus, s.lance),
                (cost, cav, lance)
            );
        }
        assert_eq!(Melee::ALL.map(|m| m.name()), Melee::NAMES);
        assert_eq!(Melee::from_name("long_spear"), Some(Melee::LongSpear));
    }

    #[test]
    fn t34_t35_effective_range_bands() {
        use Quality::*;
        assert_eq!(Missile::Javelin.erb_tenths(Regular.die()), 20);
        assert_eq!(Missile::Javelin.erb_tenths(Elite.die()), 30);
        assert_eq!(Missile::ShortBow.erb_tenths(Regular.die()), 40);
        assert_eq!(Missile::ShortBow.erb_tenths(Elite.die()), 60);
        // T35: the text's 8" basic band for Veterans is an error; 10 x 1/4.
        assert_eq!(Missile::Javelin.erb_tenths(Veteran.die()), 25);
        // T37's bow: 5 bands of 4" = 20".
        assert_eq!(5 * Missile::ShortBow.erb_tenths(D8), 200);
        assert_eq!(Missile::MinieRifle.erb_tenths(D12), 240);
        assert_eq!(Missile::Crossbow.erb_tenths(D6), 45);
    }

    #[test]
    fn erb_hundredths_exact() {
        assert_eq!(Missile::ThrowingSpear.erb_hundredths(D6), 75);
        assert_eq!(Missile::Pilum.erb_hundredths(D10), 125);
        assert_eq!(Missile::ThrowingSpear.erb_tenths(D6), 7);
        for w in Missile::ALL {
            for d in Die::ALL {
                let (n, den) = w.stats().rbm;
                let exact = u32::from(d.faces()) * 100 * u32::from(n);
                assert_eq!(exact % u32::from(den), 0, "{w:?} {d:?}");
                assert_eq!(u32::from(w.erb_hundredths(d)), exact / u32::from(den));
            }
        }
    }

    #[test]
    fn quality_and_abilities() {
        assert_eq!(Quality::ALL.map(Quality::die), Die::ALL);
        assert_eq!(Quality::ALL.map(Quality::multiple), [1, 2, 3, 4, 6]);
        let halves: Vec<i32> = Ability::NAMES
            .iter()
            .map(|n| Ability::from_name(n).unwrap().cost_multiple_halves())
            .collect();
        assert_eq!(halves, [1, 2, 1, 1, 1, -1, 4, 8, 1, 2]);
    }
}
