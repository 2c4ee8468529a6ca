//! Command-line flags (clap derive). Each flag's doc comment is its help text; `Config::from_cli` is the only
//! place that turns raw flags into validated settings.

use std::path::PathBuf;

use clap::{Args, Parser, Subcommand, ValueEnum};

use crate::batch::Shard;
use crate::go::{HandicapBonus, Preset};
use crate::sgf::Limits;

#[derive(Debug, Parser)]
#[command(name = "gotool", version, about = "Validate and score Go (baduk, weiqi) game records in SGF")]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Replay records through the rules and report every illegal move and problem, with its place.
    Check(CheckArgs),
    /// Score finished games: Japanese (territory) and Chinese (area) counts side by side, checked against RE.
    Score(ScoreArgs),
    /// An archive at a glance: validity, board sizes, rules, komi, results, margins, RE checks.
    Stats(StatsArgs),
    /// Draw a position of a record: the final one, the one before a move, or the scored one (text or SVG).
    Show(ShowArgs),
}

#[derive(Debug, Args)]
pub struct ShowArgs {
    /// The record to draw.
    #[arg(value_name = "FILE")]
    pub path: PathBuf,

    /// Which game of a collection (1 = the first).
    #[arg(long, default_value_t = 1, value_name = "N")]
    pub game: usize,

    /// Draw the position before move N is played, with move N marked.
    #[arg(long = "move", value_name = "N", conflicts_with = "score")]
    pub move_number: Option<u32>,

    /// Mark dead stones (from TB/TW or --dead) and each side's territory on the final position.
    #[arg(long)]
    pub score: bool,

    /// Dead stones for --score, as for `gotool score --dead` (auto, none, or points).
    #[arg(long, value_delimiter = ',', value_name = "POINTS", requires = "score")]
    pub dead: Option<Vec<String>>,

    /// Write an SVG picture to FILE instead of drawing on the terminal.
    #[arg(long, value_name = "FILE")]
    pub svg: Option<PathBuf>,

    /// Plain ASCII (X O . + x o b w) instead of Unicode; reads well in logs.
    #[arg(long)]
    pub ascii: bool,

