//! `gotool._gotool`: the Python module over gotool's library. Every call sets up its run from the same words as
//! the command line (`gotool::api::Run`), so it checks exactly what `gotool check --format json` checks and
//! refuses a bad argument with the command line's message; its results are the JSON report's objects, as dicts.
//! Work on records runs with the GIL released, batches on gotool's own worker threads.
// A Python function's keyword arguments are its Rust function's parameters, one each.
#![allow(clippy::too_many_arguments)]

use std::ffi::OsString;
use std::ops::ControlFlow;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::PathBuf;
use std::sync::Mutex;
use std::sync::mpsc::{Receiver, sync_channel};

use gotool_core::api::{Run, in_order};
use gotool_model::FileReport;
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::pybacked::PyBackedBytes;
use pyo3::types::{PyBool, PyFloat, PyInt, PyList, PyString};

mod to_py;
use to_py::Converter;

/// As in the command line: a record's pipeline allocates and frees many small buffers, on several threads.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// The report's JSON Schema (`schema/report.schema.json`).
const SCHEMA: &str = include_str!("../../schema/report.schema.json");

/// The name of records given as bytes without one.
const BYTES_NAME: &str = "<bytes>";

/// The flags every call on records shares, as command-line words.
struct Flags {
    words: Vec<OsString>,
}

impl Flags {
    /// `gotool SUBCOMMAND --format json --quiet`: the JSON report's settings (its fingerprints included).
    fn new(subcommand: &str) -> Flags {
        Flags { words: vec![subcommand.into(), "--format".into(), "json".into(), "--quiet".into()] }
    }

    fn push(&mut self, word: impl Into<OsString>) {
        self.words.push(word.into());
    }

    fn flag(&mut self, flag: &str, on: bool) {
        if on {
            self.push(flag);
        }
    }

    /// `--rules NAME`; `None` leaves the record's RU.
    fn rules(&mut self, rules: Option<&Bound<'_, PyAny>>) -> PyResult<()> {
        if let Some(rules) = rules.filter(|r| !r.is_none()) {
            let name = text_argument("rules", rules)?;
            self.push("--rules");
            self.push(name);
        }
        Ok(())
    }

    /// `--komi POINTS`; `None` leaves the record's KM.
    fn komi(&mut self, komi: Option<&Bound<'_, PyAny>>) -> PyResult<()> {
        let Some(komi) = komi.filter(|k| !k.is_none()) else { return Ok(()) };
        if komi.is_instance_of::<PyBool>() || !(komi.is_instance_of::<PyInt>() || komi.is_instance_of::<PyFloat>()) {
            return Err(PyTypeError::new_err(format!("komi must be a number, not {}", type_name(komi))));
        }
        let points: f64 = komi.extract()?;
        self.push(format!("--komi={points}"));
        Ok(())
    }

    /// `--dead VALUE`: `auto`, `none`, or points, as a comma-separated text or a list of texts.
    fn dead(&mut self, dead: Option<&Bound<'_, PyAny>>) -> PyResult<()> {
        let Some(dead) = dead.filter(|d| !d.is_none()) else { return Ok(()) };
        let value = if dead.is_instance_of::<PyString>() {
            dead.extract::<String>()?
        } else {
            let points: Vec<String> = dead.extract().map_err(|_| {
                PyTypeError::new_err(format!("dead must be a str or a list of str, not {}", type_name(dead)))
            })?;
            points.join(",")
        };
        self.push(format!("--dead={value}"));
        Ok(())
    }

    /// `--jobs N`; `None`: one per core.
    fn jobs(&mut self, jobs: Option<&Bound<'_, PyAny>>) -> PyResult<()> {
        let Some(jobs) = jobs.filter(|j| !j.is_none()) else { return Ok(()) };
        if jobs.is_instance_of::<PyBool>() || !jobs.is_instance_of::<PyInt>() {
            return Err(PyTypeError::new_err(format!("jobs must be an int, not {}", type_name(jobs))));
        }
        let n: i128 = jobs.extract()?;
        self.push(format!("--jobs={n}"));
        Ok(())
    }

