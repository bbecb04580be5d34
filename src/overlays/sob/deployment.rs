//! Deployment by Generalship Dice roll-offs (digest 7.1, option
//! `sob_deployment = "gd_rolloff"`): both players roll their GD (ties
//! re-roll); the winner chooses who places the next unit (D24 a: the
//! opponent, so that he sees more before committing). When one player has
//! placed his whole army, the other places the rest one at a time, and for
//! each of those the player who finished first may nudge one of his own
//! units (`nudge_distance`). Where each unit goes and what a nudge does is
//! the core's (its doctrine's) business, through `SobCore::deploy_*`.
//! Stratagem markers are placed afterwards.

use super::battle::Game;
use super::core::SobCore;
use crate::rules::Side;

/// Roll-offs after which a run of ties is broken in side A's favour.
const MAX_TIES: u32 = 50;

impl<C: SobCore> Game<'_, C> {
    /// Deploys both armies by roll-offs with nudges.
    pub fn deploy(&mut self) {
        self.core.deploy_clear();
        loop {
            let left = [
                self.core.deploy_left(Side::A),
                self.core.deploy_left(Side::B),
            ];
            if left[0] == 0 || left[1] == 0 {
                break;
            }
            let winner = self.deployment_roll_off();
            let placer = if self.doctrine(winner).deploy_opponent_first {
                winner.other()
            } else {
                winner
            };
            self.decided(
                winner,
                "who deploys next",
                |g| g.core.side_name(placer).to_string(),
                "deployment",
            );
            self.core.deploy_next(placer);
        }
        let finished = if self.core.deploy_left(Side::A) == 0 {
            Side::A
        } else {
            Side::B
        };
        let nudge = self.opts().nudge_distance;
        while self.core.deploy_next(finished.other()) {
            if nudge > 0.0 {
                self.core.deploy_nudge(finished, nudge);
            }
        }
    }

    /// One deployment roll-off, ties re-rolled; the winner.
    fn deployment_roll_off(&mut self) -> Side {
        for _ in 0..MAX_TIES {
            let a = self.roll(Side::A, self.b.gd_now[0], "deployment roll-off");
            let b = self.roll(Side::B, self.b.gd_now[1], "deployment roll-off");
            if a != b {
                return if a > b { Side::A } else { Side::B };
            }
        }
        Side::A
    }
}
