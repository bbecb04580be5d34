//! The analysis commands never answer silently: a variant that plays the
//! same battles as another is refused with the reason, flags a command
//! would ignore are refused, tune says which way lies the target when its
//! range does not reach it, fairness names a linear dependency among the
//! unit counts, and decks says where the side's current build ranks.

use super::analysis::muster;
use muster::analysis::fairness::model::{fit_fairness, Matchup};
use std::process::Output;

const HEROES: &str = "scenarios/states_of_battle/heroes_and_monster.toml";
const MIRROR: &str = "tests/data/sob_mirror.toml";

fn run(args: &[&str]) -> Output {
    muster().args(args).output().unwrap()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).to_string()
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).to_string()
}

/// Fails with exit code 2 and a message holding every one of `needles`.
fn refused(o: &Output, needles: &[&str]) {
    assert_eq!(o.status.code(), Some(2), "{}{}", stdout(o), stderr(o));
    let e = stderr(o);
    for n in needles {
        assert!(e.contains(n), "`{n}` not in: {e}");
    }
}

#[test]
fn a_profile_no_unit_of_the_side_uses_is_refused_with_the_side_that_does() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("c");
    let o = muster()
        .args([
            "compare",
            HEROES,
            "--vary",
            "side.Humans.army_list.profile.troll.points=400,800",
            "--battles",
            "20",
            "--quiet",
            "--out",
        ])
        .arg(&out)
        .output()
        .unwrap();
    refused(
        &o,
        &[
            "plays the same battles as the baseline",
            "no unit of side Humans uses profile troll",
            "did you mean `side.Orcs.army_list.profile.troll.points`?",
        ],
    );
    assert!(!out.exists(), "nothing is written");
    // The suggested path is a real variant.
    let o = muster()
        .args([
            "compare",
            HEROES,
            "--vary",
            "side.Orcs.army_list.profile.troll.points=400,800",
            "--battles",
            "20",
            "--quiet",
            "--out",
        ])
        .arg(&out)
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", stderr(&o));
}

#[test]
fn a_path_no_battle_reads_is_refused_by_compare_and_sweep() {
    let o = run(&[
        "compare",
        HEROES,
        "--vary",
        "scenario.description=a,b",
        "--battles",
        "20",
        "--quiet",
    ]);
    refused(&o, &["no battle reads `scenario.description`"]);
    // In a combination, the cell that differs only by the unread path.
    let o = run(&[
        "sweep",
        HEROES,
        "--grid",
        "side.Humans.mc_adjust=0,1",
        "--grid",
        "scenario.description=a,b",
        "--battles",
        "20",
        "--quiet",
    ]);
    refused(
        &o,
        &[
            "variant `side.Humans.mc_adjust=0, scenario.description=b`",
            "no battle reads `scenario.description`",
        ],
    );
    // The same value twice.
    let o = run(&[
        "compare",
        HEROES,
        "--vary",
        "side.Humans.gd=10,10",
        "--battles",
        "20",
        "--quiet",
    ]);
    refused(&o, &["the same value twice (`side.Humans.gd` = 10)"]);
    // Two scenario files that play the same battles.
    let o = run(&["compare", HEROES, HEROES, "--battles", "20", "--quiet"]);
    refused(&o, &["they are the same scenario"]);
}

#[test]
fn flags_a_command_would_ignore_are_refused() {
    let o = run(&["decks", HEROES, "--battles", "50"]);
    refused(
        &o,
        &[
            "decks does not take --battles 50",
            "--first-round",
            "--rounds",
        ],
    );
    let o = run(&[
        "decks",
        HEROES,
        "--build",
        "melee=4,move=2,move_command_group=2,missile_reload=3,engines_of_war_reload=3",
    ]);
    refused(&o, &["at least two --build"]);
    let o = run(&["decks", HEROES, "--confirm", "0"]);
    refused(&o, &["--confirm must be at least 1"]);
    let o = run(&[
        "compare",
        HEROES,
        "--vary",
        "side.Humans.gd=8,10",
        "--max-battles",
        "500",
    ]);
    refused(&o, &["--precision"]);
    for cmd in [
        &["compare", HEROES, "--vary", "side.Humans.gd=8,10"][..],
        &["sweep", HEROES, "--grid", "side.Humans.gd=8,10"][..],
    ] {
        let mut args = cmd.to_vec();
        args.extend(["--shard", "0/2", "--png", "--battles", "20", "--quiet"]);
        refused(
            &run(&args),
            &["--png: a shard writes no charts", "muster merge"],
        );
    }
}

fn tune_mirror(target: &str) -> Output {
    let tmp = tempfile::tempdir().unwrap();
    muster()
        .args([
            "tune",
            MIRROR,
            "--unit",
            "militia",
            "--param",
            "mcv",
            "--range",
            "1..3",
            "--target",
            target,
            "--battles",
            "200",
            "--quiet",
            "--out",
        ])
        .arg(tmp.path().join("t"))
        .output()
        .unwrap()
}

