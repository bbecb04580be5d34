//! The one sentence that opens every analysis summary and report: the
//! answer to the command's question, with its interval, and the warning
//! after it when the clock (the time limit) ended more than a third of the
//! battles. Small pure functions of numbers and names, so each wording is
//! pinned by a snapshot test. Win rates are percentages; differences of
//! win rates are percentage points ("pp").

/// `74.3%`.
pub fn pct(x: f64) -> String {
    format!("{:.1}%", 100.0 * x)
}

/// An interval of win rates: `73.7-74.9%`.
pub fn pct_span(lo: f64, hi: f64) -> String {
    format!("{:.1}-{:.1}%", 100.0 * lo, 100.0 * hi)
}

/// An interval of numbers: `3.2-5.0`, or `-0.5 to 1.1` when a bound is
/// negative (a dash would read as a minus sign).
pub fn span(lo: f64, hi: f64, decimals: usize) -> String {
    let (a, b) = (fixed(lo, decimals), fixed(hi, decimals));
    if lo < 0.0 || hi < 0.0 {
        format!("{a} to {b}")
    } else {
        format!("{a}-{b}")
    }
}

/// `x` with `decimals` decimals, never `-0.0`.
pub fn fixed(x: f64, decimals: usize) -> String {
    let s = format!("{x:.decimals$}");
    if s.starts_with('-') && s[1..].chars().all(|c| c == '0' || c == '.') {
        s[1..].to_string()
    } else {
        s
    }
}

/// "Humans' win rate", "the Elf's": the possessive of a name.
pub fn possessive(name: &str) -> String {
    if name.ends_with('s') {
        format!("{name}'")
    } else {
        format!("{name}'s")
    }
}

/// "Humans win", "Goblin horde wins": a side's name with the verb.
pub fn side_wins(side: &str) -> String {
    if side.ends_with('s') {
        format!("{side} win")
    } else {
        format!("{side} wins")
    }
}

/// "1 build", "35 builds".
pub fn count(n: usize, noun: &str) -> String {
    if n == 1 {
        format!("1 {noun}")
    } else {
        format!("{n} {noun}s")
    }
}

/// A variant's short label: each edit as `KEY = VALUE`, KEY the shortest
/// tail of its path that no other path in `paths` shares
/// (`side.Humans.mc_adjust=-1` is `mc_adjust = -1`, unless `side.Orcs.
/// mc_adjust` is varied too).
pub fn short_label(edits: &[(String, String)], paths: &[String]) -> String {
    edits
        .iter()
        .map(|(path, value)| format!("{} = {value}", short_path(path, paths)))
        .collect::<Vec<_>>()
        .join(", ")
}

fn short_path(path: &str, paths: &[String]) -> String {
    let segs: Vec<&str> = path.split('.').collect();
    for k in 1..=segs.len() {
        let tail = segs[segs.len() - k..].join(".");
        let clash = paths
            .iter()
            .any(|p| p != path && (p == &tail || p.ends_with(&format!(".{tail}"))));
        if !clash {
            return tail;
        }
    }
    path.to_string()
}

/// A difference of win rates with its interval, as fractions.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Diff {
    pub estimate: f64,
    pub lo: f64,
    pub hi: f64,
}

/// What a difference does to `side`'s win rate, in words: "raises Humans'
/// win rate by 4.1 pp (paired 95% interval 3.2-5.0)".
pub fn moves(side: &str, d: Diff) -> String {
    let rate = format!("{} win rate", possessive(side));
    if d.lo > 0.0 {
        format!(
            "raises {rate} by {} pp (paired 95% interval {})",
            fixed(100.0 * d.estimate, 1),
            span(100.0 * d.lo, 100.0 * d.hi, 1)
        )
    } else if d.hi < 0.0 {
        format!(
            "lowers {rate} by {} pp (paired 95% interval {})",
            fixed(-100.0 * d.estimate, 1),
            span(-100.0 * d.hi, -100.0 * d.lo, 1)
        )
    } else {
        format!(
            "changes {rate} by no amount 95% can detect: {} pp (paired 95% interval {})",
            fixed(100.0 * d.estimate, 1),
            span(100.0 * d.lo, 100.0 * d.hi, 1)
        )
    }
}

