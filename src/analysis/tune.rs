//! Tuning one integer parameter until a matchup is even: sample-average
//! root finding on common random numbers. Every value is played on the
//! same battle indices `0..n`, so the estimated win-rate curve is smooth in
//! the parameter and a bisection on it is stable; the answer's interval is
//! found by test inversion (the values whose 95% interval holds the target).

use super::play::StudyResult;
use super::vary::{build_variants, check_distinct, scenario_text, Variant};
use super::verdict::Beyond;
use crate::rules::RulesetKind;
use crate::scenario::Scenario;
use crate::stats::{wilson, Z_95};
use anyhow::{anyhow, bail};
use serde::Serialize;
use std::path::Path;

/// What `muster tune` searches.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Param {
    /// The points of the unit's profile (States of Battle: they set the
    /// army's Morale Counters and the unit's MCV).
    Points,
    /// The unit's MCV (States of Battle).
    Mcv,
    /// Points per Morale Counter, in tenths of XP(L) (States of Battle on D&D War).
    McRatio,
    /// The unit's figures (Standards of Valor): the size at which the
    /// matchup is even, which times the figure's cost is a fair price.
    Figures,
}

impl Param {
    /// The ruleset whose scenarios this parameter changes.
    fn ruleset(self) -> RulesetKind {
        match self {
            Param::Figures => RulesetKind::StandardsOfValor,
            _ => RulesetKind::StatesOfBattle,
        }
    }
}

/// The focus side's win rate at one value.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Point {
    pub value: i64,
    pub rate: f64,
    pub lo: f64,
    pub hi: f64,
}

/// The outcome of a search.
#[derive(Clone, Debug, PartialEq)]
pub struct Tuned {
    /// Every value played, sorted.
    pub curve: Vec<Point>,
    /// The neighbouring values whose rates bracket the target, when the
    /// range brackets it.
    pub bracket: Option<(Point, Point)>,
    /// The crossing, interpolated between the bracket.
    pub crossing: Option<f64>,
    /// The values played whose 95% interval holds the target.
    pub consistent: Option<(i64, i64)>,
}

/// Finds where the win rate crosses `target` for values in `lo..=hi`;
/// `eval` plays a list of values (all on the same battles) and returns
/// their points in that order.
pub fn find_even(
    lo: i64,
    hi: i64,
    target: f64,
    mut eval: impl FnMut(&[i64]) -> Vec<Point>,
) -> Tuned {
    let mut curve: Vec<Point> = Vec::new();
    let mut play = |values: Vec<i64>, curve: &mut Vec<Point>| {
        let new: Vec<i64> = values
            .into_iter()
            .filter(|v| curve.iter().all(|p| p.value != *v))
            .collect();
        if !new.is_empty() {
            curve.extend(eval(&new));
            curve.sort_by_key(|p| p.value);
        }
    };
    if hi - lo <= 8 {
        play((lo..=hi).collect(), &mut curve);
    } else {
        play(vec![lo, hi], &mut curve);
    }
    let at = |curve: &[Point], v: i64| curve.iter().find(|p| p.value == v).copied();
    let (first, last) = (
        at(&curve, lo).expect("played"),
        at(&curve, hi).expect("played"),
    );
    let rising = last.rate >= first.rate;
    let below = |p: &Point| {
        if rising {
            p.rate < target
        } else {
            p.rate > target
        }
    };
    if below(&first) == below(&last) {
        return Tuned {
            consistent: consistent(&curve, target),
            curve,
            bracket: None,
            crossing: None,
        };
    }
    // Bisection, three interior values at a time (quarters) to keep the
    // cores busy.
    let (mut a, mut b) = (lo, hi);
    loop {
        // Narrow to the played neighbours around the crossing.
        for p in &curve {
            if p.value > a && p.value < b {
                if below(p) {
                    a = p.value;
                } else {
                    b = p.value;
                }
            }
        }
        if b - a <= 1 {
            break;
        }
        let step = ((b - a) as f64 / 4.0).max(1.0);
        let interior: Vec<i64> = (1..=3)
            .map(|k| a + (step * k as f64).round() as i64)
            .filter(|&v| v > a && v < b)
            .collect();
        play(interior, &mut curve);
    }
    // The curve around the answer: two values either side.
    play(((a - 2).max(lo)..=(b + 2).min(hi)).collect(), &mut curve);
    let (pa, pb) = (
        at(&curve, a).expect("played"),
        at(&curve, b).expect("played"),
    );
    let crossing = if (pb.rate - pa.rate).abs() > 0.0 {
        a as f64 + (target - pa.rate) / (pb.rate - pa.rate) * (b - a) as f64
    } else {
        (a + b) as f64 / 2.0
    };
    Tuned {
        consistent: consistent(&curve, target),
        curve,
        bracket: Some((pa, pb)),
        crossing: Some(crossing),
    }
}

