//! The models of a unit and where casualties come from (L21-36, L273-287,
//! L552-574). A company unit is described by its models alive, its full
//! company size, its row width and the companies across its front: since
//! casualties come first from the depleted company, then from the rearmost,
//! and the command company only when it is the last (L285), at most one
//! company is ever partial and it stands rearmost, so the model count fixes
//! every company's strength. Within a company the back row goes first, so
//! the front row stays full (the elf example, digest TV-01). Command models
//! (captain, standard bearer, musician) stand in the command company's
//! front row and are removed only when no ordinary models remain. Loose
//! units (skirmishers, war machine crews, lone models) count models only.

use serde::Serialize;

/// The command models a unit fields (L552-574).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Command {
    pub captain: bool,
    pub standard: bool,
    pub musician: bool,
}

/// The captain's attacks: he multiattacks (A 2, L238, digest G-45).
pub const CAPTAIN_ATTACKS: u8 = 2;
/// The captain's action points for the battle ([INVENTED] 1, digest G-45).
pub const CAPTAIN_AP: u8 = 1;

impl Command {
    pub fn count(self) -> u16 {
        u16::from(self.captain) + u16::from(self.standard) + u16::from(self.musician)
    }
}

/// How the models of a unit are arranged.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum Formation {
    /// Companies on 4" x 2" trays: `capacity` models in rows of `row_width`,
    /// `files` companies across the front rank.
    Companies {
        capacity: u8,
        row_width: u8,
        files: u8,
    },
    /// Skirmishers, war machine crews and lone models.
    Loose,
}

/// The models of one unit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Body {
    pub formation: Formation,
    /// Models alive, command models included.
    pub alive: u16,
    /// Command models fielded at the start.
    pub command: Command,
}

/// Inches across and deep of one company tray.
pub const TRAY_WIDTH: f64 = 4.0;
pub const TRAY_DEPTH: f64 = 2.0;

impl Body {
    /// A company unit of `companies` full companies (the last one `partial`
    /// models short of full, 0 for none).
    pub fn companies(
        companies: u16,
        short: u16,
        capacity: u8,
        row_width: u8,
        files: u8,
        command: Command,
    ) -> Body {
        Body {
            formation: Formation::Companies {
                capacity,
                row_width,
                files: files.max(1),
            },
            alive: (companies * u16::from(capacity)).saturating_sub(short),
            command,
        }
    }

    pub fn loose(models: u16, command: Command) -> Body {
        Body {
            formation: Formation::Loose,
            alive: models,
            command,
        }
    }

    /// Models per full company (loose units: the 4 of the panic rule, L291).
    pub fn company_size(&self) -> u16 {
        match self.formation {
            Formation::Companies { capacity, .. } => u16::from(capacity),
            Formation::Loose => 4,
        }
    }

    /// Companies standing (loose units: `ceil(models / 4)`, G-14).
    pub fn n_companies(&self) -> u16 {
        self.alive.div_ceil(self.company_size())
    }

    /// Models in the partial company, 0 when every company is full.
    pub fn partial(&self) -> u16 {
        self.alive % self.company_size()
    }

    /// Companies across the front rank now.
    pub fn front_companies(&self) -> u16 {
        match self.formation {
            Formation::Companies { files, .. } => self.n_companies().min(u16::from(files)),
            Formation::Loose => self.n_companies(),
        }
    }

    /// Ranks of companies now.
    pub fn ranks(&self) -> u16 {
        match self.formation {
            Formation::Companies { files, .. } => self.n_companies().div_ceil(u16::from(files)),
            Formation::Loose => 1,
        }
    }

    /// The tray footprint in inches (width, depth) of a company unit.
    pub fn tray_size(&self) -> (f64, f64) {
        (
            TRAY_WIDTH * f64::from(self.front_companies().max(1)),
            TRAY_DEPTH * f64::from(self.ranks().max(1)),
        )
    }

