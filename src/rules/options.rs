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
