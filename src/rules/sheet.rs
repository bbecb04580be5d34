//! The army sheet: what each side fields, as its ruleset's validated setup
//! says, for `run`, `check` and the reports to open with: each unit's
//! profile, models, points and (States of Battle) MCV, and each side's
//! points, starting Morale Counters, Generalship Die and Orders build.
//! A unit whose profile the scenario overrides is marked, with the fields
//! and values it overrides.
//! A value a ruleset does not have is `None` and shown as "-".

use crate::base::Side;
use std::fmt::Write;

/// Both sides' sheets, in scenario order.
#[derive(Clone, Debug, PartialEq)]
pub struct ArmySheet {
    pub sides: [SideSheet; 2],
}

/// One side's army.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct SideSheet {
    pub name: String,
    pub units: Vec<UnitLine>,
    /// States of Battle: Morale Counters at the start.
    pub morale_counters: Option<u32>,
    /// States of Battle: the Generalship Die's sides.
    pub generalship_die: Option<u8>,
    /// States of Battle: the Orders build, as `card count` pairs.
    pub orders: Option<String>,
}

/// One unit (or character, or war machine) of a side.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct UnitLine {
    pub label: String,
    /// Its profile (troop type) id.
    pub profile: String,
    pub models: Option<u32>,
    pub points: Option<u32>,
    /// States of Battle: its Morale Counter Value.
    pub mcv: Option<u32>,
    /// The profile fields the scenario overrides for this unit, as
    /// `points=300, speed=8` (None: the army list's profile).
    pub overrides: Option<String>,
}

impl UnitLine {
    /// Its profile id, marked `*` when the scenario overrides fields of it.
    pub fn profile_cell(&self) -> String {
        match self.overrides {
            Some(_) => format!("{}*", self.profile),
            None => self.profile.clone(),
        }
    }
}

impl SideSheet {
    /// The army's points: the sum over its units, when they have points.
    pub fn points(&self) -> Option<u64> {
        self.units
            .iter()
            .map(|u| u.points.map(u64::from))
            .sum::<Option<u64>>()
    }

    /// Its models, when its units count them.
    pub fn models(&self) -> Option<u64> {
        self.units
            .iter()
            .map(|u| u.models.map(u64::from))
            .sum::<Option<u64>>()
    }

    /// The side's line: name, units, models, points and the overlay's values.
    pub fn summary(&self) -> String {
        let mut s = format!(
            "{}: {} unit{}",
            self.name,
            self.units.len(),
            if self.units.len() == 1 { "" } else { "s" }
        );
        if let Some(m) = self.models() {
            let _ = write!(s, ", {m} models");
        }
        if let Some(p) = self.points() {
            let _ = write!(s, ", {p} points");
        }
        if let Some(mc) = self.morale_counters {
            let _ = write!(s, ", {mc} Morale Counters");
        }
        if let Some(gd) = self.generalship_die {
            let _ = write!(s, ", Generalship Die d{gd}");
        }
        if let Some(o) = &self.orders {
            let _ = write!(s, ", Orders: {o}");
        }
        s
    }
}

/// "-" for a value the ruleset does not have.
fn cell(v: Option<u32>) -> String {
    v.map_or_else(|| "-".to_string(), |v| v.to_string())
}

impl ArmySheet {
    /// The sheet of `units`, each with its side, in scenario order.
    pub fn from_units(names: [&str; 2], units: impl IntoIterator<Item = (Side, UnitLine)>) -> Self {
        let mut sides = names.map(|name| SideSheet {
            name: name.to_string(),
            ..SideSheet::default()
        });
        for (side, unit) in units {
            sides[side.index()].units.push(unit);
        }
        ArmySheet { sides }
    }

    /// Whether any unit has an MCV (a States of Battle battle).
    pub fn has_mcv(&self) -> bool {
        self.sides
            .iter()
            .any(|s| s.units.iter().any(|u| u.mcv.is_some()))
    }

    /// The sheet as terminal text: per side its line, then one row per unit.
    pub fn text(&self) -> String {
        let mcv = self.has_mcv();
        let mut out = String::from("army sheet\n");
        for side in &self.sides {
            let _ = writeln!(out, "  {}", side.summary());
            let _ = write!(
                out,
                "    {:<28} {:<20} {:>6} {:>6}",
                "unit", "profile", "models", "points"
            );
            out.push_str(if mcv { "    mcv\n" } else { "\n" });
            for u in &side.units {
                let _ = write!(
                    out,
                    "    {:<28} {:<20} {:>6} {:>6}",
                    u.label,
                    u.profile_cell(),
                    cell(u.models),
                    cell(u.points)
                );
                if mcv {
                    let _ = write!(out, " {:>6}", cell(u.mcv));
                }
                out.push('\n');
            }
            for u in side.units.iter().filter(|u| u.overrides.is_some()) {
                let over = u.overrides.as_deref().unwrap_or_default();
                let _ = writeln!(out, "    * {}: profile overridden: {over}", u.label);
            }
        }
        out
    }
}
