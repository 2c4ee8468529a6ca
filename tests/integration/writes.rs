//! Writes that respect the filesystem (#44), for every writer (`check --output`, `stats --output`, `show --svg`,
//! `convert -o`, `fix --write`, `fix --out-dir`) on every kind of target, generated as a matrix: a new path
//! under several umasks, regular files of modes 0644/0664/0600/0444 (and, as root, one owned by `nobody`), a
//! symbolic link to a file in another folder, a character device, a FIFO, a link to `/proc/self/fd/1` and
//! `/dev/stdout`; outputs that are inputs (the same path, a hard link, a symbolic link); numbered backups; a
//! read-only folder and a read-only filesystem; a full filesystem; the same as an ordinary user (`setpriv` to
//! `nobody`); and a kill loop (SIGINT, SIGTERM, SIGKILL at random moments, seed printed). What each case must
//! give is worked out from the promise in docs/writing.md, not from an earlier run.
//!
//! Root is needed for devices, owners and mounts, `setpriv` for the ordinary user: without them a test says so
//! and passes, except under `CI=true`, where it fails.

use std::ffi::OsString;
use std::io::Read;
use std::os::unix::fs::{FileTypeExt, MetadataExt, PermissionsExt};
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

use crate::hostile::HANG_GUARD;

/// `nobody`'s user and group, the ordinary user the tests switch to.
const NOBODY: (u32, u32) = (65534, 65534);

/// A record that `fix` changes (B and W in one node), and the same record fixed: split into two nodes, B then W,
/// as the SGF rule of one move a node gives it.
const TO_FIX: &[u8] = b"(;GM[1]FF[4]SZ[19];B[pd]W[dd])\n";
const FIXED: &[u8] = b"(;GM[1]FF[4]SZ[19];B[pd];W[dd])\n";

/// What was in a target before a run (a file that is not the writer's own input).
const OLD: &[u8] = b"old contents, not gotool's\n";

/// The umasks new files are made under, one a case in turn.
const UMASKS: [u32; 4] = [0o022, 0o002, 0o077, 0o027];

/// Whether a test that cannot do what it needs (be root, mount, switch user) must fail rather than skip.
fn strict() -> bool {
    std::env::var("CI").is_ok_and(|v| v == "true")
}

/// Skips (returns `false`) or, under `CI=true`, fails, saying why.
fn cannot(why: &str) -> bool {
    assert!(!strict(), "CI=true: {why}");
    eprintln!("note: skipped: {why}");
    false
}

fn is_root() -> bool {
    std::fs::metadata("/proc/self").is_ok_and(|m| m.uid() == 0)
}

/// Whether the tests can switch to `nobody` (root, with `setpriv`).
fn can_switch_user() -> bool {
    is_root()
        && Command::new("setpriv")
            .args(["--reuid=65534", "--regid=65534", "--clear-groups", "true"])
            .status()
            .is_ok_and(|s| s.success())
}

/// Who runs gotool.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum User {
    /// The test's own user (root where the tests run as root).
    Me,
    /// `nobody`, through `setpriv`.
    Nobody,
}

/// A `gotool` command run in `dir` by `user` under `umask`: `sh -c 'umask …; exec …'`, through `setpriv` for
/// `nobody`.
fn command(dir: &Path, user: User, umask: u32, args: &[OsString]) -> Command {
    let mut cmd = Command::new("sh");
    cmd.current_dir(dir).env_remove("NO_COLOR").args(["-c", r#"umask "$1"; shift; exec "$@""#, "sh"]);
    cmd.arg(format!("{umask:03o}"));
    if user == User::Nobody {
        cmd.args(["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", "--"]);
    }
    cmd.arg(env!("CARGO_BIN_EXE_gotool")).args(args);
    cmd
}

/// Runs a command to its end, killed by the hang guard if it never ends.
fn run_to_end(cmd: Command) -> Output {
    let out = assert_cmd::Command::from_std(cmd).timeout(HANG_GUARD).output().expect("gotool runs");
    let stderr = said(&out);
    assert!(!stderr.contains("panicked"), "gotool panicked:\n{stderr}");
    assert!(out.status.code().is_some(), "gotool was killed ({:?}): hung past the guard?\n{stderr}", out.status);
    out
}

/// What a run said, on stderr and stdout (where `fix` reports each file).
fn said(out: &Output) -> String {
    format!("{}{}", String::from_utf8_lossy(&out.stderr), String::from_utf8_lossy(&out.stdout))
}

fn os(args: &[&str]) -> Vec<OsString> {
    args.iter().map(OsString::from).collect()
}

/// A folder for one case, that `nobody` may write in when it runs gotool.
fn case_folder(user: User) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    if user == User::Nobody {
        chown(dir.path(), NOBODY);
    }
    dir
}

fn chown(path: &Path, (uid, gid): (u32, u32)) {
    std::os::unix::fs::lchown(path, Some(uid), Some(gid)).unwrap();
}

fn chmod(path: &Path, mode: u32) {
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(mode)).unwrap();
}

/// Writes a file for a case, owned by the user who runs gotool.
fn put(path: &Path, bytes: &[u8], mode: u32, user: User) {
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(path, bytes).unwrap();
    chmod(path, mode);
    if user == User::Nobody {
        chown(path, NOBODY);
        chown(path.parent().unwrap(), NOBODY);
    }
}

