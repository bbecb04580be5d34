//! The `rule_options!` macro: each rule option of a ruleset declared once
//! (name, values, default, one-line explanation, digest reference, and the
//! typed field it fills), from which the registry `SPECS` (listed by
//! `muster rules` and checked against a scenario's `[options]`), the typed
//! options struct, its `Default` and its `from_values` are generated.
//!
//! ```text
//! rule_options! {
//!     /// The Armies options of one scenario, typed.
//!     pub struct ArmiesOptions;
//!     /// Every Armies option, in the order `muster rules armies` lists them.
//!     pub const SPECS;
//!
//!     /// who takes the first turn each round (the explanation `muster rules` prints)
//!     #[cite = "A1.5, A-G08"]
//!     turn_order: enum TurnOrder { AttackerFirst, BetterCommanderFirst } = AttackerFirst;
//! }
//! ```
//!
//! The `///` lines of an option are its explanation, joined by single spaces;
//! `#[cite]` is where the digest discusses it. The option is named after its
//! field unless `#[option = "name"]` says otherwise. What follows the colon
//! says what the option accepts and what the field holds:
//!
//! - `enum Type { A, B } = A` declares the word enum `Type` (the words are
//!   the variant names, or `A = "a", ...` gives them) and a field of it;
//! - `word Type = A`, a field of a word enum declared elsewhere;
//! - `bool = true`, a `true`/`false` option;
//! - `int(0..=9) = 3`, an integer option held as `i64`; `int(0..=9) as u8 = 3`
//!   casts it, and `int(0..=9) as T = 3, map f` converts it with `fn f(i64) -> T`;
//! - `T = "w" of { "w" => expr, ... }`, a word option read into any type;
//! - `fixed "w"`, an option accepting one word, listed but read by nothing.
//!
//! Options are listed in declaration order. The macro munches one option per
//! step (two for an `enum`), so the default recursion limit of 128 allows
//! about a hundred options per struct. `from_values` runs once per scenario,
//! never per battle.

