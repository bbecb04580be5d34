//! Challenges (L620-634): at the start of a fight, the side with the
//! initiative and then the other may challenge with a character in the
//! fight. A refused challenge (Boo! Hiss!) sends the enemy character the
//! challenger picks to the back of his unit: no actions and no benefit
//! to it until the turn ends. A lone character and anyone challenged by
//! a Paladin (Sanctified Challenge) cannot refuse. An accepted challenge
//! is fought after every other attack of the fight (G-28), the two
//! characters striking in initiative order (equal initiative together);
//! hits beyond those that kill the foe score +1 each, up to +5 (overkill,
//! G-27). Every decision is the side's doctrine's.

use super::combat::Fight;
use super::Ctx;
use crate::rules::{Side, Tracer};
use crate::rulesets::dnd_war::doctrine::AcceptChallenge;
use crate::rulesets::dnd_war::hits::{need, p_hit};
use crate::rulesets::dnd_war::setup::{ClassRule, Defence};
use crate::rulesets::dnd_war::state::Status;

/// Overkill scores at most this much (L433, L634).
pub const OVERKILL_CAP: u32 = 5;

impl<T: Tracer> Ctx<'_, T> {
    /// Whether character `h` fights a challenge this turn.
    pub fn in_challenge(&self, h: usize) -> bool {
        self.st.units[h].challenge_turn == self.st.turn && self.st.turn > 0
    }

    /// The unit that scores for character `h`: his unit, or himself alone.
    fn scorer(&self, h: usize) -> usize {
        match self.st.units[h].host {
            Some(host) if self.st.units[h].status() == Status::Joined => host,
            _ => h,
        }
    }

    /// The characters of `side` able to act in fight `f`.
    fn heroes_in(&self, f: Fight, side: Side) -> impl Iterator<Item = usize> + '_ {
        (0..f.len).filter_map(move |k| {
            let m = usize::from(f.units[k]);
            let u = &self.st.units[m];
            (u.side == side && u.on_table() && !u.fleeing())
                .then(|| self.acting_hero(m))
                .flatten()
        })
    }

    /// Expected damage per round of `a` against `b`, as a share of `b`'s hit points.
    pub fn threat(&self, a: usize, b: usize) -> f64 {
        let pa = self.profile(a);
        let need = need(
            pa.melee.bonus,
            self.defence(b, Defence::Ac),
            self.hit_floor(a),
        );
        let d = pa.melee.damage;
        let mean = f64::from(d.dice) * (f64::from(d.sides) + 1.0) / 2.0 + f64::from(d.bonus);
        let hp = f64::from(self.profile(b).hp.unwrap_or(1).max(1));
        f64::from(self.dice_per_model(a, b)) * p_hit(need) * mean / hp
    }

    /// The character of `side` in fight `f` with the most threat per round against `foe`.
    fn champion(&self, f: Fight, side: Side, foe: usize) -> Option<usize> {
        self.heroes_in(f, side)
            .max_by(|&a, &b| self.threat(a, foe).total_cmp(&self.threat(b, foe)))
    }

    /// The challenges of fight `f`; returns the accepted pair, if any.
    pub fn challenges(&mut self, f: &Fight) -> Option<(usize, usize)> {
        let first = self.st.initiative;
        for side in [first, first.other()] {
            if !self.doctrine(side).issue_challenges {
                continue;
            }
            let Some(first_foe) = self.heroes_in(*f, side.other()).next() else {
                continue;
            };
            let Some(challenger) = self.champion(*f, side, first_foe) else {
                continue;
            };
            let Some(champion) = self.champion(*f, side.other(), challenger) else {
                continue;
            };
            self.decided(
                challenger,
                "challenge",
                |c| format!("challenges {}", c.label(champion)),
                "issue_challenges",
            );
            let forced = self.st.units[champion].status() != Status::Joined
                || self.profile(challenger).class_rule == Some(ClassRule::SanctifiedChallenge);
            let (accept, rule) = match self.doctrine(side.other()).accept_challenges {
                _ if forced => (true, "cannot refuse"),
                AcceptChallenge::Always => (true, "accept_challenges=always"),
                AcceptChallenge::Never => (false, "accept_challenges=never"),
                AcceptChallenge::IfStronger => (
                    self.threat(champion, challenger) >= self.threat(challenger, champion),
                    "accept_challenges=if_stronger",
                ),
            };
            self.decided(
                champion,
                "challenge",
                |_| {
                    if accept {
                        "accepts".into()
                    } else {
                        "declines".into()
                    }
                },
                rule,
            );
            if accept {
                let turn = self.st.turn;
                self.st.units[challenger].challenge_turn = turn;
                self.st.units[champion].challenge_turn = turn;
                return Some((challenger, champion));
            }
            // Boo! Hiss!: the challenger picks the enemy character whose
            // courage his unit leans on most (G-29).
            let shamed = self
                .heroes_in(*f, side.other())
                .filter(|&h| self.st.units[h].status() == Status::Joined)
                .max_by_key(|&h| self.profile(h).courage);
            if let Some(h) = shamed {
                self.st.units[h].shamed_on_turn = self.st.turn;
                self.change(h, |_| "is sent to the back of the unit (Boo! Hiss!)".into());
            }
            return None;
        }
        None
    }

    /// Fights an accepted challenge between `a` and `b`, in initiative
    /// order. At equal initiative the blows are simultaneous (G-39): the
    /// second strikes even if the first slew him, but not if he was gone
    /// before the challenge was fought (fled into the enemy, say).
    pub fn fight_challenge(&mut self, a: usize, b: usize) {
        let (ia, ib) = (self.profile(a).initiative, self.profile(b).initiative);
        let order = if ia >= ib { [a, b] } else { [b, a] };
        let alive = |c: &Self, u: usize| {
            c.st.units[u].on_table() || c.st.units[u].status() == Status::Joined
        };
        let second_strikes_back = ia == ib && alive(self, order[1]);
        for (k, &h) in order.iter().enumerate() {
            let foe = order[1 - k];
            if !alive(self, foe) || !(alive(self, h) || second_strikes_back && k == 1) {
                continue;
            }
            let dice = self.dice_per_model(h, foe);
            let scorer = self.scorer(h);
            let before = self.st.units[scorer].cr_points;
            let hits = self.melee_pool(h, scorer, foe, dice, self.profile(h).melee.bonus);
            if !alive(self, foe) {
                let counted = self.st.units[scorer].cr_points - before;
                let per_hit = self.profile(h).melee.damage.cr_points().max(1);
                let landed = counted / per_hit;
                let overkill = hits.saturating_sub(landed).min(OVERKILL_CAP);
                if overkill > 0 {
                    self.st.units[scorer].cr_points += overkill;
                    self.change(h, |_| format!("overkill: +{overkill} to combat resolution"));
                }
            }
        }
    }
}