/// The smallest and largest values played whose interval holds `target`.
fn consistent(curve: &[Point], target: f64) -> Option<(i64, i64)> {
    let inside: Vec<i64> = curve
        .iter()
        .filter(|p| p.lo <= target && target <= p.hi)
        .map(|p| p.value)
        .collect();
    Some((*inside.first()?, *inside.last()?))
}

/// The path of the parameter in the resolved scenario and its current value.
pub fn param_path(
    scenario: &Scenario,
    unit: Option<&str>,
    param: Param,
) -> anyhow::Result<(String, Option<i64>)> {
    if scenario.kind != param.ruleset() {
        bail!(
            "tune --param {} works on {} scenarios, not {}: points, MCV and the MC ratio change States of Battle battles, figures change Standards of Valor ones; elsewhere points do not change play (price units with a sweep over what they carry instead)",
            param.word(),
            param.ruleset().name(),
            scenario.kind.name()
        );
    }
    if param == Param::McRatio {
        return Ok(("states_of_battle.dnd_mc_ratio_xp_tenths".to_string(), None));
    }
    let unit = unit.unwrap_or_default();
    let text = scenario_text(scenario).map_err(|e| anyhow!("{e}"))?;
    let doc: toml::Table = text.parse().map_err(|e| anyhow!("{e}"))?;
    let sides = doc
        .get("side")
        .and_then(|s| s.as_array())
        .cloned()
        .unwrap_or_default();
    let mut hits = Vec::new();
    let mut all = Vec::new();
    for (si, side) in sides.iter().enumerate() {
        let units = side
            .get("units")
            .and_then(|u| u.as_array())
            .cloned()
            .unwrap_or_default();
        for (ui, u) in units.iter().enumerate() {
            let label = u.get("label").and_then(|l| l.as_str()).unwrap_or("");
            let profile = u.get("profile").and_then(|l| l.as_str()).unwrap_or("");
            all.push(if label.is_empty() {
                profile.to_string()
            } else {
                label.to_string()
            });
            if label == unit || profile == unit {
                let field = |k: &str| u.get(k).and_then(|m| m.as_integer());
                let (mcv, figures) = (field("mcv"), field("figures"));
                hits.push((
                    label == unit,
                    (si, ui, profile.to_string(), (mcv, figures), side.clone()),
                ));
            }
        }
    }
    // A label names its unit even when another unit has that profile.
    if hits.iter().any(|(by_label, _)| *by_label) {
        hits.retain(|(by_label, _)| *by_label);
    }
    let (si, ui, profile, (mcv, figures), side) = match hits.len() {
        1 => hits.remove(0).1,
        0 => bail!(
            "--unit `{unit}`: no unit has that label or profile; units: {}",
            all.join(", ")
        ),
        n => bail!("--unit `{unit}` names {n} units; give a unit's label"),
    };
    Ok(match param {
        Param::Figures => (format!("side.{si}.units.{ui}.figures"), figures),
        Param::Mcv => (
            format!("side.{si}.units.{ui}.mcv"),
            mcv.or_else(|| effective_mcv(scenario, &side, si, ui)),
        ),
        _ => {
            let points = side
                .get("army_list")
                .and_then(|a| a.get("profile"))
                .and_then(|p| p.as_array())
                .and_then(|ps| {
                    ps.iter()
                        .find(|p| p.get("id").and_then(|i| i.as_str()) == Some(&profile))
                })
                .and_then(|p| p.get("points"))
                .and_then(|p| p.as_integer());
            (
                format!("side.{si}.army_list.profile.{profile}.points"),
                points,
            )
        }
    })
}

impl Param {
    /// The word `--param` takes.
    pub fn word(self) -> &'static str {
        match self {
            Param::Points => "points",
            Param::Mcv => "mcv",
            Param::McRatio => "mc-ratio",
            Param::Figures => "figures",
        }
    }
}

/// The MCV the validated scenario gives unit `ui` of side `si` (`side`
/// is its resolved table) when the file leaves it to the points.
fn effective_mcv(scenario: &Scenario, side: &toml::Value, si: usize, ui: usize) -> Option<i64> {
    let crate::scenario::ScenarioRules::StatesOfBattle(rules) = &scenario.rules else {
        return None;
    };
    let units = side.get("units")?.as_array()?;
    let profile_of = |u: &toml::Value| {
        u.get("profile")
            .and_then(|p| p.as_str())
            .map(str::to_string)
    };
    let unit = units.get(ui)?;
    let label = match unit.get("label").and_then(|l| l.as_str()) {
        Some(l) => l.to_string(),
        None => {
            let profile = profile_of(unit)?;
            let n = units[..ui]
                .iter()
                .filter(|u| profile_of(u).as_deref() == Some(profile.as_str()))
                .count();
            format!("{profile}#{}", n + 1)
        }
    };
    let side_id = if si == 0 {
        crate::rules::Side::A
    } else {
        crate::rules::Side::B
    };
    let i = rules
        .core
        .setup
        .units
        .iter()
        .position(|u| u.side == side_id && u.label == label)?;
    rules.sob.mcv.get(i).map(|&m| i64::from(m))
}

