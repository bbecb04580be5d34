//! A validated D&D War battle before the first die: unit profiles, the
//! units on the table (where, facing, how many companies, command models),
//! the table and its terrain, and the options. Built by the scenario loader
//! or directly by tests; read-only while battles are played.

use super::body::{Body, TRAY_WIDTH};
use super::options::DndOptions;
use super::traits::{model_strength, Psychology, Size, UnitType};
use crate::geometry::{Area, Board, Rect, Vec2};
use crate::objectives::Objective;

/// The four defences (L83).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Defence {
    Ac,
    Fortitude,
    Reflex,
    Will,
}

impl Defence {
    pub const NAMES: &'static [&'static str] = &["AC", "Fortitude", "Reflex", "Will"];

    pub fn index(self) -> usize {
        self as usize
    }
}

/// Damage of a hit against a non-minion: `dice`d`sides` + `bonus` (no
/// dice for a minion's fixed damage).
/// Minions ignore damage (any hit removes one, L77).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Damage {
    pub dice: u8,
    pub sides: u8,
    pub bonus: i32,
}

impl Damage {
    /// Parses `NdS`, `NdS+B`, `NdS-B` (e.g. "1d8+4") or a fixed number
    /// (a minion's damage, e.g. "5").
    pub fn parse(text: &str) -> Option<Damage> {
        let t = text.trim();
        if let Ok(fixed) = t.parse::<i32>() {
            return (fixed >= 1).then_some(Damage {
                dice: 0,
                sides: 0,
                bonus: fixed,
            });
        }
        let (n, rest) = t.split_once('d')?;
        let (sides, bonus) = match rest.find(['+', '-']) {
            Some(i) => (&rest[..i], rest[i..].trim_start_matches('+')),
            None => (rest, "0"),
        };
        let d = Damage {
            dice: n.trim().parse().ok()?,
            sides: sides.trim().parse().ok()?,
            bonus: bonus.trim().parse().ok()?,
        };
        (d.dice >= 1 && d.sides >= 2).then_some(d)
    }

    /// Combat-resolution points of one hit on a non-minion (one per die, G-21).
    pub fn cr_points(self) -> u32 {
        u32::from(self.dice.max(1))
    }
}

/// One attack power as the war rules use it: a bonus against a defence,
/// its reach (close) or range (ranged) in inches, and its damage.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Attack {
    pub bonus: i32,
    pub vs: Defence,
    /// Reach for close attacks, range for ranged ones.
    pub inches: f64,
    pub damage: Damage,
    /// A ranged spell power: shot in the shooting phase like any ranged
    /// attack; under States of Battle only through Cast Spells.
    pub spell: bool,
}

/// The two war machines of L676-707.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MachineKind {
    BoltThrower,
    StoneThrower,
}

/// The class war rules (digest 7.5) the simulation plays; the others are
/// reported as not simulated when a scenario fields them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ClassRule {
    /// Fighter, Warden: the joined unit gets +2 AC.
    MightyDefender,
    /// Bard: he and his unit +2 courage (one +2, G-20); he and allies within 6" are stubborn.
    InspirationalLeader,
    /// Cleric, Invoker: he and his unit may re-roll a failed courage test once.
    DivineLitany,
    /// Paladin: his challenges cannot be refused.
    SanctifiedChallenge,
}

/// A unit profile (L65-95) with the fields the simulation uses.
#[derive(Clone, Debug, PartialEq)]
pub struct Profile {
    pub id: String,
    pub name: String,
    pub unit_type: UnitType,
    pub size: Size,
    /// Counts +1 unit strength per model (L530).
    pub monster: bool,
    /// Cavalry: the mount's size, which alone sets unit strength (L578).
    pub mount: Option<Size>,
    /// Racial + size courage bonus.
    pub courage: i32,
    pub speed: f64,
    pub initiative: i32,
    pub resilience: u8,
    /// AC, Fortitude, Reflex, Will.
    pub defences: [i32; 4],
    pub melee: Attack,
    pub ranged: Option<Attack>,
    pub psychology: Psychology,
    /// Models per full company and per row (company units).
    pub capacity: u8,
    pub row_width: u8,
    /// Points per company (or per model for loose units) at the battle's tier.
    pub points: u32,
    /// The profile's level (prices, tier, a character's courage tier bonus).
    pub level: u8,
    /// Hit points; None for minions (any hit that gets through removes one).
    pub hp: Option<u32>,
    /// A: uses of an at-will power in a multiattack (characters, captains).
    pub attacks: u8,
    /// Action points for the whole battle (characters).
    pub ap: u8,
    pub machine: Option<MachineKind>,
    pub class_rule: Option<ClassRule>,
}

