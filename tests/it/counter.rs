//! `muster counter`: the search finds a planted optimum (a synthetic
//! objective and a real scenario built so that one knob value is best),
//! the knob tables agree with each ruleset's doctrine validation, the
//! written doctrines pass `check` and replay the confirmed wins in a
//! `run`, the output is byte-identical when repeated, competent.toml loads
//! into a scenario, and bad input is refused with a clear error.

use muster::analysis::counter::search::{search, SearchPlan, Shape};
use muster::analysis::vary::{build_variants, parse_value};
use muster::dice::Dice;
use muster::registry::{KnobValues, RULESETS};
use muster::rules::RulesetKind;
use muster::scenario::locate::Locator;
use muster::stats::PairedWins;
use std::path::Path;
use std::process::{Command, Output};

const PLANTED: &str = "tests/data/counter_archers.toml";

fn muster(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_muster"))
        .args(args)
        .output()
        .unwrap()
}

fn ok(args: &[&str]) -> Output {
    let o = muster(args);
    assert_eq!(
        o.status.code(),
        Some(0),
        "{args:?}: {}",
        String::from_utf8_lossy(&o.stderr)
    );
    o
}

/// Column `name` of row `row` (0: the first after the header) of a CSV
/// whose fields hold no commas before `name`'s... read with the csv crate.
fn cell(csv_path: &Path, row: usize, name: &str) -> String {
    let mut r = csv::Reader::from_path(csv_path).unwrap();
    let i = r.headers().unwrap().iter().position(|h| h == name).unwrap();
    r.records().nth(row).unwrap().unwrap()[i].to_string()
}

/// The win probability of a synthetic doctrine: a unique best value per
/// knob (knob 1 ordered: the higher the better), so the optimum is
/// [2, 3, 1, 4].
fn planted_rate(p: &[usize]) -> f64 {
    0.2 + 0.15 * f64::from(p[0] == 2)
        + 0.1 * p[1] as f64 / 3.0
        + 0.1 * f64::from(p[2] == 1)
        + 0.15 * f64::from(p[3] == 4)
}

#[test]
fn the_search_finds_a_planted_optimum_of_a_synthetic_objective() {
    let shape = Shape {
        values: vec![3, 4, 2, 5],
        ordered: vec![false, true, false, false],
        start: vec![0, 0, 0, 0],
    };
    for seed in [1, 2, 3] {
        let plan = SearchPlan {
            budget: 40_000,
            sample: 32,
            seed,
        };
        // Common random numbers: battle i draws one uniform u_i and every
        // candidate wins it when u_i is below its win probability.
        let mut play = |points: &[&Vec<usize>], from: u64, n: u64| {
            let mut wins = PairedWins::new(points.len());
            for i in from..from + n {
                let u = (Dice::for_battle(seed, i).next_u64() >> 11) as f64 / (1u64 << 53) as f64;
                let winners: Vec<usize> = (0..points.len())
                    .filter(|&k| u < planted_rate(points[k]))
                    .collect();
                wins.add(&winners);
            }
            Ok(Some(wins))
        };
        let found = search(&shape, &plan, &mut play).unwrap();
        assert_eq!(found.best, vec![2, 3, 1, 4], "seed {seed}: {found:?}");
        assert!(found.battles <= plan.budget, "{}", found.battles);
        assert!(!found.partial);
    }
}

#[test]
fn every_knob_value_is_accepted_by_its_rulesets_doctrine_validation() {
    let mut searchable = Vec::new();
    for spec in RULESETS {
        for layer in spec.doctrine_layers() {
            if layer.knobs.is_empty() {
                continue;
            }
            searchable.push(format!("{}:{}", spec.kind().name(), layer.field));
            let (_, text) = layer.builtin[0];
            let doc: toml_edit::DocumentMut = text.parse().unwrap();
            let ruleset = doc["doctrine"]["ruleset"].as_str().unwrap();
            let checker = muster::registry::spec(RulesetKind::from_name(ruleset).unwrap()).unwrap();
            let check = |key: &str, value: &str| {
                let mut d = doc.clone();
                d[key] = toml_edit::Item::Value(parse_value(value));
                let t = d.to_string();
                checker
                    .check_doctrine(&Locator::new("knob.toml", &t), &t)
                    .unwrap()
            };
            for knob in layer.knobs {
                let values = knob.values.values();
                assert!(values.len() >= 2, "{}: {values:?}", knob.key);
                for v in &values {
                    check(knob.key, v).unwrap_or_else(|p| {
                        panic!("{} {} = {v} is refused: {p}", layer.field, knob.key)
                    });
                }
                // The validator is really asked: a value it cannot know fails.
                if let KnobValues::Words(_) = knob.values {
                    assert!(check(knob.key, "no_such_word").is_err(), "{}", knob.key);
                }
            }
        }
    }
    assert_eq!(
        searchable,
        [
            "armies:doctrine",
            "means_war:doctrine",
            "dnd_war:doctrine",
            "states_of_battle:doctrine",
            "states_of_battle:sob_doctrine",
            "standards_of_valor:doctrine"
        ]
    );
}

