//! The per-battle state of Standards of Valor: each unit's figures, files,
//! formation, Confidence Level, suppression, panic, Shield Wall, ammunition,
//! position and hand-to-hand partners (the markers of L176-203 and the hidden
//! state they imply), reused battle after battle without allocation.

use super::ladder::Die;
use super::melee_dice::{Formation, Mount};
use super::setup::{Fatigue, SovSetup};
use std::cell::Cell;

/// Confidence Level, worst to best (L261-276).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Cl {
    Routed,
    Broken,
    Shaken,
    Steady,
    Confident,
    Inspired,
}

impl Cl {
    pub fn name(self) -> &'static str {
        match self {
            Cl::Routed => "RO",
            Cl::Broken => "BR",
            Cl::Shaken => "SH",
            Cl::Steady => "ST",
            Cl::Confident => "CO",
            Cl::Inspired => "IN",
        }
    }

    /// This level lowered by `n` (never below Routed).
    pub fn lowered(self, n: u8) -> Cl {
        let i = (self as u8).saturating_sub(n);
        Cl::from_index(i)
    }

    /// This level raised by one, capped at `cap`.
    pub fn raised(self, cap: Cl) -> Cl {
        Cl::from_index(self as u8 + 1).min(cap).max(self)
    }

    fn from_index(i: u8) -> Cl {
        match i {
            0 => Cl::Routed,
            1 => Cl::Broken,
            2 => Cl::Shaken,
            3 => Cl::Steady,
            4 => Cl::Confident,
            _ => Cl::Inspired,
        }
    }

    /// The starting level and rally cap of a fatigue (L1128-1134).
    pub fn start(f: Fatigue) -> Cl {
        match f {
            Fatigue::Fresh => Cl::Confident,
            Fatigue::Tired => Cl::Steady,
            Fatigue::Exhausted => Cl::Shaken,
        }
    }
}

/// Where a unit is at the end of a battle (index into `FATES`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Gone {
    Destroyed = 1,
    FledOff = 2,
    Surrendered = 3,
    Disintegrated = 4,
    /// Got off the table through its side's exit (L698).
    Exited = 6,
}

/// Fates a unit can meet; 0 is "survived".
pub const FATES: [&str; 7] = [
    "survived",
    "destroyed",
    "fled_off_table",
    "surrendered",
    "disintegrated",
    "routed_on_table",
    "exited",
];

/// Ways a battle ends.
pub const END_REASONS: [&str; 5] = [
    "army_broken",
    "both_broken",
    "turn_limit_points",
    "turn_limit_draw",
    "objective_taken",
];

/// The end reason of a side taking an objective whose capture ends the
/// battle (index into [`END_REASONS`]).
pub const END_OBJECTIVE_TAKEN: u8 = 4;

/// The end reasons of the turn limit (indexes of [`END_REASONS`], as
/// `Battle::decide` gives them): a win on points, a draw.
pub const END_TURN_LIMIT: [u8; 2] = [2, 3];

/// Whether end reason `index` (of [`END_REASONS`]) is the clock: the turn limit.
pub fn is_clock_end(index: usize) -> bool {
    END_TURN_LIMIT.iter().any(|&e| usize::from(e) == index)
}

/// Ammunition (L1993-1999).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ammo {
    Full,
    /// Out until a successful Reorganize.
    OutUntilReorganize,
    /// Out until resupplied: for the rest of the battle.
    Spent,
}

/// One unit's state in one battle.
#[derive(Clone, Debug)]
pub struct UnitState {
    pub figures: u16,
    pub files: u16,
    pub formation: Formation,
    pub cl: Cl,
    pub lv: u8,
    pub suppression: u8,
    pub panic: bool,
    pub panic_tested: bool,
    pub shield_wall: bool,
    pub volley_ready: bool,
    pub lance_ready: bool,
    pub ammo: Ammo,
    pub activated: bool,
    pub pos: [f32; 2],
    pub facing: super::field::Facing,
    /// The enemy unit it is locked in hand-to-hand with.
    pub locked_with: Option<u16>,
    pub first_suppressed: bool,
    pub casualties_this_turn: u16,
    /// It received a charge this turn (scrum ties, L2776).
    pub defended_this_turn: bool,
    /// It charged this turn (the charge bonus under `charge_turn`).
    pub charged_this_turn: bool,
    /// A round of its current hand-to-hand has been fought already.
    pub fought_since_contact: bool,
    /// It has taken a transferred activation this turn.
    pub transferred: bool,
    /// Added to its further tests in the current close assault after a
    /// partner of a combined assault fell back (L2872).
    pub assault_extra_tl: u8,
    pub gone: Option<Gone>,
    /// The half extents last worked out for the block, with the figures,
    /// files, formation and facing they were worked out for (a memo for
    /// `field::block`, which is asked for them many times per action).
    pub extent_memo: Cell<ExtentMemo>,
}