/// The names of temporary files (`.NAME.XXXXXX.tmp`) left in a folder and below it.
fn temporaries(dir: &Path) -> Vec<PathBuf> {
    let mut found = Vec::new();
    let Ok(entries) = std::fs::read_dir(dir) else { return found };
    for entry in entries {
        let entry = entry.unwrap();
        let name = entry.file_name().to_string_lossy().into_owned();
        if entry.file_type().unwrap().is_dir() {
            found.extend(temporaries(&entry.path()));
        } else if name.starts_with('.') && name.ends_with(".tmp") {
            found.push(entry.path());
        }
    }
    found
}

/// Each writer, as the command line names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Writer {
    CheckOutput,
    StatsOutput,
    ShowSvg,
    ConvertOutput,
    FixWrite,
    FixOutDir,
}

const WRITERS: [Writer; 6] = [
    Writer::CheckOutput,
    Writer::StatsOutput,
    Writer::ShowSvg,
    Writer::ConvertOutput,
    Writer::FixWrite,
    Writer::FixOutDir,
];

impl Writer {
    /// The input's name and bytes.
    fn input(self) -> (&'static str, Vec<u8>) {
        match self {
            Writer::ConvertOutput => {
                ("in.gib", std::fs::read(crate::util::fixture("formats/gib/count-passes-utf8.gib")).unwrap())
            }
            _ => ("in.sgf", TO_FIX.to_vec()),
        }
    }

    /// The arguments that write to `target` (for `fix --write`, the input itself; for `fix --out-dir`, the folder
    /// of the copy). `force` replaces read-only files.
    fn args(self, target: &Path, force: bool) -> Vec<OsString> {
        let (input, _) = self.input();
        let mut args: Vec<OsString> = match self {
            Writer::CheckOutput => os(&["check", "-q", "--output"]),
            Writer::StatsOutput => os(&["stats", "-q", "--output"]),
            Writer::ShowSvg => os(&["show", "--svg"]),
            // An SGF file that exists is replaced only with --force.
            Writer::ConvertOutput => os(&["convert", "-q", "--force", input, "-o"]),
            Writer::FixWrite => os(&["fix", "-q", "--write"]),
            Writer::FixOutDir => os(&["fix", "-q", "--out-dir"]),
        };
        match self {
            Writer::FixOutDir => args.push(target.parent().unwrap().into()),
            _ => args.push(target.into()),
        }
        if force && !matches!(self, Writer::ConvertOutput) {
            args.push("--force".into());
        }
        match self {
            Writer::ConvertOutput | Writer::FixWrite => {}
            _ => args.push(input.into()),
        }
        args
    }

    /// Where a case's target is, in `dir`.
    fn target(self, dir: &Path) -> PathBuf {
        match self {
            Writer::FixWrite => dir.join("in.sgf"),
            Writer::FixOutDir => dir.join("out/in.sgf"),
            _ => dir.join("t.out"),
        }
    }

    /// What the target holds once written: the fixed record, or what the command writes to stdout (the report,
    /// picture or SGF, which the file must hold byte for byte).
    fn expected(self, dir: &Path) -> Vec<u8> {
        match self {
            Writer::FixWrite | Writer::FixOutDir => FIXED.to_vec(),
            _ => {
                let args = match self {
                    Writer::CheckOutput => os(&["check", "-q", "in.sgf"]),
                    Writer::StatsOutput => os(&["stats", "-q", "in.sgf"]),
                    Writer::ConvertOutput => os(&["convert", "-q", "in.gib"]),
                    _ => os(&["show", "--svg", "-", "in.sgf"]),
                };
                run_to_end(command(dir, User::Me, 0o022, &args)).stdout
            }
        }
    }

    /// Whether a read-only target is refused without `--force` (convert's `--force`, always given here, replaces
    /// it).
    fn refuses_read_only(self) -> bool {
        self != Writer::ConvertOutput
    }

    /// The exit status of a run whose file cannot be written: 2 (a path that cannot be used), but 1 for
    /// `convert`, whose statuses are its own (docs/convert.md: 1 when some record was not converted).
    fn failed_write_status(self) -> i32 {
        if self == Writer::ConvertOutput { 1 } else { 2 }
    }

    /// What is at the target before the run when it is a regular file: the input itself for `fix --write`.
    fn old(self) -> Vec<u8> {
        if self == Writer::FixWrite { TO_FIX.to_vec() } else { OLD.to_vec() }
    }
}

/// What is at a writer's target before the run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    New,
    Regular(u32),
    /// A regular file (0664) owned by `nobody`, written by root.
    OwnedByNobody,
    /// A link to a regular file (0640) in another folder.
    LinkToFile,
    CharDevice,
    Fifo,
    /// A Unix socket with a listener: it cannot be opened as a file, so the write fails; it is not replaced.
    Socket,
    /// A link to `/proc/self/fd/1`.
    LinkToStdout,
    /// The path `/dev/stdout` itself.
    DevStdout,
}

/// The kinds of target a writer can meet: `fix --write`'s target is its input, a file; the others write to
/// any path.
fn kinds(writer: Writer, user: User) -> Vec<Kind> {
    let mut kinds = vec![Kind::Regular(0o644), Kind::Regular(0o664), Kind::Regular(0o600), Kind::Regular(0o444)];
    kinds.push(Kind::LinkToFile);
    if user == User::Me && is_root() {
        kinds.push(Kind::OwnedByNobody);
    }
    if writer == Writer::FixWrite {
        return kinds;
    }
    kinds.extend([Kind::New, Kind::Fifo, Kind::Socket, Kind::LinkToStdout]);
    if is_root() {
        kinds.push(Kind::CharDevice);
    }
    if writer != Writer::FixOutDir {
        kinds.push(Kind::DevStdout);
    }
    kinds
}

