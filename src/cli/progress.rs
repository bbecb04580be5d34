//! The progress bar on stderr (battles/s, ETA), hidden when stderr is not a
//! terminal or with --quiet; it is the engine's observer.

use crate::engine::Observer;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::io::IsTerminal;

pub struct Progress {
    bar: ProgressBar,
}

impl Progress {
    pub fn new(total: u64, quiet: bool) -> Self {
        let bar = ProgressBar::with_draw_target(Some(total), ProgressDrawTarget::stderr());
        if quiet || !std::io::stderr().is_terminal() {
            bar.set_draw_target(ProgressDrawTarget::hidden());
        }
        bar.set_style(
            ProgressStyle::with_template(
                "{bar:40.cyan/blue} {human_pos}/{human_len} battles  {per_sec}  ETA {eta}",
            )
            .unwrap_or_else(|_| ProgressStyle::default_bar()),
        );
        Progress { bar }
    }

    /// Adds `n` battles to the total (searches learn their size as they go).
    pub fn grow(&self, n: u64) {
        self.bar.inc_length(n);
    }

    /// Sets the total (a race learns how many battles are left as builds drop).
    pub fn set_total(&self, n: u64) {
        self.bar.set_length(n);
    }

    pub fn finish(&self) {
        self.bar.finish_and_clear();
    }
}

impl Observer for Progress {
    fn battles_done(&self, n: u64) {
        self.bar.inc(n);
    }
}
