//! The progress bar of a run over files: on stderr, only on a terminal, narrower than it, with the running
//! count of games and problems.

use std::io::{self, IsTerminal};
use std::path::PathBuf;

use console::Term;
use gotool_model::{Summary, plural};
use gotool_source::Input;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle, TermLike};

use crate::config::FilesConfig;

/// The bar's running count, in the words of the summary line at the end: invalid games apart from files that
/// could not be read (or not as SGF) and games lost to a broken game tree.
pub(super) fn progress_message(s: &Summary) -> String {
    let mut message = format!("{} game{}, {} invalid", s.games, plural(s.games), s.invalid);
    if s.file_errors > 0 {
        message.push_str(&format!(", {} file{} not readable", s.file_errors, plural(s.file_errors)));
    }
    if s.games_lost > 0 {
        message.push_str(&format!(", {} game{} lost", s.games_lost, plural(s.games_lost)));
    }
    message
}

/// An indicatif bar on stderr: hidden when stderr is not a terminal, with `--quiet`, or for a single file.
/// The total is counted by a background walk so the first results are not delayed.
pub(super) fn progress_bar(config: &FilesConfig, paths: &[PathBuf]) -> ProgressBar {
    let many = |p: &PathBuf| p.is_dir() || gotool_source::may_hold_many(p, config.plan.limits.max_file_bytes);
    let single_file = paths.len() == 1 && !many(&paths[0]);
    if config.quiet || single_file || !io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    // Archives and streams hold an unknown number of records: the bar counts without a total.
    if config.archives && paths.iter().any(|p| !p.is_dir() && many(p)) {
        return stderr_bar("{spinner} {pos} {files}  {rate} files/s  {wide_msg}");
    }
    // Until the walk is counted there is no total, so no ETA to show: the bar says it is counting.
    let bar = stderr_bar("{spinner} {pos} {files}  {rate} files/s  (counting…)  {wide_msg}");
    let counter = bar.clone();
    let (paths, walk, shard) = (paths.to_vec(), config.walk(), config.shard);
    std::thread::spawn(move || {
        let total = gotool_source::discover(&paths, walk)
            .filter(|i| matches!(i, Input::File { display, .. } if shard.is_none_or(|s| s.contains(display))))
            .count();
        counter.set_length(total as u64);
        counter.set_style(bar_style("{spinner} {pos}/{len} {files}  {rate} files/s  ETA {eta}  {wide_msg}"));
    });
    bar
}

/// A bar drawn on stderr, kept a few columns narrower than the terminal (the message is cut to fit): a line that
/// filled the whole width would wrap when the terminal echoes `^C`, and the interrupt handler, which clears one
/// line, would leave it on screen.
pub(super) fn stderr_bar(template: &str) -> ProgressBar {
    bar_on(Box::new(Term::stderr()), template)
}

/// A bar drawn on `term`, a few columns narrower than it.
fn bar_on(term: Box<dyn TermLike>, template: &str) -> ProgressBar {
    let bar = ProgressBar::with_draw_target(None, ProgressDrawTarget::term_like(Box::new(NarrowTerm(term))));
    bar.set_style(bar_style(template));
    bar
}

/// A terminal with room left at the end of the line for the `^C` an interrupt echoes.
#[derive(Debug)]
struct NarrowTerm(Box<dyn TermLike>);

impl TermLike for NarrowTerm {
    fn width(&self) -> u16 {
        self.0.width().saturating_sub(4).max(20)
    }
    fn height(&self) -> u16 {
        self.0.height()
    }
    fn move_cursor_up(&self, n: usize) -> io::Result<()> {
        self.0.move_cursor_up(n)
    }
    fn move_cursor_down(&self, n: usize) -> io::Result<()> {
        self.0.move_cursor_down(n)
    }
    fn move_cursor_right(&self, n: usize) -> io::Result<()> {
        self.0.move_cursor_right(n)
    }
    fn move_cursor_left(&self, n: usize) -> io::Result<()> {
        self.0.move_cursor_left(n)
    }
    fn write_line(&self, s: &str) -> io::Result<()> {
        self.0.write_line(s)
    }
    fn write_str(&self, s: &str) -> io::Result<()> {
        self.0.write_str(s)
    }
    fn clear_line(&self) -> io::Result<()> {
        self.0.clear_line()
    }
    fn flush(&self) -> io::Result<()> {
        self.0.flush()
    }
}

