//! Command-line flags (clap derive). Each flag's doc comment is its help text; `Config::from_cli` is the only
//! place that turns raw flags into validated settings.

use std::path::PathBuf;

use clap::{Args, Parser, Subcommand, ValueEnum};

use gotool_go::{HandicapBonus, MAX_SIDE, Preset};
use gotool_score::game::parse_dead_point;
use gotool_sgf::Limits;
use gotool_source::Shard;

// The whole command line. (Clap turns `///` comments on these types into help text: the ones here are `//` so
// that `--help` says only what the flags' own comments say.)
#[allow(missing_docs)]
#[derive(Debug, Parser)]
#[command(name = "gotool", version = env!("GOTOOL_VERSION"), about = "Validate and score Go (baduk, weiqi) game records in SGF")]
pub struct Cli {
    // The subcommand to run.
    #[command(subcommand)]
    pub command: Command,
}

// The subcommands; each variant's comment is its help.
#[allow(missing_docs)]
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Replay records through the rules and report every illegal move and problem, with its place.
    Check(CheckArgs),
    /// Score finished games: Japanese (territory) and Chinese (area) counts side by side, checked against RE.
    Score(ScoreArgs),
    /// An archive at a glance: validity, sizes, rules, komi, results, histograms of margins and lengths, RE checks.
    Stats(StatsArgs),
    /// Draw a position of a record: the final one, the one before a move, or the scored one (text or SVG).
    Show(ShowArgs),
    /// Convert Tygem .gib, WBaduk/Oro .ngf and Pandanet .ugf/.ugi records to SGF (to stdout, -o FILE or --out-dir DIR).
    Convert(ConvertArgs),
    /// Repair and normalise records (dry run by default: lists each fix with its code and place, exit 1 if any).
    Fix(FixArgs),
    /// Print a shell completion script to stdout, e.g. `gotool completions bash > ~/.local/share/bash-completion/completions/gotool`.
    Completions(CompletionsArgs),
    /// Print a manual page (roff) to stdout: `gotool man > gotool.1`, `gotool man check > gotool-check.1`.
    Man(ManArgs),
}

// `gotool man` flags.
#[allow(missing_docs)]
#[derive(Debug, Args)]
pub struct ManArgs {
    /// The subcommand whose page to print (gotool-check(1) and so on); without one, gotool(1).
    #[arg(value_parser = ["check", "score", "stats", "show", "convert", "fix", "completions"])]
    pub subcommand: Option<String>,
}

// `gotool convert` flags.
#[allow(missing_docs)]
#[derive(Debug, Args)]
pub struct ConvertArgs {
    /// GIB, NGF, UGF or UGI files, and folders (searched recursively for *.gib, *.ngf, *.ugf and *.ugi, any
    /// letter case, skipping hidden files and folders and macOS metadata: see --hidden); `-` is standard input
    /// (its SGF goes to stdout, or -o FILE). The format is told by the content, then the extension.
    #[arg(required = true, value_name = "PATH")]
    pub paths: Vec<PathBuf>,

    /// Write the SGF to FILE (`-` for stdout; one input file only). Without -o or --out-dir, one file's SGF goes
    /// to stdout.
    #[arg(long, short = 'o', value_name = "FILE", conflicts_with = "out_dir", help_heading = "Output")]
    pub output: Option<PathBuf>,

    /// Write each record as DIR/…/NAME.sgf, mirroring the folders below each folder named (a file named on the
    /// command line goes to DIR/NAME.sgf).
    #[arg(long, value_name = "DIR", help_heading = "Output")]
    pub out_dir: Option<PathBuf>,

    /// Overwrite SGF files that exist already, also read-only ones (by default such a file is left alone and
    /// reported). A file replaced keeps its mode and owner.
    #[arg(long, help_heading = "Output")]
    pub force: bool,

    /// Say only what fails: no warnings, no list of the fields not mapped.
    #[arg(long, short = 'q', help_heading = "Output")]
    pub quiet: bool,