fn planted_args<'a>(out: &'a str, extra: &[&'a str]) -> Vec<&'a str> {
    let mut args = vec![
        "counter",
        PLANTED,
        "--side",
        "Humans",
        "--budget",
        "16000",
        "--confirm",
        "400",
        "--quiet",
        "--out",
        out,
    ];
    args.extend(extra);
    args
}

#[test]
fn a_planted_best_response_is_found_written_checked_replayed_and_repeatable() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("counter");
    let o = ok(&planted_args(out.to_str().unwrap(), &[]));
    let said = String::from_utf8_lossy(&o.stdout);
    assert!(
        said.contains("Best response for Humans against Orcs' doctrines: "),
        "{said}"
    );
    let counter = out.join("counter.csv");
    // Row 1 is the best on the confirmation seed: gunline, a significant gain.
    assert!(cell(&counter, 1, "changes").contains("doctrine.movement = gunline (was advance)"));
    let gain_lo: f64 = cell(&counter, 1, "gain_lo95").parse().unwrap();
    assert!(gain_lo > 0.0, "{gain_lo}");
    assert_eq!(cell(&counter, 1, "adopted"), "true");
    let file = out.join("doctrines/Humans-doctrine.toml");
    let text = std::fs::read_to_string(&file).unwrap();
    assert!(text.contains("movement = \"gunline\""), "{text}");
    assert!(
        text.contains("name = \"counter-humans-doctrine\""),
        "{text}"
    );
    ok(&["check", file.to_str().unwrap()]);
    // A run of the scenario with the written doctrine, on the confirmation
    // seed and battles, wins exactly the battles counter reported.
    let scenario = std::fs::read_to_string(PLANTED).unwrap().replacen(
        "doctrine = \"balanced\"",
        &format!("doctrine = {:?}", file.to_str().unwrap()),
        1,
    );
    let copy = tmp.path().join("scenario.toml");
    std::fs::write(&copy, scenario).unwrap();
    let run = tmp.path().join("run");
    let seed = cell(&counter, 1, "confirm_seed");
    let battles = cell(&counter, 1, "battles");
    ok(&[
        "run",
        copy.to_str().unwrap(),
        "--seed",
        &seed,
        "--battles",
        &battles,
        "--no-report",
        "--quiet",
        "--out",
        run.to_str().unwrap(),
    ]);
    let summary = run.join("summary.csv");
    assert_eq!(cell(&summary, 0, "side"), "Humans");
    assert_eq!(cell(&summary, 0, "wins"), cell(&counter, 1, "wins"));
    // The same command again: byte-identical search and confirmation.
    let again = tmp.path().join("again");
    ok(&planted_args(again.to_str().unwrap(), &[]));
    for f in [
        "search.csv",
        "counter.csv",
        "doctrines/Humans-doctrine.toml",
    ] {
        let (a, b) = (out.join(f), again.join(f));
        let strip = |p: &Path| {
            let t = std::fs::read_to_string(p).unwrap();
            t.lines()
                .filter(|l| !l.starts_with("# written by"))
                .collect::<Vec<_>>()
                .join("\n")
        };
        assert_eq!(strip(&a), strip(&b), "{f}");
    }
}

#[test]
fn fictitious_play_writes_a_competent_matchup_that_loads_into_the_scenario() {
    let tmp = tempfile::tempdir().unwrap();
    let missing = muster::cli::counter::competent_edits(tmp.path()).unwrap_err();
    assert!(
        format!("{missing}").contains("run `muster counter SCENARIO --rounds K"),
        "{missing}"
    );
    let out = tmp.path().join("fp");
    let o = ok(&planted_args(out.to_str().unwrap(), &["--rounds", "1"]));
    let said = String::from_utf8_lossy(&o.stdout);
    assert!(said.contains("Step 2 ("), "{said}");
    let text = std::fs::read_to_string(out.join("competent.toml")).unwrap();
    assert!(text.contains("rounds = 1"), "{text}");
    let edits = muster::cli::counter::competent_edits(&out).unwrap();
    let paths: Vec<&str> = edits.iter().map(|(p, _)| p.as_str()).collect();
    assert_eq!(paths, ["side.0.doctrine", "side.1.doctrine"]);
    let base = muster::scenario::load_scenario(Path::new(PLANTED)).unwrap();
    let built = build_variants(&base, Path::new(PLANTED).parent(), &[edits]).unwrap();
    let humans = std::fs::read_to_string(out.join("doctrines/Humans-doctrine.toml")).unwrap();
    let run_toml = muster::analysis::vary::scenario_text(&built[0].scenario).unwrap();
    assert!(run_toml.contains("counter-humans-doctrine"), "{run_toml}");
    assert!(humans.contains("movement = \"gunline\""), "{humans}");
}

