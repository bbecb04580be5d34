//! States of Battle as a playable ruleset on the D&D War core: deck
//! legality (356 builds, TV-27) and the build errors a scenario gets,
//! decks (TV-08, TV-09 and the exact draw odds of 9.6), Army Morale
//! (TV-11 and the exact 9.3 row), the MC accounting invariant battle
//! after battle, and the MC ratio of the D&D War core.

use muster::dice::Dice;
use muster::overlays::sob::cards::{Order, OrdersBuild, MENU};
use muster::overlays::sob::deck::{Deck, Reshuffle};
use muster::overlays::sob::events::army_morale_result;
use muster::overlays::sob::ledger::FLOWS;
use muster::overlays::sob::morale::{GainCap, GainPlacement, MoraleTrack, RemainderPlacement};
use muster::rules::{BattleRecord, NoTrace, Ruleset};
use muster::rulesets::dnd_war::sob_core::SobOnDndWar;
use muster::scenario::{load_scenario, load_scenario_text, ScenarioRules};
use std::path::Path;

fn sob(path: &str) -> SobOnDndWar {
    let s = load_scenario(Path::new(path)).expect("scenario loads");
    match s.rules {
        ScenarioRules::StatesOfBattle(r) => *r,
        _ => panic!("{path} is not a States of Battle scenario"),
    }
}

/// The number of legal builds, counted independently of `all_legal`.
pub fn count_builds(i: usize, left: u32) -> u32 {
    if i == MENU.len() {
        return u32::from(left == 0);
    }
    (0..=u32::from(MENU[i].1).min(left))
        .map(|n| count_builds(i + 1, left - n))
        .sum()
}

#[test]
fn tv27_there_are_356_legal_builds() {
    assert_eq!(count_builds(0, 14), 356);
    let all = OrdersBuild::all_legal();
    assert_eq!(all.len(), 356);
    assert!(all.iter().all(|b| b.problems().is_empty()));
    let valid = OrdersBuild([2, 3, 0, 4, 1, 2, 2]);
    assert!(valid.problems().is_empty());
    assert_eq!(valid.cards().count(), 16);
    assert_eq!(valid.cards().filter(|&c| c == Order::Lull).count(), 2);
    assert_eq!(OrdersBuild([3, 3, 0, 4, 0, 2, 2]).problems().len(), 1);
    assert_eq!(OrdersBuild([2, 3, 0, 4, 0, 2, 2]).problems().len(), 1);
}

#[test]
fn an_illegal_build_names_the_cap_it_breaks() {
    let text = std::fs::read_to_string("scenarios/states_of_battle/gunline.toml").unwrap();
    let bad = text.replace(
        "brilliant_tactician = 2, engines",
        "brilliant_tactician = 3, engines",
    );
    let err = load_scenario_text(
        "gunline.toml",
        &bad,
        Some(Path::new("scenarios/states_of_battle")),
    )
    .map(|_| ())
    .expect_err("an illegal build is rejected")
    .to_string();
    assert!(err.contains("side[0].orders.brilliant_tactician"), "{err}");
    assert!(err.contains("breaks its cap of 2"), "{err}");
    assert!(err.contains("15 menu cards"), "{err}");
}

#[test]
fn sob_settings_in_a_plain_dnd_war_scenario_are_rejected() {
    let text = std::fs::read_to_string("scenarios/dnd_war/infantry_lines.toml").unwrap();
    let bad = text.replacen(
        "doctrine = \"balanced\"\n",
        "doctrine = \"balanced\"\ngd = 8\n",
        1,
    );
    let err = load_scenario_text("x.toml", &bad, Some(Path::new("scenarios/dnd_war")))
        .map(|_| ())
        .expect_err("rejected")
        .to_string();
    assert!(err.contains("`gd` is a States of Battle setting"), "{err}");
}

#[test]
fn tv08_tutor_from_a_short_draw_pile() {
    let mut dice = Dice::for_battle(1, 0);
    let mut deck: Deck<Order> = Deck {
        draw: vec![Order::Melee],
        discard: vec![Order::Move; 12],
        ..Default::default()
    };
    let got = deck.tutor(&mut dice, |p| p.iter().position(|&c| c == Order::Melee));
    assert_eq!(got, Some(Order::Melee));
    for _ in 0..2 {
        assert!(deck.draw_one(&mut dice, Reshuffle::Lazy).is_some());
    }
    assert_eq!((deck.draw.len(), deck.discard.len()), (10, 0));
}