/// The mirror's curve falls as the militia's MCV rises: a target above
/// it is reached only by lowering the MCV, which cannot go below 1; one
/// below it by raising the MCV, which legal values allow.
#[test]
fn tune_without_a_crossing_says_which_way_and_whether_a_legal_value_reaches_it() {
    let o = tune_mirror("0.99");
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    let first = out.lines().next().unwrap();
    assert!(
        first.starts_with("militia's MCV: ") && first.contains("in the scenario; searching 1..3"),
        "the current value first: {out}"
    );
    assert!(
        out.contains("No value of militia's MCV in 1..3 makes")
            && out.contains("lowering it moves toward the target, but 1 is the lowest legal value, so no legal value of militia's MCV reaches it."),
        "{out}"
    );
    assert!(!out.contains("Widen --range"), "{out}");
    let o = tune_mirror("0.01");
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(
        out.contains("raising it moves toward the target and legal values go on to")
            && out.contains("try --range 3.."),
        "{out}"
    );
    // The range advised is one validation accepts.
    let to: i64 = out
        .split("try --range 3..")
        .nth(1)
        .unwrap()
        .trim_end_matches(|c: char| !c.is_ascii_digit())
        .split(|c: char| !c.is_ascii_digit())
        .next()
        .unwrap()
        .parse()
        .unwrap();
    assert!(to > 3 && to <= 1000, "{to}");
}

fn matchup(a: [u32; 3], b: [u32; 3], score: f64) -> Matchup {
    Matchup {
        armies: [a.to_vec(), b.to_vec()],
        score,
        battles: 100,
    }
}

/// Spearmen and archers always traded two for one: their count
/// differences are dependent, which is not a unit that never varies.
#[test]
fn fairness_names_a_linear_dependency_and_a_unit_that_never_varies() {
    let names: Vec<String> = ["spearmen", "archers", "knights"]
        .map(String::from)
        .to_vec();
    let mut linked = Vec::new();
    for j in 0..30u32 {
        let (s, k) = (j % 4, (j * 7) % 5);
        let score = 30.0 + f64::from(j % 9) * 4.0;
        linked.push(matchup(
            [2 * s, s, k],
            [2 * (3 - s % 3), 3 - s % 3, 4 - k],
            score,
        ));
    }
    let err = fit_fairness(&linked, &[100, 200, 300], &names)
        .unwrap_err()
        .to_string();
    assert!(
        err.contains("linearly dependent")
            && err.contains("spearmen - 2 x archers is the same in both armies of every matchup")
            && err.contains("spearmen")
            && err.contains("widen the min..max"),
        "{err}"
    );
    // Archers (always one each) never vary.
    let still: Vec<Matchup> = (0..30u32)
        .map(|j| {
            matchup(
                [j % 4, 1, (j * 7) % 5],
                [(j * 3) % 5, 1, j % 3],
                40.0 + f64::from(j % 7) * 3.0,
            )
        })
        .collect();
    let err = fit_fairness(&still, &[100, 200, 300], &names)
        .unwrap_err()
        .to_string();
    assert!(
        err.contains("unit `archers` never differs in number"),
        "{err}"
    );
}

/// The current build of the heroes' Humans (the default Orders build)
/// raced with two others: the rank line names it; left out, it says so.
#[test]
fn decks_says_where_the_current_build_ranks() {
    let current =
        "brilliant_tactician=2,cast_spells=2,melee=4,missile_reload=2,move=2,move_command_group=2";
    let other = "melee=4,move=2,move_command_group=2,missile_reload=3,engines_of_war_reload=3";
    let tmp = tempfile::tempdir().unwrap();
    let race = |builds: &[&str], out: &str| {
        let mut c = muster();
        c.args([
            "decks",
            HEROES,
            "--first-round",
            "60",
            "--rounds",
            "1",
            "--confirm",
            "1",
            "--quiet",
            "--out",
        ])
        .arg(tmp.path().join(out));
        for b in builds {
            c.args(["--build", b]);
        }
        c.output().unwrap()
    };
    let o = race(&[other, current], "with");
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    let line = out
        .lines()
        .find(|l| l.starts_with("Your current build ("))
        .unwrap_or_else(|| panic!("no rank line: {out}"));
    assert!(
        line.contains(&format!("({current}) ranks ")) && line.contains(" of 2: Humans win "),
        "{line}"
    );
    let first = out.lines().next().unwrap();
    assert!(
        first.contains("your current build is among them")
            || first.contains("it is your current build")
            || first.contains("your current build is not"),
        "{first}"
    );
    let third = "brilliant_tactician=2,cast_spells=3,engines_of_war_reload=3,missile_reload=3,move=2,move_command_group=1";
    let o = race(&[other, third], "without");
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(
        out.contains("your current build was not raced")
            && out.contains(&format!(
                "Your current build ({current}) was not among the builds raced"
            )),
        "{out}"
    );
}