#[test]
fn bad_input_is_refused_with_the_flag_and_a_fix() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("bad");
    let out = out.to_str().unwrap();
    let cases: [(&[&str], &str); 5] = [
        (
            &["--side", "Elves"],
            "--side `Elves`: the sides are `Humans` and `Orcs`",
        ),
        (
            &["--layer", "tactics"],
            "--layer `tactics` is not a doctrine layer of dnd_war; its layers are: doctrine",
        ),
        (&["--budget", "100"], "--budget 100 is too small"),
        (&["--battles", "100"], "counter does not take --battles 100"),
        (&["--confirm", "0"], "--confirm must be at least 1"),
    ];
    for (extra, message) in cases {
        let mut args = vec!["counter", PLANTED, "--quiet", "--out", out];
        args.extend(extra);
        let o = muster(&args);
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(2), "{extra:?}: {err}");
        assert!(err.contains(message), "{extra:?}: {err}");
    }
    assert!(!Path::new(out).exists(), "nothing is written");
}

#[test]
fn the_answer_says_plainly_when_no_better_doctrine_was_found() {
    use muster::analysis::verdict::{counter, Diff, Response};
    let r = |changes: &'static str, lo: f64| Response {
        side: "Humans",
        other: "Orcs",
        changes,
        rate: (0.61, 0.6, 0.62),
        gain: Diff {
            estimate: 0.04,
            lo,
            hi: 0.05,
        },
        budget: 1000,
        opponents: 1,
    };
    assert_eq!(
        counter(&r("fire = asap (was hold_for_chargers)", 0.03)),
        "Best response for Humans against Orcs' doctrines: fire = asap (was hold_for_chargers). On a fresh seed it wins 61.0% (95% interval 60.0-62.0%), +4.0 points over the starting doctrine (paired 95% interval 3.0-5.0)."
    );
    let mixed = Response {
        opponents: 3,
        ..r("fire = asap (was hold_for_chargers)", 0.03)
    };
    assert!(
        counter(&mixed).starts_with("Best response for Humans against the 3 doctrines Orcs has played so far (fictitious play; confirmed against the latest): "),
        "{}",
        counter(&mixed)
    );
    let unsure = counter(&r("fire = asap (was hold_for_chargers)", -0.01));
    assert!(unsure.ends_with("The gain's interval includes zero or lies below it: no better doctrine was found within the budget of 1000 battles."), "{unsure}");
    let none = counter(&r("no change", 0.0));
    assert!(
        none.contains(
            "the starting doctrine; no better doctrine was found within the budget of 1000 battles"
        ),
        "{none}"
    );
}

#[test]
fn a_layer_without_knobs_is_refused_by_name() {
    use muster::analysis::counter::space::select_layers;
    use muster::registry::{DoctrineLayer, Knob};
    const KNOBS: &[Knob] = &[Knob::new("bold", KnobValues::Bool)];
    let layers = [
        DoctrineLayer::core(&[], KNOBS),
        DoctrineLayer {
            field: "cards",
            what: "cards",
            builtin: &[],
            knobs: &[],
        },
    ];
    let err = select_layers(&layers, &["cards".to_string()], "x").unwrap_err();
    assert!(
        err.contains("--layer `cards`: the x `cards` layer has no searchable keys"),
        "{err}"
    );
    let picked = select_layers(&layers, &[], "x").unwrap();
    assert_eq!(picked.len(), 1);
    assert_eq!(picked[0].field, "doctrine");
    let err = select_layers(&layers[1..], &[], "x").unwrap_err();
    assert!(err.contains("x doctrines have no searchable keys"), "{err}");
}

/// The objective keys are searched where the scenario has objectives, and
/// only there (elsewhere they would change nothing and cost battles).
#[test]
fn objective_knobs_are_searched_only_in_scenarios_with_objectives() {
    use muster::analysis::counter::space::{build_space, select_layers};
    let keys = |file: &str| -> Vec<&'static str> {
        let path = Path::new(file);
        let base = muster::scenario::load_scenario(path).unwrap();
        let spec = muster::registry::spec(base.kind).unwrap();
        let layers = select_layers(&spec.doctrine_layers(), &[], "test").unwrap();
        let space = build_space(&base, path.parent(), 0, &layers).unwrap();
        space.dims.iter().map(|d| d.key).collect()
    };
    for with in [
        "scenarios/states_of_battle/last_stand.toml",
        "scenarios/standards_of_valor/fixed_battle.toml",
    ] {
        assert!(keys(with).contains(&"objective_share"), "{with}");
    }
    assert!(keys("scenarios/states_of_battle/last_stand.toml").contains(&"objective_pick"));
    for without in [
        "scenarios/states_of_battle/heroes_and_monster.toml",
        "scenarios/standards_of_valor/cohort_vs_warband.toml",
    ] {
        let k = keys(without);
        assert!(
            !k.iter().any(|k| k.starts_with("objective_")),
            "{without}: {k:?}"
        );
    }
}
