//! Control and seizure of one objective, on counts of units in range.

use super::*;

fn town(control: Control) -> Objective {
    Objective {
        name: "town".into(),
        at: [36.0, 8.0],
        radius: 6.0,
        control,
        owner: Some(Side::A),
        mc: 4,
        at_end: 2,
        ends_battle: false,
    }
}

#[test]
fn uncontested_changes_hands_only_without_an_enemy_in_range() {
    let o = town(Control::Uncontested);
    assert_eq!(o.holder_after(Some(Side::A), [0, 1]), Some(Side::B));
    assert_eq!(o.holder_after(Some(Side::A), [1, 3]), Some(Side::A));
    assert_eq!(o.holder_after(Some(Side::B), [0, 0]), Some(Side::B));
    assert_eq!(o.holder_after(None, [0, 0]), None);
    assert_eq!(o.holder_after(None, [2, 0]), Some(Side::A));
}

#[test]
fn majority_goes_to_the_side_with_more_units_in_range() {
    let o = town(Control::Majority);
    assert_eq!(o.holder_after(Some(Side::A), [1, 3]), Some(Side::B));
    assert_eq!(o.holder_after(Some(Side::A), [2, 2]), Some(Side::A));
    assert_eq!(o.holder_after(None, [2, 2]), None);
}

#[test]
fn the_owner_forfeits_its_counters_once_and_the_holder_scores_at_the_end() {
    let objectives = [town(Control::Uncontested)];
    let mut h = Holders::default();
    h.start(&objectives);
    assert_eq!(owned_mc(&objectives), [4, 0]);
    assert_eq!(h.at_end(&objectives), [2, 0]);
    let mut seen = Vec::new();
    for counts in [[1, 1], [0, 1], [1, 0], [0, 2]] {
        h.update(&objectives, |_, s| counts[s.index()]);
        seen.extend(h.seized.iter().copied());
    }
    let forfeits: Vec<(Side, u32)> = seen.iter().map(|z| (z.to, z.forfeit)).collect();
    assert_eq!(forfeits, [(Side::B, 4), (Side::A, 0), (Side::B, 0)]);
    assert_eq!(h.at_end(&objectives), [0, 2]);
    assert!(seen.iter().all(|z| !z.ends_battle));
}

#[test]
fn an_objective_that_ends_the_battle_ends_it_when_taken_from_its_owner() {
    let mut o = town(Control::Uncontested);
    o.ends_battle = true;
    let objectives = [o];
    let mut h = Holders::default();
    h.start(&objectives);
    let mut ends = Vec::new();
    for counts in [[0, 1], [1, 0]] {
        h.update(&objectives, |_, s| counts[s.index()]);
        ends.extend(h.seized.iter().map(|z| z.ends_battle));
    }
    assert_eq!(ends, [true, false]);
}
