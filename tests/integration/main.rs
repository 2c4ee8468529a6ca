//! gotool's integration tests: one test binary (one link step) that runs the real `gotool` executable on the
//! hand-made fixtures in `fixtures/` and on generated inputs, and optionally on the shared corpus.

// `gotool()`, `fixture()`, running `check` and reading its JSON.
mod util;

// Help, version, usage errors (exit 2), missing paths, text-report flags.
mod cli;

// The rules fixtures: verdicts, error codes, moves, points and line:column.
mod check;

// The JSON document and JSON Lines: fields, types, summaries that add up.
mod json;

// BOM, Latin-1, GB2312 with `]`/`\` trail bytes, UTF-8 without CA, UTF-16.
mod encoding;

// Truncated, unclosed, junk around the tree, empty, not Go, binary, too deep or too large.
mod malformed;

// Folder mode: discovery, order, broken files, -j, GitHub and JSONL output, --output, --shard, link loops.
mod batch;

// Containers and streamed collections (`gotool_source`): every archive kind built at test time, member paths
// and order, nesting, split 7z volumes, standard input, each hostile archive, a 10,000-game collection.
#[cfg(all(
    feature = "zip",
    feature = "tar",
    feature = "gzip",
    feature = "bzip2",
    feature = "xz",
    feature = "zstd",
    feature = "sevenz"
))]
mod archive_cli;
mod archives;

// Collections with one broken game, generated from corpus games: every intact game reported as alone, every
// game written accounted for (issue #43).
mod collections;

// The real-world corpus named by GOTOOL_CORPUS (skipped when unset).
mod corpus;

// Hostile input (#6): every broken, odd or oversized class, generated in the test; exit status, code, place.
mod hostile;

// Real output against the JSON Schema in schema/ (documents and each JSON Lines object).
mod schema;

// `gotool show`: titles, captions and scores in the SVG and text pictures; `--color` and the terminal.
mod pictures;

// `gotool fix`: each fix, the dry run, --write, --out-dir, --diff, its JSON schema, the same games after fixing.
mod fix;

// `gotool fix` of archives built at test time: members listed, diffed and copied below the output folder,
// hostile member paths, `--write` refused, two records with one copy.
#[cfg(all(feature = "zip", feature = "tar", feature = "gzip"))]
mod fix_archives;

// `gotool stats`: totals, breakdowns, histograms, lists, duplicates, its JSON schema.
mod stats;

// The layers, read from the source: no module cycle in any crate, no command-line crate in a library (#42).
mod layers;

// One test per bug, `r<issue>_<slug>`; inputs generated in the test.
mod regression;

// What a new user trips over (#14), one test per item.
mod new_user;

// --dead auto|none|POINTS, the estimate `score` makes by default, its JSON fields (#13).
mod dead;

// The 47 games where GNU Go disagrees with the markup, checked by hand (GOTOOL_CORPUS; #13).
mod hard_cases;

// GIB, NGF and UGF/UGI (#16): `gotool convert` (stdout, -o, --out-dir, no overwrite) and check/score/show on them.
mod formats;

// Writes that respect the filesystem (#44): every writer on every kind of target (devices, FIFOs, links, modes,
// owners), outputs that are inputs, backups, full and read-only filesystems, an ordinary user, a kill loop.
#[cfg(target_os = "linux")]
mod writes;

// What walks skip (#44): macOS metadata always, hidden files and folders unless --hidden, in folders and zips;
// counted in every summary.
#[cfg(feature = "zip")]
mod hidden;
