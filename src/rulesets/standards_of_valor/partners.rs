//! Who is locked in hand-to-hand with whom (L2789, L2863-2872). A
//! melee is a star: one defender and the one or more attackers that
//! assaulted it together. A locked unit cannot be charged, so two melees
//! never merge. Each attacker's `locked_with` names the defender and the
//! defender's names one of its attackers, so a pair points both ways and
//! the partners of any unit are exactly the units that point to it.

use super::battle::Battle;
use crate::rules::Tracer;

/// At most this many units assault one enemy together.
pub const MAX_PARTY: usize = 8;

/// A few units acting together (the attackers of a combined assault or a
/// melee), kept without allocation.
#[derive(Clone, Copy, Debug, Default)]
pub struct Party {
    units: [u16; MAX_PARTY],
    len: usize,
}

impl Party {
    /// A party of `u` alone.
    pub fn of(u: usize) -> Self {
        let mut p = Party::default();
        p.push(u);
        p
    }

    /// Adds `u`; false when the party is full.
    pub fn push(&mut self, u: usize) -> bool {
        if self.len == MAX_PARTY {
            return false;
        }
        self.units[self.len] = u as u16;
        self.len += 1;
        true
    }

    pub fn len(&self) -> usize {
        self.len
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    pub fn contains(&self, u: usize) -> bool {
        self.iter().any(|x| x == u)
    }

    /// The members, in the order they joined.
    pub fn iter(&self) -> impl Iterator<Item = usize> + '_ {
        self.units[..self.len].iter().map(|&u| usize::from(u))
    }

    /// Keeps only the members `keep` accepts, in order.
    pub fn retain(&mut self, mut keep: impl FnMut(usize) -> bool) {
        let mut kept = Party::default();
        for u in self.iter() {
            if keep(u) {
                kept.push(u);
            }
        }
        *self = kept;
    }
}

impl<T: Tracer> Battle<'_, T> {
    /// The units locked in hand-to-hand with `u`.
    pub fn partners(&self, u: usize) -> impl Iterator<Item = usize> + '_ {
        let n = self.st.units.len();
        (0..n).filter(move |&x| self.st.units[x].locked_with == Some(u as u16))
    }

    /// The attackers locked with `u`, as a party.
    pub fn partners_of(&self, u: usize) -> Party {
        let mut p = Party::default();
        for x in self.partners(u) {
            p.push(x);
        }
        p
    }

    /// Locks `attacker` to `defender`; the defender points back to the
    /// first attacker to reach it.
    pub fn lock(&mut self, attacker: usize, defender: usize) {
        self.st.units[attacker].locked_with = Some(defender as u16);
        if self.st.units[defender].locked_with.is_none() {
            self.st.units[defender].locked_with = Some(attacker as u16);
        }
    }

    /// Unit `u` leaves its hand-to-hand: every unit locked with it is freed,
    /// and a defender it leaves points to an attacker still there. Returns
    /// the unit `u` was locked with.
    pub fn release(&mut self, u: usize) -> Option<usize> {
        let e = usize::from(self.st.units[u].locked_with.take()?);
        for x in 0..self.st.units.len() {
            if self.st.units[x].locked_with == Some(u as u16) {
                self.st.units[x].locked_with = None;
                let attacker = self.partners(x).next();
                self.st.units[x].locked_with = attacker.map(|y| y as u16);
            }
        }
        Some(e)
    }

    /// The defender of the melee `u` is in, when two or more attackers
    /// fight it; None for a pair or a unit not locked.
    pub fn combined_melee(&self, u: usize) -> Option<usize> {
        if self.partners(u).nth(1).is_some() {
            return Some(u);
        }
        let e = usize::from(self.st.units[u].locked_with?);
        self.partners(e).nth(1).map(|_| e)
    }
}