    /// Models alive in each front-rank company, the partial one last.
    fn front_rank(&self) -> impl Iterator<Item = u16> + '_ {
        let cap = self.company_size();
        let n = self.n_companies();
        let front = self.front_companies();
        let partial = self.partial();
        (0..front).map(move |i| {
            // The partial company is rearmost: in the front rank only when
            // the unit is a single rank.
            if i + 1 == n && partial > 0 {
                partial
            } else {
                cap
            }
        })
    }

    /// Models in the front row of the front-rank companies (who shoot, L236).
    pub fn front_row_models(&self) -> u16 {
        match self.formation {
            Formation::Companies { row_width, .. } => {
                self.front_rank().map(|m| m.min(u16::from(row_width))).sum()
            }
            Formation::Loose => self.alive,
        }
    }

    /// Models in the second row of the front-rank companies (who also shoot
    /// from higher ground, L236, and fight with reach 2, G-03).
    pub fn second_row_models(&self) -> u16 {
        match self.formation {
            Formation::Companies { row_width, .. } => {
                let w = u16::from(row_width);
                self.front_rank().map(|m| m.saturating_sub(w).min(w)).sum()
            }
            Formation::Loose => 0,
        }
    }

    /// Shooting dice of a company unit (L236, digest TV-01): every model in
    /// the front row of the front-rank companies, the second row too from
    /// higher ground, of which the `seeing` share has a line of sight;
    /// ordinary models roll `per_model` dice each and a living captain
    /// (who stands in the front row) rolls `captain_dice`.
    pub fn shooting_dice(
        &self,
        higher: bool,
        seeing: f64,
        per_model: u32,
        captain_dice: u32,
    ) -> u32 {
        let rows = self.front_row_models() + if higher { self.second_row_models() } else { 0 };
        let captain = self.command_alive().captain;
        let ordinary = u32::from(rows.saturating_sub(u16::from(captain)));
        let seen = (f64::from(ordinary) * seeing).round() as u32;
        seen * per_model
            + if captain && seeing > 0.0 {
                captain_dice
            } else {
                0
            }
    }

    /// The models in front-rank company `i` (left to right), the partial
    /// one rightmost when the unit is a single rank.
    pub fn front_company_models(&self, i: u16) -> u16 {
        self.front_rank().nth(usize::from(i)).unwrap_or(0)
    }

    /// Models per row of a company (1 for loose units).
    pub fn row_width(&self) -> u16 {
        match self.formation {
            Formation::Companies { row_width, .. } => u16::from(row_width),
            Formation::Loose => 1,
        }
    }

    /// Full-enough companies behind the front rank: each may support (+2,
    /// L411-413) unless more than half its models are dead (G-24).
    pub fn rear_supporting_companies(&self) -> u16 {
        let behind = self.n_companies() - self.front_companies();
        let cap = self.company_size();
        if behind == 0 {
            return 0;
        }
        let partial_ok = self.partial() == 0 || self.partial() * 2 >= cap;
        behind - u16::from(!partial_ok)
    }

    /// Whether each command model still stands (captain, standard, musician
    /// are removed last, musician first, L566, L574).
    pub fn command_alive(&self) -> Command {
        let c = self.command;
        let captain = c.captain && self.alive >= 1;
        let standard = c.standard && self.alive > u16::from(captain);
        let musician = c.musician && self.alive > u16::from(captain) + u16::from(standard);
        Command {
            captain,
            standard,
            musician,
        }
    }

    /// Ordinary models alive (not command models).
    pub fn ordinary(&self) -> u16 {
        self.alive - self.command_alive().count()
    }

    /// Removes up to `n` models; returns how many were removed.
    pub fn remove(&mut self, n: u32) -> u16 {
        let k = n.min(u32::from(self.alive)) as u16;
        self.alive -= k;
        k
    }

    /// Hope is Lost! (L275-277): the last company of a company unit at half
    /// strength or below. Whether the unit is immune is the caller's question.
    pub fn hope_is_lost(&self) -> bool {
        matches!(self.formation, Formation::Companies { .. })
            && self.alive > 0
            && self.n_companies() == 1
            && self.alive * 2 <= self.company_size()
    }
}