    /// Follow symbolic links inside folders (loops are detected and reported).
    #[arg(long, help_heading = "Batch")]
    pub follow_links: bool,

    /// Also read hidden files and folders (names that start with `.`) in folders. Without it they are skipped,
    /// and so are macOS metadata (`__MACOSX/`, `._*`, `.DS_Store`) always; a path named is read whatever its name.
    #[arg(long, help_heading = "Batch")]
    pub hidden: bool,

    /// Largest file accepted, in bytes.
    #[arg(
        long,
        value_name = "BYTES",
        default_value_t = Limits::default().max_file_bytes,
        value_parser = file_size_flag,
        help_heading = "Limits"
    )]
    pub max_file_size: u64,
}

// `gotool completions` flags.
#[allow(missing_docs)]
#[derive(Debug, Args)]
pub struct CompletionsArgs {
    /// The shell.
    #[arg(value_enum)]
    pub shell: clap_complete::Shell,
}

// `gotool show` flags.
#[allow(missing_docs)]
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

    /// Mark dead stones (from TB/TW, --dead, or estimated) and each side's territory on the final position.
    #[arg(long)]
    pub score: bool,

    /// Dead stones for --score, as for `gotool score --dead`: auto, none, or points.
    #[arg(long, value_delimiter = ',', value_name = "auto|none|POINTS", value_parser = dead_flag, requires = "score")]
    pub dead: Option<Vec<DeadArg>>,

    /// Write an SVG picture to FILE instead of drawing on the terminal (`-`: stdout). A file is replaced once the
    /// picture is complete, keeping its mode and owner; a device, FIFO or /dev/stdout is written to as it is.
    #[arg(long, value_name = "FILE")]
    pub svg: Option<PathBuf>,

    /// Replace an --svg file that has no write permission.
    #[arg(long, requires = "svg")]
    pub force: bool,

    /// Plain ASCII (X O . + x o b w) instead of Unicode; reads well in logs.
    #[arg(long)]
    pub ascii: bool,

    /// Enforce these rules instead of the record's RU.
    #[arg(long, value_enum)]
    pub rules: Option<RulesArg>,

    // When to colour the drawing.
    #[command(flatten)]
    pub color: ColorArgs,
}

/// When to use colours: `--color` (the convention of ripgrep and clap).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum ColorChoice {
    /// On a terminal, unless NO_COLOR is set or TERM is dumb.
    #[default]
    Auto,
    /// Always, even into a pipe or a file, and whatever NO_COLOR and TERM say.
    Always,
    /// Never.
    Never,
}

// `--color`, for the subcommands that can colour their text output.
#[allow(missing_docs)]
#[derive(Clone, Copy, Debug, Args)]
pub struct ColorArgs {
    /// When to colour the text output.
    #[arg(long, value_enum, value_name = "WHEN", default_value = "auto", help_heading = "Output")]
    pub color: ColorChoice,
}

// The rules presets `--rules` takes.
#[allow(missing_docs)]
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

/// The report formats `--format` takes.
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

/// How `check` and `score` report each game.
#[derive(Debug, Args)]
pub struct GameOutputArgs {
    /// Output format.
    #[arg(long, value_enum, default_value = "text", help_heading = "Output")]
    pub format: FormatArg,

    /// Also show info notes (missing komi, normalised komi, default rules) in text output.
    #[arg(long, short = 'v', help_heading = "Output")]
    pub verbose: bool,

    /// In text output, print only games with errors or warnings (and the summary).
    #[arg(long, help_heading = "Output")]
    pub problems_only: bool,
}