    /// Resolves the words, with these paths, as the command line does.
    fn run(mut self, paths: impl IntoIterator<Item = OsString>) -> PyResult<Run> {
        self.push("--");
        self.words.extend(paths);
        Run::from_args(self.words).map_err(PyValueError::new_err)
    }

    /// Resolves the words for records in memory (`-` stands for them).
    fn run_on_bytes(self) -> PyResult<Run> {
        self.run(["-".into()])
    }
}

/// A `str` argument, or a `TypeError` naming it.
fn text_argument(name: &str, value: &Bound<'_, PyAny>) -> PyResult<String> {
    if !value.is_instance_of::<PyString>() {
        return Err(PyTypeError::new_err(format!("{name} must be a str, not {}", type_name(value))));
    }
    value.extract()
}

fn type_name(value: &Bound<'_, PyAny>) -> String {
    value.get_type().name().map_or_else(|_| "?".to_string(), |n| n.to_string())
}

/// Runs `work` for the record named `name`; a panic in it becomes an `internal-error` report, as a panic in the
/// pipeline does, so that no input can take the interpreter down.
fn guarded(name: &str, work: impl FnOnce() -> FileReport) -> FileReport {
    catch_unwind(AssertUnwindSafe(work)).unwrap_or_else(|panic| internal_error(name, &*panic))
}

/// The `internal-error` report of a panic in gotool on the record `name`.
fn internal_error(name: &str, panic: &(dyn std::any::Any + Send)) -> FileReport {
    let what = gotool_model::panic_message(panic);
    let message = format!("gotool failed on this file ({what}); please report it");
    FileReport::failed(name, "internal-error", message, None)
}

/// Runs `make` with Python's cyclic garbage collector paused. The reports' objects are dicts, lists and scalars
/// with no cycles among them, and a batch's reports are millions of containers: left on, the collector runs
/// every few hundred of them and its older generations walk every object made so far, again and again (on the
/// 18,326 files of the corpus's `games/`, three fifths of the conversion's time). A collector that was off
/// stays off.
fn collector_paused<'py, T>(py: Python<'py>, make: impl FnOnce() -> PyResult<T>) -> PyResult<T> {
    let gc = py.import("gc")?;
    let collecting = gc.call_method0("isenabled")?.is_truthy()?;
    if collecting {
        gc.call_method0("disable")?;
    }
    let made = make();
    if collecting {
        gc.call_method0("enable")?;
    }
    made
}

/// One file object as a dict, as `json.loads` of its `--format json` text gives it; a report gotool cannot
/// convert (an error or a panic) becomes the file's `internal-error` report.
fn report_dict<'py>(converter: &mut Converter<'py>, report: &FileReport) -> PyResult<Bound<'py, PyAny>> {
    match catch_unwind(AssertUnwindSafe(|| converter.convert(report))) {
        Ok(Ok(dict)) => Ok(dict),
        Ok(Err(e)) => {
            let message = format!("gotool could not write this report ({e})");
            converter.convert(&FileReport::failed(&report.path, "internal-error", message, None))
        }
        Err(panic) => converter.convert(&internal_error(&report.path, &*panic)),
    }
}

/// The file objects of `reports` as a list of dicts.
fn report_dicts<'py>(py: Python<'py>, reports: &[FileReport]) -> PyResult<Bound<'py, PyAny>> {
    collector_paused(py, || {
        let mut converter = Converter::new(py);
        let dicts = reports.iter().map(|r| report_dict(&mut converter, r)).collect::<PyResult<Vec<_>>>()?;
        Ok(PyList::new(py, dicts)?.into_any())
    })
}

/// One file object as a dict.
fn one_report_dict<'py>(py: Python<'py>, report: &FileReport) -> PyResult<Bound<'py, PyAny>> {
    collector_paused(py, || report_dict(&mut Converter::new(py), report))
}

/// Python objects from JSON text (the standard library's `json`), for the schema.
fn from_json<'py>(py: Python<'py>, json: &str) -> PyResult<Bound<'py, PyAny>> {
    py.import("json")?.getattr("loads")?.call1((json,))
}

