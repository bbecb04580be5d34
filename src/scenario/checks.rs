//! Checks shared by the validators of every ruleset: where a problem goes
//! ([`Ctx`]), a list's or doctrine's `ruleset`, an army list's ids and entries,
//! words from a fixed set, integer ranges, squares on the board, unit placement
//! (`at` lists and blocks), a scenario's common header (name, `[options]`
//! against a ruleset's registry, `max_rounds`, battles), and interning
//! troop profiles shared by both sides, resolving each side's army list and
//! doctrine, and words of a fixed set read into typed values ([`Word`]).

use super::locate::Locator;
use super::parse::RawFile;
use super::problems::{did_you_mean, Problem, Seg};
use super::raw::Reference;
use super::resolve_validated;
use crate::geometry::grid::Square;
use crate::geometry::{Shape, Vec2};
use crate::path;
use crate::rules::options::{check_value, OptionSpec, OptionValue};
use crate::rules::RulesetKind;
use std::collections::BTreeMap;
use std::path::Path;

/// Where problems of one (part of a) file go.
pub struct Ctx<'a> {
    pub loc: &'a Locator,
    pub prefix: Vec<Seg>,
}

impl Ctx<'_> {
    pub fn at(&self, rel: Vec<Seg>) -> Vec<Seg> {
        let mut p = self.prefix.clone();
        p.extend(rel);
        p
    }

    pub fn err(
        &self,
        problems: &mut Vec<Problem>,
        rel: Vec<Seg>,
        msg: impl Into<String>,
        hint: Option<String>,
    ) {
        problems.push(self.loc.problem(&self.at(rel), msg, hint));
    }
}

/// A problem unless an army list's or doctrine's `ruleset` (`given`, at
/// `field`) names `kind`; `what` is "army list" or "doctrine".
pub fn ruleset_is(
    ctx: &Ctx,
    problems: &mut Vec<Problem>,
    field: Vec<Seg>,
    given: &str,
    kind: RulesetKind,
    what: &str,
) {
    if RulesetKind::from_name(given) != Some(kind) {
        ctx.err(
            problems,
            field,
            format!("this {what} is for `{given}`, not `{}`", kind.name()),
            Some(format!("set ruleset = \"{}\"", kind.name())),
        );
    }
}

/// The entries of an army list (`[[table]]`, by id): a problem when there
/// are none and for every id used twice.
pub fn unique_ids(ctx: &Ctx, problems: &mut Vec<Problem>, ids: &[&str], table: &str) {
    if ids.is_empty() {
        ctx.err(
            problems,
            path!["army_list"],
            format!("the army list has no {table}s"),
            Some(format!("add [[{table}]] tables")),
        );
    }
    for (i, id) in ids.iter().enumerate() {
        if ids[..i].contains(id) {
            ctx.err(
                problems,
                path![table, i, "id"],
                format!("{table} id `{id}` is used twice"),
                Some(format!("give every {table} its own id")),
            );
        }
    }
}

/// An army list of any ruleset: its `ruleset` must be `kind`, its `table`
/// entries need unique ids, and each entry is validated by `entry`.
#[allow(clippy::too_many_arguments)]
pub fn army_list_entries<R, T>(
    loc: &Locator,
    prefix: &[Seg],
    problems: &mut Vec<Problem>,
    ruleset: (&str, RulesetKind),
    table: &str,
    entries: &[R],
    id: impl Fn(&R) -> &str,
    mut entry: impl FnMut(&Ctx, &mut Vec<Problem>, usize, &R) -> T,
) -> Vec<T> {
    let ctx = Ctx {
        loc,
        prefix: prefix.to_vec(),
    };
    ruleset_is(
        &ctx,
        problems,
        path!["army_list", "ruleset"],
        ruleset.0,
        ruleset.1,
        "army list",
    );
    let ids: Vec<&str> = entries.iter().map(&id).collect();
    unique_ids(&ctx, problems, &ids, table);
    entries
        .iter()
        .enumerate()
        .map(|(i, r)| entry(&ctx, problems, i, r))
        .collect()
}

