//! Graded victory (ambiguity 57 of the digest; the seed grades its
//! scenarios' results as decisive, moderate or a draw, L3396, L3428): a
//! battle a side wins by breaking the enemy army or by taking an objective
//! whose capture ends the battle is a decisive win; at the turn limit the
//! points measure (with the objectives' points) grades it: twice the
//! loser's points or more is decisive, the draw ratio (`draw_ratio_pct`,
//! 1.25 by default) or more is moderate, less is a draw. Scenarios with
//! objectives count each side's grades in `victory.csv`; scenarios without
//! them keep their outputs.

use super::battle::Battle;
use super::state::END_TURN_LIMIT;
use crate::base::Side;
use crate::rules::Tracer;
use crate::stats::SideTable;

/// A side's result, best first (the rows of `victory.csv`).
pub const GRADES: [&str; 5] = [
    "decisive_win",
    "moderate_win",
    "draw",
    "moderate_loss",
    "decisive_loss",
];

/// The point ratio at or above which a win is decisive (ambiguity 57).
pub const DECISIVE_RATIO: f64 = 2.0;

/// The per-side table of grades, for scenarios with objectives.
pub fn tables(has_objectives: bool) -> Vec<SideTable> {
    if !has_objectives {
        return Vec::new();
    }
    vec![SideTable {
        file: "victory.csv",
        row_name: "result",
        rows: GRADES.to_vec(),
        columns: vec!["battles"],
    }]
}

/// The grade (index into [`GRADES`]) of each side.
pub fn grades(winner: Option<Side>, decisive: bool) -> [usize; 2] {
    let Some(w) = winner else {
        return [2, 2];
    };
    let win = if decisive { 0 } else { 1 };
    let mut g = [4 - win; 2];
    g[w.index()] = win;
    g
}

impl<T: Tracer> Battle<'_, T> {
    /// Whether the win that ended the battle with `reason` is decisive:
    /// always, unless the turn limit ended it (then by the point ratio).
    pub fn decisive(&self, winner: Side, reason: u8) -> bool {
        if !END_TURN_LIMIT.contains(&reason) {
            return true;
        }
        let s = self.scores();
        let (mine, theirs) = (s[winner.index()], s[1 - winner.index()]);
        mine >= DECISIVE_RATIO * theirs
    }

    /// Adds each side's grade to `counts` (one count per row of
    /// [`GRADES`], side A's rows first), when the scenario has objectives
    /// or exits.
    pub fn count_grade(&self, winner: Option<Side>, reason: u8, counts: &mut Vec<u32>) {
        if !self.setup.has_goals() {
            return;
        }
        let decisive = winner.is_some_and(|w| self.decisive(w, reason));
        for g in grades(winner, decisive) {
            counts.extend((0..GRADES.len()).map(|r| u32::from(r == g)));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_win_grades_the_loser_as_its_mirror() {
        assert_eq!(grades(Some(Side::A), true), [0, 4]);
        assert_eq!(grades(Some(Side::B), false), [3, 1]);
        assert_eq!(grades(None, false), [2, 2]);
    }
}
