//! Morale Counters (digest 1.2-1.4): an army's counters from its points
//! (`floor(points / ratio)`, L121), each unit's Morale Counter Value
//! (round half up with a minimum of 1, the only rounding that fits both of
//! L168's examples), and the State of Battle: counters dealt round-robin
//! over Emboldened, Shaken, Bloodied and Desperate, removed segment by
//! segment, gains placed back (S-01..S-03), the current State, and the
//! Army Morale condition and handicap (L308).

/// The four States in removal order, and Routed when no counter is left.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum SobState {
    Emboldened,
    Shaken,
    Bloodied,
    Desperate,
    Routed,
}

impl SobState {
    pub const ALL: [SobState; 5] = [
        SobState::Emboldened,
        SobState::Shaken,
        SobState::Bloodied,
        SobState::Desperate,
        SobState::Routed,
    ];

    pub fn name(self) -> &'static str {
        match self {
            SobState::Emboldened => "Emboldened",
            SobState::Shaken => "Shaken",
            SobState::Bloodied => "Bloodied",
            SobState::Desperate => "Desperate",
            SobState::Routed => "Routed",
        }
    }

    /// Army Morale's handicap on the side's GD (L308): E 0, S 1, B 2, D 3.
    pub fn handicap(self) -> u32 {
        match self {
            SobState::Emboldened => 0,
            SobState::Shaken => 1,
            SobState::Bloodied => 2,
            SobState::Desperate | SobState::Routed => 3,
        }
    }
}

/// An army's Morale Counters: `floor(points / ratio)` (L121, TV-01).
pub fn army_mc(points: f64, ratio: f64) -> u32 {
    (points / ratio + 1e-9).floor().max(0.0) as u32
}

/// How a unit's MCV is rounded from its points (S-04).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum McvRounding {
    /// Round half up, at least 1 (the default; fits L168's 224 -> 3, 80 -> 1).
    NearestMin1,
    FloorMin1,
    Ceil,
}

/// A unit's Morale Counter Value from its points (L164-168, TV-02).
pub fn mcv(points: f64, ratio: f64, rounding: McvRounding) -> u32 {
    let x = points / ratio;
    let v = match rounding {
        McvRounding::NearestMin1 => (x + 0.5 + 1e-9).floor().max(1.0),
        McvRounding::FloorMin1 => (x + 1e-9).floor().max(1.0),
        McvRounding::Ceil => (x - 1e-9).ceil().max(0.0),
    };
    v as u32
}

/// Where the counters left over when N is not a multiple of 4 go (S-01).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RemainderPlacement {
    EmboldenedFirst,
    DesperateFirst,
}

/// Where a gained counter goes (S-02).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GainPlacement {
    /// Back where the last removed counter came from: the State is a
    /// function of the counters left.
    Refill,
    /// Into the segment being emptied: gains never improve the State.
    CurrentSegment,
}

/// Whether gains may take a side above its starting counters (S-03).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GainCap {
    None,
    Initial,
}

/// The segment capacities of N counters (TV-03).
pub fn deal(n: u32, remainder: RemainderPlacement) -> [u32; 4] {
    let (q, r) = (n / 4, n % 4);
    let mut caps = [q; 4];
    for (i, cap) in caps.iter_mut().enumerate() {
        let extra = match remainder {
            RemainderPlacement::EmboldenedFirst => (i as u32) < r,
            RemainderPlacement::DesperateFirst => (3 - i as u32) < r,
        };
        *cap += u32::from(extra);
    }
    caps
}

/// One side's State of Battle board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoraleTrack {
    caps: [u32; 4],
    segments: [u32; 4],
    initial: u32,
    gains: GainPlacement,
    cap: GainCap,
}

impl MoraleTrack {
    pub fn new(n: u32, remainder: RemainderPlacement, gains: GainPlacement, cap: GainCap) -> Self {
        let caps = deal(n, remainder);
        MoraleTrack {
            caps,
            segments: caps,
            initial: n,
            gains,
            cap,
        }
    }

    pub fn caps(&self) -> [u32; 4] {
        self.caps
    }

    pub fn segments(&self) -> [u32; 4] {
        self.segments
    }

    /// Counters left.
    pub fn remaining(&self) -> u32 {
        self.segments.iter().sum()
    }

    /// The State now: the segment being emptied (TV-04), Routed at 0.
    pub fn state(&self) -> SobState {
        match self.segments.iter().position(|&s| s > 0) {
            Some(i) => SobState::ALL[i],
            None => SobState::Routed,
        }
    }

    /// Counters left in the segment being emptied: what it takes to push
    /// the army into the next State (0 when Routed).
    pub fn in_current_segment(&self) -> u32 {
        self.segments.iter().copied().find(|&s| s > 0).unwrap_or(0)
    }

    /// Removes up to `k` counters, segment by segment (L227); returns how
    /// many were removed.
    pub fn lose(&mut self, k: u32) -> u32 {
        let mut left = k;
        for s in &mut self.segments {
            let take = left.min(*s);
            *s -= take;
            left -= take;
        }
        k - left
    }

    /// Places back up to `k` counters (TV-05); returns how many were gained.
    pub fn gain(&mut self, k: u32) -> u32 {
        let room = match self.cap {
            GainCap::None => u32::MAX,
            GainCap::Initial => self.initial.saturating_sub(self.remaining()),
        };
        let k = k.min(room);
        if k == 0 {
            return 0;
        }
        match self.gains {
            GainPlacement::Refill => {
                let mut m = self.remaining() + k;
                for i in (1..4).rev() {
                    self.segments[i] = m.min(self.caps[i]);
                    m -= self.segments[i];
                }
                self.segments[0] = m;
            }
            GainPlacement::CurrentSegment => {
                let i = self.segments.iter().position(|&s| s > 0).unwrap_or(3);
                self.segments[i] += k;
            }
        }
        k
    }
}

/// Army Morale applies to a side with `m` counters against an opponent
/// with `m_opponent`: fewer than three quarters of them (L308, TV-10).
pub fn army_morale_applies(m: u32, m_opponent: u32) -> bool {
    4 * u64::from(m) < 3 * u64::from(m_opponent)
}
