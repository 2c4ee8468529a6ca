//! Where a report or a picture goes: stdout, or a file written atomically (a temporary file in the same folder,
//! renamed over the target once complete, so no reader ever sees half a file). A reader that closes stdout
//! early (`gotool check … | head`) ends the run quietly.

use std::fs::File;
use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};

use anyhow::{Context, Result};

/// A file being written: a temporary beside the target until [`AtomicFile::commit`] renames it into place.
pub(crate) struct AtomicFile {
    writer: BufWriter<File>,
    temp: PathBuf,
    target: PathBuf,
}

impl AtomicFile {
    /// Starts writing `target`.
    pub(crate) fn create(target: &Path) -> Result<AtomicFile> {
        let name = target.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
        let temp = target.with_file_name(format!(".{name}.{}.tmp", std::process::id()));
        let file = File::create(&temp).with_context(|| format!("cannot create {}", temp.display()))?;
        Ok(AtomicFile { writer: BufWriter::new(file), temp, target: target.to_path_buf() })
    }

    /// Where the bytes go until the commit.
    pub(crate) fn writer(&mut self) -> &mut dyn Write {
        &mut self.writer
    }

    /// Flushes the file to disk and renames it over the target.
    pub(crate) fn commit(self) -> Result<()> {
        let cannot_write = || format!("cannot write {}", self.target.display());
        let file = self.writer.into_inner().map_err(|e| e.into_error()).with_context(cannot_write)?;
        file.sync_all().ok();
        drop(file);
        std::fs::rename(&self.temp, &self.target).with_context(cannot_write)
    }
}

/// Writes a whole file atomically.
pub(crate) fn write_atomically(path: &Path, bytes: &[u8]) -> Result<()> {
    let mut file = AtomicFile::create(path)?;
    file.writer().write_all(bytes).with_context(|| format!("cannot write {}", path.display()))?;
    file.commit()
}

/// Where the report goes: stdout, or a file renamed over `--output` once complete.
pub(crate) enum Output<'a> {
    /// The caller's stdout, buffered.
    Stdout(BufWriter<&'a mut dyn Write>),
    /// `--output`.
    File(AtomicFile),
}

impl<'a> Output<'a> {
    /// The file `target` if one is given, else `stdout`.
    pub(crate) fn open(target: Option<&Path>, stdout: &'a mut dyn Write) -> Result<Output<'a>> {
        Ok(match target {
            Some(target) => Output::File(AtomicFile::create(target)?),
            None => Output::Stdout(BufWriter::new(stdout)),
        })
    }

    /// Where to write.
    pub(crate) fn writer(&mut self) -> &mut dyn Write {
        match self {
            Output::Stdout(w) => w,
            Output::File(file) => file.writer(),
        }
    }

    /// Finishes the report: flushes stdout, or commits the file.
    pub(crate) fn commit(self) -> Result<()> {
        match self {
            Output::Stdout(mut w) => {
                reader_gone(w.flush()).context("writing the report")?;
                Ok(())
            }
            Output::File(file) => file.commit(),
        }
    }
}

/// `Ok(true)` when the write failed because the reader of stdout has gone (a closed pipe): the run then ends
/// quietly with what was written. Any other error stays an error.
pub(crate) fn reader_gone(result: io::Result<()>) -> io::Result<bool> {
    match result {
        Ok(()) => Ok(false),
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => Ok(true),
        Err(e) => Err(e),
    }
}