/// "it rises by 6.2 pp (paired 95% interval 5.0-7.4)".
fn rises(d: Diff) -> String {
    let (verb, est, lo, hi) = if d.lo > 0.0 {
        ("it rises by", d.estimate, d.lo, d.hi)
    } else if d.hi < 0.0 {
        ("it falls by", -d.estimate, -d.hi, -d.lo)
    } else {
        (
            "even that change is not detectable at 95%:",
            d.estimate,
            d.lo,
            d.hi,
        )
    };
    format!(
        "{verb} {} pp (paired 95% interval {})",
        fixed(100.0 * est, 1),
        span(100.0 * lo, 100.0 * hi, 1)
    )
}

/// The verdict of `muster compare`: the one variant's effect, or the
/// largest of several and how many differ from the baseline.
/// `variants` are the variants other than the baseline: short label and
/// difference to the baseline.
pub fn compare(side: &str, variants: &[(String, Diff)]) -> String {
    let Some((label, d)) = variants
        .iter()
        .max_by(|a, b| a.1.estimate.abs().total_cmp(&b.1.estimate.abs()))
    else {
        return "There is only the baseline: nothing to compare.".to_string();
    };
    if variants.len() == 1 {
        return format!("Variant {label} {}.", moves(side, *d));
    }
    let differ = variants
        .iter()
        .filter(|(_, d)| d.lo > 0.0 || d.hi < 0.0)
        .count();
    format!(
        "Of {} variants, {label} moves {} win rate most: {}; {differ} of the {} {} from the baseline at 95%.",
        variants.len(),
        possessive(side),
        rises(*d),
        variants.len(),
        if differ == 1 { "differs" } else { "differ" }
    )
}

/// A cell of a sweep: its short label and win rate with interval.
#[derive(Clone, Debug, PartialEq)]
pub struct Cell {
    pub label: String,
    pub rate: f64,
    pub lo: f64,
    pub hi: f64,
}

/// The verdict of `muster sweep`: the cell closest to `target` (even,
/// usually), whether its interval holds the target, and the range of the
/// win rate over the grid.
pub fn sweep(side: &str, cells: &[Cell], target: f64) -> String {
    let Some(near) = cells
        .iter()
        .filter(|c| !c.rate.is_nan())
        .min_by(|a, b| (a.rate - target).abs().total_cmp(&(b.rate - target).abs()))
    else {
        return "No cell was played.".to_string();
    };
    let (min, max) = cells
        .iter()
        .filter(|c| !c.rate.is_nan())
        .fold((f64::INFINITY, f64::NEG_INFINITY), |(a, b), c| {
            (a.min(c.rate), b.max(c.rate))
        });
    let goal = goal(side, target);
    let over = if cells.len() > 1 {
        format!(
            "; over the {} cells the win rate runs from {} to {}",
            cells.len(),
            pct(min),
            pct(max)
        )
    } else {
        String::new()
    };
    let at = format!(
        "{} {} (95% interval {})",
        side_wins(side),
        pct(near.rate),
        pct_span(near.lo, near.hi)
    );
    if near.lo <= target && target <= near.hi {
        format!("{} {goal}: {at}{over}.", near.label)
    } else {
        format!(
            "No cell of the grid {goal}: the closest, {}, has {at}{over}.",
            near.label
        )
    }
}

/// "makes the battle even", "makes Humans win 70%".
fn goal(side: &str, target: f64) -> String {
    if (target - 0.5).abs() < 1e-9 {
        "makes the battle even".to_string()
    } else {
        format!("makes {side} win {:.0}%", 100.0 * target)
    }
}

/// Beyond the end of a tuning range that does not reach the target: the
/// way toward it and how far legal values go.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Beyond {
    /// Whether raising the value moves toward the target.
    pub up: bool,
    /// The end of the range on that side.
    pub end: i64,
    /// The farthest legal value tried past `end` (None: `end` is as far as
    /// validation allows).
    pub legal_to: Option<i64>,
}

