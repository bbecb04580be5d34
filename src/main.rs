//! The `muster` binary: parse the command line, run, print errors, exit.

fn main() {
    std::process::exit(muster::cli::main());
}