/// Points for values that were not played (the search is being abandoned).
fn unplayed(values: &[i64]) -> Vec<Point> {
    values
        .iter()
        .map(|&value| Point {
            value,
            rate: f64::NAN,
            lo: 0.0,
            hi: 1.0,
        })
        .collect()
}

/// A search over one parameter of a scenario: the values of `path` in
/// `range`, each played `battles` times on the same battles under `seed`.
pub struct Search<'a> {
    pub base: &'a Scenario,
    /// Where relative references in edited values resolve.
    pub base_dir: Option<&'a Path>,
    pub path: &'a str,
    pub range: (i64, i64),
    pub target: f64,
    pub seed: u64,
    pub battles: u64,
}

/// A search's outcome.
pub struct Searched {
    pub tuned: Tuned,
    /// Battles played over all values.
    pub played: u64,
    /// Whether it was interrupted.
    pub partial: bool,
    /// Beyond the range, when it does not cross the target.
    pub beyond: Option<Beyond>,
}

/// Plays the values [`find_even`] asks for until the win rate's crossing
/// of the target is found. `play(variants, seed, start, battles)` plays
/// variants on common random numbers (the command's workers); after an
/// interruption or an error nothing more is played.
pub fn search(
    s: &Search,
    mut play: impl FnMut(&[&Variant], u64, u64, u64) -> anyhow::Result<StudyResult>,
) -> anyhow::Result<Searched> {
    let mut failure: Option<anyhow::Error> = None;
    let mut partial = false;
    let mut played = 0u64;
    let tuned = find_even(s.range.0, s.range.1, s.target, |values| {
        if failure.is_some() || partial {
            return unplayed(values);
        }
        let edits: Vec<Vec<(String, String)>> = values
            .iter()
            .map(|v| vec![(s.path.to_string(), v.to_string())])
            .collect();
        let first = played == 0;
        let played_values = build_variants(s.base, s.base_dir, &edits)
            .map_err(|e| anyhow!("{e}"))
            .and_then(|variants| {
                // The first values played are the range's ends: when they
                // play the same battles, the parameter changes nothing.
                if first && variants.len() > 1 {
                    let ends = [variants[0].clone(), variants[variants.len() - 1].clone()];
                    check_distinct(s.base, &ends).map_err(|e| anyhow!("{e}"))?;
                }
                let refs: Vec<&Variant> = variants.iter().collect();
                play(&refs, s.seed, 0, s.battles)
            });
        match played_values {
            Ok(r) => {
                partial |= r.partial;
                played += r.played.battles() * values.len() as u64;
                points(values, &r)
            }
            Err(e) => {
                failure = Some(e);
                unplayed(values)
            }
        }
    });
    match failure {
        Some(e) => Err(e),
        None => Ok(Searched {
            beyond: if partial { None } else { beyond(s, &tuned) },
            tuned,
            played,
            partial,
        }),
    }
}

/// The points of `values` played in `r`.
fn points(values: &[i64], r: &StudyResult) -> Vec<Point> {
    let p = &r.played.paired;
    values
        .iter()
        .enumerate()
        .map(|(i, &value)| {
            let (lo, hi) = wilson(p.wins[i], p.battles, Z_95);
            Point {
                value,
                rate: p.rate(i),
                lo,
                hi,
            }
        })
        .collect()
}

/// When the range does not cross the target: which way moves toward it
/// and how far validation lets the parameter go that way (probed by
/// validating variants, nothing played). None when the range crosses the
/// target, the curve is flat or the ends were not played.
pub fn beyond(s: &Search, tuned: &Tuned) -> Option<Beyond> {
    if tuned.crossing.is_some() {
        return None;
    }
    let (first, last) = (tuned.curve.first()?, tuned.curve.last()?);
    if first.rate.is_nan() || last.rate.is_nan() || first.rate == last.rate {
        return None;
    }
    // Below the target everywhere: go toward the higher end; above it:
    // toward the lower end.
    let below = first.rate.max(last.rate) < s.target;
    let up = (last.rate > first.rate) == below;
    let end = if up { s.range.1 } else { s.range.0 };
    let step = if up { 1 } else { -1 };
    let legal = |v: i64| {
        build_variants(
            s.base,
            s.base_dir,
            &[vec![(s.path.to_string(), v.to_string())]],
        )
        .is_ok()
    };
    if !legal(end + step) {
        return Some(Beyond {
            up,
            end,
            legal_to: None,
        });
    }
    // As far again as the range is wide (at least to twice the end), then
    // back to the last legal value by bisection.
    let width = (s.range.1 - s.range.0).max(end.abs()).max(1);
    let (mut ok, mut far) = (end + step, end + step * width);
    if legal(far) {
        ok = far;
    } else {
        while (far - ok).abs() > 1 {
            let mid = ok + (far - ok) / 2;
            if legal(mid) {
                ok = mid;
            } else {
                far = mid;
            }
        }
    }
    Some(Beyond {
        up,
        end,
        legal_to: Some(ok),
    })
}
