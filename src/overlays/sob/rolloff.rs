//! Generalship Dice and the round's roll-off (digest 1.1, 4.1-4.4): each
//! player rolls his GD; both draw `min(|a - b|, 3)` Orders and as many
//! Events (L234); a winner by more than 5 tutors one Orders card (L236);
//! equal rolls reset both decks and the round is empty (L238). The exact
//! distribution of a roll-off is computed by enumerating the faces, so
//! simulated frequencies can be checked against it (section 9.2).

use crate::rules::Side;

/// Die sizes a Generalship Die may have (standard polyhedra, d4..d20).
pub const GD_SIDES: [u8; 6] = [4, 6, 8, 10, 12, 20];
/// Most Orders (and Events) each player draws in a round (L234).
pub const MAX_CARDS: u32 = 3;
/// The tutor needs a difference above this (L236).
pub const TUTOR_ABOVE: u32 = 5;

/// What one roll-off gives.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RollOff {
    /// Cards of each deck each player draws.
    pub cards: u32,
    /// The winner (strictly higher), or None on a tie.
    pub winner: Option<Side>,
    /// The winner picks one of his Orders from his deck.
    pub tutor: bool,
}

/// The roll-off of faces `a` (side A) and `b` (side B) (TV-07).
pub fn roll_off(a: u8, b: u8) -> RollOff {
    let diff = u32::from(a.abs_diff(b));
    let winner = match a.cmp(&b) {
        std::cmp::Ordering::Greater => Some(Side::A),
        std::cmp::Ordering::Less => Some(Side::B),
        std::cmp::Ordering::Equal => None,
    };
    RollOff {
        cards: diff.min(MAX_CARDS),
        winner,
        tutor: diff > TUTOR_ABOVE,
    }
}

/// The exact distribution of a roll-off of a d`a` against a d`b`.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct RollOffOdds {
    /// P(n = 0..=3) for the cards each player draws.
    pub cards: [f64; 4],
    pub a_wins: f64,
    pub b_wins: f64,
    pub a_tutors: f64,
    pub b_tutors: f64,
}

impl RollOffOdds {
    pub fn expected_cards(&self) -> f64 {
        self.cards
            .iter()
            .enumerate()
            .map(|(n, p)| n as f64 * p)
            .sum()
    }
}

/// Enumerates every pair of faces of a d`a` and a d`b`.
pub fn odds(a: u8, b: u8) -> RollOffOdds {
    let mut o = RollOffOdds::default();
    let each = 1.0 / (f64::from(a) * f64::from(b));
    for x in 1..=a {
        for y in 1..=b {
            let r = roll_off(x, y);
            o.cards[r.cards as usize] += each;
            match r.winner {
                Some(Side::A) => {
                    o.a_wins += each;
                    if r.tutor {
                        o.a_tutors += each;
                    }
                }
                Some(Side::B) => {
                    o.b_wins += each;
                    if r.tutor {
                        o.b_tutors += each;
                    }
                }
                None => {}
            }
        }
    }
    o
}