/// Makes the target of `kind` at `target`; returns the path the command is given (`/dev/stdout` for
/// [`Kind::DevStdout`]).
fn make_target(kind: Kind, writer: Writer, target: &Path, user: User) -> PathBuf {
    std::fs::create_dir_all(target.parent().unwrap()).unwrap();
    if user == User::Nobody {
        chown(target.parent().unwrap(), NOBODY);
    }
    match kind {
        Kind::New => {}
        Kind::Regular(mode) => put(target, &writer.old(), mode, user),
        Kind::OwnedByNobody => {
            put(target, &writer.old(), 0o664, user);
            chown(target, NOBODY);
        }
        Kind::LinkToFile => {
            let real = target.parent().unwrap().join("elsewhere/real.file");
            put(&real, &writer.old(), 0o640, user);
            std::os::unix::fs::symlink("elsewhere/real.file", target).unwrap();
            if user == User::Nobody {
                chown(target, NOBODY);
            }
        }
        Kind::CharDevice => {
            let made = Command::new("mknod").arg(target).args(["c", "1", "3"]).status().unwrap();
            assert!(made.success(), "mknod");
            chmod(target, 0o666);
        }
        Kind::Fifo => {
            let made = Command::new("mkfifo").args(["-m", "666"]).arg(target).status().unwrap();
            assert!(made.success(), "mkfifo");
        }
        Kind::Socket => {
            // Bound and left listening for the case: the listener is leaked with the folder's lifetime.
            std::mem::forget(std::os::unix::net::UnixListener::bind(target).unwrap());
            chmod(target, 0o666);
        }
        Kind::LinkToStdout => std::os::unix::fs::symlink("/proc/self/fd/1", target).unwrap(),
        Kind::DevStdout => return PathBuf::from("/dev/stdout"),
    }
    target.to_path_buf()
}

/// One case of the matrix: `writer` writes over `kind` as `user` under `umask`; every promise that case makes
/// is checked.
fn one_case(writer: Writer, kind: Kind, user: User, umask: u32, force: bool) {
    let dir = case_folder(user);
    let (input, bytes) = writer.input();
    let target = writer.target(dir.path());
    if writer != Writer::FixWrite {
        put(&dir.path().join(input), &bytes, 0o644, user);
    }
    let given = make_target(kind, writer, &target, user);
    let expected = writer.expected(dir.path());
    let args = writer.args(&given, force);
    let what = format!("{writer:?} on {kind:?} as {user:?}, umask {umask:03o}, force {force}");
    // A FIFO is read by another thread while gotool writes it.
    let reader = (kind == Kind::Fifo).then(|| {
        let fifo = target.clone();
        std::thread::spawn(move || {
            let mut got = Vec::new();
            std::fs::File::open(fifo).unwrap().read_to_end(&mut got).unwrap();
            got
        })
    });
    let out = run_to_end(command(dir.path(), user, umask, &args));
    let stderr = said(&out);
    let code = out.status.code().unwrap();
    let refused = matches!(kind, Kind::Regular(m) if m & 0o222 == 0) && writer.refuses_read_only() && !force;
    let meta = std::fs::symlink_metadata(&target);
    let meta = || meta.as_ref().map_err(|e| format!("{what}: {e}")).unwrap();
    if refused {
        assert_eq!(code, 2, "{what}: a read-only file is refused\n{stderr}");
        assert!(stderr.contains("read-only"), "{what}: says why\n{stderr}");
        assert_eq!(std::fs::read(&target).unwrap(), writer.old(), "{what}: left as it was");
    } else if kind == Kind::Socket {
        assert_eq!(code, writer.failed_write_status(), "{what}: a socket cannot be written\n{stderr}");
        assert!(stderr.contains("No such device or address"), "{what}: the system's words\n{stderr}");
    } else {
        assert!(code == 0 || (code == 1 && writer == Writer::StatsOutput), "{what}: status {code}\n{stderr}");
    }
    match kind {
        Kind::New => {
            assert!(meta().is_file(), "{what}");
            assert_eq!(meta().mode() & 0o7777, 0o666 & !umask, "{what}: 0666 less the umask");
            assert_eq!(std::fs::read(&target).unwrap(), expected, "{what}");
        }
        Kind::Regular(_) | Kind::OwnedByNobody => {
            let mode = if let Kind::Regular(mode) = kind { mode } else { 0o664 };
            assert!(meta().is_file(), "{what}");
            assert_eq!(meta().mode() & 0o7777, mode, "{what}: the mode is kept");
            if kind == Kind::OwnedByNobody || user == User::Nobody {
                assert_eq!((meta().uid(), meta().gid()), NOBODY, "{what}: the owner and group are kept");
            }
            if !refused {
                assert_eq!(std::fs::read(&target).unwrap(), expected, "{what}");
            }
        }
        Kind::LinkToFile => {
            assert!(meta().file_type().is_symlink(), "{what}: the link stays a link");
            assert_eq!(std::fs::read_link(&target).unwrap(), Path::new("elsewhere/real.file"), "{what}");
            let real = target.parent().unwrap().join("elsewhere/real.file");
            assert_eq!(std::fs::metadata(&real).unwrap().mode() & 0o7777, 0o640, "{what}: the mode is kept");
            assert_eq!(std::fs::read(&real).unwrap(), expected, "{what}: the file it leads to is written");
        }
        Kind::CharDevice => {
            assert!(meta().file_type().is_char_device(), "{what}: still a device");
            assert_eq!(meta().rdev(), std::fs::metadata("/dev/null").unwrap().rdev(), "{what}");
        }
        Kind::Socket => assert!(meta().file_type().is_socket(), "{what}: still a socket"),
        Kind::Fifo => {
            assert!(meta().file_type().is_fifo(), "{what}: still a FIFO");
            assert_eq!(reader.unwrap().join().unwrap(), expected, "{what}: its reader got it all");
        }
        Kind::LinkToStdout | Kind::DevStdout => {
            if kind == Kind::LinkToStdout {
                assert!(meta().file_type().is_symlink(), "{what}: the link stays a link");
            }
            let stdout = &out.stdout;
            assert!(stdout.windows(expected.len()).any(|w| w == expected), "{what}: written to stdout");
        }
    }
    assert_eq!(temporaries(dir.path()), Vec::<PathBuf>::new(), "{what}: no temporary file left");
}