/// What a tuning search found, for its verdict.
#[derive(Clone, Debug, PartialEq)]
pub struct TuneFacts<'a> {
    /// "troll's MCV", "the MC ratio".
    pub what: &'a str,
    pub side: &'a str,
    pub target: f64,
    pub current: Option<i64>,
    pub range: (i64, i64),
    pub crossing: Option<f64>,
    /// The values whose 95% interval holds the target.
    pub consistent: Option<(i64, i64)>,
    /// The win rate at the range's ends.
    pub ends: (f64, f64),
    /// When the range does not cross the target.
    pub beyond: Option<Beyond>,
}

/// The verdict of `muster tune`.
pub fn tune(t: &TuneFacts) -> String {
    let goal = goal(t.side, t.target);
    let interval = match t.consistent {
        Some((a, b)) if a == b => format!("95% interval: {a} only"),
        Some((a, b)) => format!("95% interval {}", span(a as f64, b as f64, 0)),
        None => format!(
            "no value played has a 95% interval holding {:.0}%",
            100.0 * t.target
        ),
    };
    if let Some(x) = t.crossing {
        let x_text = fixed(x, 1);
        return match t.current {
            Some(c) if (x - c as f64).abs() < 0.5 => format!(
                "{} = {c} already {goal}: the crossing is at {x_text} ({interval}).",
                capitalise(t.what)
            ),
            Some(c) => format!(
                "{} {} from {c} to about {x_text} {goal} ({interval}).",
                if x > c as f64 { "Raising" } else { "Lowering" },
                t.what
            ),
            None => format!("Setting {} to about {x_text} {goal} ({interval}).", t.what),
        };
    }
    let (lo, hi) = t.range;
    let still = match t.consistent {
        Some((a, b)) if a == b => format!(
            " (though the 95% interval at {a} still holds {:.0}%)",
            100.0 * t.target
        ),
        Some((a, b)) => format!(
            " (though the 95% intervals of {a} to {b} still hold {:.0}%)",
            100.0 * t.target
        ),
        None => String::new(),
    };
    let head = format!(
        "No value of {} in {lo}..{hi} {goal}: {} {} to {} over the range{still}",
        t.what,
        side_wins(t.side),
        pct(t.ends.0),
        pct(t.ends.1)
    );
    match t.beyond {
        None => format!(
            "{head}, and the win rate does not move with {}, so no value reaches it.",
            t.what
        ),
        Some(b) => {
            let way = if b.up { "raising" } else { "lowering" };
            match b.legal_to {
                None => format!(
                    "{head}; {way} it moves toward the target, but {} is the {} legal value, so no legal value of {} reaches it.",
                    b.end,
                    if b.up { "highest" } else { "lowest" },
                    t.what
                ),
                Some(to) => {
                    let (a, z) = if b.up { (b.end, to) } else { (to, b.end) };
                    format!(
                        "{head}; {way} it moves toward the target and legal values go on to {to}: try --range {a}..{z}."
                    )
                }
            }
        }
    }
}

fn capitalise(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().chain(c).collect(),
        None => String::new(),
    }
}

/// Where the side's current Orders build stands in a deck race.
#[derive(Clone, Debug, PartialEq)]
pub enum Current {
    /// Among the builds inseparable from the best.
    Among,
    /// Raced but separated from the best.
    Behind,
    /// Not among the builds raced (a `--build` subset).
    NotRaced,
}

/// The verdict of `muster decks`. `best`: the best build's text, win rate
/// and 95% interval; `inseparable`: how many builds cannot be told apart
/// from it; `rounds`: rounds finished.
pub fn decks(
    side: &str,
    best: (&str, f64, f64, f64),
    inseparable: usize,
    rounds: usize,
    current: &Current,
) -> String {
    if rounds == 0 {
        return "No build finished a round, so the builds are not ranked (the race was interrupted)."
            .to_string();
    }
    let (text, rate, lo, hi) = best;
    let best = format!(
        "{text}, with which {} {} (95% interval {})",
        side_wins(side),
        pct(rate),
        pct_span(lo, hi)
    );
    let yours = |among: &str, not: &str| match current {
        Current::Among => among.to_string(),
        Current::Behind => not.to_string(),
        Current::NotRaced => "your current build was not raced".to_string(),
    };
    if inseparable <= 1 {
        format!(
            "One build is better than every other: {best}; {}.",
            yours("it is your current build", "your current build is not it")
        )
    } else {
        format!(
            "{} cannot be told apart from the best, {best}; {}.",
            count(inseparable, "build"),
            yours(
                "your current build is among them",
                "your current build is not among them"
            )
        )
    }
}

