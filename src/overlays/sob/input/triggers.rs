//! Validation of the State of Battle triggers of a scenario
//! (`[[side.trigger]]`, digest 1.4 scenario hooks) and of the reserve
//! units they bring on: each trigger names a State and one effect with
//! the one field that effect needs; reinforcements name reserve units of
//! their own side, and every reserve unit is named by exactly one trigger.

use crate::overlays::sob::input::core_input::OverlayUnit;
use crate::overlays::sob::input::file::SobSideBlock;
use crate::overlays::sob::input::file::TriggerRaw;
use crate::overlays::sob::morale::SobState;
use crate::overlays::sob::triggers::{Effect, StateTrigger};
use crate::path;
use crate::rules::Side;
use crate::scenario::checks::{in_range, word, Ctx};
use crate::scenario::problems::{did_you_mean, Problem, Seg};

const EFFECTS: &[&str] = &[
    "reinforcements",
    "generalship_die",
    "roll_off",
    "missile",
    "push",
    "steal",
];

/// The field each effect needs.
fn needed(effect: &str) -> &'static str {
    match effect {
        "reinforcements" => "units",
        "generalship_die" => "die",
        "roll_off" | "missile" => "modifier",
        "push" => "target",
        _ => "count",
    }
}

/// The validated triggers of both sides, in scenario order.
pub fn validate(
    ctx: &Ctx,
    p: &mut Vec<Problem>,
    sides: &[impl SobSideBlock],
    units: &[OverlayUnit],
) -> Vec<StateTrigger> {
    let mut out = Vec::new();
    let mut called = vec![false; units.len()];
    for (si, side) in sides.iter().enumerate().take(2) {
        let s = Side::BOTH[si];
        for (ti, t) in side.triggers().iter().enumerate() {
            if let Some(trigger) = one(ctx, p, units, s, si, ti, t, &mut called) {
                out.push(trigger);
            }
        }
    }
    // Every reserve unit must be called on by a trigger.
    let mut k = 0;
    for (si, side) in sides.iter().enumerate().take(2) {
        for ui in 0..side.unit_blocks().len() {
            let Some(spec) = units.get(k) else {
                break;
            };
            if spec.reserve && !called[k] {
                ctx.err(
                    p,
                    path!["side", si, "units", ui, "reserve"],
                    format!("reserve unit `{}` is never brought on", spec.label),
                    Some("name it in a [[side.trigger]] of its side with effect = \"reinforcements\", or remove `reserve`".into()),
                );
            }
            k += 1;
        }
    }
    out
}

/// Where trigger `ti` of side `si` is, and its `key`.
struct At {
    si: usize,
    ti: usize,
}

impl At {
    fn key(&self, key: &str) -> Vec<Seg> {
        path!["side", self.si, "trigger", self.ti, key]
    }
}

#[allow(clippy::too_many_arguments)]
fn one(
    ctx: &Ctx,
    p: &mut Vec<Problem>,
    units: &[OverlayUnit],
    s: Side,
    si: usize,
    ti: usize,
    t: &TriggerRaw,
    called: &mut [bool],
) -> Option<StateTrigger> {
    let at = At { si, ti };
    let mut missing = |key: &str, what: &str| {
        ctx.err(
            p,
            at.key(key),
            format!("a trigger needs `{key}`"),
            Some(what.to_string()),
        );
    };
    let (Some(state), Some(effect)) = (t.state.as_deref(), t.effect.as_deref()) else {
        if t.state.is_none() {
            missing("state", "state = \"shaken\", \"bloodied\" or \"desperate\"");
        }
        if t.effect.is_none() {
            missing(
                "effect",
                &format!("effect = one of: {}", EFFECTS.join(", ")),
            );
        }
        return None;
    };
    let state = match word(
        ctx,
        p,
        at.key("state"),
        Some(state),
        &["shaken", "bloodied", "desperate"],
        "",
    ) {
        "shaken" => SobState::Shaken,
        "bloodied" => SobState::Bloodied,
        "desperate" => SobState::Desperate,
        _ => return None,
    };
    let effect = word(ctx, p, at.key("effect"), Some(effect), EFFECTS, "");
    if effect.is_empty() || !fields_fit(ctx, p, &at, t, effect) {
        return None;
    }
    let effect = match effect {
        "reinforcements" => {
            Effect::Reinforcements(reinforcements(ctx, p, units, s, &at, t, called)?)
        }
        _ => value_effect(ctx, p, &at, t, effect)?,
    };
    Some(StateTrigger {
        side: s,
        state,
        effect,
    })
}

