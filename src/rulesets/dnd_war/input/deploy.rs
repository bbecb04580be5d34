//! The deployment choices a D&D War doctrine makes (deployment is a gap of
//! the seed, G-46): how many ranks deep its company units stand (`ranks`),
//! and which unit its general is deployed in (`general_placement`). They are
//! applied to the scenario's units before the deployment checks, so a
//! formation that no longer fits is reported like any other, and each choice
//! made is a note of the run.

use crate::geometry::Vec2;
use crate::rules::Side;
use crate::rulesets::dnd_war::body::Formation;
use crate::rulesets::dnd_war::doctrine::{DndDoctrine, GeneralPlacement};
use crate::rulesets::dnd_war::ops::characters::COMMAND_RADIUS;
use crate::rulesets::dnd_war::setup::{footprint, Profile, UnitSpec};
use crate::rulesets::dnd_war::traits::UnitType;

/// Applies each side's deployment choices to `units`; returns the notes.
pub fn apply(
    profiles: &[Profile],
    units: &mut [UnitSpec],
    doctrines: [&DndDoctrine; 2],
    side_names: [&str; 2],
) -> Vec<String> {
    let mut notes = Vec::new();
    for side in Side::BOTH {
        let d = doctrines[side.index()];
        let name = side_names[side.index()];
        if let Some(ranks) = d.ranks {
            deploy_in_ranks(profiles, units, side, ranks);
            notes.push(format!(
                "doctrine `{}` deploys {name}'s company units {ranks} rank(s) deep",
                d.name
            ));
        }
        if d.general_placement != GeneralPlacement::Scenario {
            notes.extend(place_general(profiles, units, side, d, name));
        }
    }
    notes
}

/// Company units of `side` stand `ranks` ranks of companies deep, as wide
/// as that leaves them.
fn deploy_in_ranks(profiles: &[Profile], units: &mut [UnitSpec], side: Side, ranks: u8) {
    for u in units.iter_mut().filter(|u| u.side == side) {
        if profiles[u.profile].unit_type == UnitType::Monster {
            continue;
        }
        let companies = u.body.alive.div_ceil(u.body.company_size());
        if let Formation::Companies { files, .. } = &mut u.body.formation {
            *files = companies.div_ceil(u16::from(ranks)).clamp(1, 255) as u8;
        }
    }
}

/// A unit the general can be deployed in: any unit a character can join
/// (not a character or war machine) without another character.
fn can_host(
    profiles: &[Profile],
    units: &[UnitSpec],
    side: Side,
    h: usize,
    general: usize,
) -> bool {
    let u = &units[h];
    u.side == side
        && profiles[u.profile].can_be_joined()
        && !units
            .iter()
            .enumerate()
            .any(|(c, o)| c != general && o.joins == Some(h))
}

fn place_general(
    profiles: &[Profile],
    units: &mut [UnitSpec],
    side: Side,
    d: &DndDoctrine,
    name: &str,
) -> Option<String> {
    // A side without a general has no one to place.
    let g = units.iter().position(|u| u.side == side && u.general)?;
    let rect = |u: &UnitSpec| {
        footprint(
            &profiles[u.profile],
            &u.body,
            u.centre,
            Vec2::from_bearing(u.bearing),
        )
    };
    let score = |h: usize, units: &[UnitSpec]| -> (u32, u16) {
        let r = rect(&units[h]);
        let near = units
            .iter()
            .filter(|o| {
                o.side == side && o.joins.is_none() && rect(o).distance(&r) <= COMMAND_RADIUS
            })
            .count() as u32;
        match d.general_placement {
            GeneralPlacement::CentralUnit => (near, units[h].body.alive),
            _ => (0, units[h].body.alive),
        }
    };
    let mut best: Option<(usize, (u32, u16))> = None;
    for h in 0..units.len() {
        if !can_host(profiles, units, side, h, g) {
            continue;
        }
        let s = score(h, units);
        if best.map_or(true, |(_, b)| s > b) {
            best = Some((h, s));
        }
    }
    let Some((h, _)) = best else {
        return Some(format!(
            "doctrine `{}` found no unit for {name}'s general to join: he stays where the scenario puts him",
            d.name
        ));
    };
    let (centre, bearing) = (units[h].centre, units[h].bearing);
    let general = &mut units[g];
    general.joins = Some(h);
    general.centre = centre;
    general.bearing = bearing;
    Some(format!(
        "doctrine `{}` deploys {name}'s general `{}` in `{}` (general_placement)",
        d.name, units[g].label, units[h].label
    ))
}