/// Flags shared by every subcommand that reads records.
#[derive(Debug, Args)]
pub struct InputArgs {
    /// Record files (SGF, GIB, NGF, UGF/UGI: the format is told by the content), folders, archives and
    /// compressed files; `-` is standard input; `ARCHIVE!/MEMBER` is one member of an archive. Folders are searched
    /// recursively for *.sgf, *.mgt, *.sgfs, *.gib, *.ngf, *.ugf, *.ugi and archives (any letter case), skipping
    /// hidden files and folders and macOS metadata (see --hidden).
    #[arg(required_unless_present = "files_from", value_name = "PATH")]
    pub paths: Vec<PathBuf>,

    /// Also read the paths listed in this file, one a line (`-`: standard input).
    #[arg(long, value_name = "FILE", help_heading = "Batch")]
    pub files_from: Option<PathBuf>,

    /// The --files-from list is separated by NUL bytes (as `find -print0` writes), not lines.
    #[arg(long, requires = "files_from", help_heading = "Batch")]
    pub null: bool,

    /// Read archives and compressed files as record text, and leave them out of folder walks.
    #[arg(long, help_heading = "Batch")]
    pub no_archives: bool,

    /// Enforce these rules instead of the record's RU.
    #[arg(long, value_enum, help_heading = "Rules")]
    pub rules: Option<RulesArg>,

    /// Use this komi instead of the record's KM: points, a multiple of 0.25 from -1000 to 1000.
    #[arg(long, allow_hyphen_values = true, value_parser = komi_flag, help_heading = "Rules")]
    pub komi: Option<f64>,

    /// Write the report to this file instead of stdout: a file is replaced once the report is complete, keeping
    /// its mode and owner (a read-only one is refused); a device, FIFO or /dev/stdout is written to as it is. It
    /// must not be one of the files read.
    #[arg(long, short = 'o', value_name = "FILE", help_heading = "Output")]
    pub output: Option<PathBuf>,

    /// No progress bar on stderr.
    #[arg(long, short = 'q', help_heading = "Output")]
    pub quiet: bool,

    /// Exit with status 1 when there are warnings, not only errors.
    #[arg(long)]
    pub strict: bool,

    /// Files checked in parallel (default: the number of cores; at most 4 times the cores, and no more than
    /// the files, folders' records or archive members there are to check).
    #[arg(long, short = 'j', value_name = "N", value_parser = jobs_flag, help_heading = "Batch")]
    pub jobs: Option<usize>,

    /// Follow symbolic links inside folders (loops are detected and reported).
    #[arg(long, help_heading = "Batch")]
    pub follow_links: bool,

    /// Also read hidden files and folders (names that start with `.`) in folders and archives. Without it they
    /// are skipped, as ripgrep and fd skip them, and so are macOS metadata (`__MACOSX/`, `._*`, `.DS_Store`)
    /// always; the summary counts what was skipped. A path named on the command line or in --files-from is read
    /// whatever its name.
    #[arg(long, help_heading = "Batch")]
    pub hidden: bool,

    /// Accept a folder with no SGF files in it (by default a usage error: a mistyped path must not pass).
    #[arg(long, help_heading = "Batch")]
    pub allow_empty: bool,

    /// Check only the K-th of N disjoint, stable slices of the files (e.g. 3/8), to split an archive over machines.
    #[arg(long, value_name = "K/N", value_parser = Shard::parse, help_heading = "Batch")]
    pub shard: Option<Shard>,

    /// Largest file accepted, in bytes (at most 4294967295: positions in a file are 32-bit).
    #[arg(
        long,
        value_name = "BYTES",
        default_value_t = Limits::default().max_file_bytes,
        value_parser = file_size_flag,
        help_heading = "Limits"
    )]
    pub max_file_size: u64,

    /// Most games accepted in one file or stream; the games before the limit are still checked [default: 50000
    /// in a file read whole, none in a collection streamed game by game]
    #[arg(long, value_name = "N", value_parser = count_limit_flag, help_heading = "Limits")]
    pub max_games: Option<u32>,

    /// Most empty or near-empty game trees such as `(;)` accepted in one file or stream.
    #[arg(long, value_name = "N", default_value_t = Limits::default().max_empty_games, help_heading = "Limits")]
    pub max_empty_games: u64,

    /// Most nodes accepted in one game.
    #[arg(long, value_name = "N", default_value_t = Limits::default().max_nodes, value_parser = count_limit_flag, help_heading = "Limits")]
    pub max_nodes: u32,

    /// Deepest nesting of variations accepted.
    #[arg(long, value_name = "N", default_value_t = Limits::default().max_variation_depth, value_parser = count_limit_flag, help_heading = "Limits")]
    pub max_depth: u32,
}