/// `check`'s words with these options.
fn check_flags(
    rules: Option<&Bound<'_, PyAny>>,
    komi: Option<&Bound<'_, PyAny>>,
    all_variations: bool,
    score: bool,
    dead: Option<&Bound<'_, PyAny>>,
) -> PyResult<Flags> {
    let mut flags = Flags::new("check");
    flags.rules(rules)?;
    flags.komi(komi)?;
    flags.flag("--all-variations", all_variations);
    flags.flag("--no-score", !score);
    if let Some(dead) = dead.filter(|d| !d.is_none()) {
        // `check --dead` takes auto or none only.
        let value = text_argument("dead", dead)?;
        flags.push(format!("--dead={value}"));
    }
    Ok(flags)
}

/// Check one record's bytes as `gotool check --format json` does; returns its file object (a dict, as in
/// SCHEMA's `file`): `r["games"][0]["valid"]`, `r["games"][0]["diagnostics"]`, `r["error"]` for a file that
/// cannot be read as SGF. The bytes are read as record text, never opened as an archive (see `check_archive`).
/// `rules` (`"japanese"`, `"chinese"`, ...) and `komi` override the record's RU and KM; `score=False` is
/// `--no-score`; `dead="auto"` estimates the dead stones of finished games without markup.
#[pyfunction]
#[pyo3(signature = (data, name = BYTES_NAME, *, rules = None, komi = None, all_variations = false, score = true, dead = None))]
fn check_bytes<'py>(
    py: Python<'py>,
    data: PyBackedBytes,
    name: &str,
    rules: Option<&Bound<'py, PyAny>>,
    komi: Option<&Bound<'py, PyAny>>,
    all_variations: bool,
    score: bool,
    dead: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyAny>> {
    let run = check_flags(rules, komi, all_variations, score, dead)?.run_on_bytes()?;
    let report = py.detach(|| guarded(name, || run.plan().check_bytes(&data, name)));
    one_report_dict(py, &report)
}

/// Check bytes that may be an archive (zip, tar, 7z) or a compressed stream (gzip, bzip2, xz, zstd): a list
/// of file objects, one per member in archive order (members named `name!/member`), as the command line
/// reports them. Plain record bytes give a list of one.
#[pyfunction]
#[pyo3(signature = (data, name = BYTES_NAME, *, rules = None, komi = None, all_variations = false, score = true, dead = None))]
fn check_archive<'py>(
    py: Python<'py>,
    data: PyBackedBytes,
    name: &str,
    rules: Option<&Bound<'py, PyAny>>,
    komi: Option<&Bound<'py, PyAny>>,
    all_variations: bool,
    score: bool,
    dead: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyAny>> {
    let run = check_flags(rules, komi, all_variations, score, dead)?.run_on_bytes()?;
    let reports = py.detach(|| {
        catch_unwind(AssertUnwindSafe(|| run.plan().check_whole(&data, name)))
            .unwrap_or_else(|panic| vec![internal_error(name, &*panic)])
    });
    report_dicts(py, &reports)
}

/// Score a record as `gotool score --format json` does: a list with each game's `score` object (a dict), or
/// None for a game that is not scored (unfinished, illegal: `check_bytes` says why). `dead` is `"auto"`
/// (estimated), `"none"` (every stone alive), or points (`"D4,Q16"`, `"dd,pp"`, or a list of them); without
/// it, the record's TB/TW markup, or an estimate for a finished game without markup. `handicap_bonus` is
/// `"0"`, `"n"` or `"n-1"`; `force=True` scores games that did not end with two passes.
#[pyfunction]
#[pyo3(signature = (data, name = BYTES_NAME, *, rules = None, komi = None, dead = None, handicap_bonus = None, force = false))]
fn score_bytes<'py>(
    py: Python<'py>,
    data: PyBackedBytes,
    name: &str,
    rules: Option<&Bound<'py, PyAny>>,
    komi: Option<&Bound<'py, PyAny>>,
    dead: Option<&Bound<'py, PyAny>>,
    handicap_bonus: Option<&Bound<'py, PyAny>>,
    force: bool,
) -> PyResult<Bound<'py, PyAny>> {
    let mut flags = Flags::new("score");
    flags.rules(rules)?;
    flags.komi(komi)?;
    flags.dead(dead)?;
    if let Some(bonus) = handicap_bonus.filter(|b| !b.is_none()) {
        let value = text_argument("handicap_bonus", bonus)?;
        flags.push(format!("--handicap-bonus={value}"));
    }
    flags.flag("--force", force);
    let run = flags.run_on_bytes()?;
    let report = py.detach(|| guarded(name, || run.plan().check_bytes(&data, name)));
    let scores: Vec<_> = report.games.iter().map(|g| &g.score).collect();
    collector_paused(py, || Converter::new(py).convert(&scores))
}