#[test]
fn tv09_lazy_reshuffle() {
    let mut dice = Dice::for_battle(1, 0);
    let mut deck: Deck<Order> = Deck {
        draw: vec![Order::Move; 2],
        discard: vec![Order::Melee; 10],
        ..Default::default()
    };
    for _ in 0..3 {
        deck.draw_one(&mut dice, Reshuffle::Lazy).unwrap();
    }
    assert_eq!((deck.draw.len(), deck.discard.len()), (9, 0));
}

/// Section 9.6: P(at least one of k copies in the first 3 draws) of a
/// fresh 16-card deck, simulated against the exact 1 - C(16-k,3)/C(16,3).
#[test]
fn deck_draws_match_the_exact_odds() {
    let exact = [3.0 / 16.0, 7.0 / 20.0, 137.0 / 280.0, 17.0 / 28.0];
    let n = 100_000;
    for (i, &p) in exact.iter().enumerate() {
        let k = i + 1;
        let mut hits = 0;
        let mut dice = Dice::for_battle(7, k as u64);
        let mut deck: Deck<bool> = Deck::default();
        for _ in 0..n {
            let cards = (0..16).map(|c| c < k);
            deck.start(cards, &mut dice);
            let got = (0..3).any(|_| deck.draw_one(&mut dice, Reshuffle::Lazy) == Some(true));
            hits += u32::from(got);
        }
        let q = f64::from(hits) / f64::from(n);
        let tol = 4.0 * (p * (1.0 - p) / f64::from(n)).sqrt();
        assert!((q - p).abs() <= tol, "k = {k}: {q} vs exact {p}");
    }
}

#[test]
fn tv11_army_morale_rolls() {
    let rows = [
        (8, 6, 1, 0),
        (10, 2, 1, 1),
        (7, 2, 0, 1),
        (6, 2, 0, 0),
        (3, 3, 0, 0),
        (3, 3, 1, -1),
    ];
    for (x, y, h, want) in rows {
        assert_eq!(army_morale_result(x, y, h), want, "x {x} y {y} h {h}");
    }
    // Section 9.3, d10 against d10: E[change] by State handicap.
    let expected = [-0.3, -0.45, -0.58, -0.69];
    for (h, want) in expected.iter().enumerate() {
        let mut sum = 0;
        for x in 1..=10 {
            for y in 1..=10 {
                sum += army_morale_result(x, y, h as i32);
            }
        }
        assert!((sum as f64 / 100.0 - want).abs() < 1e-12, "h {h}");
    }
}

/// Over 10,000 battles (CI's `MUSTER_SLOW_TESTS`; 2,000 otherwise) of three shipped scenarios: MC start - lost + gained
/// = end for each side (flows by cause, with the floor at 0 counted), the
/// count never exceeds what the flows allow, and the State recorded each
/// round is the one the count implies.
#[test]
fn mc_accounting_holds_battle_after_battle() {
    let battles = if std::env::var("MUSTER_SLOW_TESTS").is_ok() {
        10_000
    } else {
        2_000
    };
    for path in [
        "scenarios/states_of_battle/heroes_and_monster.toml",
        "scenarios/states_of_battle/last_stand.toml",
        "scenarios/states_of_battle/relief_column.toml",
    ] {
        let r = sob(path);
        let shape = r.tally_shape();
        let per_side = shape.side_count_len();
        let mut scratch = r.new_scratch();
        let mut record = BattleRecord::default();
        for i in 0..battles {
            let mut dice = Dice::for_battle(3, i);
            r.play(&mut dice, &mut scratch, &mut record, &mut NoTrace);
            for s in 0..2 {
                let flows = &record.side_counts[s * per_side..s * per_side + 2 * FLOWS];
                let lost: i64 = flows.iter().step_by(2).map(|&v| i64::from(v)).sum();
                let gained: i64 = flows.iter().skip(1).step_by(2).map(|&v| i64::from(v)).sum();
                let start = i64::from(r.sob.army_mc[s]);
                let end = record
                    .strength_by_round
                    .last()
                    .map_or(start, |m| i64::from(m[s]));
                assert_eq!(start - lost + gained, end, "{path} battle {i} side {s}");
                let track = MoraleTrack::new(
                    r.sob.army_mc[s],
                    RemainderPlacement::EmboldenedFirst,
                    GainPlacement::Refill,
                    GainCap::None,
                );
                for (mc, band) in record.strength_by_round.iter().zip(&record.band_by_round) {
                    let mut t = track;
                    let n = r.sob.army_mc[s];
                    if mc[s] < n {
                        t.lose(n - mc[s]);
                    } else {
                        t.gain(mc[s] - n);
                    }
                    assert_eq!(t.state() as u8, band[s], "{path} battle {i}");
                }
            }
            if record.end_reason == 0 {
                let at_end = record.strength_by_round.last().unwrap();
                assert!(at_end.contains(&0), "MC exhausted with {at_end:?}");
            }
        }
    }
}