// `gotool check` flags.
#[allow(missing_docs)]
#[derive(Debug, Args)]
pub struct CheckArgs {
    // What to read.
    #[command(flatten)]
    pub input: InputArgs,

    // How to report each game.
    #[command(flatten)]
    pub report: GameOutputArgs,

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

    /// Dead stones for the one-line score of finished games without TB/TW markup: `auto` estimates them
    /// (slower), `none` (the default) counts every stone alive.
    #[arg(long, value_enum, value_name = "auto|none", conflicts_with = "no_score")]
    pub dead: Option<CheckDeadArg>,

    // When to colour the report and the boards.
    #[command(flatten)]
    pub color: ColorArgs,

    /// Replace an --output file that has no write permission.
    #[arg(long, help_heading = "Output")]
    pub force: bool,
}

/// What `check --dead` takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum CheckDeadArg {
    /// Estimate the dead stones of finished games without markup.
    Auto,
    /// Count every stone of such games alive.
    None,
}

/// One value of `score --dead` or `show --dead`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DeadArg {
    /// `auto`: estimate.
    Auto,
    /// `none`: every stone alive.
    None,
    /// A point in board notation (`D4`) or SGF (`dd`), on some board up to 52×52.
    Point(String),
}

/// The handicap compensations `--handicap-bonus` takes.
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

// `gotool stats` flags.
#[allow(missing_docs)]
#[derive(Debug, Args)]
pub struct StatsArgs {
    // What to read.
    #[command(flatten)]
    pub input: InputArgs,

    /// Output format.
    #[arg(long, value_enum, default_value = "text", help_heading = "Output")]
    pub format: StatsFormatArg,

    /// Also break the counts down by the file's folder, the year of the game (DT), the rules it was checked under
    /// or the board size; repeat or separate with commas for several tables.
    #[arg(long, value_enum, value_delimiter = ',', value_name = "folder|year|rules|size", help_heading = "Output")]
    pub by: Vec<GroupByArg>,

    /// List the unreadable files, the invalid games (with their first error) and the games whose RE the count
    /// contradicts.
    #[arg(long, help_heading = "Output")]
    pub list: bool,

    /// Group the games that hold the same moves (up to rotation and reflection), and those that share their
    /// first 50 moves and differ after (truncated or extended copies, or long shared openings). Keeps a few
    /// bytes a game until the end of the run.
    #[arg(long, help_heading = "Output")]
    pub duplicates: bool,

    /// Draw the histograms with ASCII `#` instead of Unicode blocks; reads well in logs.
    #[arg(long, help_heading = "Output")]
    pub ascii: bool,

    /// Replace an --output file that has no write permission.
    #[arg(long, help_heading = "Output")]
    pub force: bool,
}

/// The formats `stats --format` takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum StatsFormatArg {
    /// Tables and histograms.
    Text,
    /// One JSON document (schema in schema/stats.schema.json).
    Json,
}

/// What `stats --by` breaks the counts down by.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, ValueEnum)]
pub enum GroupByArg {
    /// The folder the file is in, as the path names it.
    Folder,
    /// The year the game was played, from DT.
    Year,
    /// The rules the game was checked under, and whether the record stated them.
    Rules,
    /// The board size.
    Size,
}

// `gotool score` flags.
#[allow(missing_docs)]
#[derive(Debug, Args)]
pub struct ScoreArgs {
    // What to read.
    #[command(flatten)]
    pub input: InputArgs,

