//! Confidence and reaction: the tests against LV + TL (L1168-1302), the
//! Threat Level table by Mission Motivation, what each Confidence Level
//! does to a unit (Broken units break into Skirmish, Routed units flee to
//! their baseline, surrender or disintegrate), suppression with its cap of
//! three (L1082-1095), panic (L1304-1331), rallies (L981-993), the
//! communication test with its die lowered for skipped command levels
//! (L866-907) with its line of sight and its silence in close combat
//! (L871, L879-881), and the fright checks of the turn end (L776-791).

use super::battle::Battle;
use super::field;
use super::ladder::{test_against, TestResult};
use super::melee_dice::{Formation, Mount};
use super::options::ConfidenceMerging;
use super::setup::Motivation;
use super::state::{move_inches, Cl, Gone};
use crate::rules::Tracer;

/// What started a Confidence test after fire (rows of the TL table, L1185-1234).
#[derive(Clone, Copy, Debug, Default)]
pub struct FireTriggers {
    pub first_suppressed: bool,
    pub gunpowder: bool,
    pub casualties: bool,
    pub massive: bool,
    pub leader: bool,
}

/// The basic TLs of the triggers that apply, under Mission Motivation `mm`
/// (None: no test required).
fn trigger_tls(t: FireTriggers, mm: Motivation) -> [Option<i32>; 4] {
    let by_mm = |low: Option<i32>, med: Option<i32>, high: Option<i32>| match mm {
        Motivation::Low => low,
        Motivation::Medium => med,
        Motivation::High => high,
    };
    let first = match (t.first_suppressed, t.gunpowder) {
        (false, _) => None,
        (true, false) => by_mm(Some(2), Some(1), None),
        (true, true) => by_mm(Some(3), Some(2), Some(1)),
    };
    let cas = if t.casualties {
        by_mm(Some(2), Some(1), None)
    } else {
        None
    };
    let massive = if t.massive {
        by_mm(Some(4), Some(3), Some(1))
    } else {
        None
    };
    let leader = if t.leader {
        by_mm(Some(4), Some(3), Some(2))
    } else {
        None
    };
    [first, cas, massive, leader]
}