#[test]
fn the_mc_ratio_follows_the_battle_level() {
    // Level 1: XP(1) = 100, so 250 points per MC; characters 400 notional points, MCV 2.
    let r = sob("scenarios/states_of_battle/heroes_and_monster.toml");
    let mut characters = 0;
    for (u, spec) in r.core.setup.units.iter().enumerate() {
        if r.core.setup.profiles[spec.profile].is_character() {
            characters += 1;
            assert_eq!(r.points[u], 400);
            assert_eq!(r.sob.mcv[u], 2);
        }
    }
    assert_eq!(
        characters, 4,
        "the fighter, the cleric, the chieftain and the shaman"
    );
    let last = sob("scenarios/states_of_battle/last_stand.toml");
    assert!(
        last.sob.army_mc[1] > last.sob.army_mc[0],
        "the host outnumbers, even after mc_adjust"
    );
}

/// The relief_column scenario with `from` replaced by `to`; the error text.
fn relief_error(from: &str, to: &str) -> String {
    let text = std::fs::read_to_string("scenarios/states_of_battle/relief_column.toml").unwrap();
    assert!(text.contains(from), "{from}");
    let bad = text.replacen(from, to, 1);
    load_scenario_text(
        "relief_column.toml",
        &bad,
        Some(Path::new("scenarios/states_of_battle")),
    )
    .map(|_| ())
    .expect_err("rejected")
    .to_string()
}

#[test]
fn state_triggers_and_reserves_are_checked_with_their_fields() {
    assert!(
        sob("scenarios/states_of_battle/relief_column.toml")
            .sob
            .triggers
            .len()
            == 2
    );
    let err = relief_error(
        "units = [\"relief knights\"]",
        "units = [\"relief knight\"]",
    );
    assert!(err.contains("side[0].trigger[0].units[0]"), "{err}");
    assert!(err.contains("no unit `relief knight`"), "{err}");
    assert!(err.contains("relief knights"), "did you mean: {err}");
    // The reserve is then never brought on.
    assert!(
        err.contains("reserve unit `relief knights` is never brought on"),
        "{err}"
    );

    let err = relief_error("units = [\"relief knights\"]", "units = [\"archers\"]");
    assert!(
        err.contains("unit `archers` is not a reserve unit"),
        "{err}"
    );

    let err = relief_error("effect = \"roll_off\"", "effect = \"steal\"");
    assert!(err.contains("side[1].trigger[0].modifier"), "{err}");
    assert!(
        err.contains("`modifier` is not used by effect = \"steal\""),
        "{err}"
    );

    let err = relief_error("state = \"bloodied\"", "state = \"routed\"");
    assert!(err.contains("side[1].trigger[0].state"), "{err}");

    let text = std::fs::read_to_string("scenarios/dnd_war/infantry_lines.toml").unwrap();
    let bad = text.replacen(
        "doctrine = \"balanced\"\n",
        "doctrine = \"balanced\"\n\n[[side.trigger]]\nstate = \"shaken\"\neffect = \"steal\"\ncount = 1\n",
        1,
    );
    let err = load_scenario_text("x.toml", &bad, Some(Path::new("scenarios/dnd_war")))
        .map(|_| ())
        .expect_err("rejected")
        .to_string();
    assert!(
        err.contains("`trigger` is a States of Battle setting"),
        "{err}"
    );
}

#[test]
fn relief_column_reinforcements_come_on_only_after_their_trigger() {
    use muster::rulesets::dnd_war::state::Status;
    let r = sob("scenarios/states_of_battle/relief_column.toml");
    let knights = r
        .core
        .setup
        .units
        .iter()
        .position(|u| u.label.contains("relief knights"))
        .expect("the reserve");
    assert!(r.core.setup.units[knights].reserve);
    let start = muster::rulesets::dnd_war::state::BattleState::new(&r.core.setup);
    assert_eq!(start.units[knights].status(), Status::Reserve);
    // Over 300 battles the knights come on in some, and only after the
    // humans' trigger fired.
    let mut scratch = r.new_scratch();
    let mut record = BattleRecord::default();
    let (mut arrived, mut stayed) = (0, 0);
    for i in 0..300 {
        let mut dice = Dice::for_battle(1, i);
        r.play(&mut dice, &mut scratch, &mut record, &mut NoTrace);
        if scratch.core.st.units[knights].status() == Status::Reserve {
            stayed += 1;
        } else {
            assert!(scratch.sob.trigger_fired[0], "battle {i}");
            arrived += 1;
        }
    }
    assert!(
        arrived > 0 && stayed > 0,
        "arrived {arrived}, stayed {stayed}"
    );
}

