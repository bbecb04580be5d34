//! Orders builds of a States of Battle scenario: the build a side plays
//! when it gives none (digest D23 a, with Cast Spells for an army with
//! casters), and the warnings `muster check` gives (the scenario still
//! runs) when a build leaves some of a side's units idle: casters with no
//! Cast Spells, missile units or war machines with no card that reloads
//! them.

use crate::overlays::sob::cards::{Order, OrdersBuild};
use crate::overlays::sob::options::ReloadScope;
use crate::path;
use crate::scenario::checks::Ctx;
use crate::scenario::problems::Problem;

/// The digest's D23 (a) build: Melee 4, Move 2, Move Command Group 2,
/// Brilliant Tactician 2, then the four left split between the reloads by
/// the share of missile and war-machine points, then Cast Spells. Our
/// reading when the army has casters (points of characters whose ranged
/// attack is a `spell`): Cast Spells takes their share of the four
/// (1 to 3), leaving a reload card for each kind of shooter the army has;
/// an army without casters gets the digest's split unchanged.
pub fn default_build(missile_points: u32, machine_points: u32, caster_points: u32) -> OrdersBuild {
    let split = |left: u8, missile: u32, machine: u32| -> (u8, u8) {
        let shooters = missile + machine;
        match (u32::from(left) * missile + shooters / 2).checked_div(shooters) {
            None => (left.min(3), left.saturating_sub(3)),
            Some(m) => {
                let mut m = (m as u8).min(3);
                if missile > 0 {
                    m = m.max(1);
                }
                if machine > 0 {
                    m = m.min(left - 1);
                }
                (m, (left - m).min(3))
            }
        }
    };
    if caster_points == 0 {
        let (missile, engines) = split(4, missile_points, machine_points);
        let spells = 4 - missile - engines;
        return OrdersBuild([2, spells, engines, 4, missile, 2, 2]);
    }
    let all = missile_points + machine_points + caster_points;
    let kinds = u8::from(missile_points > 0) + u8::from(machine_points > 0);
    let spells = (((4 * caster_points + all / 2) / all) as u8)
        .clamp(1, 3)
        .min(4 - kinds);
    let (missile, engines) = split(4 - spells, missile_points, machine_points);
    OrdersBuild([2, spells, engines, 4, missile, 2, 2])
}

/// What a side fields that an Orders build should serve: casters (Cast
/// Spells), missile units and war machines (a reload card).
#[derive(Clone, Copy, Debug, Default)]
pub struct Shooters {
    pub missile: u32,
    pub machine: u32,
    pub caster: u32,
}

/// Warnings (not errors) for a build that leaves some of a side's units
/// idle: casters without Cast Spells never cast; missile units or war
/// machines without a card that reloads them shoot once, then only after
/// a Crushing Missilery.
pub fn build_warnings(
    ctx: &Ctx,
    si: usize,
    name: &str,
    given: bool,
    build: OrdersBuild,
    f: Shooters,
    scope: ReloadScope,
) -> Vec<Problem> {
    let field = if given {
        path!["side", si, "orders"]
    } else {
        path!["side", si, "name"]
    };
    let which = if given {
        "its Orders build"
    } else {
        "its default Orders build (no `orders` given)"
    };
    let count = |o: Order| build.count(o) > 0;
    let infantry_reload = count(Order::MissileReload) && scope != ReloadScope::MachinesOnly;
    let machine_reload = count(Order::EnginesOfWarReload)
        || (count(Order::MissileReload) && scope != ReloadScope::InfantryOnly);
    let mut out = Vec::new();
    let mut warn = |message: String, hint: &str| {
        out.push(
            ctx.loc
                .problem(&ctx.at(field.clone()), message, Some(hint.to_string())),
        )
    };
    if f.caster > 0 && !count(Order::CastSpells) {
        warn(
            format!("side `{name}` fields casters and {which} has no Cast Spells: they never cast"),
            "give the side's `orders` at least one cast_spells (within the caps `muster rules states_of_battle` lists)",
        );
    }
    if f.missile > 0 && !infantry_reload {
        warn(
            format!("side `{name}` fields missile units and {which} has no card that reloads them: after one shot they reload only through Crushing Missilery"),
            "give the side's `orders` at least one missile_reload (see missile_reload_scope)",
        );
    }
    if f.machine > 0 && !machine_reload {
        warn(
            format!("side `{name}` fields war machines and {which} has no card that reloads them: after one shot they reload only through Crushing Missilery"),
            "give the side's `orders` at least one engines_of_war_reload or missile_reload",
        );
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn default_builds_are_legal_and_serve_every_kind_of_unit() {
        let points = [0, 1, 40, 200, 400, 1200, 5000];
        for &missile in &points {
            for &machine in &points {
                for &caster in &points {
                    let b = default_build(missile, machine, caster);
                    assert!(
                        b.problems().is_empty(),
                        "{missile} {machine} {caster}: {b:?}"
                    );
                    let has = |o: Order| b.count(o) > 0;
                    assert!(caster == 0 || has(Order::CastSpells), "{b:?}");
                    assert!(missile == 0 || has(Order::MissileReload), "{b:?}");
                    let machines = has(Order::EnginesOfWarReload) || has(Order::MissileReload);
                    assert!(machine == 0 || machines, "{b:?}");
                }
            }
        }
        // Without casters, the digest's split (D23 a) as before.
        assert_eq!(default_build(0, 0, 0), OrdersBuild::DEFAULT);
        assert_eq!(default_build(300, 0, 0), OrdersBuild([2, 0, 1, 4, 3, 2, 2]));
        assert_eq!(
            default_build(100, 100, 0),
            OrdersBuild([2, 0, 2, 4, 2, 2, 2])
        );
        assert_eq!(default_build(0, 100, 0), OrdersBuild([2, 1, 3, 4, 0, 2, 2]));
        // Casters take their share of the four, a reload stays for shooters.
        assert_eq!(
            default_build(400, 0, 400),
            OrdersBuild([2, 2, 0, 4, 2, 2, 2])
        );
        assert_eq!(default_build(0, 0, 400), OrdersBuild([2, 3, 0, 4, 1, 2, 2]));
        assert_eq!(
            default_build(100, 100, 5000),
            OrdersBuild([2, 2, 1, 4, 1, 2, 2])
        );
    }
}
