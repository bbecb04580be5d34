//! Standards of Valor combined assaults (L2863-2872), through the real
//! rules code: friends join an assault and each takes its own charge test;
//! the defender's odds test counts every charger that passed; a party
//! under `all_or_none` calls the assault off when one refuses, and one
//! under `press_on` tests at +1 after a partner fell back; the attackers of
//! a melee activate together; a melee stays a star as units leave it; and
//! under `combined_hth` the defender's front is shared among its attackers
//! (`shared_front`) or fought whole by each (`full_front`).

use super::sov_examples::unit;
use super::sov_rules::{scenario_on, setup_of, with_seeded_battle};
use super::support::within_4_sigma;
use muster::rules::{TraceEvent, VecTrace};
use muster::rulesets::standards_of_valor::battle::Battle;
use muster::rulesets::standards_of_valor::ladder::{p_pass, Die};
use muster::rulesets::standards_of_valor::partners::Party;
use muster::rulesets::standards_of_valor::setup::SovSetup;

/// An inline doctrine: the default one with these keys.
fn doctrine(name: &str, keys: &str) -> String {
    format!(
        r#"doctrine = {{ doctrine = {{ name = "{name}", ruleset = "standards_of_valor" }}, {keys} }}"#
    )
}

/// The Romans charge at good odds and call a combined assault off when
/// one refuses (`all_or_none`); the Germans charge whatever is in reach
/// and press on.
fn setup(romans: &[String], germans: &[String], options: &str) -> SovSetup {
    let text = scenario_on("", &romans.join(", "), &germans.join(", "), options);
    let roman = doctrine(
        "careful",
        r#"charge = "favourable", combined_assault = "all_or_none""#,
    );
    let german = doctrine("wild", r#"charge = "eager", combined_assault = "press_on""#);
    let text = text
        .replace(r#"doctrine = "shieldwall""#, &roman)
        .replace(r#"doctrine = "wild_charge""#, &german);
    setup_of(&text)
}

fn with_battle<R>(setup: &SovSetup, i: u64, f: impl FnOnce(&mut Battle<'_, VecTrace>) -> R) -> R {
    with_seeded_battle(0xC0B1_2863, setup, i, f)
}

/// Whether `who` has a change line starting with `what`.
fn changed(events: &[TraceEvent], who: &str, what: &str) -> bool {
    events.iter().any(|e| {
        matches!(e, TraceEvent::Change { unit, change, .. } if unit == who && change.starts_with(what))
    })
}

/// The rolls `who` made for `purpose`.
fn rolls(events: &[TraceEvent], who: &str, purpose: &str) -> Vec<u8> {
    let hit = |e: &TraceEvent| match e {
        TraceEvent::Roll {
            who: w,
            purpose: p,
            kept,
            ..
        } if w == who && p == purpose => Some(*kept),
        _ => None,
    };
    events.iter().filter_map(hit).collect()
}

/// A Veteran century (a 10" front), and two warbands side by side a few
/// inches in front of it, 18" wide each (`wide`) or 9": two narrow ones
/// together just cover its front.
fn century_and_two_warbands(wide: bool) -> (Vec<String>, Vec<String>) {
    let century = unit("century legionary 20x10 close veteran 2", [36.0, 8.0]);
    let (files, x) = if wide { (12, 9.0) } else { (6, 4.5) };
    let w = |label: &str, at: f32| {
        let spec = format!("{label} germanic_warrior 24x{files} open regular 2");
        unit(&spec, [at, 17.0])
    };
    (vec![century], vec![w("w1", 36.0 - x), w("w2", 36.0 + x)])
}

/// Every lock is between units on the table, and each melee is a star:
/// a unit's partner points back to it, or is a defender pointing to
/// another of its attackers.
fn assert_locks_are_stars(b: &Battle<'_, VecTrace>, when: &str) {
    for (u, s) in b.st.units.iter().enumerate() {
        let Some(e) = s.locked_with.map(usize::from) else {
            continue;
        };
        assert!(
            s.on_table() && b.st.units[e].on_table(),
            "{when}: {u} locked with {e}, gone"
        );
        let back = b.st.units[e].locked_with.map(usize::from);
        let star = back == Some(u) || back.is_some_and(|x| b.partners(e).any(|p| p == x));
        assert!(star, "{when}: {u} -> {e} -> {back:?}");
        if b.partners(u).nth(1).is_some() {
            assert!(
                b.partners(u).any(|p| p == e),
                "{when}: hub {u} points outside"
            );
        }
    }
}

#[test]
fn friends_join_an_assault_and_the_defender_tests_against_all_of_them() {
    // L2866-2869: both warbands go in together, each testing separately;
    // only those that pass charge. L2654: the century's stand test is at
    // TL = chargers' figures / its own: 48 / 20 -> 2 with both, 24 / 20 -> 1
    // with one.
    let (romans, germans) = century_and_two_warbands(false);
    let s = setup(&romans, &germans, "");
    let mut seen = [0; 3];
    for i in 0..400 {
        with_battle(&s, i, |b| {
            b.activate(1);
            let ev = &b.trace.events;
            assert!(b.st.units[2].activated, "w2 joined w1's assault");
            assert!(changed(ev, "w2", "joins w1's assault on century"));
            let mut went = 0;
            for w in ["w1", "w2"] {
                assert_eq!(rolls(ev, w, "charge test").len(), 1, "{w} tests once");
                let refused = changed(ev, w, "refuses to charge");
                if refused {
                    assert!(!changed(ev, w, "contacts"), "{w} refused, yet charged");
                } else {
                    went += 1;
                }
            }
            seen[went] += 1;
            assert_locks_are_stars(b, &format!("battle {i}"));
            let locked = [1, 2]
                .iter()
                .filter(|&&w| b.st.units[w].locked_with == Some(0))
                .count();
            if b.st.units[0].on_table() && b.st.units[0].locked_with.is_some() {
                assert_eq!(b.partners(0).count(), locked, "battle {i}");
                assert_eq!(b.combined_melee(0).is_some(), locked == 2, "battle {i}");
            }
            let Some(&r) = rolls(ev, "century", "receive charge").first() else {
                assert_eq!(went, 0, "a charge went in untested");
                return;
            };
            let tl = if went == 2 { 2 } else { 1 };
            let failed = i32::from(r) <= 2 + tl;
            let forced = ev.iter().any(|e| {
                matches!(e, TraceEvent::Decision { unit, choice, .. }
                    if unit == "century" && choice == "forced withdrawal")
            });
            assert_eq!(forced, failed, "battle {i}: roll {r}, TL {tl}");
        });
    }
    assert!(
        seen.iter().all(|&n| n > 0),
        "every count of chargers came up: {seen:?}"
    );
}

#[test]
fn under_a_shared_front_a_friend_joins_only_where_there_is_room() {
    // One 18" warband already covers the century's 10" front: under
    // `shared_front` a second one would add no figures in contact, so it
    // keeps its activation; under `full_front` it joins.
    let (romans, germans) = century_and_two_warbands(true);
    for (options, joins) in [("", false), ("combined_hth = \"full_front\"", true)] {
        let s = setup(&romans, &germans, options);
        with_battle(&s, 0, |b| {
            b.activate(1);
            assert_eq!(b.st.units[2].activated, joins, "[{options}]");
        });
    }
}

#[test]
fn all_or_none_calls_the_assault_off_when_one_refuses() {
    // L2869: the player may abort when one fails its test. The Romans'
    // all_or_none doctrine does; the centuries then make no combat move.
    let c1 = unit("c1 legionary 20x10 close veteran 2", [30.0, 8.0]);
    let c2 = unit("c2 legionary 20x10 close veteran 2", [42.0, 8.0]);
    let skirmishers = unit("sk germanic_warrior 8x8 skirmish regular 2", [36.0, 19.0]);
    let s = setup(&[c1, c2], &[skirmishers], "");
    let (mut called_off, mut pressed) = (0, 0);
    for i in 0..300 {
        with_battle(&s, i, |b| {
            b.activate(0);
            let ev = &b.trace.events;
            let refusals = ["c1", "c2"]
                .iter()
                .filter(|w| changed(ev, w, "refuses to charge"))
                .count();
            let moved = ["c1", "c2"]
                .iter()
                .filter(|w| !rolls(ev, w, "combat move").is_empty())
                .count();
            if refusals > 0 {
                assert_eq!(moved, 0, "battle {i}: the assault went on after a refusal");
                called_off += 1;
            } else {
                assert_eq!(moved, 2, "battle {i}: both charge");
                pressed += 1;
            }
        });
    }
    assert!(
        called_off > 0 && pressed > 0,
        "{called_off} called off, {pressed} pressed"
    );
}

#[test]
fn pressing_on_after_a_fall_back_costs_one_on_the_later_tests() {
    // L2872: the units that go on after a partner fell back add +1 to the
    // Threat Level of their further tests in the assault; the scrum test is
    // one. A Regular warband (D8) at LV 2 passes a TL 0 test at 6/8, and
    // one at TL +1 at 5/8.
    let (romans, germans) = century_and_two_warbands(true);
    let s = setup(&romans, &germans, "");
    with_battle(&s, 0, |b| {
        assert!(b.party_goes_on(&Party::of(2), true), "press_on presses on");
        assert_eq!(b.st.units[2].assault_extra_tl, 1);
        assert!(
            !b.party_goes_on(&Party::of(0), true),
            "all_or_none breaks off"
        );
        assert_eq!(b.st.units[0].assault_extra_tl, 0);
    });
    let n = 4000;
    for extra in [0, 1] {
        let failures = (0..n)
            .filter(|&i| {
                with_battle(&s, i, |b| {
                    b.st.units[2].assault_extra_tl = extra;
                    b.scrum_test(2, 0)
                })
            })
            .count() as u64;
        let p = 1.0 - p_pass(Die::D8, 2 + i32::from(extra));
        within_4_sigma(&format!("scrum test failures at +{extra}"), failures, n, p);
    }
}

/// A battle with both wide warbands locked in hand-to-hand with the century.
fn with_combined_melee(f: impl FnOnce(&mut Battle<'_, VecTrace>)) {
    let (romans, germans) = century_and_two_warbands(true);
    let s = setup(&romans, &germans, "");
    with_battle(&s, 0, |b| {
        b.lock(1, 0);
        b.lock(2, 0);
        f(b)
    });
}

#[test]
fn a_melee_stays_a_star_as_units_leave_it() {
    with_combined_melee(|b| {
        assert_eq!(b.partners(0).collect::<Vec<_>>(), [1, 2]);
        assert_eq!(b.st.units[0].locked_with, Some(1));
        assert_eq!(b.combined_melee(2), Some(0));
        // w1 falls back: the century now points to w2, a pair.
        assert_eq!(b.release(1), Some(0));
        assert_eq!(b.st.units[0].locked_with, Some(2));
        assert_eq!(b.combined_melee(0), None);
        // The century leaves: w2 is free.
        assert_eq!(b.release(0), Some(2));
        assert!(b.st.units.iter().all(|u| u.locked_with.is_none()));
    });
}

#[test]
fn the_attackers_of_a_melee_activate_together() {
    // L2866: the attackers of a combined assault act at once; the
    // defender fights all of them in its own activation.
    with_combined_melee(|b| {
        b.activate(2);
        assert!(b.st.units[1].activated && b.st.units[2].activated);
        let ev = &b.trace.events;
        for w in ["w1", "w2"] {
            assert!(changed(ev, w, "actions 1-2: hand-to-hand round"), "{w}");
        }
    });
    with_combined_melee(|b| {
        b.activate(0);
        let fights = b.trace.events.iter().filter(|e| {
            matches!(e, TraceEvent::Change { unit, change, .. } if unit == "century" && change.starts_with("fights:"))
        });
        assert_eq!(fights.count(), 2, "one round against each warband");
        assert!(!b.st.units[1].activated && !b.st.units[2].activated);
    });
}

/// Mean and variance of the figures the century, locked with `attackers`
/// (one or both warbands), kills in one round of its own activation.
fn century_kills(options: &str, attackers: &[usize], n: u64) -> (f64, f64) {
    let (romans, germans) = century_and_two_warbands(true);
    let s = setup(&romans, &germans, options);
    let kills: Vec<f64> = (0..n)
        .map(|i| {
            with_battle(&s, i, |b| {
                for &a in attackers {
                    b.lock(a, 0);
                }
                let before: u32 = attackers
                    .iter()
                    .map(|&a| u32::from(b.st.units[a].figures))
                    .sum();
                if attackers.len() == 1 {
                    b.fight(0, attackers[0], false);
                } else {
                    let attackers = b.partners_of(0);
                    b.fight_combined(0, &attackers, true, false);
                }
                let after: u32 = attackers
                    .iter()
                    .map(|&a| u32::from(b.st.units[a].figures))
                    .sum();
                f64::from(before - after)
            })
        })
        .collect();
    let mean = kills.iter().sum::<f64>() / n as f64;
    let var = kills.iter().map(|k| (k - mean).powi(2)).sum::<f64>() / (n - 1) as f64;
    (mean, var)
}

#[test]
fn the_defenders_front_is_shared_among_its_attackers() {
    // Under `shared_front` the century's 10" front is split between the two
    // warbands (5" each), so each pair round has half the figure ratio of a
    // one-on-one round (2 figures a die, not 4) and the century kills as
    // many in all as against one warband. Under `full_front` each warband
    // faces the whole front: nearly twice as many (the scrum test after
    // the first round sometimes ends the fight before the second).
    let n = 3000;
    let (pair, vp) = century_kills("", &[1], n);
    let (shared, vs) = century_kills("", &[1, 2], n);
    let (full, vf) = century_kills("combined_hth = \"full_front\"", &[1, 2], n);
    let nf = n as f64;
    let sigma = |a: f64, b: f64| 4.0 * ((a + b) / nf).sqrt();
    assert!(pair > 1.0, "the century kills in a round: {pair}");
    assert!(
        (shared - pair).abs() <= sigma(vs, vp),
        "shared front {shared:.3} v one-on-one {pair:.3}"
    );
    assert!(
        full >= 1.5 * pair + sigma(vf, 2.25 * vp),
        "full front {full:.3} v one-on-one {pair:.3} (shared {shared:.3}, variance {vf:.2})"
    );
}