/// Half extents and the key (figures, files, formation, facing) they
/// belong to; a key of 0 holds nothing.
#[derive(Clone, Copy, Debug, Default)]
pub struct ExtentMemo {
    pub key: u64,
    pub half: (f32, f32),
}

impl UnitState {
    pub fn on_table(&self) -> bool {
        self.gone.is_none()
    }

    /// On the table and not Routed: a unit that can still act as a unit.
    pub fn standing(&self) -> bool {
        self.on_table() && self.cl > Cl::Routed
    }
}

/// The state of one battle.
#[derive(Clone, Debug)]
pub struct State {
    pub units: Vec<UnitState>,
    /// `fired_on[target * n + firer]`: the firer has fired at the target
    /// (Broken units fire only at those, L1257).
    pub fired_on: Vec<bool>,
    pub turn: u16,
    /// Who holds each of the scenario's objectives.
    pub holders: crate::objectives::Holders,
    /// Whether each unit was sent to the objectives by its doctrine's
    /// `objective_share`.
    pub on_duty: Vec<bool>,
    /// The side that took an objective whose capture ends the battle.
    pub taken_by: Option<crate::base::Side>,
    /// Points each side has got off through its exit (L698).
    pub exited: [f64; 2],
}

impl State {
    pub fn new(setup: &SovSetup) -> Self {
        let n = setup.units.len();
        let mut st = State {
            units: Vec::with_capacity(n),
            fired_on: vec![false; n * n],
            turn: 0,
            holders: crate::objectives::Holders::default(),
            on_duty: Vec::with_capacity(n),
            taken_by: None,
            exited: [0.0; 2],
        };
        st.reset(setup);
        st
    }

    /// The state at the start of a battle.
    pub fn reset(&mut self, setup: &SovSetup) {
        self.units.clear();
        for u in &setup.units {
            let side = &setup.sides[u.side.index()];
            let p = &setup.profiles[u.profile];
            self.units.push(UnitState {
                figures: u.figures,
                files: u.files,
                formation: u.formation,
                cl: Cl::start(side.fatigue),
                lv: u.lv,
                suppression: 0,
                panic: false,
                panic_tested: false,
                shield_wall: false,
                volley_ready: false,
                lance_ready: p.melee.first() == Some(&super::arms::Melee::Lance),
                ammo: super::state::Ammo::Full,
                activated: false,
                pos: u.at,
                facing: if u.side.index() == 0 {
                    super::field::Facing::North
                } else {
                    super::field::Facing::South
                },
                locked_with: None,
                first_suppressed: false,
                casualties_this_turn: 0,
                defended_this_turn: false,
                charged_this_turn: false,
                fought_since_contact: false,
                transferred: false,
                assault_extra_tl: 0,
                gone: None,
                extent_memo: Cell::default(),
            });
        }
        self.fired_on.iter_mut().for_each(|f| *f = false);
        self.turn = 0;
        self.holders.start(&setup.objectives);
        self.on_duty.clear();
        self.on_duty.resize(setup.units.len(), false);
        super::objectives::give_duties(setup, &mut self.on_duty);
        self.taken_by = None;
        self.exited = [0.0; 2];
    }
}

/// Frontage of one figure in inches, by formation and mount (digest 16.3).
pub fn frontage(formation: Formation, mount: Mount) -> f32 {
    match (formation, mount) {
        (Formation::Close, Mount::Foot) => 1.0,
        (Formation::Open, Mount::Foot) => 1.5,
        (Formation::Skirmish, Mount::Foot) => 2.0,
        (Formation::Close, Mount::Horse) => 1.5,
        (Formation::Open, Mount::Horse) => 2.25,
        (Formation::Skirmish, Mount::Horse) => 3.0,
    }
}

/// Depth of one rank in inches (digest 16.3).
pub fn rank_depth(formation: Formation, mount: Mount) -> f32 {
    match (formation, mount) {
        (Formation::Close, Mount::Foot) => 1.0,
        (Formation::Open, Mount::Foot) => 1.5,
        (Formation::Skirmish, Mount::Foot) => 2.0,
        (Formation::Close, Mount::Horse) => 2.0,
        (Formation::Open, Mount::Horse) => 2.5,
        (Formation::Skirmish, Mount::Horse) => 3.0,
    }
}

/// The die a unit's movement rating names, in inches per normal move.
pub fn move_inches(die: Die) -> f32 {
    f32::from(die.faces())
}