/// The matrix as `user`: every writer on every kind of target, the umasks in turn, with and without --force.
fn matrix(user: User) {
    let mut n = 0;
    for writer in WRITERS {
        for kind in kinds(writer, user) {
            for force in [false, true] {
                one_case(writer, kind, user, UMASKS[n % UMASKS.len()], force);
                n += 1;
            }
        }
    }
    eprintln!("{n} cases as {user:?}");
}

#[test]
fn every_writer_on_every_kind_of_target() {
    if !is_root() {
        // As an ordinary user the matrix still runs, without the cases that need root.
        cannot("not root: no devices, no file of another owner");
    }
    matrix(User::Me);
}

#[test]
fn every_writer_on_every_kind_of_target_as_an_ordinary_user() {
    if !can_switch_user() {
        cannot("cannot switch to nobody (not root, or no setpriv)");
        return;
    }
    matrix(User::Nobody);
}

#[test]
fn an_ordinary_user_cannot_replace_roots_file_nor_write_in_a_read_only_folder() {
    if !can_switch_user() {
        cannot("cannot switch to nobody (not root, or no setpriv)");
        return;
    }
    for writer in WRITERS {
        // Root's file, 0644, in nobody's folder: not nobody's to write, so refused. (convert --force replaces it,
        // as the folder lets nobody do, and says that the owner could not be kept.)
        let dir = case_folder(User::Nobody);
        let (input, bytes) = writer.input();
        let target = writer.target(dir.path());
        if writer != Writer::FixWrite {
            put(&dir.path().join(input), &bytes, 0o644, User::Nobody);
        }
        std::fs::create_dir_all(target.parent().unwrap()).unwrap();
        chown(target.parent().unwrap(), NOBODY);
        std::fs::write(&target, writer.old()).unwrap();
        chmod(&target, 0o644);
        let out = run_to_end(command(dir.path(), User::Nobody, 0o022, &writer.args(&target, false)));
        let stderr = said(&out);
        if writer == Writer::ConvertOutput {
            // convert --force replaces it; the owner cannot be kept, and a note says so.
            assert!(stderr.contains("could not be kept"), "{writer:?}: {stderr}");
        } else {
            assert_eq!(out.status.code(), Some(2), "{writer:?}: {stderr}");
            assert!(stderr.contains("no write permission"), "{writer:?}: {stderr}");
            assert_eq!(std::fs::read(&target).unwrap(), writer.old(), "{writer:?}");
            assert_eq!(std::fs::metadata(&target).unwrap().uid(), 0, "{writer:?}");
        }
        assert_eq!(temporaries(dir.path()), Vec::<PathBuf>::new(), "{writer:?}");

        // A folder nobody may not write: an error naming the path, nothing changed.
        let dir = case_folder(User::Nobody);
        let target = writer.target(dir.path());
        if writer != Writer::FixWrite {
            put(&dir.path().join(input), &bytes, 0o644, User::Nobody);
        }
        put(&target, &writer.old(), 0o666, User::Nobody);
        chmod(target.parent().unwrap(), 0o555);
        let out = run_to_end(command(dir.path(), User::Nobody, 0o022, &writer.args(&target, false)));
        let stderr = said(&out);
        assert_eq!(out.status.code(), Some(writer.failed_write_status()), "{writer:?} in a read-only folder: {stderr}");
        assert!(stderr.to_lowercase().contains("permission denied"), "{writer:?}: {stderr}");
        assert_eq!(std::fs::read(&target).unwrap(), writer.old(), "{writer:?}");
        chmod(target.parent().unwrap(), 0o755);
        assert_eq!(temporaries(dir.path()), Vec::<PathBuf>::new(), "{writer:?}");
    }
}

/// A tmpfs of `kib` KiB mounted on a new folder, unmounted when dropped; `None` where mounting is not allowed.
struct Tmpfs(tempfile::TempDir);