impl<T: Tracer> Battle<'_, T> {
    /// Rolls unit `u`'s Quality die against LV + `tl`.
    fn test(&mut self, u: usize, tl: i32, purpose: &str) -> TestResult {
        let die = self.setup.units[u].quality.die();
        let r = self.roll(u, purpose, die);
        test_against(r, i32::from(self.st.units[u].lv) + tl)
    }

    /// A Reaction test: a failure only stops the action (L1265-1302).
    pub fn reaction(&mut self, u: usize, tl: i32, purpose: &str) -> TestResult {
        self.test(u, tl, purpose)
    }

    /// A Confidence test: failure costs one level, major failure two.
    /// Under a Low Mission Motivation each untreated casualty adds +1
    /// (L1228).
    pub fn confidence(&mut self, u: usize, tl: i32, purpose: &str) -> TestResult {
        let result = self.test(u, tl + self.untreated_casualties_tl(u), purpose);
        let drop = match result {
            TestResult::Pass => 0,
            TestResult::Fail => 1,
            TestResult::MajorFail => 2,
        };
        if drop > 0 {
            let cl = self.st.units[u].cl.lowered(drop);
            self.set_cl(u, cl);
        }
        result
    }

    /// The cumulative +1 per untreated casualty of a Low Mission
    /// Motivation unit (L1228). Nothing in the text treats a casualty, and
    /// casualties leave the table at once and are counted turn by turn
    /// (L782-787), so the untreated ones are the figures lost this turn.
    fn untreated_casualties_tl(&self, u: usize) -> i32 {
        match self.setup.sides[self.side(u)].motivation {
            Motivation::Low => i32::from(self.st.units[u].casualties_this_turn),
            Motivation::Medium | Motivation::High => 0,
        }
    }

    /// The Confidence tests after unit `u` was fired on.
    pub fn fire_confidence(&mut self, u: usize, t: FireTriggers) {
        let mm = self.setup.sides[self.side(u)].motivation;
        let tls = trigger_tls(t, mm);
        match self.setup.options.confidence_merging {
            ConfidenceMerging::HighestTl => {
                if let Some(tl) = tls.iter().flatten().max() {
                    self.confidence(u, *tl, "confidence (fire)");
                }
            }
            ConfidenceMerging::EachTrigger => {
                for tl in tls.into_iter().flatten() {
                    if self.st.units[u].standing() {
                        self.confidence(u, tl, "confidence (fire)");
                    }
                }
            }
        }
    }

    /// Sets unit `u`'s Confidence Level and applies what it forces: a
    /// Broken unit breaks into Skirmish and drops its Shield Wall (L1257);
    /// a Routed one also leaves any hand-to-hand and flees.
    pub fn set_cl(&mut self, u: usize, cl: Cl) {
        let old = self.st.units[u].cl;
        if cl == old {
            return;
        }
        self.st.units[u].cl = cl;
        self.change(u, |_| format!("confidence {} -> {}", old.name(), cl.name()));
        if cl <= Cl::Broken {
            self.to_skirmish(u);
            self.st.units[u].shield_wall = false;
        }
        if cl == Cl::Routed {
            self.flee_from_melee(u);
        }
    }

    /// Unit `u` in Skirmish, at the same frontage width.
    pub fn to_skirmish(&mut self, u: usize) {
        while self.st.units[u].formation != Formation::Skirmish {
            self.lose_integrity(u);
        }
    }

    /// One integrity level lost (L411, L481-488); the wider block makes
    /// room where it overlaps another unit ([`Self::make_room`]).
    pub fn lose_integrity(&mut self, u: usize) {
        let mount = self.setup.profile_of(u).mount;
        let s = &self.st.units[u];
        let (f, files) = field::lose_integrity(s.formation, s.files, mount);
        if f != s.formation {
            self.st.units[u].formation = f;
            self.st.units[u].files = files;
            self.st.units[u].shield_wall = false;
            self.change(u, |_| format!("loses integrity: now {}", f.name()));
            self.make_room(u);
        }
    }

    /// A Routed unit locked in hand-to-hand breaks off with a combat move.
    fn flee_from_melee(&mut self, u: usize) {
        if let Some(e) = self.release(u) {
            self.change(u, |b| format!("breaks off from {}", b.label(e)));
            let die = self.setup.profile_of(u).move_die;
            let step = f32::from(2 * self.roll(u, "combat move (flee)", die));
            self.st.units[u].pos = self.away_over_ground(u, self.st.units[e].pos, step);
            self.leave_if_off_table(u);
        }
    }

    /// One suppression marker (L1082-1095): a fourth costs an integrity
    /// level instead, and in hand-to-hand destroys a Skirmish unit (L2784).
    pub fn suppress(&mut self, u: usize, in_hth: bool) {
        if !self.st.units[u].on_table() {
            return;
        }
        let s = &mut self.st.units[u];
        if s.suppression < 3 {
            s.suppression += 1;
            let n = s.suppression;
            self.change(u, |_| format!("suppression {n}"));
        } else if in_hth && s.formation == Formation::Skirmish {
            let lost = s.figures;
            s.figures = 0;
            s.casualties_this_turn += lost;
            self.remove(u, Gone::Destroyed);
        } else {
            self.lose_integrity(u);
        }
    }

    /// The leader's action to remove one suppression marker: QD > LV (L1045).
    pub fn remove_suppression(&mut self, u: usize) {
        if self.reaction(u, 0, "remove suppression") == TestResult::Pass {
            self.st.units[u].suppression -= 1;
            let n = self.st.units[u].suppression;
            self.change(u, |_| format!("suppression {n}"));
        }
    }

    /// The panic test at a unit's first trigger (L1304-1331), once a game.
    pub fn panic_test(&mut self, u: usize) {
        let s = &self.st.units[u];
        if s.panic_tested || !s.standing() || s.cl == Cl::Inspired {
            return;
        }
        self.st.units[u].panic_tested = true;
        if self.reaction(u, 0, "panic test") != TestResult::Pass {
            self.st.units[u].panic = true;
            self.change(u, |_| "panics".to_string());
        }
    }

    /// The leader spends the whole activation trying to remove panic; a
    /// failure on a natural 1 costs a Confidence Level.
    pub fn remove_panic(&mut self, u: usize) {
        let die = self.setup.units[u].quality.die();
        let r = self.roll(u, "remove panic", die);
        if test_against(r, i32::from(self.st.units[u].lv)) == TestResult::Pass {
            self.st.units[u].panic = false;
            self.change(u, |_| "panic removed".to_string());
        } else if r == 1 {
            let cl = self.st.units[u].cl.lowered(1);
            self.set_cl(u, cl);
        }
    }

    /// Untrained units test panic on first seeing the enemy and Green ones
    /// on seeing heavy troops; the open table shows everything at once.
    pub fn opening_panic_tests(&mut self) {
        for u in 0..self.st.units.len() {
            use super::arms::Quality::{Green, Untrained};
            let sees_heavy = self.enemies(u).any(|e| self.setup.profile_of(e).is_heavy());
            match self.setup.units[u].quality {
                Untrained => self.panic_test(u),
                Green if sees_heavy => self.panic_test(u),
                _ => {}
            }
        }
    }

    /// A unit moved off its own baseline leaves the table as fled.
    pub fn leave_if_off_table(&mut self, u: usize) {
        let y = self.st.units[u].pos[1];
        let off = y < 0.0 || y > self.setup.depth;
        let x = self.st.units[u].pos[0];
        if off || x < 0.0 || x > self.setup.width {
            self.remove(u, Gone::FledOff);
        }
    }

    /// A Routed unit's compulsory move toward its baseline (L1260, L2974):
    /// it surrenders when an enemy within 12" stands between it and safety.
    pub fn rout_move(&mut self, u: usize) {
        let home = if self.side(u) == 0 {
            -1.0
        } else {
            self.setup.depth + 1.0
        };
        let y = self.st.units[u].pos[1];
        let cut_off = self.enemies(u).any(|e| {
            let ey = self.st.units[e].pos[1];
            self.dist(u, e) <= 12.0 && (ey - home).abs() < (y - home).abs()
        });
        if cut_off {
            self.remove(u, Gone::Surrendered);
            return;
        }
        let die = self.setup.profile_of(u).move_die;
        for _ in 0..2 {
            let step = f32::from(2 * self.roll(u, "combat move (rout)", die));
            let [x, y] = self.st.units[u].pos;
            let to = self.over_ground(u, [x, y + if self.side(u) == 0 { -step } else { step }]);
            self.flee_to(u, to);
            self.leave_if_off_table(u);
            if !self.st.units[u].on_table() {
                return;
            }
        }
    }

    /// A Broken unit's compulsory move (L1257): to cover behind the nearest
    /// formed friend (friendly troops are cover, L507) when that brings it
    /// no closer to the nearest enemy, else straight away from the enemy.
    /// Once in cover it stays.
    pub fn broken_move(&mut self, u: usize) {
        let Some((e, _)) = self.nearest_enemy(u) else {
            return;
        };
        let step = 2.0 * move_inches(self.setup.profile_of(u).move_die);
        let threat = self.st.units[e].pos;
        let here = self.st.units[u].pos;
        let d = (here[0] - threat[0]).hypot(here[1] - threat[1]);
        let back = if self.side(u) == 0 { -1.0 } else { 1.0 };
        let cover = (0..self.st.units.len())
            .filter(|&f| f != u && self.side(f) == self.side(u) && self.st.units[f].standing())
            .filter(|&f| self.st.units[f].formation != Formation::Skirmish)
            .map(|f| {
                let b = self.block(f);
                [b.centre[0], b.centre[1] + back * (b.half_y + 2.0)]
            })
            .filter(|p| (p[0] - threat[0]).hypot(p[1] - threat[1]) >= d)
            .min_by(|a, b| {
                let da = (a[0] - here[0]).hypot(a[1] - here[1]);
                let db = (b[0] - here[0]).hypot(b[1] - here[1]);
                da.total_cmp(&db)
            });
        let to = match cover {
            Some(spot) => field::toward(here, spot, step, 0.0).0,
            None => field::away(here, threat, step),
        };
        self.st.units[u].pos = self.over_ground(u, to);
        self.leave_if_off_table(u);
    }

    /// Unit `cmdr` tries to rally its subordinate `u` (L981-993): a
    /// communication test beyond 6" (none at all without sight or into
    /// close combat, `may_message`), then `u`'s QD > its LV + the
    /// commander's.
    pub fn rally(&mut self, cmdr: usize, u: usize) {
        if !self.communicate(cmdr, u) {
            return;
        }
        let tl = i32::from(self.st.units[cmdr].lv);
        if self.reaction(u, tl, "rally") == TestResult::Pass {
            let cap = Cl::start(self.setup.sides[self.side(u)].fatigue);
            let cl = self.st.units[u].cl.raised(cap);
            self.set_cl(u, cl);
        }
    }

    /// How many command levels `to` stands below `from` (1 for a direct
    /// subordinate), or None when `from` is not above it in the chain.
    pub fn levels_below(&self, from: usize, to: usize) -> Option<u8> {
        let mut at = to;
        for n in 1..=self.setup.units.len().min(255) as u8 {
            let parent = self.setup.units[at].parent?;
            if parent == from {
                return Some(n);
            }
            at = parent;
        }
        None
    }

    /// Whether a message can pass from `from` to `to` at all: the two see
    /// each other past woods and troops (L871), and neither is locked in
    /// hand-to-hand (L879-881: a unit in close combat sends nothing and
    /// receives only an order to withdraw, which no doctrine gives).
    pub fn may_message(&self, from: usize, to: usize) -> bool {
        let locked = |x: usize| self.st.units[x].locked_with.is_some();
        !locked(from) && !locked(to) && self.in_message_sight(from, to)
    }

    /// The communication test (L866-907): automatic within 6", otherwise the
    /// sender's QD > the poorer LV + one per 6" beyond the first 6"; the
    /// sender's die is one type lower for each command level the message
    /// skips (L875).
    pub fn communicate(&mut self, from: usize, to: usize) -> bool {
        if !self.may_message(from, to) {
            return false;
        }
        let (a, b) = (self.st.units[from].pos, self.st.units[to].pos);
        let d = ((a[0] - b[0]).powi(2) + (a[1] - b[1]).powi(2)).sqrt();
        if d <= 6.0 {
            return true;
        }
        let lv = self.st.units[from].lv.max(self.st.units[to].lv);
        let extra = ((d - 6.0) / 6.0).ceil() as i32;
        let skipped = self.levels_below(from, to).map_or(0, |n| n - 1);
        let die = self.setup.units[from]
            .quality
            .die()
            .shifted(-(skipped as i8));
        let r = self.roll(from, "communication", die);
        test_against(r, i32::from(lv) + extra) == TestResult::Pass
    }

    /// The fright checks of the turn end (L776-791): a unit that lost
    /// figures this turn or sees friends routing tests when their weight is
    /// at least half its own, at +2 for each Routed superior (L791).
    pub fn fright_checks(&mut self) {
        for u in 0..self.st.units.len() {
            if !self.st.units[u].standing() {
                continue;
            }
            let side = self.side(u);
            let routed: u32 = (0..self.st.units.len())
                .filter(|&f| f != u && self.side(f) == side)
                .filter(|&f| self.st.units[f].on_table() && self.st.units[f].cl == Cl::Routed)
                .map(|f| self.weight(f))
                .sum();
            let mult = if self.setup.profile_of(u).mount == Mount::Horse {
                2
            } else {
                1
            };
            let lost = u32::from(self.st.units[u].casualties_this_turn) * mult;
            let own = self.weight(u).max(1);
            if 2 * (routed + lost) < own {
                continue;
            }
            let tl = ((routed + lost) / own).max(1) as i32
                + self.fright_modifiers(u)
                + 2 * self.routed_superiors(u);
            self.confidence(u, tl, "fright check");
        }
    }

    /// How many of `u`'s superiors in the chain of command are Routed on
    /// the table (+2 each to a fright check, L791, wherever they are).
    fn routed_superiors(&self, u: usize) -> i32 {
        let routed = |c: usize| self.st.units[c].on_table() && self.st.units[c].cl == Cl::Routed;
        (0..self.st.units.len())
            .filter(|&c| routed(c) && self.levels_below(c, u).is_some())
            .count() as i32
    }

    /// -1 per formed friend beside the unit (within 3"), +1 per enemy within
    /// 12" on a flank, +2 per enemy within 12" behind it.
    fn fright_modifiers(&self, u: usize) -> i32 {
        let side = self.side(u);
        let me = self.block(u);
        let mut m = 0;
        for o in 0..self.st.units.len() {
            let s = &self.st.units[o];
            if o == u || !s.on_table() || self.dist(u, o) > 12.0 {
                continue;
            }
            if self.side(o) == side {
                let formed = s.formation != Formation::Skirmish && !s.panic && s.standing();
                let ahead = me.facing.ahead();
                let (level, half) = me.along(ahead);
                let theirs = s.pos[0] * ahead[0] + s.pos[1] * ahead[1];
                let beside = (theirs - level).abs() <= half + 1.0;
                if formed && beside && self.dist(u, o) <= 3.0 {
                    m -= 1;
                }
            } else {
                let aspect = field::charge_aspect(&self.block(o), &me);
                m += i32::from(aspect);
            }
        }
        m
    }
}