/// The current build's standing in a deck race, for the line after the
/// verdict.
#[derive(Clone, Debug, PartialEq)]
pub enum Standing {
    /// The race's best.
    Best,
    /// Survived: its paired difference to the best with the race's
    /// Bonferroni-corrected interval.
    Survived(Diff),
    /// Dropped in this round (1-based).
    Dropped(usize),
}

/// "Your current build (melee=4,...) ranks 12 of 356: ...".
pub fn current_build(
    side: &str,
    build: &str,
    rank: usize,
    of: usize,
    rate: f64,
    standing: &Standing,
) -> String {
    let head = format!(
        "Your current build ({build}) ranks {rank} of {of}: {} {}",
        side_wins(side),
        pct(rate)
    );
    match standing {
        Standing::Best => format!("{head}, the best of the race."),
        Standing::Survived(d) => format!(
            "{head}, {} pp below the best (paired 95% interval {}, Bonferroni-corrected over the survivors).",
            fixed(-100.0 * d.estimate, 1),
            span(-100.0 * d.hi, -100.0 * d.lo, 1)
        ),
        Standing::Dropped(round) => format!(
            "{head}; it was dropped in round {round}, when its paired interval to the leader lay below 0."
        ),
    }
}

/// A unit of a fairness list, for the verdict.
#[derive(Clone, Debug, PartialEq)]
pub struct Priced<'a> {
    pub name: &'a str,
    pub cost: u32,
    /// The suggested cost and its 95% interval.
    pub suggested: (f64, f64, f64),
    /// "overcosted", "undercosted" or "".
    pub flag: &'a str,
    /// Whether the suggested cost's whole interval lies beyond the flag's
    /// fraction (the flag is not down to chance).
    pub clear: bool,
}

/// The verdict of `muster fairness`: which units are priced more than
/// `fraction` off, with their suggested costs.
pub fn fairness(units: &[Priced], fraction: f64) -> String {
    let off: Vec<String> = units
        .iter()
        .filter(|u| !u.flag.is_empty())
        .map(|u| {
            format!(
                "{}, {} at {} pts (suggested {:.0}, 95% interval {})",
                u.name,
                u.flag,
                u.cost,
                u.suggested.0,
                span(u.suggested.1, u.suggested.2, 0)
            )
        })
        .collect();
    let pc = format!("{:.0}%", 100.0 * fraction);
    match off.len() {
        0 if units.len() == 1 => {
            format!("The one unit is priced within {pc} of the cost the model suggests.")
        }
        0 => format!(
            "All {} units are priced within {pc} of the cost the model suggests.",
            units.len()
        ),
        n => {
            let list = match off.split_last() {
                Some((last, rest)) if !rest.is_empty() => {
                    format!("{}, and {last}", rest.join(", "))
                }
                _ => off.join(""),
            };
            let clear = units
                .iter()
                .filter(|u| !u.flag.is_empty() && u.clear)
                .count();
            let sure = if clear == n {
                String::new()
            } else if clear == 0 {
                format!(
                    "; no interval lies wholly beyond {pc}, so more matchups are needed to be sure"
                )
            } else {
                format!(
                    "; {clear} of them {} wholly beyond {pc}",
                    if clear == 1 {
                        "has its 95% interval"
                    } else {
                        "have their 95% intervals"
                    }
                )
            };
            format!(
                "{n} of {} {} priced more than {pc} off: {list}{sure}.",
                count(units.len(), "unit"),
                if n == 1 { "is" } else { "are" }
            )
        }
    }
}