/// A value named by one word of a fixed set, as input files spell it.
/// Implemented with [`words!`](crate::words) so that the names live in one
/// declaration.
pub trait Word: Sized {
    /// Every valid name, in the order hints list them.
    const NAMES: &'static [&'static str];
    /// The value `name` names, if any.
    fn from_name(name: &str) -> Option<Self>;

    /// The value `given` names; None (and a problem) when it names none,
    /// None when nothing is given.
    fn read(
        ctx: &Ctx,
        problems: &mut Vec<Problem>,
        field: Vec<Seg>,
        given: Option<&str>,
    ) -> Option<Self> {
        let g = given?;
        let found = Self::from_name(g);
        if found.is_none() {
            not_allowed(ctx, problems, field, g, Self::NAMES);
        }
        found
    }

    /// As [`Word::read`], with `default` for a missing or wrong word.
    fn read_or(
        ctx: &Ctx,
        problems: &mut Vec<Problem>,
        field: Vec<Seg>,
        given: Option<&str>,
        default: Self,
    ) -> Self {
        Self::read(ctx, problems, field, given).unwrap_or(default)
    }
}

/// The names of a [`Word`] type (a doctrine knob's word list).
pub fn word_names<W: Word>() -> Vec<&'static str> {
    W::NAMES.to_vec()
}

/// Implements [`Word`] for an enum of unit variants:
/// `words!(MoveOrder { "listed" => Listed, "front_to_back" => FrontToBack })`;
/// with `enum` first it also declares the enum (Copy, Eq, Debug) and its
/// `name()`.
#[macro_export]
macro_rules! words {
    ($(#[$m:meta])* $vis:vis enum $ty:ident { $($name:literal => $variant:ident),+ $(,)? }) => {
        $(#[$m])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        $vis enum $ty { $($variant),+ }
        $crate::words!($ty { $($name => $variant),+ });
        impl $ty {
            /// The word that names this value.
            #[allow(dead_code)]
            $vis fn name(self) -> &'static str {
                match self {
                    $($ty::$variant => $name,)+
                }
            }
        }
    };
    ($ty:ident { $($name:literal => $variant:ident),+ $(,)? }) => {
        impl $crate::scenario::checks::Word for $ty {
            const NAMES: &'static [&'static str] = &[$($name),+];
            fn from_name(name: &str) -> Option<Self> {
                match name {
                    $($name => Some($ty::$variant),)+
                    _ => None,
                }
            }
        }
    };
}

/// `given` if it is one of `allowed` (else a problem and `default`); the
/// untyped form of [`Word::read_or`].
pub fn word<'a>(
    ctx: &Ctx,
    problems: &mut Vec<Problem>,
    field: Vec<Seg>,
    given: Option<&'a str>,
    allowed: &[&'a str],
    default: &'a str,
) -> &'a str {
    match given {
        None => default,
        Some(g) if allowed.contains(&g) => g,
        Some(g) => {
            not_allowed(ctx, problems, field, g, allowed);
            default
        }
    }
}

/// The problem for a word `given` at `field` that is none of `allowed`.
pub fn not_allowed(
    ctx: &Ctx,
    problems: &mut Vec<Problem>,
    field: Vec<Seg>,
    given: &str,
    allowed: &[&str],
) {
    let hint = did_you_mean(given, allowed.iter().copied())
        .unwrap_or_else(|| format!("use one of: {}", allowed.join(", ")));
    ctx.err(
        problems,
        field,
        format!("`{given}` is not allowed here"),
        Some(hint),
    );
}

/// A file kind that sides reference: the built-ins by name, and its validator.
pub type Source<'a, F, V> = (
    &'a [(&'a str, &'a str)],
    fn(&F, &Locator, &[Seg], &mut Vec<Problem>) -> V,
);