impl Tmpfs {
    fn mount(kib: u32) -> Option<Tmpfs> {
        let dir = tempfile::tempdir().unwrap();
        let ok = Command::new("mount")
            .args(["-t", "tmpfs", "-o", &format!("size={kib}k,mode=0777"), "tmpfs"])
            .arg(dir.path())
            .stderr(Stdio::null())
            .status()
            .is_ok_and(|s| s.success());
        ok.then_some(Tmpfs(dir))
    }

    fn path(&self) -> &Path {
        self.0.path()
    }

    fn remount_read_only(&self) {
        let ok = Command::new("mount").args(["-o", "remount,ro"]).arg(self.path()).status().unwrap();
        assert!(ok.success(), "remount read-only");
    }
}

impl Drop for Tmpfs {
    fn drop(&mut self) {
        let _ = Command::new("umount").arg(self.0.path()).status();
    }
}

/// Fills the filesystem of `dir` to the last block.
fn fill(dir: &Path) {
    use std::io::Write;
    let mut filler = std::fs::File::create(dir.join("filler")).unwrap();
    let block = vec![0u8; 4096];
    while filler.write_all(&block).is_ok() {}
    let one = [0u8; 1];
    while filler.write_all(&one).is_ok() {}
}

#[test]
fn a_full_filesystem_or_a_read_only_one_leaves_every_target_as_it_was() {
    for writer in WRITERS {
        let Some(fs) = Tmpfs::mount(256) else {
            if !cannot("cannot mount a tmpfs") {
                return a_file_size_limit_leaves_every_target_as_it_was();
            }
            return;
        };
        let (input, bytes) = writer.input();
        let target = writer.target(fs.path());
        put(&fs.path().join(input), &bytes, 0o644, User::Me);
        put(&target, &writer.old(), 0o644, User::Me);
        let expected_note = ["No space left", "no space left"];
        fill(fs.path());
        let out = run_to_end(command(fs.path(), User::Me, 0o022, &writer.args(&target, false)));
        let stderr = said(&out);
        let status = Some(writer.failed_write_status());
        assert_eq!(out.status.code(), status, "{writer:?} on a full filesystem: {stderr}");
        assert!(expected_note.iter().any(|n| stderr.contains(n)), "{writer:?}: {stderr}");
        assert_eq!(std::fs::read(&target).unwrap(), writer.old(), "{writer:?}: left as it was");
        assert_eq!(temporaries(fs.path()), Vec::<PathBuf>::new(), "{writer:?}");
        if writer == Writer::FixWrite {
            let report = String::from_utf8_lossy(&out.stdout);
            assert!(report.contains("0 fixed") && report.contains("1 failed"), "{report}");
        }
        // Read-only: the same, with the system's words.
        std::fs::remove_file(fs.path().join("filler")).unwrap();
        fs.remount_read_only();
        let out = run_to_end(command(fs.path(), User::Me, 0o022, &writer.args(&target, false)));
        let stderr = said(&out);
        assert_eq!(out.status.code(), status, "{writer:?} on a read-only filesystem: {stderr}");
        assert!(stderr.contains("read-only"), "{writer:?}: {stderr}");
        assert_eq!(std::fs::read(&target).unwrap(), writer.old(), "{writer:?}: left as it was");
    }
}