const GUNLINE: &str = "scenarios/states_of_battle/gunline.toml";

/// Deploys gunline by GD roll-offs (digest 7.1) on the D&D War core;
/// returns each unit's side, tray and whether it stands on its own.
fn rolloff_deployment(seed: u64) -> Vec<(muster::rules::Side, muster::geometry::Rect, bool)> {
    use muster::overlays::sob::battle::{Game, SobBattle};
    use muster::rulesets::dnd_war::ops::Ctx;
    use muster::rulesets::dnd_war::sob_core::{DndCore, DndScales, OverlayMemos};
    let mut r = sob(GUNLINE);
    r.sob.options.gd_deployment = true;
    let mut st = muster::rulesets::dnd_war::state::BattleState::new(&r.core.setup);
    let mut dice = Dice::for_battle(seed, 0);
    let mut trace = NoTrace;
    let ctx = Ctx {
        setup: &r.core.setup,
        st: &mut st,
        dice: &mut dice,
        doctrines: &r.core.doctrines,
        trace: &mut trace,
    };
    let scales = DndScales {
        to_hit_step: 3,
        sas_need: 18,
        turn_links: true,
    };
    let mut memos = OverlayMemos::default();
    let mut core = DndCore::new(ctx, &r.points, scales, &mut memos);
    let mut b = SobBattle::default();
    Game {
        setup: &r.sob,
        b: &mut b,
        core: &mut core,
    }
    .start();
    st.units
        .iter()
        .map(|u| (u.side, *u.rect(), u.on_table() && u.host.is_none()))
        .collect()
}

#[test]
fn gd_rolloff_deployment_places_every_unit_legally_in_the_scenarios_positions() {
    let r = sob(GUNLINE);
    let scenario: Vec<_> = muster::rulesets::dnd_war::state::BattleState::new(&r.core.setup)
        .units
        .iter()
        .map(|u| *u.rect())
        .collect();
    let mut moved = 0;
    for seed in 0..100 {
        let units = rolloff_deployment(seed);
        for (i, (side, rect, acts)) in units.iter().enumerate() {
            if !acts {
                continue;
            }
            assert!(
                r.core.setup.board.holds(rect),
                "seed {seed} unit {i} off the table"
            );
            let ys = rect.corners().map(|c| c.y);
            match side {
                muster::rules::Side::A => assert!(ys.iter().all(|&y| y <= 12.0 + 1e-6)),
                muster::rules::Side::B => assert!(ys.iter().all(|&y| y >= 48.0 - 12.0 - 1e-6)),
            }
            for (j, (_, other, acts_j)) in units.iter().enumerate().skip(i + 1) {
                assert!(
                    !(*acts_j && rect.overlaps(other)),
                    "seed {seed}: {i} overlaps {j}"
                );
            }
            if (rect.centre - scenario[i].centre).length() > 1e-6 {
                moved += 1;
            }
        }
    }
    assert!(moved > 0, "the roll-offs change where some units stand");
}

