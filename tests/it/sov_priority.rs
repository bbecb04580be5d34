//! Target priority (L525-541) through the real target choice: the
//! greatest threat first (L528), then the enemy already activated (L533),
//! the nearer (L535), the one in the open (L537) and the one in front
//! (L539); a doctrine's `nearest` or `weakest` is a superior's order that
//! holds only where the superior sees the unit and that enemy (L541).

use super::sov_examples::unit;
use super::sov_rules::{scenario_on, setup_of, with_seeded_battle};
use muster::rules::VecTrace;
use muster::rulesets::standards_of_valor::battle::Battle;
use muster::rulesets::standards_of_valor::setup::SovSetup;

/// The Romans (`shieldwall`, `targets = "priority"`) and the Germans
/// (`wild_charge`, `targets = "nearest"`) on an open 72" x 48" table.
fn setup(romans: &[String], germans: &[String], options: &str) -> SovSetup {
    setup_of(&scenario_on(
        "",
        &romans.join(", "),
        &germans.join(", "),
        options,
    ))
}

fn with_battle<R>(setup: &SovSetup, f: impl FnOnce(&mut Battle<'_, VecTrace>) -> R) -> R {
    with_seeded_battle(0x5EED_0525, setup, 0, f)
}

fn index(b: &Battle<'_, VecTrace>, label: &str) -> usize {
    (0..b.st.units.len())
        .find(|&u| b.label(u) == label)
        .unwrap()
}

/// The label of the enemy `who` would charge.
fn charges(b: &Battle<'_, VecTrace>, who: &str) -> Option<String> {
    b.charge_target(index(b, who)).map(|t| b.label(t))
}

#[test]
fn the_greatest_threat_comes_before_the_nearer_enemy() {
    // The century has a warband 8" ahead and another farther off to its
    // right. Both could charge it: it takes the nearer. When the nearer
    // is suppressed (it can neither charge nor shoot: no threat), it takes
    // the one that could charge it.
    let romans = [unit(
        "century legionary 20x10 close veteran 2",
        [36.0, 10.0],
    )];
    let germans = [
        unit("near germanic_warrior 24x6 open regular 2", [36.0, 22.0]),
        unit("far germanic_warrior 24x6 open regular 2", [56.0, 26.0]),
    ];
    let s = setup(&romans, &germans, "");
    with_battle(&s, |b| {
        assert_eq!(charges(b, "century").as_deref(), Some("near"));
        let near = index(b, "near");
        b.st.units[near].suppression = 1;
        assert_eq!(b.threat(near, index(b, "century")), 0);
        assert_eq!(charges(b, "century").as_deref(), Some("far"));
    });
}

#[test]
fn an_activated_enemy_and_one_in_front_come_first() {
    // Two warbands that could both charge the century: one 8" in front,
    // one 6.5" off its flank. The one in front is taken though the other
    // is nearer (6" for the flank, L539). Once the flank one has activated
    // this turn (6" the other way, L533) and stands 2" nearer, it is taken.
    let romans = [unit(
        "century legionary 20x10 close veteran 2",
        [36.0, 10.0],
    )];
    let germans = [
        unit("ahead germanic_warrior 24x6 open regular 2", [36.0, 22.0]),
        unit("aside germanic_warrior 24x6 open regular 2", [52.0, 10.0]),
    ];
    let s = setup(&romans, &germans, "");
    with_battle(&s, |b| {
        let (c, a) = (index(b, "century"), index(b, "aside"));
        assert_eq!(b.aspect(a, c), 1, "the aside warband is on its flank");
        assert_eq!(charges(b, "century").as_deref(), Some("ahead"));
        b.st.units[a].activated = true;
        b.st.units[a].pos = [50.0, 10.0];
        assert_eq!(charges(b, "century").as_deref(), Some("aside"));
    });
}

#[test]
fn a_nearest_order_holds_only_under_the_superior_s_eye() {
    // The warband's doctrine says `nearest`; the nearer Roman unit is
    // suppressed (no threat) and the farther one could charge it. With its
    // chieftain in sight of both the warband and the nearer Romans, the
    // order stands; with the chieftain behind the warband, where it cannot
    // see the Romans, or without one, the warband follows the text's
    // priority. Under `target_priority = "doctrine"` the order stands
    // everywhere.
    let romans = [
        unit("near auxiliary 20x10 close regular 2", [36.0, 22.0]),
        unit("far legionary 20x10 close veteran 2", [60.0, 14.0]),
    ];
    let wb = "wb germanic_warrior 24x6 open regular 2";
    let germans = |parented: bool| {
        let mut w = unit(wb, [36.0, 32.0]);
        if parented {
            w = w.replace(" }", ", parent = \"chief\" }");
        }
        [
            unit("chief germanic_warrior 6x3 open regular 1", [60.0, 44.0]),
            w,
        ]
    };
    for (options, parented, hidden, expected) in [
        ("", true, false, "near"),
        ("", true, true, "far"),
        ("", false, false, "far"),
        ("target_priority = \"doctrine\"", false, false, "near"),
    ] {
        let s = setup(&romans, &germans(parented), options);
        with_battle(&s, |b| {
            let near = index(b, "near");
            b.st.units[near].suppression = 1;
            if hidden {
                // Straight behind the warband, the chieftain cannot see
                // past it (formed units block sight, L507).
                let chief = index(b, "chief");
                b.st.units[chief].pos = [36.0, 44.0];
            }
            let got = charges(b, "wb");
            assert_eq!(
                got.as_deref(),
                Some(expected),
                "{options} parented {parented}"
            );
        });
    }
}

#[test]
fn a_threat_comes_first_however_far_or_covered_it_is() {
    // A suppressed warband 2" in front (no threat: it can neither charge
    // nor shoot) against one 20" off the century's flank that could charge
    // it: the threat is taken, though 18" farther and on the flank.
    let romans = [unit(
        "century legionary 20x10 close veteran 2",
        [36.0, 10.0],
    )];
    let germans = [
        unit("near germanic_warrior 24x6 open regular 2", [36.0, 16.0]),
        unit("far germanic_warrior 24x6 open regular 2", [66.0, 10.0]),
    ];
    let s = setup(&romans, &germans, "");
    with_battle(&s, |b| {
        let (c, near, far) = (index(b, "century"), index(b, "near"), index(b, "far"));
        b.st.units[near].suppression = 1;
        assert_eq!(b.threat(far, c), 2);
        assert_eq!(b.aspect(far, c), 1, "on the flank");
        assert_eq!(charges(b, "century").as_deref(), Some("far"));
    });
}

#[test]
fn archers_that_cannot_shoot_are_no_threat() {
    // Three archers (too few to charge, L2588) in range of the century
    // threaten it by their bows (1); suppressed, they cannot fire and
    // threaten nothing.
    let romans = [unit(
        "century legionary 20x10 close veteran 2",
        [36.0, 10.0],
    )];
    let germans = [unit("bows archer 3x3 open regular 2", [36.0, 24.0])];
    let s = setup(&romans, &germans, "");
    with_battle(&s, |b| {
        let (c, bows) = (index(b, "century"), index(b, "bows"));
        b.st.units[bows].suppression = 0;
        let armed = b.threat(bows, c);
        b.st.units[bows].suppression = 1;
        assert_eq!((armed, b.threat(bows, c)), (1, 0));
    });
}