/// The bar's style from its template, with `{rate}` as whole files a second (indicatif's own `{per_sec}` shows
/// four decimals) and `{files}` as "file" or "files" for the count beside it (the total once it is known).
fn bar_style(template: &str) -> ProgressStyle {
    ProgressStyle::with_template(template)
        .map(|style| {
            style
                .with_key("rate", |state: &indicatif::ProgressState, w: &mut dyn std::fmt::Write| {
                    let _ = write!(w, "{:.0}", state.per_sec());
                })
                .with_key("files", |state: &indicatif::ProgressState, w: &mut dyn std::fmt::Write| {
                    let count = state.len().unwrap_or(state.pos());
                    let _ = write!(w, "file{}", plural(count as usize));
                })
        })
        .unwrap_or_else(|_| ProgressStyle::default_bar())
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::{Arc, Mutex};

    /// A terminal 40 columns wide that keeps what is drawn on it.
    #[derive(Debug, Clone, Default)]
    struct Recorded(Arc<Mutex<String>>);

    impl TermLike for Recorded {
        fn width(&self) -> u16 {
            40
        }
        fn move_cursor_up(&self, _: usize) -> io::Result<()> {
            Ok(())
        }
        fn move_cursor_down(&self, _: usize) -> io::Result<()> {
            Ok(())
        }
        fn move_cursor_right(&self, _: usize) -> io::Result<()> {
            Ok(())
        }
        fn move_cursor_left(&self, _: usize) -> io::Result<()> {
            Ok(())
        }
        fn write_line(&self, s: &str) -> io::Result<()> {
            self.0.lock().unwrap().push_str(&format!("{s}\n"));
            Ok(())
        }
        fn write_str(&self, s: &str) -> io::Result<()> {
            self.0.lock().unwrap().push_str(s);
            Ok(())
        }
        fn clear_line(&self) -> io::Result<()> {
            self.0.lock().unwrap().push('\n');
            Ok(())
        }
        fn flush(&self) -> io::Result<()> {
            Ok(())
        }
    }

    fn drawn(length: u64, message: String) -> Vec<String> {
        let term = Recorded::default();
        let bar = bar_on(Box::new(term.clone()), "{pos}/{len} {files}  {wide_msg}");
        bar.set_length(length);
        bar.set_message(message);
        bar.tick();
        let text = term.0.lock().unwrap().clone();
        text.lines().filter(|l| !l.is_empty()).map(str::to_string).collect()
    }

    #[test]
    fn a_long_message_is_cut_short_of_the_terminal_edge() {
        let summary = Summary { games: 123456, invalid: 7890, file_errors: 12, games_lost: 3, ..Summary::default() };
        let lines = drawn(18326, progress_message(&summary));
        assert!(lines.iter().any(|l| l.contains("123456 games")), "{lines:?}");
        for line in lines {
            assert!(line.chars().count() <= 36, "{line:?} leaves no room for ^C on a 40-column terminal");
        }
    }

    #[test]
    fn one_file_is_a_file() {
        assert!(drawn(1, String::new()).iter().any(|l| l.starts_with("0/1 file ")), "{:?}", drawn(1, String::new()));
        assert!(drawn(2, String::new()).iter().any(|l| l.starts_with("0/2 files ")));
    }

    #[test]
    fn the_bar_counts_unreadable_files_apart_from_invalid_games() {
        let summary = Summary { games: 10, invalid: 1, file_errors: 2, ..Summary::default() };
        assert_eq!(progress_message(&summary), "10 games, 1 invalid, 2 files not readable");
        let one = Summary { games: 1, ..Summary::default() };
        assert_eq!(progress_message(&one), "1 game, 0 invalid");
    }
}