/// Check many records' bytes (a list of bytes) on `jobs` of gotool's threads (default: one per core), with
/// the GIL released: a list of file objects, one per record, in input order, the same for any `jobs`.
/// `names` (one per record) are the reports' paths; without them, `<bytes 1>`, `<bytes 2>`, ...
#[pyfunction]
#[pyo3(signature = (data, names = None, *, jobs = None, rules = None, komi = None, all_variations = false, score = true, dead = None))]
fn check_many<'py>(
    py: Python<'py>,
    data: Vec<PyBackedBytes>,
    names: Option<Vec<String>>,
    jobs: Option<&Bound<'py, PyAny>>,
    rules: Option<&Bound<'py, PyAny>>,
    komi: Option<&Bound<'py, PyAny>>,
    all_variations: bool,
    score: bool,
    dead: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyAny>> {
    let mut flags = check_flags(rules, komi, all_variations, score, dead)?;
    flags.jobs(jobs)?;
    let run = flags.run_on_bytes()?;
    let names = match names {
        Some(names) if names.len() != data.len() => {
            return Err(PyValueError::new_err(format!(
                "names has {} entries for {} records: give one name for each record",
                names.len(),
                data.len()
            )));
        }
        Some(names) => names,
        None => (1..=data.len()).map(|i| format!("<bytes {i}>")).collect(),
    };
    let reports = py.detach(|| {
        let mut reports = Vec::with_capacity(data.len());
        let plan = run.plan();
        let work = |i: &mut usize| guarded(&names[*i], || plan.check_bytes(&data[*i], &names[*i]));
        in_order(0..data.len(), run.jobs_for_records(), work, |report| reports.push(report));
        reports
    });
    report_dicts(py, &reports)
}

/// The reports of a `check_paths` run, as they come: an iterator of file objects.
#[pyclass(module = "gotool")]
struct Reports {
    /// Taken out while waiting for the next report, the GIL released.
    receiver: Mutex<Option<Receiver<FileReport>>>,
}

#[pymethods]
impl Reports {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyAny>>> {
        let Ok(mut slot) = self.receiver.try_lock() else {
            return Err(PyValueError::new_err("check_paths: the generator is already being read by another thread"));
        };
        let Some(receiver) = slot.take() else { return Ok(None) };
        let (receiver, next) = py.detach(move || {
            let next = receiver.recv().ok();
            (receiver, next)
        });
        match next {
            Some(report) => {
                *slot = Some(receiver);
                Ok(Some(one_report_dict(py, &report)?))
            }
            // The run is over: the receiver is dropped with it.
            None => Ok(None),
        }
    }
}