/// The outline of terrain piece `at` (`[battlefield.terrain]` entry): a
/// convex polygon of at least 3 corners, or a circle `(x, y, radius)` of
/// radius above 0 and at most 100; exactly one of the two.
pub fn terrain_shape(
    ctx: &Ctx,
    p: &mut Vec<Problem>,
    at: Vec<Seg>,
    polygon: &Option<Vec<[f64; 2]>>,
    circle: Option<(f64, f64, f64)>,
) -> Option<Shape> {
    let f = |k: &str| [at.clone(), path![k]].concat();
    match (polygon, circle) {
        (Some(points), None) => {
            let v: Vec<Vec2> = points.iter().map(|[x, y]| Vec2::new(*x, *y)).collect();
            let n = v.len();
            let turns: Vec<f64> = (0..n)
                .map(|k| (v[(k + 1) % n] - v[k]).cross(v[(k + 2) % n] - v[(k + 1) % n]))
                .collect();
            let convex = turns.iter().all(|&c| c > 0.0) || turns.iter().all(|&c| c < 0.0);
            if n < 3 || !convex {
                ctx.err(
                    p,
                    f("polygon"),
                    "a terrain polygon needs at least 3 corners in order, convex",
                    Some("split a concave piece into convex ones".into()),
                );
                return None;
            }
            Some(Shape::Polygon(v))
        }
        (None, Some((x, y, radius))) => {
            if !(radius > 0.0 && radius <= 100.0) {
                ctx.err(
                    p,
                    f("circle"),
                    format!("radius must be above 0 and at most 100, not {radius}"),
                    None,
                );
                return None;
            }
            Some(Shape::Circle {
                centre: Vec2::new(x, y),
                radius,
            })
        }
        _ => {
            ctx.err(
                p,
                at,
                "a terrain piece needs either `polygon` or `circle`",
                Some("polygon = [[x, y], ...] or circle = { x = 36, y = 24, radius = 6 }".into()),
            );
            None
        }
    }
}

/// What both sides' files bring: the scenario with its references
/// inlined, each army list's entries interned into one pool (an entry
/// both lists hold is one), each side's share of the pool, and each
/// side's doctrine (None when it has problems).
pub struct PooledForces<F, T, D> {
    pub resolved: F,
    pub pool: Vec<T>,
    pub side_items: [Vec<usize>; 2],
    pub doctrines: Vec<Option<D>>,
}

/// [`side_files`] for army lists whose entries are pooled: resolves and
/// validates the files of a copy of `raw`, whose sides `sides` picks.
pub fn pooled_forces<F, S, L, T, D, DV>(
    (loc, p, base): (&Locator, &mut Vec<Problem>, Option<&Path>),
    raw: &F,
    sides: impl Fn(&mut F) -> &mut Vec<S>,
    refs: impl Fn(&mut S) -> (&mut Reference<L>, &mut Reference<D>),
    (lists, doctrines): (Source<L, Vec<T>>, Source<D, DV>),
) -> PooledForces<F, T, DV>
where
    F: Clone,
    L: RawFile + Clone,
    D: RawFile + Clone,
    T: PartialEq,
{
    let mut resolved = raw.clone();
    let (mut pool, mut side_items) = (Vec::new(), [Vec::new(), Vec::new()]);
    let mut chosen = Vec::new();
    side_files(
        loc,
        p,
        base,
        sides(&mut resolved),
        refs,
        lists,
        doctrines,
        |_, i, list, doctrine| {
            for t in list.into_iter().flatten() {
                side_items[i].push(intern(&mut pool, t));
            }
            chosen.push(doctrine);
        },
    );
    PooledForces {
        resolved,
        pool,
        side_items,
        doctrines: chosen,
    }
}

/// Resolves and validates every side's army list and doctrine (`refs` picks
/// a side's two references), side by side; `each` gets side `i`'s two
/// results before the next side is read. The references are inlined.
#[allow(clippy::too_many_arguments)]
pub fn side_files<S, L, LV, D, DV>(
    loc: &Locator,
    p: &mut Vec<Problem>,
    base: Option<&Path>,
    sides: &mut [S],
    refs: impl Fn(&mut S) -> (&mut Reference<L>, &mut Reference<D>),
    lists: Source<L, LV>,
    doctrines: Source<D, DV>,
    mut each: impl FnMut(&mut Vec<Problem>, usize, Option<LV>, Option<DV>),
) where
    L: RawFile + Clone,
    D: RawFile + Clone,
{
    let from = p.len();
    for (i, side) in sides.iter_mut().enumerate() {
        let (list_ref, doctrine_ref) = refs(side);
        let list = resolve_validated(
            list_ref,
            path!["side", i, "army_list"],
            loc,
            base,
            lists.0,
            "army list",
            p,
            lists.1,
        );
        let doctrine = resolve_validated(
            doctrine_ref,
            path!["side", i, "doctrine"],
            loc,
            base,
            doctrines.0,
            "doctrine",
            p,
            doctrines.1,
        );
        each(p, i, list, doctrine);
    }
    shared_once(loc, p, from);
}