/// Whether the trigger gives the one field its effect needs (`target` may
/// be left out) and no other; a problem for each that does not fit.
fn fields_fit(ctx: &Ctx, p: &mut Vec<Problem>, at: &At, t: &TriggerRaw, effect: &str) -> bool {
    let need = needed(effect);
    let given = [
        ("units", t.units.is_some()),
        ("die", t.die.is_some()),
        ("modifier", t.modifier.is_some()),
        ("count", t.count.is_some()),
        ("target", t.target.is_some()),
    ];
    for (key, set) in given {
        if set && key != need {
            ctx.err(
                p,
                at.key(key),
                format!("`{key}` is not used by effect = \"{effect}\""),
                Some(format!("effect = \"{effect}\" takes `{need}`")),
            );
        }
    }
    let present = given.iter().any(|&(k, set)| k == need && set);
    if !present && need != "target" {
        ctx.err(
            p,
            at.key(need),
            format!("effect = \"{effect}\" needs `{need}`"),
            Some(match need {
                "units" => "units = [\"label\", ...]: reserve units of this side".into(),
                "die" => "die = 12: the Generalship Die from then on".into(),
                "modifier" => "modifier = -1 (a penalty) or 1 (a buff)".into(),
                _ => "count = 1: counters taken from the opponent".into(),
            }),
        );
        return false;
    }
    true
}

/// The reserve units of side `s` a reinforcements trigger brings on
/// (marked in `called`); `None` when it lists none.
fn reinforcements(
    ctx: &Ctx,
    p: &mut Vec<Problem>,
    all: &[OverlayUnit],
    s: Side,
    at: &At,
    t: &TriggerRaw,
    called: &mut [bool],
) -> Option<Vec<usize>> {
    let labels = t.units.as_deref().unwrap_or_default();
    if labels.is_empty() {
        ctx.err(
            p,
            at.key("units"),
            "no units listed",
            Some("units = [\"label\", ...]".into()),
        );
        return None;
    }
    let mut units = Vec::new();
    for (li, label) in labels.iter().enumerate() {
        let found = (0..all.len()).find(|&u| all[u].side == s && &all[u].label == label);
        let field = path!["side", at.si, "trigger", at.ti, "units", li];
        match found {
            None => {
                let known = all.iter().filter(|u| u.side == s).map(|u| u.label.as_str());
                let hint = did_you_mean(label, known)
                    .unwrap_or_else(|| "name a unit of this side by its label".into());
                ctx.err(
                    p,
                    field,
                    format!("no unit `{label}` in this side"),
                    Some(hint),
                );
            }
            Some(u) if !all[u].reserve => ctx.err(
                p,
                field,
                format!("unit `{label}` is not a reserve unit"),
                Some(format!(
                    "give `{label}` reserve = true so that it starts off the table"
                )),
            ),
            Some(u) if called[u] => ctx.err(
                p,
                field,
                format!("unit `{label}` is already brought on by another trigger"),
                Some("name each reserve unit in one trigger only".into()),
            ),
            Some(u) => {
                called[u] = true;
                units.push(u);
            }
        }
    }
    Some(units)
}

/// The effect of a trigger other than reinforcements, its value checked.
fn value_effect(
    ctx: &Ctx,
    p: &mut Vec<Problem>,
    at: &At,
    t: &TriggerRaw,
    effect: &str,
) -> Option<Effect> {
    Some(match effect {
        "generalship_die" => {
            let d = t.die.unwrap_or(10);
            if !crate::overlays::sob::rolloff::GD_SIDES
                .iter()
                .any(|&s| i64::from(s) == d)
            {
                ctx.err(
                    p,
                    at.key("die"),
                    format!("a Generalship Die of {d} sides is not a die"),
                    Some("give one of 4, 6, 8, 10, 12, 20 (d4 to d20)".to_string()),
                );
                return None;
            }
            Effect::GeneralshipDie(d as u8)
        }
        "roll_off" | "missile" => {
            let m = t.modifier.unwrap_or(0);
            if !in_range(ctx, p, at.key("modifier"), "modifier", m, -10, 10) {
                return None;
            }
            if effect == "roll_off" {
                Effect::RollOff(m as i32)
            } else {
                Effect::Missile(m as i32)
            }
        }
        "push" => Effect::Push {
            opponent: word(
                ctx,
                p,
                at.key("target"),
                t.target.as_deref(),
                &["opponent", "self"],
                "opponent",
            ) == "opponent",
        },
        _ => {
            let c = t.count.unwrap_or(1);
            if !in_range(ctx, p, at.key("count"), "count", c, 1, 100) {
                return None;
            }
            Effect::Steal(c as u32)
        }
    })
}