/// Check files, folders (walked for *.sgf, *.mgt, *.sgfs and archives), archives and `ARCHIVE!/MEMBER`
/// paths as `gotool check` does, on `jobs` of gotool's threads: an iterator of file objects in input order,
/// which reads ahead only a bounded number of reports (memory stays bounded on huge archives). A path that
/// does not exist raises ValueError with the command line's message before any work starts.
#[pyfunction]
#[pyo3(signature = (paths, *, jobs = None, rules = None, komi = None, all_variations = false, score = true, dead = None, archives = true, follow_links = false))]
fn check_paths<'py>(
    paths: Vec<PathBuf>,
    jobs: Option<&Bound<'py, PyAny>>,
    rules: Option<&Bound<'py, PyAny>>,
    komi: Option<&Bound<'py, PyAny>>,
    all_variations: bool,
    score: bool,
    dead: Option<&Bound<'py, PyAny>>,
    archives: bool,
    follow_links: bool,
) -> PyResult<Reports> {
    if paths.is_empty() {
        return Err(PyValueError::new_err("check_paths: no path given"));
    }
    let mut flags = check_flags(rules, komi, all_variations, score, dead)?;
    flags.jobs(jobs)?;
    flags.flag("--no-archives", !archives);
    flags.flag("--follow-links", follow_links);
    let run = flags.run(paths.into_iter().map(OsString::from))?;
    let unusable = run.unusable_paths();
    if !unusable.is_empty() {
        return Err(PyValueError::new_err(unusable.join("; ")));
    }
    // Reports wait here, in order, while Python takes them; the workers pause when it is full.
    let (sender, receiver) = sync_channel::<FileReport>(64);
    std::thread::spawn(move || {
        let walked = catch_unwind(AssertUnwindSafe(|| {
            run.for_each_report(&mut |report| {
                // Python dropped the generator: stop.
                if sender.send(report).is_ok() { ControlFlow::Continue(()) } else { ControlFlow::Break(()) }
            })
        }));
        if let Err(panic) = walked {
            let _ = sender.send(internal_error("<check_paths>", &*panic));
        }
    });
    Ok(Reports { receiver: Mutex::new(Some(receiver)) })
}

/// Runs a panicking closure behind the same guard as every record, to show what a panic there becomes (for the tests).
#[pyfunction]
fn _guard_test<'py>(py: Python<'py>, name: &str) -> PyResult<Bound<'py, PyAny>> {
    let report = guarded(name, || panic!("a test of the guard"));
    one_report_dict(py, &report)
}

/// The command line, with these words (`argv[0]` the program's name); returns its exit status.
#[pyfunction]
fn _run_cli(py: Python<'_>, argv: Vec<OsString>) -> PyResult<u8> {
    use clap::Parser;
    use std::io::Write;
    // What Python has buffered comes first.
    let sys = py.import("sys")?;
    for stream in ["stdout", "stderr"] {
        let _ = sys.getattr(stream)?.call_method0("flush");
    }
    let cli = match gotool_core::cli::Cli::try_parse_from(argv) {
        Ok(cli) => cli,
        Err(e) => {
            let _ = e.print();
            return Ok(u8::try_from(e.exit_code()).unwrap_or(gotool_core::app::exit::USAGE));
        }
    };
    // As the binary does: interrupted, no temporary file left behind; 130 is the shells' status for SIGINT. A run
    // that writes the user's files finishes those being written and ends by itself, unless interrupted again.
    let _ = ctrlc::set_handler(|| {
        if gotool_core::app::on_interrupt() {
            std::process::exit(130);
        }
    });
    Ok(py.detach(|| {
        let mut stdout = std::io::stdout().lock();
        let mut stderr = std::io::stderr();
        match gotool_core::app::run(cli, &mut stdout, &mut stderr) {
            Ok(code) => code,
            Err(err) => {
                let _ = writeln!(stderr, "gotool: {err:#}");
                gotool_core::app::exit::USAGE
            }
        }
    }))
}

#[pymodule]
fn _gotool(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add("SCHEMA", from_json(m.py(), SCHEMA)?)?;
    m.add_class::<Reports>()?;
    m.add_function(wrap_pyfunction!(check_bytes, m)?)?;
    m.add_function(wrap_pyfunction!(check_archive, m)?)?;
    m.add_function(wrap_pyfunction!(score_bytes, m)?)?;
    m.add_function(wrap_pyfunction!(check_many, m)?)?;
    m.add_function(wrap_pyfunction!(check_paths, m)?)?;
    m.add_function(wrap_pyfunction!(_guard_test, m)?)?;
    m.add_function(wrap_pyfunction!(_run_cli, m)?)?;
    Ok(())
}