/// A list or doctrine file both sides use has its problems found twice:
/// each is kept once, saying so. Problems in the scenario itself stay.
fn shared_once(loc: &Locator, p: &mut Vec<Problem>, from: usize) {
    let mut kept: Vec<Problem> = Vec::new();
    let mut shared = Vec::new();
    let mut seen = std::collections::HashMap::new();
    for q in p.drain(from..) {
        if q.file == loc.file {
            kept.push(q);
            continue;
        }
        let key = (
            q.file.clone(),
            q.line,
            q.column,
            q.field.clone(),
            q.message.clone(),
        );
        match seen.get(&key) {
            Some(&at) => shared.push(at),
            None => {
                seen.insert(key, kept.len());
                kept.push(q);
            }
        }
    }
    for at in shared {
        if !kept[at].message.ends_with("(a file both sides use)") {
            kept[at].message.push_str(" (a file both sides use)");
        }
    }
    p.extend(kept);
}

/// Whether a scenario has exactly two sides (else a problem).
pub fn two_sides(ctx: &Ctx, problems: &mut Vec<Problem>, sides: usize) -> bool {
    if sides != 2 {
        ctx.err(
            problems,
            path!["side"],
            format!("a battle has exactly 2 sides, this scenario has {sides}"),
            Some("write two [[side]] tables".to_string()),
        );
    }
    sides == 2
}

/// The problem for a unit entry naming `given`, which is none of the `ids`
/// of its side's army list; `what` is "troop" or "profile".
pub fn not_in_list(
    ctx: &Ctx,
    problems: &mut Vec<Problem>,
    field: Vec<Seg>,
    what: &str,
    given: &str,
    ids: &[&str],
) {
    let hint = did_you_mean(given, ids.iter().copied())
        .unwrap_or_else(|| format!("{what}s of this side's army list: {}", ids.join(", ")));
    ctx.err(
        problems,
        field,
        format!("{what} `{given}` is not in this side's army list"),
        Some(hint),
    );
}

/// Whether `v` is in `lo..=hi` (else a problem).
pub fn in_range(
    ctx: &Ctx,
    problems: &mut Vec<Problem>,
    field: Vec<Seg>,
    what: &str,
    v: i64,
    lo: i64,
    hi: i64,
) -> bool {
    if (lo..=hi).contains(&v) {
        true
    } else {
        ctx.err(
            problems,
            field,
            format!("{what} must be between {lo} and {hi}, not {v}"),
            None,
        );
        false
    }
}

/// The square `xy` if it is on a `w` x `d` board (else a problem).
pub fn square(
    ctx: &Ctx,
    problems: &mut Vec<Problem>,
    field: Vec<Seg>,
    xy: [i64; 2],
    w: i64,
    d: i64,
    what: &str,
) -> Option<Square> {
    if (0..w).contains(&xy[0]) && (0..d).contains(&xy[1]) {
        Some(Square::new(xy[0] as i16, xy[1] as i16))
    } else {
        ctx.err(
            problems,
            field,
            format!("{what} [{}, {}] is off the board", xy[0], xy[1]),
            Some(format!(
                "the board is {w} x {d}: x in 0..={}, y in 0..={}",
                w - 1,
                d - 1
            )),
        );
        None
    }
}

/// Checks a scenario's `[options]` table against `specs`; returns the values given.
pub fn check_options(
    ctx: &Ctx,
    p: &mut Vec<Problem>,
    table: &toml::Table,
    specs: &[OptionSpec],
    ruleset: &str,
) -> BTreeMap<String, OptionValue> {
    check_options_at(ctx, p, table, specs, ruleset, "options")
}

/// As [`check_options`], for the options table named `key`.
pub fn check_options_at(
    ctx: &Ctx,
    p: &mut Vec<Problem>,
    table: &toml::Table,
    specs: &[OptionSpec],
    ruleset: &str,
    key: &str,
) -> BTreeMap<String, OptionValue> {
    let mut values = BTreeMap::new();
    let listed = format!("`muster rules {ruleset}` lists every option");
    for (k, v) in table {
        match specs.iter().find(|s| s.name == k) {
            Some(spec) => match check_value(spec, v) {
                Ok(val) => {
                    values.insert(k.clone(), val);
                }
                Err(msg) => ctx.err(p, path![key, k.clone()], msg, Some(listed.clone())),
            },
            None => {
                let hint = did_you_mean(k, specs.iter().map(|s| s.name)).unwrap_or(listed.clone());
                ctx.err(
                    p,
                    path![key, k.clone()],
                    format!("unknown rule option `{k}`"),
                    Some(hint),
                );
            }
        }
    }
    values
}