impl Profile {
    pub fn is_character(&self) -> bool {
        self.unit_type == UnitType::Character
    }

    pub fn is_minion(&self) -> bool {
        self.hp.is_none()
    }

    /// Whether a character may join a unit of this profile: any unit but
    /// another character or a war machine (L602).
    pub fn can_be_joined(&self) -> bool {
        !self.is_character() && self.machine.is_none()
    }

    pub fn has_companies(&self) -> bool {
        matches!(self.unit_type, UnitType::Infantry | UnitType::Cavalry)
            || (self.unit_type == UnitType::Monster && self.capacity > 1)
    }

    /// Unit strength of one model.
    pub fn model_strength(&self) -> u32 {
        match self.mount {
            Some(mount) => model_strength(mount, false),
            None => model_strength(self.size, self.monster),
        }
    }

    /// Width of one model's frontage in a company or in base contact.
    pub fn model_width(&self) -> f64 {
        if self.has_companies() {
            TRAY_WIDTH / f64::from(self.row_width.max(1))
        } else {
            self.size.base_inches()
        }
    }
}

/// One unit as deployed.
#[derive(Clone, Debug, PartialEq)]
pub struct UnitSpec {
    pub label: String,
    pub side: crate::rules::Side,
    pub profile: usize,
    pub body: Body,
    /// Centre of the footprint and facing at deployment.
    pub centre: Vec2,
    pub bearing: f64,
    /// The unit (for characters: the character) carries the battle standard.
    pub battle_standard: bool,
    /// Points of the unit, for victory points (characters: a notional 4 x XP).
    pub points: u32,
    /// Characters: the unit he is deployed in.
    pub joins: Option<usize>,
    /// Characters: the army's general.
    pub general: bool,
    /// States of Battle: held off the table until a State trigger brings
    /// it on (never in a plain D&D War battle).
    pub reserve: bool,
    /// The profile fields the scenario overrides for this unit only, as
    /// `points=300, speed=8` (None: the army list's profile).
    pub overrides: Option<String>,
}

/// A battle ready to be played.
#[derive(Clone, Debug, PartialEq)]
pub struct DndSetup {
    pub options: DndOptions,
    pub board: Board,
    pub terrain: Vec<Area>,
    pub profiles: Vec<Profile>,
    pub units: Vec<UnitSpec>,
    pub side_names: [String; 2],
    /// Depth of each side's deployment zone from its table edge (0: none).
    pub deployment_depth: f64,
    /// The scenario's objectives (`[[objective]]`).
    pub objectives: Vec<Objective>,
}

/// Gap between loose models (1" bases standing 1" apart keep within 2").
pub const LOOSE_PITCH: f64 = 2.0;

/// The footprint of a unit of `profile` with `body`, centred at `centre`.
pub fn footprint(profile: &Profile, body: &Body, centre: Vec2, facing: Vec2) -> Rect {
    if profile.has_companies() {
        let (w, d) = body.tray_size();
        return Rect {
            centre,
            facing,
            width: w,
            depth: d,
        };
    }
    // Loose units stand in a block of rows at 2" pitch; lone models on their base.
    let base = profile.size.base_inches();
    let (files, rows, pitch) = loose_block(profile, body);
    Rect {
        centre,
        facing,
        width: pitch * f64::from(files - 1) + base,
        depth: pitch * f64::from(rows - 1) + base,
    }
}

/// How a loose unit stands: files across, rows deep and the pitch from
/// one model's base to the next (a lone model: one file, one row).
pub fn loose_block(profile: &Profile, body: &Body) -> (u32, u32, f64) {
    let n = u32::from(body.alive.max(1));
    let base = profile.size.base_inches();
    let files = (f64::from(n).sqrt().ceil() as u32).max(1);
    let pitch = base.max(1.0) + (LOOSE_PITCH - 1.0);
    (files, n.div_ceil(files), pitch)
}