/// Declares the options of one ruleset; see the module documentation.
#[macro_export]
macro_rules! rule_options {
    (
        $(#[$smeta:meta])* pub struct $S:ident;
        $(#[$cmeta:meta])* pub const $SPECS:ident;
        $($body:tt)*
    ) => {
        $crate::rule_options!(@munch [$(#[$smeta])* $S $(#[$cmeta])* $SPECS] [] [] [] [] $($body)*);
    };

    // Accumulators: header, fields, spec entries, reads, items.
    (@munch [$(#[$smeta:meta])* $S:ident $(#[$cmeta:meta])* $SPECS:ident]
        [$($fields:tt)*] [$($specs:tt)*] [$($rf:ident $rk:tt)*] [$($items:tt)*]) => {
        $(#[$cmeta])*
        pub const $SPECS: &[$crate::rules::options::OptionSpec] = &[$($specs)*];

        $($items)*

        $(#[$smeta])*
        #[derive(Clone, Debug, PartialEq)]
        pub struct $S {
            $($fields)*
        }

        impl Default for $S {
            fn default() -> Self {
                Self::from_values(&::std::collections::BTreeMap::new())
            }
        }

        impl $S {
            /// Typed options from checked values (missing ones take their default).
            pub fn from_values(
                values: &::std::collections::BTreeMap<String, $crate::rules::options::OptionValue>,
            ) -> Self {
                let r = $crate::rules::options::OptionReader { specs: $SPECS, values };
                $S { $($rf: $crate::rule_options!(@read r $rk),)* }
            }
        }
    };

    // `fixed "w"`: one accepted word, no field.
    (@munch $hd:tt $f:tt [$($specs:tt)*] $r:tt $i:tt
        $(#[doc = $doc:literal])* #[cite = $src:literal]
        $name:ident : fixed $d:literal ; $($rest:tt)*) => {
        $crate::rule_options!(@munch $hd $f
            [$($specs)* $crate::rule_options!(@spec stringify!($name), Choice(&[$d]), $d, [$($doc)*], $src),]
            $r $i $($rest)*);
    };

    // `enum Type { A, B } = A`: declares the enum, then reads it as a `word`.
    (@munch $hd:tt $f:tt $s:tt $r:tt [$($items:tt)*]
        $(#[doc = $doc:literal])* #[cite = $src:literal] $(#[option = $o:literal])?
        $field:ident : enum $E:ident { $($v:ident $(= $w:literal)?),+ $(,)? } = $d:ident ; $($rest:tt)*) => {
        $crate::rule_options!(@munch $hd $f $s $r
            [$($items)* $crate::word_enum!(
                #[doc = concat!("The values of option `", $crate::rule_options!(@name $field $($o)?), "`.")]
                $E { $($v $(= $w)?),+ });]
            $(#[doc = $doc])* #[cite = $src] $(#[option = $o])?
            $field : word $E = $d ; $($rest)*);
    };

    // `word Type = A`: a word enum declared by `word_enum!`.
    (@munch $hd:tt [$($fields:tt)*] [$($specs:tt)*] [$($reads:tt)*] $i:tt
        $(#[doc = $doc:literal])* #[cite = $src:literal] $(#[option = $o:literal])?
        $field:ident : word $E:ident = $d:ident ; $($rest:tt)*) => {
        $crate::rule_options!(@munch $hd
            [$($fields)* $(#[doc = $doc])* pub $field: $E,]
            [$($specs)* $crate::rule_options!(@spec $crate::rule_options!(@name $field $($o)?),
                Choice($E::WORDS), $E::$d.word(), [$($doc)*], $src),]
            [$($reads)* $field (word $E, $crate::rule_options!(@name $field $($o)?))]
            $i $($rest)*);
    };

    // `bool = true`.
    (@munch $hd:tt [$($fields:tt)*] [$($specs:tt)*] [$($reads:tt)*] $i:tt
        $(#[doc = $doc:literal])* #[cite = $src:literal] $(#[option = $o:literal])?
        $field:ident : bool = $d:literal ; $($rest:tt)*) => {
        $crate::rule_options!(@munch $hd
            [$($fields)* $(#[doc = $doc])* pub $field: bool,]
            [$($specs)* $crate::rule_options!(@spec $crate::rule_options!(@name $field $($o)?),
                Flag, stringify!($d), [$($doc)*], $src),]
            [$($reads)* $field (flag $crate::rule_options!(@name $field $($o)?))]
            $i $($rest)*);
    };

    // `int(min..=max) as T = d, map f`.
    (@munch $hd:tt [$($fields:tt)*] [$($specs:tt)*] [$($reads:tt)*] $i:tt
        $(#[doc = $doc:literal])* #[cite = $src:literal] $(#[option = $o:literal])?
        $field:ident : int($min:literal ..= $max:literal) as $ty:ty = $d:literal, map $map:path ;
        $($rest:tt)*) => {
        $crate::rule_options!(@munch $hd
            [$($fields)* $(#[doc = $doc])* pub $field: $ty,]
            [$($specs)* $crate::rule_options!(@spec $crate::rule_options!(@name $field $($o)?),
                Int { min: $min, max: $max }, stringify!($d), [$($doc)*], $src),]
            [$($reads)* $field (map $map, $crate::rule_options!(@name $field $($o)?))]
            $i $($rest)*);
    };

    // `int(min..=max) as T = d`.
    (@munch $hd:tt [$($fields:tt)*] [$($specs:tt)*] [$($reads:tt)*] $i:tt
        $(#[doc = $doc:literal])* #[cite = $src:literal] $(#[option = $o:literal])?
        $field:ident : int($min:literal ..= $max:literal) as $ty:ty = $d:literal ; $($rest:tt)*) => {
        $crate::rule_options!(@munch $hd
            [$($fields)* $(#[doc = $doc])* pub $field: $ty,]
            [$($specs)* $crate::rule_options!(@spec $crate::rule_options!(@name $field $($o)?),
                Int { min: $min, max: $max }, stringify!($d), [$($doc)*], $src),]
            [$($reads)* $field (cast $ty, $crate::rule_options!(@name $field $($o)?))]
            $i $($rest)*);
    };

    // `int(min..=max) = d`, held as `i64`.
    (@munch $hd:tt [$($fields:tt)*] [$($specs:tt)*] [$($reads:tt)*] $i:tt
        $(#[doc = $doc:literal])* #[cite = $src:literal] $(#[option = $o:literal])?
        $field:ident : int($min:literal ..= $max:literal) = $d:literal ; $($rest:tt)*) => {
        $crate::rule_options!(@munch $hd
            [$($fields)* $(#[doc = $doc])* pub $field: i64,]
            [$($specs)* $crate::rule_options!(@spec $crate::rule_options!(@name $field $($o)?),
                Int { min: $min, max: $max }, stringify!($d), [$($doc)*], $src),]
            [$($reads)* $field (int $crate::rule_options!(@name $field $($o)?))]
            $i $($rest)*);
    };

    // `T = "w" of { "w" => expr, ... }`: words read into any type. Last, as
    // `$ty:ty` would commit to parsing the other forms as a type.
    (@munch $hd:tt [$($fields:tt)*] [$($specs:tt)*] [$($reads:tt)*] $i:tt
        $(#[doc = $doc:literal])* #[cite = $src:literal] $(#[option = $o:literal])?
        $field:ident : $ty:ty = $d:literal of { $($w:literal => $val:expr),+ $(,)? } ;
        $($rest:tt)*) => {
        $crate::rule_options!(@munch $hd
            [$($fields)* $(#[doc = $doc])* pub $field: $ty,]
            [$($specs)* $crate::rule_options!(@spec $crate::rule_options!(@name $field $($o)?),
                Choice(&[$($w),+]), $d, [$($doc)*], $src),]
            [$($reads)* $field (words $crate::rule_options!(@name $field $($o)?), { $($w => $val),+ })]
            $i $($rest)*);
    };

    // Helpers: the option's name; one registry entry; reading one field
    // with the reader `$r` (passed in, for hygiene).
    (@read $r:ident (word $E:ident, $name:expr)) => { $E::parse(&$r.word($name)) };
    (@read $r:ident (flag $name:expr)) => { $r.flag($name) };
    (@read $r:ident (int $name:expr)) => { $r.int($name) };
    (@read $r:ident (cast $ty:ty, $name:expr)) => { $r.int($name) as $ty };
    (@read $r:ident (map $map:path, $name:expr)) => { $map($r.int($name)) };
    (@read $r:ident (words $name:expr, { $($w:literal => $val:expr),+ })) => {
        match $r.word($name).as_str() {
            $($w => $val,)+
            _ => unreachable!("option values are checked against the registry first"),
        }
    };
    (@name $field:ident) => { stringify!($field) };
    (@name $field:ident $o:literal) => { $o };
    (@spec $name:expr, $values:expr, $default:expr, [$($doc:literal)*], $src:literal) => {
        $crate::rules::options::OptionSpec {
            name: $name,
            values: {
                #[allow(unused_imports)]
                use $crate::rules::options::OptionValues::*;
                $values
            },
            default: $default,
            help: $crate::rules::options::doc_text(concat!($($doc),*)),
            source: $src,
        }
    };
}