/// Where no filesystem can be mounted, the full filesystem's stand-in (run on its own too): `ulimit -f 0` (with
/// SIGXFSZ ignored, so that a write past it fails with an error instead of ending the process).
#[test]
fn a_file_size_limit_leaves_every_target_as_it_was() {
    for writer in WRITERS {
        let dir = tempfile::tempdir().unwrap();
        let (input, bytes) = writer.input();
        let target = writer.target(dir.path());
        put(&dir.path().join(input), &bytes, 0o644, User::Me);
        put(&target, &writer.old(), 0o644, User::Me);
        let mut cmd = Command::new("sh");
        cmd.current_dir(dir.path()).args(["-c", r#"trap '' XFSZ; ulimit -f 0; exec "$@""#, "sh"]);
        cmd.arg(env!("CARGO_BIN_EXE_gotool")).args(writer.args(&target, false));
        let out = run_to_end(cmd);
        let stderr = said(&out);
        assert_eq!(out.status.code(), Some(writer.failed_write_status()), "{writer:?} past ulimit -f: {stderr}");
        assert_eq!(std::fs::read(&target).unwrap(), writer.old(), "{writer:?}: left as it was");
        assert_eq!(temporaries(dir.path()), Vec::<PathBuf>::new(), "{writer:?}");
    }
}

#[test]
fn an_output_that_is_an_input_is_refused_before_anything_is_read() {
    // Each writer that writes elsewhere than its input, given its input by the same path, a hard link and a
    // symbolic link (`fix --out-dir` through a folder whose copy would be the input).
    for writer in [Writer::CheckOutput, Writer::StatsOutput, Writer::ShowSvg, Writer::ConvertOutput] {
        for how in ["same", "hard link", "symbolic link", "link to its folder"] {
            let dir = tempfile::tempdir().unwrap();
            let (input, bytes) = writer.input();
            put(&dir.path().join(input), &bytes, 0o644, User::Me);
            let target = match how {
                "same" => dir.path().join(input),
                "hard link" => {
                    std::fs::hard_link(dir.path().join(input), dir.path().join("hard")).unwrap();
                    dir.path().join("hard")
                }
                "symbolic link" => {
                    std::os::unix::fs::symlink(input, dir.path().join("soft")).unwrap();
                    dir.path().join("soft")
                }
                _ => {
                    std::os::unix::fs::symlink(".", dir.path().join("here")).unwrap();
                    dir.path().join("here").join(input)
                }
            };
            let out = run_to_end(command(dir.path(), User::Me, 0o022, &writer.args(&target, true)));
            let stderr = said(&out);
            assert_eq!(out.status.code(), Some(2), "{writer:?} over its input ({how}): {stderr}");
            assert!(stderr.contains("which is read"), "{writer:?} ({how}): {stderr}");
            assert_eq!(std::fs::read(dir.path().join(input)).unwrap(), bytes, "{writer:?} ({how}): input intact");
        }
    }
    // fix --out-dir whose copy would be the file itself: the folder of the input, by its name or a link.
    for out_dir in [".", "here", "sub/.."] {
        let dir = tempfile::tempdir().unwrap();
        put(&dir.path().join("in.sgf"), TO_FIX, 0o644, User::Me);
        std::fs::create_dir(dir.path().join("sub")).unwrap();
        std::os::unix::fs::symlink(".", dir.path().join("here")).unwrap();
        let out = run_to_end(command(dir.path(), User::Me, 0o022, &os(&["fix", "--out-dir", out_dir, "in.sgf"])));
        let stderr = said(&out);
        assert_eq!(out.status.code(), Some(2), "fix --out-dir {out_dir}: {stderr}");
        assert_eq!(std::fs::read(dir.path().join("in.sgf")).unwrap(), TO_FIX, "fix --out-dir {out_dir}");
    }
}

#[test]
fn backups_are_numbered_and_never_replace_a_file() {
    // With 0 to 3 backups there already, the next free number is taken and every older backup is kept.
    for there in 0..4usize {
        let dir = tempfile::tempdir().unwrap();
        put(&dir.path().join("g.sgf"), TO_FIX, 0o664, User::Me);
        let names = ["g.sgf.orig", "g.sgf.orig.1", "g.sgf.orig.2", "g.sgf.orig.3"];
        for (i, name) in names.iter().take(there).enumerate() {
            std::fs::write(dir.path().join(name), format!("backup {i}")).unwrap();
        }
        let out = run_to_end(command(dir.path(), User::Me, 0o022, &os(&["fix", "--write", "--backup", "g.sgf"])));
        assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
        assert_eq!(std::fs::read(dir.path().join("g.sgf")).unwrap(), FIXED);
        let new = dir.path().join(names[there]);
        assert_eq!(std::fs::read(&new).unwrap(), TO_FIX, "{there} there: the original is {}", names[there]);
        assert_eq!(std::fs::metadata(&new).unwrap().mode() & 0o7777, 0o664, "the backup has the original's mode");
        for (i, name) in names.iter().take(there).enumerate() {
            assert_eq!(std::fs::read_to_string(dir.path().join(name)).unwrap(), format!("backup {i}"));
        }
    }
}

#[test]
fn a_file_reached_by_two_paths_is_fixed_once_and_counted_honestly() {
    let dir = tempfile::tempdir().unwrap();
    put(&dir.path().join("g/a.sgf"), TO_FIX, 0o644, User::Me);
    put(&dir.path().join("g/ro.sgf"), TO_FIX, 0o444, User::Me);
    put(&dir.path().join("g/ok.sgf"), FIXED, 0o644, User::Me);
    std::os::unix::fs::symlink("g/a.sgf", dir.path().join("link.sgf")).unwrap();
    let args = os(&["fix", "--format", "json", "--write", "g", "link.sgf", "./g/a.sgf"]);
    let out = run_to_end(command(dir.path(), User::Me, 0o022, &args));
    let doc: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let summary = &doc["summary"];
    // a.sgf fixed and written once; ro.sgf refused (read-only): failed, not fixed; ok.sgf unchanged.
    assert_eq!(summary["written"], 1, "{doc:#}");
    assert_eq!(summary["failed"], 1, "{doc:#}");
    assert_eq!(summary["unchanged"], 1, "{doc:#}");
    assert_eq!(summary["left_alone"], 0, "{doc:#}");
    assert_eq!(summary["fixes"], 1, "{doc:#}");
    assert_eq!(out.status.code(), Some(2), "a failed write is exit status 2");
    assert_eq!(std::fs::read(dir.path().join("g/a.sgf")).unwrap(), FIXED);
    assert_eq!(std::fs::read(dir.path().join("g/ro.sgf")).unwrap(), TO_FIX);
}

/// A small random number generator (xorshift), seeded so that a failing run can be repeated.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    fn below(&mut self, n: u64) -> u64 {
        self.next() % n.max(1)
    }
}

/// The seed: `GOTOOL_KILL_SEED` if set, else the time; printed either way.
fn seed() -> u64 {
    let seed = std::env::var("GOTOOL_KILL_SEED").ok().and_then(|s| s.parse().ok()).unwrap_or_else(|| {
        std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_nanos() as u64 | 1
    });
    eprintln!("kill loop seed: {seed} (GOTOOL_KILL_SEED={seed} repeats it)");
    seed
}

