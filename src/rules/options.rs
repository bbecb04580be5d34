//! Named rule options: the registry entry of each option (name, allowed
//! values, default, one-line explanation, digest reference) and the checked
//! lookup that turns a scenario's `[options]` table into values.
//!
//! Every interpretation of an unclear rule is an option here, so that
//! `muster rules RULESET` lists it and a scenario can switch it.

/// The values an option accepts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OptionValues {
    /// One of these words.
    Choice(&'static [&'static str]),
    /// `true` or `false`.
    Flag,
    /// An integer in `min..=max`.
    Int { min: i64, max: i64 },
}

/// One named rule option of a ruleset.
#[derive(Clone, Copy, Debug)]
pub struct OptionSpec {
    pub name: &'static str,
    pub values: OptionValues,
    /// The default, written as it would be in a scenario file.
    pub default: &'static str,
    pub help: &'static str,
    /// Where the digest discusses it.
    pub source: &'static str,
}

impl OptionSpec {
    /// The accepted values as shown to a user.
    pub fn values_text(&self) -> String {
        match self.values {
            OptionValues::Choice(words) => words.join(" | "),
            OptionValues::Flag => "true | false".to_string(),
            OptionValues::Int { min, max } => format!("{min}..={max}"),
        }
    }
}

/// A checked option value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OptionValue {
    Word(String),
    Flag(bool),
    Int(i64),
}

impl OptionValue {
    pub fn to_toml(&self) -> toml::Value {
        match self {
            OptionValue::Word(w) => toml::Value::String(w.clone()),
            OptionValue::Flag(b) => toml::Value::Boolean(*b),
            OptionValue::Int(i) => toml::Value::Integer(*i),
        }
    }
}

/// Checks one option value against its spec; the error text says what is accepted.
pub fn check_value(spec: &OptionSpec, value: &toml::Value) -> Result<OptionValue, String> {
    match (spec.values, value) {
        (OptionValues::Choice(words), toml::Value::String(s)) => {
            if words.contains(&s.as_str()) {
                Ok(OptionValue::Word(s.clone()))
            } else {
                Err(format!(
                    "`{s}` is not a value of option `{}`; use one of: {}",
                    spec.name,
                    words.join(", ")
                ))
            }
        }
        (OptionValues::Flag, toml::Value::Boolean(b)) => Ok(OptionValue::Flag(*b)),
        (OptionValues::Int { min, max }, toml::Value::Integer(i)) => {
            if (min..=max).contains(i) {
                Ok(OptionValue::Int(*i))
            } else {
                Err(format!(
                    "option `{}` must be in {min}..={max}, not {i}",
                    spec.name
                ))
            }
        }
        _ => Err(format!(
            "option `{}` takes {}, not `{value}`",
            spec.name,
            spec.values_text()
        )),
    }
}

/// Parses a spec's default into a value (defaults are written by us, so this cannot fail for a valid registry).
pub fn default_value(spec: &OptionSpec) -> OptionValue {
    match spec.values {
        OptionValues::Choice(_) => OptionValue::Word(spec.default.to_string()),
        OptionValues::Flag => OptionValue::Flag(spec.default == "true"),
        OptionValues::Int { .. } => OptionValue::Int(spec.default.parse().unwrap_or(0)),
    }
}

/// The text of a `///` comment as a macro captures it: without the leading
/// space (`rule_options!` takes an option's explanation from its comment).
pub const fn doc_text(doc: &'static str) -> &'static str {
    match doc.as_bytes() {
        [b' ', rest @ ..] => match std::str::from_utf8(rest) {
            Ok(text) => text,
            Err(_) => doc,
        },
        _ => doc,
    }
}

/// Reads checked option values, falling back to each option's default.
pub struct OptionReader<'a> {
    pub specs: &'static [OptionSpec],
    pub values: &'a std::collections::BTreeMap<String, OptionValue>,
}

impl OptionReader<'_> {
    fn get(&self, name: &str) -> OptionValue {
        self.values.get(name).cloned().unwrap_or_else(|| {
            let spec = self
                .specs
                .iter()
                .find(|s| s.name == name)
                .unwrap_or_else(|| panic!("option `{name}` is not registered"));
            default_value(spec)
        })
    }

    pub fn word(&self, name: &str) -> String {
        match self.get(name) {
            OptionValue::Word(w) => w,
            other => unreachable!("option {name} is a word option, got {other:?}"),
        }
    }

    pub fn flag(&self, name: &str) -> bool {
        matches!(self.get(name), OptionValue::Flag(true))
    }

    pub fn int(&self, name: &str) -> i64 {
        match self.get(name) {
            OptionValue::Int(i) => i,
            other => unreachable!("option {name} is an integer option, got {other:?}"),
        }
    }
}

/// Declares a word option's typed enum: `WORDS` lists its words in order,
/// `word` gives a variant's word and `parse` maps a registry-checked word to
/// it. Words are the variant names, or given per variant
/// (`Variant = "word"`, for snake_case words).
#[macro_export]
macro_rules! word_enum {
    ($(#[$meta:meta])* $name:ident { $($variant:ident = $word:literal),+ $(,)? }) => {
        $crate::word_enum!(@impl $(#[$meta])* $name { $($variant [$word]),+ });
    };
    ($(#[$meta:meta])* $name:ident { $($variant:ident),+ $(,)? }) => {
        $crate::word_enum!(@impl $(#[$meta])* $name { $($variant [stringify!($variant)]),+ });
    };
    (@impl $(#[$meta:meta])* $name:ident { $($variant:ident [$($word:tt)*]),+ }) => {
        $(#[$meta])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub enum $name { $($variant),+ }
        impl $name {
            /// The accepted words, in the order they are listed.
            pub const WORDS: &'static [&'static str] = &[$($($word)*),+];
            /// The word of this value.
            pub const fn word(self) -> &'static str {
                match self {
                    $($name::$variant => $($word)*,)+
                }
            }
            pub fn parse(word: &str) -> Self {
                match word {
                    $($($word)* => $name::$variant,)+
                    _ => unreachable!("option values are checked against the registry first"),
                }
            }
        }
    };
}

/// Test helper: every default of `specs` is accepted by its own spec.
pub fn defaults_are_valid(specs: &[OptionSpec]) -> Result<(), String> {
    for spec in specs {
        check_value(spec, &default_value(spec).to_toml())
            .map_err(|e| format!("{}: {e}", spec.name))?;
    }
    Ok(())
}