/// What a best response found, for [`counter`].
pub struct Response<'a> {
    pub side: &'a str,
    pub other: &'a str,
    /// The knobs the best changes, in words (`no change` when none).
    pub changes: &'a str,
    /// The best's win rate on the fresh seed with its 95% interval.
    pub rate: (f64, f64, f64),
    /// Its paired gain over the starting doctrine (0 when unchanged).
    pub gain: Diff,
    pub budget: u64,
    /// The opponent's doctrines the search answered (fictitious play).
    pub opponents: usize,
}

/// "Best response for Humans against Orcs' doctrines: ... On a fresh seed
/// it wins 61.0% (95% interval 60.0-62.0%), +4.0 points over the starting
/// doctrine (paired 95% interval 3.1-4.9)."
pub fn counter(r: &Response) -> String {
    let (rate, lo, hi) = r.rate;
    let head = match r.opponents {
        0 | 1 => format!(
            "Best response for {} against {} doctrines",
            r.side,
            possessive(r.other)
        ),
        n => format!(
            "Best response for {} against the {n} doctrines {} has played so far (fictitious play; confirmed against the latest)",
            r.side, r.other
        ),
    };
    if r.changes == "no change" {
        return format!(
            "{head}: the starting doctrine; no better doctrine was found within the budget of {} battles. On a fresh seed it wins {} (95% interval {}).",
            r.budget,
            pct(rate),
            pct_span(lo, hi)
        );
    }
    let g = r.gain;
    let sign = if g.estimate > 0.0 { "+" } else { "" };
    let mut s = format!(
        "{head}: {}. On a fresh seed it wins {} (95% interval {}), {sign}{} points over the starting doctrine (paired 95% interval {}).",
        r.changes,
        pct(rate),
        pct_span(lo, hi),
        fixed(100.0 * g.estimate, 1),
        span(100.0 * g.lo, 100.0 * g.hi, 1)
    );
    if g.lo <= 0.0 {
        s.push_str(&format!(
            " The gain's interval includes zero or lies below it: no better doctrine was found within the budget of {} battles.",
            r.budget
        ));
    }
    s
}

/// The share of battles above which the clock (a time, round or turn
/// limit, or a safety cap) is said to decide an answer: a third.
pub const CLOCK_SHARE: f64 = 1.0 / 3.0;

/// `62%`: a share in whole percent, a half rounded up (78.5% is 79%).
fn whole_pct(x: f64) -> String {
    format!("{}%", (100.0 * x).round())
}

/// The warning that the clock decided an answer, or None when it ended no
/// more than a third of the battles of every played variant. `played`:
/// each played variant's label and the share of its battles the clock
/// ended (one entry, its label unused, for one set of battles); `noun`
/// names the variants ("variant", "cell", "pairing").
pub fn clock_warning(played: &[(String, f64)], noun: &str) -> Option<String> {
    let over: Vec<&(String, f64)> = played.iter().filter(|(_, s)| *s > CLOCK_SHARE).collect();
    let (label, most) = over
        .iter()
        .copied()
        .reduce(|a, b| if b.1 > a.1 { b } else { a })?;
    let advice = "Give the scenario objectives or a longer limit.";
    let n = played.len();
    if n == 1 {
        return Some(format!(
            "Warning: the time limit ended {} of these battles; this answer is the clock's, not the armies'. {advice}",
            whole_pct(*most)
        ));
    }
    let every = match n {
        2 => "both".to_string(),
        _ => format!("all {n}"),
    };
    let which = match over.len() {
        1 => format!(
            "{} of the battles of {label} (1 of the {n} {noun}s)",
            whole_pct(*most)
        ),
        k if k == n => format!(
            "more than a third of the battles of {every} {noun}s, up to {} for {label}",
            whole_pct(*most)
        ),
        k => format!(
            "more than a third of the battles of {k} of the {n} {noun}s, up to {} for {label}",
            whole_pct(*most)
        ),
    };
    let whose = match over.len() {
        1 => format!("for that {noun} the answer is the clock's"),
        k if k == n => "this answer is the clock's".to_string(),
        _ => format!("for those {noun}s the answer is the clock's"),
    };
    Some(format!(
        "Warning: the time limit ended {which}; {whose}, not the armies'. {advice}"
    ))
}
