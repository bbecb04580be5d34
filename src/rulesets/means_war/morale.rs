//! The morale check of This Means WAR! (L103-182; digest B1.6-B1.7): the
//! target number, the eight outcome bands of a d% roll, the two-outcome
//! checks of routed and attacked surrendered units, and how an outcome
//! changes a unit's morale state. Pure functions of numbers, so every band
//! edge is testable without a battle.

use super::options::{MoraleSign, RestrictedMapping, StateUpdate, TargetRounding};

/// The eight outcomes of a morale check, in the order of the digest's tables.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Band {
    Rout,
    Surrender,
    Retreat,
    Withdraw,
    FallBack,
    Normal,
    Rally,
    Resurgance,
}

impl Band {
    pub const ALL: [Band; 8] = [
        Band::Rout,
        Band::Surrender,
        Band::Retreat,
        Band::Withdraw,
        Band::FallBack,
        Band::Normal,
        Band::Rally,
        Band::Resurgance,
    ];

    /// Names as written in units.csv.
    pub const NAMES: [&'static str; 8] = [
        "rout",
        "surrender",
        "retreat",
        "withdraw",
        "fall_back",
        "normal",
        "rally",
        "resurgance",
    ];

    pub fn index(self) -> usize {
        self as usize
    }

    pub fn name(self) -> &'static str {
        Self::NAMES[self.index()]
    }
}

/// The band of a d% roll `r` (1..=100, 100 being the "00" face) against target `t` (L122-182).
pub fn band(r: i64, t: i64) -> Band {
    if r >= 100 {
        return Band::Resurgance;
    }
    if r <= t {
        match t - r {
            s if s >= 80 => Band::Resurgance,
            s if s >= 30 => Band::Rally,
            _ => Band::Normal,
        }
    } else {
        match r - t {
            f if f <= 30 => Band::FallBack,
            f if f <= 50 => Band::Withdraw,
            f if f <= 60 => Band::Retreat,
            f if f <= 70 => Band::Surrender,
            _ => Band::Rout,
        }
    }
}

/// Whether `r` passes a two-outcome check at target `t` (roll-under, 00 always passes).
pub fn passes(r: i64, t: i64) -> bool {
    r >= 100 || r <= t
}

/// The morale target `70 + %kills - %losses + modifiers` (milli-percent
/// inputs, whole-point modifiers) made an integer (B1.6, B-G22).
pub fn target(
    kills_milli: i64,
    losses_milli: i64,
    modifiers: i64,
    sign: MoraleSign,
    rounding: TargetRounding,
) -> i64 {
    let swing = match sign {
        MoraleSign::KillsMinusLosses => kills_milli - losses_milli,
        MoraleSign::LiteralLossesMinusKills => losses_milli - kills_milli,
    };
    let milli = 70_000 + swing + 1000 * modifiers;
    match rounding {
        TargetRounding::Floor => milli.div_euclid(1000),
        TargetRounding::Nearest => (milli + 500).div_euclid(1000),
    }
}

/// A unit's morale condition between checks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum MoraleState {
    Normal,
    FallBack,
    Withdraw,
    Retreat,
    Surrender,
    Rout,
}

impl MoraleState {
    pub fn name(self) -> &'static str {
        match self {
            MoraleState::Normal => "normal",
            MoraleState::FallBack => "falling back",
            MoraleState::Withdraw => "withdrawing",
            MoraleState::Retreat => "retreating",
            MoraleState::Surrender => "surrendered",
            MoraleState::Rout => "routed",
        }
    }

    /// The state a failure band puts a unit in.
    fn of_failure(band: Band) -> Option<MoraleState> {
        match band {
            Band::Rout => Some(MoraleState::Rout),
            Band::Surrender => Some(MoraleState::Surrender),
            Band::Retreat => Some(MoraleState::Retreat),
            Band::Withdraw => Some(MoraleState::Withdraw),
            Band::FallBack => Some(MoraleState::FallBack),
            _ => None,
        }
    }
}

/// What a check does to a unit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Transition {
    /// Nothing changes.
    Stay,
    /// The unit enters this state (restarting its counters).
    Enter(MoraleState),
    /// Resurgance: Normal, current HP become full capacity, +10 to later checks.
    /// `exempt`: no more morale checks (a surrendered unit that resurged, L143).
    Resurge { exempt: bool },
}

/// The effect of an ordinary check's band on a unit in `current` (neither
/// routed nor surrendered). `survival`: the unit fights for its own or its
/// loved ones' survival, so Withdraw is read as Fall Back (L156).
pub fn ordinary(
    current: MoraleState,
    band: Band,
    update: StateUpdate,
    survival: bool,
) -> Transition {
    let band = if survival && band == Band::Withdraw {
        Band::FallBack
    } else {
        band
    };
    match band {
        Band::Normal => Transition::Stay,
        Band::Rally => match current {
            MoraleState::Retreat | MoraleState::Withdraw | MoraleState::FallBack => {
                Transition::Enter(MoraleState::Normal)
            }
            _ => Transition::Stay,
        },
        Band::Resurgance => Transition::Resurge { exempt: false },
        failure => {
            let next = MoraleState::of_failure(failure).expect("failure band");
            match update {
                StateUpdate::WorseReplaces if next < current => Transition::Stay,
                _ => Transition::Enter(next),
            }
        }
    }
}

/// A further check of a routed unit (L135): only Surrender (if surrounded)
/// or Resurgance, which changes the state to Retreat; otherwise the rout continues.
pub fn while_routed(r: i64, t: i64, surrounded: bool, mapping: RestrictedMapping) -> Transition {
    let b = band(r, t);
    let (recovers, gives_up) = match mapping {
        RestrictedMapping::PassFail => (passes(r, t), !passes(r, t)),
        RestrictedMapping::Bands => (b == Band::Resurgance, b == Band::Surrender),
    };
    if recovers {
        Transition::Enter(MoraleState::Retreat)
    } else if gives_up && surrounded {
        Transition::Enter(MoraleState::Surrender)
    } else {
        Transition::Stay
    }
}

/// The +50 check of a surrendered unit that is attacked (L143): Resurgance
/// (fights to the death, no more checks) or Rout.
pub fn surrendered_attacked(r: i64, t: i64, mapping: RestrictedMapping) -> Transition {
    let resurges = match mapping {
        RestrictedMapping::PassFail => passes(r, t),
        RestrictedMapping::Bands => band(r, t) == Band::Resurgance,
    };
    if resurges {
        Transition::Resurge { exempt: true }
    } else {
        Transition::Enter(MoraleState::Rout)
    }
}