    /// Enforce these rules instead of the record's RU.
    #[arg(long, value_enum)]
    pub rules: Option<RulesArg>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum RulesArg {
    Japanese,
    Korean,
    Chinese,
    Aga,
    Nz,
    TrompTaylor,
}

impl From<RulesArg> for Preset {
    fn from(r: RulesArg) -> Preset {
        match r {
            RulesArg::Japanese => Preset::Japanese,
            RulesArg::Korean => Preset::Korean,
            RulesArg::Chinese => Preset::Chinese,
            RulesArg::Aga => Preset::Aga,
            RulesArg::Nz => Preset::Nz,
            RulesArg::TrompTaylor => Preset::TrompTaylor,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum FormatArg {
    /// One line per game, warnings below it, a summary at the end.
    Text,
    /// One JSON document (schema in schema/report.schema.json).
    Json,
    /// One JSON object per game, then a summary object.
    Jsonl,
    /// GitHub Actions annotations (::error file=…,line=…,col=…::message).
    Github,
}

/// Flags shared by every subcommand that reads records.
#[derive(Debug, Args)]
pub struct InputArgs {
    /// SGF files and folders (folders are searched recursively for *.sgf and *.mgt, any letter case).
    #[arg(required = true, value_name = "PATH")]
    pub paths: Vec<PathBuf>,

    /// Enforce these rules instead of the record's RU.
    #[arg(long, value_enum, help_heading = "Rules")]
    pub rules: Option<RulesArg>,

    /// Use this komi instead of the record's KM.
    #[arg(long, allow_negative_numbers = true, help_heading = "Rules")]
    pub komi: Option<f64>,

    /// Output format.
    #[arg(long, value_enum, default_value = "text", help_heading = "Output")]
    pub format: FormatArg,

    /// Write the report to this file (atomically: a temporary file renamed into place) instead of stdout.
    #[arg(long, short = 'o', value_name = "FILE", help_heading = "Output")]
    pub output: Option<PathBuf>,

    /// No progress bar on stderr.
    #[arg(long, short = 'q', help_heading = "Output")]
    pub quiet: bool,

    /// Also show info notes (missing komi, normalised komi, default rules) in text output.
    #[arg(long, short = 'v', help_heading = "Output")]
    pub verbose: bool,

    /// In text output, print only games with errors or warnings (and the summary).
    #[arg(long, help_heading = "Output")]
    pub problems_only: bool,

    /// Exit with status 1 when there are warnings, not only errors.
    #[arg(long)]
    pub strict: bool,

    /// Files checked in parallel (default: the number of cores).
    #[arg(long, short = 'j', value_name = "N", help_heading = "Batch")]
    pub jobs: Option<usize>,

    /// Follow symbolic links inside folders (loops are detected and reported).
    #[arg(long, help_heading = "Batch")]
    pub follow_links: bool,

    /// Check only the K-th of N disjoint, stable slices of the files (e.g. 3/8), to split an archive over machines.
    #[arg(long, value_name = "K/N", value_parser = Shard::parse, help_heading = "Batch")]
    pub shard: Option<Shard>,

    /// Largest file accepted, in bytes.
    #[arg(long, value_name = "BYTES", default_value_t = Limits::default().max_file_bytes, help_heading = "Limits")]
    pub max_file_size: u64,

    /// Most games accepted in one file; the games before the limit are still checked.
    #[arg(long, value_name = "N", default_value_t = Limits::default().max_games, help_heading = "Limits")]
    pub max_games: u32,

    /// Most nodes accepted in one file.
    #[arg(long, value_name = "N", default_value_t = Limits::default().max_nodes, help_heading = "Limits")]
    pub max_nodes: u32,

    /// Deepest nesting of variations accepted.
    #[arg(long, value_name = "N", default_value_t = Limits::default().max_variation_depth, help_heading = "Limits")]
    pub max_depth: u32,
}

#[derive(Debug, Args)]
pub struct CheckArgs {
    #[command(flatten)]
    pub input: InputArgs,

    /// Replay every variation, not only the main line.
    #[arg(long)]
    pub all_variations: bool,

    /// Under each error, draw the board around the offending move (text output).
    #[arg(long)]
    pub board: bool,

    /// With --board: plain ASCII diagrams.
    #[arg(long, requires = "board")]
    pub ascii: bool,

    /// Do not score finished games (no one-line score, `score` is null in JSON): about halves the time on
    /// archives of finished games when only legality matters.
    #[arg(long)]
    pub no_score: bool,

    /// Dead stones for the one-line score of finished games: `auto` estimates them for games without TB/TW
    /// markup (slower), `none` (the default) counts every stone of such games alive.
    #[arg(long, value_enum, value_name = "auto|none", conflicts_with = "no_score")]
    pub dead: Option<CheckDeadArg>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum CheckDeadArg {
    Auto,
    None,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum HandicapBonusArg {
    /// No compensation.
    #[value(name = "0")]
    Zero,
    /// One point per handicap stone (Chinese).
    #[value(name = "n")]
    N,
    /// One point per handicap stone after the first (AGA).
    #[value(name = "n-1")]
    NMinusOne,
}

impl From<HandicapBonusArg> for HandicapBonus {
    fn from(h: HandicapBonusArg) -> HandicapBonus {
        match h {
            HandicapBonusArg::Zero => HandicapBonus::None,
            HandicapBonusArg::N => HandicapBonus::N,
            HandicapBonusArg::NMinusOne => HandicapBonus::NMinusOne,
        }
    }
}

#[derive(Debug, Args)]
pub struct StatsArgs {
    #[command(flatten)]
    pub input: InputArgs,
}

#[derive(Debug, Args)]
pub struct ScoreArgs {
    #[command(flatten)]
    pub input: InputArgs,

    /// Dead stones: `auto` (estimated, even when the record has TB/TW markup), `none` (every stone alive), or
    /// points, comma-separated, in board notation (D4) or SGF (dd), each marking its whole chain. Without it:
    /// the record's TB/TW markup, or an estimate for a finished game without markup.
    #[arg(long, value_delimiter = ',', value_name = "auto|none|POINTS")]
    pub dead: Option<Vec<String>>,

    /// White's compensation for handicap stones under area counting (default: per rules).
    #[arg(long, value_enum, value_name = "0|n|n-1")]
    pub handicap_bonus: Option<HandicapBonusArg>,

    /// Score games that did not end with two passes and have no markup or counted result (e.g. resignations).
    #[arg(long)]
    pub force: bool,
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    #[test]
    fn verify_cli() {
        Cli::command().debug_assert();
    }
}
