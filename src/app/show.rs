//! `gotool show`: one position of one record, drawn as text or SVG.

use std::io::Write;

use anyhow::{Context, Result};

use super::exit;
use crate::config::ShowConfig;
use crate::output::{How, reader_gone, write_file};

/// `gotool show`: draws one position of one record.
pub(super) fn run(config: &ShowConfig, stdout: &mut dyn Write, stderr: &mut dyn Write) -> Result<u8> {
    // `-` is stdout, as in every Unix tool.
    let svg_file = config.svg.as_deref().filter(|p| p.as_os_str() != "-");
    if let Some(svg) = svg_file {
        let walk = gotool_source::Walk::default();
        super::refuse_output_among_inputs("--svg", svg, std::slice::from_ref(&config.path), walk)?;
    }
    let (bytes, path) =
        gotool_source::read_one(&config.path, config.view.limits.max_file_bytes).map_err(|e| anyhow::anyhow!("{e}"))?;
    let picture = config.view.draw(&bytes, &path)?;
    let mut text = String::new();
    for note in &picture.notes {
        text.push_str(&format!("note: {}\n", gotool_render::escape_terminal(note)));
    }
    match &config.svg {
        Some(_) => {
            let svg = gotool_render::svg::render(&picture.diagram, &gotool_render::svg::SvgOptions::default());
            match svg_file {
                Some(file) => {
                    let written = write_file(file, svg.as_bytes(), How::file(config.force))?;
                    super::say_notes(stderr, file, &written.notes);
                }
                None => text.push_str(&svg),
            }
        }
        None => text.push_str(&gotool_render::text::render(&picture.diagram, &config.text)),
    }
    // A reader that stops early (`gotool show … | head`) ends the run quietly.
    reader_gone(stdout.write_all(text.as_bytes()).and_then(|()| stdout.flush())).context("writing the picture")?;
    Ok(exit::OK)
}
