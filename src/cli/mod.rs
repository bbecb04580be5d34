//! The command line: the only module that knows clap, the terminal and
//! indicatif. Each subcommand has its own file; this one parses and
//! dispatches, prints errors with their causes, and returns the exit code.
//! The work itself is below: `analysis` (the deck race, tuning), `report`
//! (output files) and `shard` (shard ranges and merging) never call back
//! into this module.

/// `println!` to standard output where a closed pipe (`muster run | head`)
/// ends the output quietly instead of panicking.
macro_rules! say {
    ($($arg:tt)*) => {{
        let _ = $crate::cli::print_stdout(&format!("{}\n", format_args!($($arg)*)));
    }};
}

/// `eprintln!` to standard error where a closed or failing stderr
/// (`muster check f 2>&1 | true`) is ignored instead of panicking.
macro_rules! tell {
    ($($arg:tt)*) => {{
        use std::io::Write;
        let _ = writeln!(std::io::stderr().lock(), $($arg)*);
    }};
}

mod analyze;
mod check;
mod compare;
mod completions;
pub mod counter;
mod decks;
mod fairness;
mod merge;
mod panel;
mod panel_each;
mod progress;
mod raw_out;
mod report_cmd;
mod rules_cmd;
mod run;
mod study;
mod sweep;
mod trace;
mod tune;

use crate::rules::RulesetKind;
use clap::{Parser, Subcommand};
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};

/// Exit code for success.
pub const EXIT_OK: i32 = 0;
/// Exit code for invalid input or any error.
pub const EXIT_ERROR: i32 = 2;
/// Exit code when a run was interrupted (its partial outputs were written).
pub const EXIT_INTERRUPTED: i32 = 130;