/// Files for a kill-loop run: `files` records to fix in `g/`, and the target of `writer` holding `OLD`.
fn kill_case(writer: Writer, files: usize) -> (tempfile::TempDir, Vec<OsString>) {
    let dir = tempfile::tempdir().unwrap();
    let (input, bytes) = writer.input();
    for i in 0..files {
        put(&dir.path().join(format!("g/{i:04}.sgf")), TO_FIX, 0o644, User::Me);
    }
    let args = match writer {
        Writer::FixWrite => os(&["fix", "--write", "g"]),
        Writer::FixOutDir => os(&["fix", "--out-dir", "out", "g"]),
        Writer::ConvertOutput => {
            put(&dir.path().join(input), &bytes, 0o644, User::Me);
            let mut args = writer.args(&dir.path().join("t.out"), false);
            args[2] = "--force".into();
            args
        }
        _ => {
            let mut args = writer.args(&dir.path().join("t.out"), false);
            // The report of every record in g/, long enough to be interrupted in the middle.
            *args.last_mut().unwrap() = "g".into();
            if writer == Writer::ShowSvg {
                put(&dir.path().join(input), &bytes, 0o644, User::Me);
                *args.last_mut().unwrap() = input.into();
            }
            args
        }
    };
    if !matches!(writer, Writer::FixWrite | Writer::FixOutDir) {
        put(&dir.path().join("t.out"), OLD, 0o640, User::Me);
    }
    (dir, args)
}

/// After a run ended by `signal` (or by itself): every target is either as it was or fully written, with its
/// mode; no temporary file is left unless the signal was SIGKILL (and not even then by `fix --out-dir`, whose
/// copies are all new files, named only once whole); an interrupted `fix` listed every file it wrote. Returns
/// how many of the targets were written (new), to tell runs stopped half-way from the others.
fn check_after_kill(writer: Writer, dir: &Path, signal: &str, out: &Output, whole: Option<&[u8]>) -> usize {
    let what = format!("{writer:?} after SIG{signal}");
    let stdout = String::from_utf8_lossy(&out.stdout);
    let mut new = 0;
    match writer {
        Writer::FixWrite | Writer::FixOutDir => {
            for entry in std::fs::read_dir(dir.join("g")).unwrap() {
                let path = entry.unwrap().path();
                let name = path.file_name().unwrap().to_string_lossy().into_owned();
                if name.starts_with('.') {
                    continue;
                }
                let bytes = std::fs::read(&path).unwrap();
                let copy = dir.join("out").join(&name);
                let written = if writer == Writer::FixWrite {
                    assert!(bytes == TO_FIX || bytes == FIXED, "{what}: {name} is neither old nor new: {bytes:?}");
                    assert_eq!(std::fs::metadata(&path).unwrap().mode() & 0o7777, 0o644, "{what}: {name}");
                    bytes == FIXED
                } else {
                    assert_eq!(bytes, TO_FIX, "{what}: the input {name} is never touched");
                    match std::fs::read(&copy) {
                        Ok(c) => {
                            assert_eq!(c, FIXED, "{what}: the copy of {name} is whole");
                            true
                        }
                        Err(_) => false,
                    }
                };
                new += usize::from(written);
                // Interrupted, the run lists every file it wrote (SIGKILL gives it no chance).
                if written && signal != "KILL" {
                    assert!(stdout.contains(&format!("{name}: written to")), "{what}: {name} not listed:\n{stdout}");
                }
            }
        }
        _ => {
            let now = std::fs::read(dir.join("t.out")).unwrap();
            let whole = whole.unwrap();
            assert!(now == OLD || now == whole, "{what}: the target is neither the old file nor the new one");
            assert_eq!(std::fs::metadata(dir.join("t.out")).unwrap().mode() & 0o7777, 0o640, "{what}");
            new += usize::from(now == whole);
        }
    }
    if signal != "KILL" || writer == Writer::FixOutDir {
        assert_eq!(temporaries(dir), Vec::<PathBuf>::new(), "{what}: a temporary file is left");
    }
    new
}

/// Runs each writer `runs` times, each run sent SIGINT, SIGTERM or SIGKILL at a random moment within about the
/// time an uninterrupted run takes (measured first, not asserted).
fn kill_loop(runs: usize, files: usize) {
    let mut rng = Rng(seed());
    let mut tally: std::collections::BTreeMap<(Writer, &str, &str), usize> = std::collections::BTreeMap::new();
    for writer in WRITERS {
        // Two uninterrupted runs: how long one takes (the shorter, to spread the kills over it) and what it writes.
        let mut span = u64::MAX;
        let mut whole = None;
        for _ in 0..2 {
            let (dir, args) = kill_case(writer, files);
            let started = std::time::Instant::now();
            let out = run_to_end(command(dir.path(), User::Me, 0o022, &args));
            span = span.min(started.elapsed().as_micros() as u64);
            whole = std::fs::read(dir.path().join("t.out")).ok();
            let status = out.status.code();
            assert!(status.is_some_and(|c| c < 2), "{writer:?}: {}", String::from_utf8_lossy(&out.stderr));
        }
        for run in 0..runs {
            let (dir, args) = kill_case(writer, files);
            let signal = ["INT", "TERM", "KILL"][run % 3];
            let mut cmd = command(dir.path(), User::Me, 0o022, &args);
            let mut child = cmd.stdout(Stdio::piped()).stderr(Stdio::piped()).spawn().unwrap();
            let wait = rng.below(span + span / 4);
            std::thread::sleep(std::time::Duration::from_micros(wait));
            let _ = Command::new("kill").args(["-s", signal, &child.id().to_string()]).status();
            let waited = std::thread::spawn(move || {
                let mut stdout = Vec::new();
                child.stdout.take().unwrap().read_to_end(&mut stdout).unwrap();
                let status = child.wait_with_output().unwrap();
                Output { status: status.status, stdout, stderr: status.stderr }
            });
            let out = waited.join().unwrap();
            let written = check_after_kill(writer, dir.path(), signal, &out, whole.as_deref());
            let targets = if matches!(writer, Writer::FixWrite | Writer::FixOutDir) { files } else { 1 };
            let ended = match out.status.code() {
                Some(130) => "interrupted",
                Some(_) => "finished",
                None => "killed",
            };
            let state = match written {
                0 => "nothing written",
                n if n == targets => "all written",
                _ => "part written",
            };
            *tally.entry((writer, ended, state)).or_insert(0) += 1;
        }
    }
    // What the kills hit, for the log (runs stopped half-way are the ones that test the promise).
    for ((writer, ended, state), n) in tally {
        eprintln!("{writer:?}: {n} {ended}, {state}");
    }
}