/// The squares of a unit entry: its `at` list (one square per unit) or a
/// `block` filled row by row, `width` per row, rows stepping by `toward` in y.
/// Each square comes with its field path. None when the entry is unusable.
#[allow(clippy::too_many_arguments)]
pub fn placement(
    ctx: &Ctx,
    p: &mut Vec<Problem>,
    field: &[Seg],
    at: Option<&[[i64; 2]]>,
    block: Option<&super::raw::Block>,
    count: i64,
    toward: i64,
    (w, d): (i64, i64),
) -> Option<Vec<(Square, Vec<Seg>)>> {
    let mut squares = Vec::new();
    let sub = |rel: Vec<Seg>| [field.to_vec(), rel].concat();
    match (at, block) {
        (Some(at), None) => {
            if at.len() as i64 != count {
                ctx.err(
                    p,
                    sub(path!["at"]),
                    format!("{} squares for {count} units", at.len()),
                    Some("give one [x, y] per unit".to_string()),
                );
            }
            for (k, xy) in at.iter().take(count.max(0) as usize).enumerate() {
                let f = sub(path!["at", k]);
                if let Some(s) = square(ctx, p, f.clone(), *xy, w, d, "unit") {
                    squares.push((s, f));
                }
            }
        }
        (None, Some(b)) => {
            if b.width < 1 {
                ctx.err(
                    p,
                    sub(path!["block", "width"]),
                    "block width must be at least 1",
                    None,
                );
                return None;
            }
            let f = sub(path!["block"]);
            for k in 0..count {
                let (x, y) = (b.x + k % b.width, b.y + toward * (k / b.width));
                if let Some(s) = square(ctx, p, f.clone(), [x, y], w, d, "unit") {
                    squares.push((s, f.clone()));
                } else {
                    break;
                }
            }
        }
        _ => {
            ctx.err(
                p,
                field.to_vec(),
                "a unit entry needs either `at` (a list of squares) or `block`",
                Some("write at = [[x, y], ...] or block = { x = 0, y = 0, width = 6 }".to_string()),
            );
            return None;
        }
    }
    Some(squares)
}

/// The checked values every scenario has, whatever its ruleset.
pub struct Header {
    pub options: BTreeMap<String, OptionValue>,
    pub max_rounds: i64,
    pub battles: i64,
}

/// Checks a scenario's name, `[options]` (against `specs` of `ruleset`),
/// `max_rounds` (default `default_rounds`) and `[run] battles`.
#[allow(clippy::too_many_arguments)]
pub fn header(
    ctx: &Ctx,
    p: &mut Vec<Problem>,
    name: &str,
    options: &toml::Table,
    (specs, ruleset): (&[OptionSpec], &str),
    max_rounds: Option<i64>,
    default_rounds: i64,
    battles: Option<i64>,
) -> Header {
    if name.trim().is_empty() {
        ctx.err(
            p,
            path!["scenario", "name"],
            "the scenario needs a name",
            None,
        );
    }
    let options = check_options(ctx, p, options, specs, ruleset);
    let max_rounds = max_rounds.unwrap_or(default_rounds);
    in_range(
        ctx,
        p,
        path!["scenario", "max_rounds"],
        "max_rounds",
        max_rounds,
        1,
        1000,
    );
    let battles = battles.unwrap_or(super::DEFAULT_BATTLES as i64);
    in_range(
        ctx,
        p,
        path!["run", "battles"],
        "battles",
        battles,
        1,
        i64::MAX,
    );
    Header {
        options,
        max_rounds,
        battles,
    }
}

/// The index of `item` in `pool`, adding it when it is not there yet.
pub fn intern<T: PartialEq>(pool: &mut Vec<T>, item: T) -> usize {
    match pool.iter().position(|o| *o == item) {
        Some(k) => k,
        None => {
            pool.push(item);
            pool.len() - 1
        }
    }
}