    // How to report each game.
    #[command(flatten)]
    pub report: GameOutputArgs,

    /// Dead stones: `auto` (estimated, even when the record has TB/TW markup), `none` (every stone alive), or
    /// points, comma-separated, in board notation (D4) or SGF (dd), each marking its whole chain. Without it:
    /// the record's TB/TW markup, or an estimate for a finished game without markup.
    #[arg(long, value_delimiter = ',', value_name = "auto|none|POINTS", value_parser = dead_flag)]
    pub dead: Option<Vec<DeadArg>>,

    /// White's compensation for handicap stones under area counting (default: per rules).
    #[arg(long, value_enum, value_name = "0|n|n-1")]
    pub handicap_bonus: Option<HandicapBonusArg>,

    /// Score games that did not end with two passes and have no markup or counted result (e.g. resignations).
    /// (It does not replace a read-only --output file: make that writable first.)
    #[arg(long)]
    pub force: bool,

    // When to colour the report.
    #[command(flatten)]
    pub color: ColorArgs,
}

// `gotool fix` flags.
#[allow(missing_docs)]
#[derive(Debug, Args)]
pub struct FixArgs {
    /// SGF files, folders and archives (folders are searched recursively for *.sgf, *.mgt, *.sgfs and archives,
    /// any letter case, skipping hidden files and folders and macOS metadata: see --hidden; an archive's SGF
    /// members are fixed as files); `-` is standard input, whose record is fixed and written to stdout (the fixes
    /// listed on stderr).
    #[arg(required = true, value_name = "PATH")]
    pub paths: Vec<PathBuf>,

    /// Print a unified diff of each file the fixes change.
    #[arg(long, help_heading = "Output")]
    pub diff: bool,

    /// Rewrite the files the fixes change (archives are not rewritten): each is replaced once complete, keeping
    /// its mode, owner and group; a link is followed and the file it leads to replaced; a read-only file is
    /// refused (see --force).
    #[arg(long, conflicts_with = "out_dir")]
    pub write: bool,

    /// With --write: keep each original as FILE.orig, or FILE.orig.1, .orig.2, … when that exists (a backup never
    /// replaces a file).
    #[arg(long, requires = "write")]
    pub backup: bool,

    /// With --write or --out-dir: also replace files that have no write permission.
    #[arg(long)]
    pub force: bool,

    /// Write a copy of every file into DIR, fixed where it needs it, mirroring the folders named (a file named
    /// on its own goes to DIR by its name; an archive's SGF members go below DIR/NAME, NAME the archive's name
    /// without its extension).
    #[arg(long, value_name = "DIR")]
    pub out_dir: Option<PathBuf>,

    /// Also rewrite how games are represented: handicap stones played as Black's first moves become AB, komi
    /// and results in zi become points; and write each file in one canonical layout (one node per line, the
    /// root's properties in a fixed order).
    #[arg(long, visible_alias = "normalize")]
    pub normalise: bool,

    /// Also end each line before its first illegal move (or setup), removing the rest of it.
    #[arg(long)]
    pub cut_at_illegal: bool,

    /// With --cut-at-illegal: the rules that decide what is illegal, instead of the record's RU.
    #[arg(long, value_enum, help_heading = "Rules")]
    pub rules: Option<RulesArg>,

    /// Output format.
    #[arg(long, value_enum, default_value = "text", help_heading = "Output")]
    pub format: FixFormatArg,

    /// No progress bar on stderr.
    #[arg(long, short = 'q', help_heading = "Output")]
    pub quiet: bool,

    /// Files fixed in parallel (default: the number of cores; at most 4 times the cores).
    #[arg(long, short = 'j', value_name = "N", value_parser = jobs_flag, help_heading = "Batch")]
    pub jobs: Option<usize>,

    /// Follow symbolic links inside folders (loops are detected and reported).
    #[arg(long, help_heading = "Batch")]
    pub follow_links: bool,