#[test]
fn killed_at_random_moments_the_targets_are_whole_and_no_temporary_file_is_left() {
    kill_loop(6, 40);
}

#[test]
#[ignore = "heavy: 50 kills of each writer; cargo test --release --test integration -- --ignored kill_loop"]
fn kill_loop_heavy() {
    kill_loop(50, 300);
}

#[test]
fn standard_input_is_fixed_and_converted_to_standard_output() {
    let dir = tempfile::tempdir().unwrap();
    let mut cmd = command(dir.path(), User::Me, 0o022, &os(&["fix", "-"]));
    let mut child = cmd.stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::piped()).spawn().unwrap();
    use std::io::Write;
    child.stdin.take().unwrap().write_all(TO_FIX).unwrap();
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    assert_eq!(out.stdout, FIXED, "the fixed record on stdout, nothing else");
    assert!(String::from_utf8_lossy(&out.stderr).contains("split-moves"), "the fixes on stderr");

    let gib = std::fs::read(crate::util::fixture("formats/gib/count-passes-utf8.gib")).unwrap();
    // The same SGF as converting the file gives.
    let gib_path = crate::util::fixture("formats/gib/count-passes-utf8.gib");
    let sgf =
        run_to_end(command(dir.path(), User::Me, 0o022, &[OsString::from("convert"), "-q".into(), gib_path.into()]))
            .stdout;
    let mut cmd = command(dir.path(), User::Me, 0o022, &os(&["convert", "-q", "-"]));
    let mut child = cmd.stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::piped()).spawn().unwrap();
    child.stdin.take().unwrap().write_all(&gib).unwrap();
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    assert_eq!(out.stdout, sgf);
}

#[test]
fn a_replaced_file_keeps_its_extended_attributes_and_acl_and_its_other_names_keep_the_old_file() {
    let dir = tempfile::tempdir().unwrap();
    let game = dir.path().join("g.sgf");
    put(&game, TO_FIX, 0o644, User::Me);
    let attribute = rustix::fs::setxattr(&game, "user.gotool-test", b"kept", rustix::fs::XattrFlags::empty());
    if attribute.is_err() {
        cannot("the filesystem of the temporary folder has no user extended attributes");
    }
    // An access ACL that gives nobody read access: the kernel's form of `setfacl -m u:nobody:r` (version 2, then
    // tag, permissions and id of each entry, sorted by tag: owner rw, nobody r, group r, mask r, others r).
    let mut acl = 2u32.to_le_bytes().to_vec();
    for (tag, perm, id) in
        [(1u16, 6u16, u32::MAX), (2, 4, NOBODY.0), (4, 4, u32::MAX), (0x10, 4, u32::MAX), (0x20, 4, u32::MAX)]
    {
        acl.extend(tag.to_le_bytes().iter().chain(&perm.to_le_bytes()).chain(&id.to_le_bytes()));
    }
    let acl_set = rustix::fs::setxattr(&game, "system.posix_acl_access", &acl, rustix::fs::XattrFlags::empty());
    if acl_set.is_err() {
        cannot("the filesystem of the temporary folder has no POSIX ACLs");
    }
    std::fs::hard_link(&game, dir.path().join("other-name.sgf")).unwrap();
    let out = run_to_end(command(dir.path(), User::Me, 0o022, &os(&["fix", "--write", "g.sgf"])));
    let said = said(&out);
    assert_eq!(out.status.code(), Some(0), "{said}");
    assert_eq!(std::fs::read(&game).unwrap(), FIXED);
    if attribute.is_ok() {
        let mut value = [0u8; 16];
        let n = rustix::fs::getxattr(&game, "user.gotool-test", &mut value).expect("the attribute is kept");
        assert_eq!(&value[..n], b"kept");
    }
    if acl_set.is_ok() {
        let mut value = [0u8; 256];
        let n = rustix::fs::getxattr(&game, "system.posix_acl_access", &mut value).expect("the ACL is kept");
        assert_eq!(&value[..n], acl.as_slice(), "the ACL is kept");
    }
    // Replacing by rename replaces one name: the other keeps the old file, and a note says so.
    assert_eq!(std::fs::read(dir.path().join("other-name.sgf")).unwrap(), TO_FIX);
    assert!(said.contains("hard links"), "{said}");
}
