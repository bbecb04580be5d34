//! `muster completions SHELL` prints a shell completion script (generated
//! from the command line's own definition by clap_complete, so it never
//! falls behind a flag), and `muster manpage DIR` writes `muster.1` and one
//! page per subcommand (`muster-run.1`, ...) by clap_mangen.

use super::{Cli, EXIT_OK};
use anyhow::Context;
use clap::{Args, CommandFactory};
use clap_complete::Shell;
use std::path::PathBuf;

#[derive(Args, Debug)]
pub struct CompletionsArgs {
    /// The shell: bash, zsh, fish, powershell or elvish.
    pub shell: Shell,
}

#[derive(Args, Debug)]
pub struct ManpageArgs {
    /// Folder to write the pages into (created if missing).
    #[arg(default_value = "man")]
    pub dir: PathBuf,
}

/// Prints the completion script of `shell` to standard output.
pub fn completions(args: CompletionsArgs) -> anyhow::Result<i32> {
    let mut cmd = Cli::command();
    let mut script = Vec::new();
    clap_complete::generate(args.shell, &mut cmd, "muster", &mut script);
    super::print_stdout(&String::from_utf8_lossy(&script))?;
    Ok(EXIT_OK)
}

/// Writes the man pages into `dir`.
pub fn manpage(args: ManpageArgs) -> anyhow::Result<i32> {
    std::fs::create_dir_all(&args.dir)
        .with_context(|| format!("cannot create {}", args.dir.display()))?;
    let cmd = Cli::command();
    clap_mangen::generate_to(cmd, &args.dir)
        .with_context(|| format!("cannot write the man pages into {}", args.dir.display()))?;
    say!(
        "man pages: {} (read one with `man {}/muster.1`)",
        args.dir.display(),
        args.dir.display()
    );
    Ok(EXIT_OK)
}