    /// Accept a folder with no SGF files in it.
    #[arg(long, help_heading = "Batch")]
    pub allow_empty: bool,

    /// Also fix hidden files and folders (names that start with `.`) in folders and archives. Without it they
    /// are skipped, and so are macOS metadata (`__MACOSX/`, `._*`, `.DS_Store`) always; the summary counts what
    /// was skipped. A path named is read whatever its name.
    #[arg(long, help_heading = "Batch")]
    pub hidden: bool,

    /// Largest file accepted, in bytes (at most 4294967295).
    #[arg(
        long,
        value_name = "BYTES",
        default_value_t = Limits::default().max_file_bytes,
        value_parser = file_size_flag,
        help_heading = "Limits"
    )]
    pub max_file_size: u64,
}

/// The formats `fix --format` takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum FixFormatArg {
    /// Each fix on a line of its own, then a summary.
    Text,
    /// One JSON document (schema in schema/fix.schema.json).
    Json,
    /// One JSON object per file, then a summary object.
    Jsonl,
}

// Value parsers: each flag's value checked where the flag is declared.

/// The largest komi `--komi` takes, either way: no real game gives more, and larger values only make margins
/// unreadable.
pub(crate) const MAX_KOMI: f64 = 1000.0;

/// `--komi`: points, finite, a multiple of 0.25 (zi komi is in quarter points) within ±[`MAX_KOMI`].
pub(crate) fn komi_flag(text: &str) -> Result<f64, String> {
    let komi: f64 = text.trim().parse().map_err(|_| "not a number".to_string())?;
    if !komi.is_finite() || komi.abs() > MAX_KOMI || (komi * 4.0).fract() != 0.0 {
        return Err(format!("komi is a multiple of 0.25 from -{MAX_KOMI} to {MAX_KOMI}"));
    }
    Ok(komi)
}

/// One `--dead` value: `auto`, `none`, or a point that lies on some board (board notation or SGF); whether it
/// lies on a game's board is that game's question.
pub(crate) fn dead_flag(text: &str) -> Result<DeadArg, String> {
    let text = text.trim();
    if text.eq_ignore_ascii_case("auto") {
        Ok(DeadArg::Auto)
    } else if text.eq_ignore_ascii_case("none") {
        Ok(DeadArg::None)
    } else if parse_dead_point(text, MAX_SIDE, MAX_SIDE).is_some() {
        Ok(DeadArg::Point(text.to_string()))
    } else {
        Err("expected auto, none, or points such as D4,Q16 (board notation) or dd,pp (SGF)".to_string())
    }
}

/// `-j`: at least one worker.
pub(crate) fn jobs_flag(text: &str) -> Result<usize, String> {
    match text.trim().parse::<usize>() {
        Ok(0) => Err("at least 1".to_string()),
        Ok(n) => Ok(n),
        Err(_) => Err("not a number".to_string()),
    }
}

/// `--max-file-size`: positions in a file are 32-bit byte offsets, so no file can be larger than 4 GiB − 1.
pub(crate) fn file_size_flag(text: &str) -> Result<u64, String> {
    match text.trim().parse::<u64>() {
        Ok(0) => Err("at least 1 byte: a limit of 0 refuses every file".to_string()),
        Ok(n) if n <= u64::from(u32::MAX) => Ok(n),
        Ok(_) => Err(format!("at most {} bytes (positions in a file are 32-bit)", u32::MAX)),
        Err(_) => Err("not a number of bytes".to_string()),
    }
}

/// A count limit (`--max-games`, `--max-nodes`, `--max-depth`): at least 1, since 0 refuses every file.
pub(crate) fn count_limit_flag(text: &str) -> Result<u32, String> {
    match text.trim().parse::<u32>() {
        Ok(0) => Err("at least 1: a limit of 0 refuses every file".to_string()),
        Ok(n) => Ok(n),
        Err(_) => Err(format!("a whole number from 1 to {}", u32::MAX)),
    }
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