/// Favour of the Gods on the D&D War core: over 300 traced battles the
/// cards re-roll break tests, rally tests and charge rolls as well as
/// roll-offs, never more than the two cards a side has, and every use the
/// trace shows is counted as played.
#[test]
fn favour_of_the_gods_rerolls_core_throws_within_its_two_cards() {
    use muster::overlays::sob::cards::{starter_row, Starter};
    use muster::rules::{TraceEvent, VecTrace};
    let r = sob("scenarios/states_of_battle/heroes_and_monster.toml");
    let mut scratch = r.new_scratch();
    let mut record = BattleRecord::default();
    let mut kinds = std::collections::BTreeSet::new();
    for i in 0..300 {
        let mut dice = Dice::for_battle(5, i);
        let mut trace = VecTrace::default();
        r.play(&mut dice, &mut scratch, &mut record, &mut trace);
        let mut uses = [0u32; 2];
        for e in &trace.events {
            let text = match e {
                TraceEvent::Change { change, .. } => change.clone(),
                TraceEvent::Decision {
                    decision, choice, ..
                } if decision == "favour of the gods" => choice.clone(),
                _ => continue,
            };
            if let Some(what) = text
                .strip_prefix("re-rolls its failed ")
                .and_then(|t| t.strip_suffix(" with Favour of the Gods"))
            {
                kinds.insert(what.to_string());
            }
        }
        for (s, u) in uses.iter_mut().enumerate() {
            *u = scratch.sob.cards[s][starter_row(Starter::FavourOfTheGods)][1];
            assert!(*u <= 2, "battle {i}: {u} Favours");
            assert_eq!(
                scratch.sob.starters[s][Starter::FavourOfTheGods.index()],
                2 - *u as u8
            );
        }
    }
    assert!(kinds.contains("break test"), "{kinds:?}");
    assert!(
        kinds.contains("charge roll") || kinds.contains("rally test"),
        "{kinds:?}"
    );
}

/// Cast Spells on the D&D War core (digest 5.5): with Cast Spells in the
/// orcs' build, the goblin shaman's spell is cast through the card, never
/// out of sequence, and the Stratagem may trash a Cast Spells for +4.
#[test]
fn cast_spells_casts_the_shamans_spell_and_only_then() {
    use muster::rules::{TraceEvent, VecTrace};
    let text =
        std::fs::read_to_string("scenarios/states_of_battle/heroes_and_monster.toml").unwrap();
    let with_spells = text.replacen(
        "name = \"Orcs\"\n",
        "name = \"Orcs\"\norders = { brilliant_tactician = 2, cast_spells = 3, melee = 4, move = 2, move_command_group = 2, missile_reload = 1 }\n",
        1,
    );
    let s = load_scenario_text(
        "spells.toml",
        &with_spells,
        Some(Path::new("scenarios/states_of_battle")),
    )
    .expect("loads");
    let ScenarioRules::StatesOfBattle(r) = s.rules else {
        panic!("States of Battle");
    };
    let mut scratch = r.new_scratch();
    let mut record = BattleRecord::default();
    let (mut casts, mut trashed) = (0, 0);
    for i in 0..200 {
        let mut dice = Dice::for_battle(9, i);
        let mut trace = VecTrace::default();
        r.play(&mut dice, &mut scratch, &mut record, &mut trace);
        let mut last_orc_card = String::new();
        for e in &trace.events {
            if let TraceEvent::Change { unit, change, .. } = e {
                if unit == "Orcs" {
                    if let Some(card) = change.strip_prefix("plays ") {
                        last_orc_card = card.to_string();
                    }
                }
                if unit.ends_with("Snikkit") && change.starts_with("shoots at") {
                    assert_eq!(last_orc_card, "cast_spells", "battle {i}: {change}");
                    casts += 1;
                }
            }
        }
        let row = muster::overlays::sob::cards::order_row(
            muster::overlays::sob::cards::Order::CastSpells,
        );
        trashed += scratch.sob.cards[1][row][2];
    }
    assert!(
        casts > 0 && trashed > 0,
        "casts {casts}, trashed for the Stratagem {trashed}"
    );
}

/// summary.csv reports how often each end decides a States of Battle
/// battle, the round limit and the elimination rule (both the digest's,
/// not the seed's) among them: a share per end reason, summing to 1.
#[test]
fn summary_csv_reports_the_share_of_each_end_reason() {
    use muster::report::table::CsvTable;
    let out = tempfile::tempdir().unwrap();
    let o = std::process::Command::new(env!("CARGO_BIN_EXE_muster"))
        .args([
            "run",
            "scenarios/states_of_battle/last_stand.toml",
            "--battles",
            "300",
            "--quiet",
            "--out",
        ])
        .arg(out.path())
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let summary = CsvTable::read(&out.path().join("summary.csv")).unwrap();
    let row = &summary.rows[0];
    let reasons = muster::overlays::sob::battle::END_REASONS;
    let shares: Vec<f64> = reasons
        .iter()
        .map(|r| summary.num(row, &format!("share_end_{r}")))
        .collect();
    assert!(
        (shares.iter().sum::<f64>() - 1.0).abs() < 1e-3,
        "{shares:?}"
    );
    for decides in ["mc_exhausted", "round_limit", "eliminated"] {
        let k = reasons.iter().position(|r| *r == decides).unwrap();
        assert!(shares[k] > 0.0, "{decides} ends no battle: {shares:?}");
    }
}