const AFTER_HELP: &str = "\
Exit codes:
  0    success
  2    invalid input (every problem is listed with file:line:column) or any other error
  130  interrupted by Ctrl-C, SIGTERM or SIGHUP (a cluster's pre-emption or time limit):
       `run`, `compare`, `sweep`, `tune`, `decks` and `fairness` stop within a second and write
       the outputs of the battles finished so far, marked partial (`muster run --resume DIR`
       continues a run); interrupted before any battle, they write nothing; `counter`
       stops within a second and writes nothing

Output folders are written whole: into a hidden folder beside --out, swapped in at the end.
muster knows its files by the record it keeps in each folder (.muster-owned.json) and never
moves or deletes any other: a folder holding files it did not write is refused unless
--force, and one command writes a folder at a time.

Examples:
  muster run                                   # the built-in default scenario, 10,000 battles
  muster run scenarios/armies/siege_of_the_keep.toml --battles 50000 --threads 2
  muster run scenarios/armies/open_field.toml --precision 0.005 --max-battles 1000000
  muster trace scenarios/armies/open_field.toml --battle 17
  muster run scenarios/means_war/pikemen_vs_swordsmen.toml
  muster check scenarios/armies/*.toml scenarios/means_war/*.toml
  muster rules armies
  muster rules means_war
  muster compare scenarios/states_of_battle/heroes_and_monster.toml --vary side.Humans.mc_adjust=0,1
  muster sweep scenarios/states_of_battle/heroes_and_monster.toml --grid side.Orcs.gd=6..12:2
  muster tune scenarios/states_of_battle/heroes_and_monster.toml --unit troll --param mcv --target 0.7
  muster decks scenarios/states_of_battle/heroes_and_monster.toml
  muster counter scenarios/states_of_battle/heroes_and_monster.toml --side Humans --rounds 2
  muster fairness scenarios/states_of_battle/fairness/line_units.toml --budget 3000 --matchups 100
  muster report reports/compare-heroes-and-a-monster-states-of-battle
  muster run --raw battles.parquet && muster analyze battles.parquet --by end_reason   # --features parquet";

#[derive(Parser, Debug)]
#[command(name = "muster", version, about = "Monte Carlo balance lab for mass-battle wargames", after_help = AFTER_HELP)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Play many battles of a scenario: army sheet, verdict, CSVs, run.toml and report.html.
    Run(run::RunArgs),
    /// Compare variants of a scenario (or several scenarios) on common random numbers.
    Compare(compare::CompareArgs),
    /// Win rate over a grid of one or two parameters (a curve or a surface).
    Sweep(sweep::SweepArgs),
    /// Find the points, MCV or MC ratio that makes a matchup even.
    Tune(tune::TuneArgs),
    /// Rank every legal Orders-deck build of a side (States of Battle).
    Decks(decks::DecksArgs),
    /// Price every unit of a list: random equal-points armies and a logistic model of who wins.
    Fairness(fairness::FairnessArgs),
    /// Play every pairing of doctrines: does the verdict hold whoever plays?
    Panel(panel::PanelArgs),
    /// Search a side's doctrine for the best response to the opponent's (--rounds: fictitious play).
    Counter(counter::CounterArgs),
    /// Win rates per group of the per-battle rows of `--raw` (needs `--features parquet`).
    Analyze(analyze::AnalyzeArgs),
    /// Build (or rebuild) the charts and report.html of any output folder.
    Report(report_cmd::ReportArgs),
    /// Combine the output folders of `muster run --shard K/N` into the files one run writes.
    Merge(merge::MergeArgs),
    /// Replay one battle of a run, showing every roll, decision and change of state.
    Trace(trace::TraceArgs),
    /// Validate scenario, army-list and doctrine files; report every problem at once.
    Check {
        /// Files to check (each may be a scenario, an army list or a doctrine).
        #[arg(required = true)]
        files: Vec<PathBuf>,
    },
    /// Print a shell completion script (e.g. `muster completions bash > ~/.local/share/bash-completion/completions/muster`).
    Completions(completions::CompletionsArgs),
    /// Write man pages (muster.1 and one per command) into a folder.
    Manpage(completions::ManpageArgs),
    /// List a ruleset's named rule options with their defaults.
    Rules {
        /// The ruleset.
        #[arg(value_parser = ruleset_parser())]
        ruleset: RulesetKind,
    },
}

/// Parses a ruleset's name (or alias) on the command line; `--help` and
/// the error for a wrong name list them.
fn ruleset_parser() -> impl clap::builder::TypedValueParser<Value = RulesetKind> {
    use clap::builder::TypedValueParser;
    let names = RulesetKind::ALL
        .into_iter()
        .flat_map(|k| std::iter::once(k.name()).chain(k.aliases().iter().copied()));
    clap::builder::PossibleValuesParser::new(names.collect::<Vec<_>>()).map(|name: String| {
        RulesetKind::from_name(&name).expect("a possible value names a ruleset")
    })
}

/// Set by Ctrl-C, SIGTERM or SIGHUP while a command that stops cleanly runs.
pub(crate) static CANCEL: AtomicBool = AtomicBool::new(false);
/// Whether the running command checks [`CANCEL`] and writes its finished
/// work; otherwise a signal ends the process at once with exit code 130.
static COOPERATIVE: AtomicBool = AtomicBool::new(false);

/// Whether Ctrl-C, SIGTERM or SIGHUP has asked the command to stop.
pub(crate) fn interrupted() -> bool {
    CANCEL.load(Ordering::Relaxed)
}

/// Installs the process's signal handling, once, before anything else:
/// SIGINT, SIGTERM and SIGHUP (the `termination` feature of ctrlc) all
/// ask the running command to stop (a cluster sends SIGTERM before
/// SIGKILL when it pre-empts or times out a job); SIGPIPE stays
/// ignored (Rust's default), and every terminal write (`say!`, `tell!`)
/// ignores a closed pipe, so `muster run | head -1` still plays and
/// writes the whole run, and `muster check f 2>&1 | true` ends quietly.
fn install_signals() {
    let _ = ctrlc::set_handler(|| {
        if COOPERATIVE.load(Ordering::SeqCst) {
            CANCEL.store(true, Ordering::SeqCst);
        } else {
            std::process::exit(EXIT_INTERRUPTED);
        }
    });
}

/// Runs the command line and returns the process exit code.
pub fn main() -> i32 {
    install_signals();
    let cli = Cli::parse();
    // The commands that play battles check CANCEL and write what they
    // finished; the others stop at once on a signal.
    let cooperative = matches!(
        cli.command,
        Command::Run(_)
            | Command::Compare(_)
            | Command::Sweep(_)
            | Command::Tune(_)
            | Command::Decks(_)
            | Command::Fairness(_)
            | Command::Panel(_)
            | Command::Counter(_)
    );
    COOPERATIVE.store(cooperative, Ordering::SeqCst);
    let result = match cli.command {
        Command::Run(args) => run::run(args),
        Command::Merge(args) => merge::merge(args),
        Command::Compare(args) => compare::compare(args),
        Command::Sweep(args) => sweep::sweep(args),
        Command::Tune(args) => tune::tune(args),
        Command::Decks(args) => decks::decks(args),
        Command::Fairness(args) => fairness::fairness(args),
        Command::Panel(args) => panel::panel(args),
        Command::Counter(args) => counter::counter(args),
        Command::Analyze(args) => analyze::analyze(args),
        Command::Report(args) => report_cmd::report(args),
        Command::Trace(args) => trace::trace(args),
        Command::Check { files } => check::check(&files),
        Command::Rules { ruleset } => rules_cmd::rules(ruleset),
        Command::Completions(args) => completions::completions(args),
        Command::Manpage(args) => completions::manpage(args),
    };
    match result {
        Ok(code) => code,
        Err(e) if e.is::<study::StoppedInSetup>() => {
            tell!("{e}");
            EXIT_INTERRUPTED
        }
        Err(e) => {
            print_error(&e);
            EXIT_ERROR
        }
    }
}

/// Prints an error on standard error: `error: ` and the error with its
/// causes; a [`Listed`] error as it is, followed by what was said around
/// it; shards that do not make up one run, one `error:` line per problem.
fn print_error(e: &anyhow::Error) {
    use crate::report::unstage;
    if let Some(uncovered) = e.downcast_ref::<crate::shard::Uncovered>() {
        for p in &uncovered.0 {
            tell!("error: {p}");
        }
    } else if let Some(listed) = e.downcast_ref::<Listed>() {
        tell!("{}", unstage(&listed.to_string()));
        let around: Vec<String> = e
            .chain()
            .take_while(|c| !c.is::<Listed>())
            .map(ToString::to_string)
            .collect();
        if !around.is_empty() {
            tell!("error: {}", unstage(&around.join(": ")));
        }
    } else {
        tell!("error: {}", error_text(e));
        if let Some(hint) = os_hint(e) {
            tell!("hint: {hint}");
        }
    }
}

/// An error with its causes, each once (an error whose text already ends
/// with its cause's, `cannot write X: No space left on device`, does not
/// repeat it), naming output folders as the user gave them.
pub(crate) fn error_text(e: &anyhow::Error) -> String {
    let mut text = String::new();
    for cause in e.chain() {
        let c = cause.to_string();
        if !text.ends_with(&c) {
            if !text.is_empty() {
                text.push_str(": ");
            }
            text.push_str(&c);
        }
    }
    crate::report::unstage(&text)
}

/// What to do about an output that could not be written, when the
/// operating system's reason is one a user can act on.
fn os_hint(e: &anyhow::Error) -> Option<&'static str> {
    let io = e.chain().find_map(|c| match c.downcast_ref() {
        Some(crate::report::ReportError::Io { source, .. }) => Some(source),
        _ => None,
    })?;
    #[cfg(unix)]
    {
        match io.raw_os_error()? {
            libc::ENOSPC | libc::EDQUOT => {
                Some("no space left on device: free space or choose another --out")
            }
            libc::EROFS | libc::EACCES | libc::EPERM => {
                Some("the folder cannot be written: choose one you can write to with --out")
            }
            _ => None,
        }
    }
    #[cfg(not(unix))]
    {
        let _ = io;
        None
    }
}

/// The problems of a file, one per line with file:line:column, printed as
/// they are; a context added to it is printed after them as an error line.
#[derive(Debug)]
pub(crate) struct Listed(String);

impl std::fmt::Display for Listed {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Listed {}

impl Listed {
    pub(crate) fn new(problems: impl std::fmt::Display) -> Listed {
        Listed(problems.to_string())
    }
}

/// Loads the scenario at `path`, or the built-in default; its problems are
/// a [`Listed`] error.
fn load(path: Option<&std::path::Path>) -> Result<crate::scenario::Scenario, Listed> {
    match path {
        Some(p) => crate::scenario::load_scenario(p),
        None => crate::scenario::load_default(),
    }
    .map_err(Listed::new)
}

/// Writes `text` to standard output; a closed pipe (`| head`) is not an error.
pub(crate) fn print_stdout(text: &str) -> anyhow::Result<()> {
    use std::io::Write;
    match std::io::stdout().lock().write_all(text.as_bytes()) {
        Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => Err(e.into()),
        _ => Ok(()),
    }
}
