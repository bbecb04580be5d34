//! One deck of cards in play (digest 4.3, 4.4, 4.6): a draw pile, a
//! discard pile and a trash; drawing with the lazy reshuffle of the
//! discard pile (L246), the tutor that takes one named card from the
//! draw pile and reshuffles it (L236), and the reset of a tie round that
//! gathers every zone back into a full shuffled deck (L238). The piles
//! are vectors reused from battle to battle.

use crate::dice::Dice;

/// What trashing a card does (S-19).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TrashMode {
    /// Out of play until a tie resets the deck.
    UntilReset,
    /// Out of play for the battle.
    Permanent,
    /// The same as discarding.
    AsDiscard,
}

/// When an empty draw pile is refilled from the discard pile (S-21).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reshuffle {
    /// When a draw is needed and the pile is empty.
    Lazy,
    /// As soon as the last card is drawn.
    Eager,
}

/// A deck's three zones. The top of the draw pile is its last element.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Deck<C> {
    pub draw: Vec<C>,
    pub discard: Vec<C>,
    pub trash: Vec<C>,
    /// Cards out of play for the whole battle (`TrashMode::Permanent`).
    pub gone: Vec<C>,
}

impl<C> Default for Deck<C> {
    fn default() -> Self {
        Deck {
            draw: Vec::new(),
            discard: Vec::new(),
            trash: Vec::new(),
            gone: Vec::new(),
        }
    }
}

/// Shuffles `cards` in place (Fisher-Yates with the battle's dice).
pub fn shuffle<C>(cards: &mut [C], dice: &mut Dice) {
    for i in (1..cards.len()).rev() {
        let j = usize::from(dice.roll((i + 1) as u8)) - 1;
        cards.swap(i, j);
    }
}

impl<C: Copy + PartialEq> Deck<C> {
    /// Starts the battle with `cards`, shuffled.
    pub fn start(&mut self, cards: impl Iterator<Item = C>, dice: &mut Dice) {
        self.draw.clear();
        self.discard.clear();
        self.trash.clear();
        self.gone.clear();
        self.draw.extend(cards);
        shuffle(&mut self.draw, dice);
    }

    /// Cards in all zones but the permanently gone ones.
    pub fn in_play(&self) -> usize {
        self.draw.len() + self.discard.len() + self.trash.len()
    }

    fn refill(&mut self, dice: &mut Dice) {
        if self.draw.is_empty() && !self.discard.is_empty() {
            self.draw.append(&mut self.discard);
            shuffle(&mut self.draw, dice);
        }
    }

    /// Draws one card, reshuffling the discard pile if the draw pile is
    /// empty; None when both are empty (the draw falls short).
    pub fn draw_one(&mut self, dice: &mut Dice, timing: Reshuffle) -> Option<C> {
        self.refill(dice);
        let card = self.draw.pop();
        if timing == Reshuffle::Eager {
            self.refill(dice);
        }
        card
    }

    /// The tutor (TV-08): takes the first card `pick` accepts from the draw
    /// pile (reshuffling first if it is empty), then shuffles the pile.
    pub fn tutor(&mut self, dice: &mut Dice, pick: impl Fn(&[C]) -> Option<usize>) -> Option<C> {
        self.refill(dice);
        let i = pick(&self.draw)?;
        let card = self.draw.remove(i);
        shuffle(&mut self.draw, dice);
        Some(card)
    }

    pub fn discard(&mut self, card: C) {
        self.discard.push(card);
    }

    pub fn trash(&mut self, card: C, mode: TrashMode) {
        match mode {
            TrashMode::UntilReset => self.trash.push(card),
            TrashMode::Permanent => self.gone.push(card),
            TrashMode::AsDiscard => self.discard.push(card),
        }
    }

    /// A tie's reset (L238): draw, discard and trash back together,
    /// shuffled. Cards in hand are not in the deck and are not touched.
    pub fn reset(&mut self, dice: &mut Dice) {
        self.draw.append(&mut self.discard);
        self.draw.append(&mut self.trash);
        shuffle(&mut self.draw, dice);
    }
}
