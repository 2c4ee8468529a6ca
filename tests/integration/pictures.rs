//! `gotool show` and `--color`: what the terminal drawings and SVG pictures say, and when text is coloured.

use std::path::Path;
use std::process::Command as Process;

use crate::util::{fixture, gotool, run, run_in, write_file};

/// The SVG picture `gotool show <args> --svg out.svg` writes in `dir`.
fn svg_of(dir: &Path, args: &[&str]) -> String {
    let mut all = vec!["show"];
    all.extend_from_slice(args);
    all.extend(["--svg", "out.svg"]);
    let run = run_in(dir, &all);
    assert_eq!(run.code, 0, "{}", run.stderr);
    std::fs::read_to_string(dir.join("out.svg")).expect("the picture is written")
}

/// The font size and the lines (`tspan`s) of the SVG text element of class `class`.
fn text_lines(svg: &str, class: &str) -> (f64, Vec<String>) {
    let doc = roxmltree::Document::parse(svg).expect("the picture is XML");
    let node = doc.descendants().find(|n| n.attribute("class") == Some(class)).unwrap_or_else(|| panic!("no {class}"));
    let size = node.attribute("font-size").expect("font-size").parse().unwrap();
    let lines = node.children().filter(|n| n.has_tag_name("tspan")).map(|n| n.text().unwrap().to_string()).collect();
    (size, lines)
}

/// The picture's width, from its root element.
fn svg_width(svg: &str) -> f64 {
    let doc = roxmltree::Document::parse(svg).unwrap();
    doc.root_element().attribute("width").unwrap().parse().unwrap()
}

// See: #14, item 17. On a 5x5 board the title ran off the picture at "…, japa".
#[test]
fn a_small_boards_title_wraps_at_a_readable_size() {
    let dir = tempfile::tempdir().unwrap();
    write_file(
        dir.path(),
        "five.sgf",
        "(;GM[1]FF[4]SZ[5]RU[Japanese]KM[6.5]RE[W+3.5];B[cc];W[cd];B[dc];W[bc];B[];W[])",
    );
    let svg = svg_of(dir.path(), &["five.sgf"]);
    let (size, lines) = text_lines(&svg, "title");
    assert!(size >= 11.0, "font size {size}");
    assert!(lines.len() > 1, "one line cannot hold it on 5x5: {lines:?}");
    assert_eq!(lines.join(" "), "Black (B) vs White (W), RE W+3.5, japanese rules, komi 6.5");
    // No line is wider than the picture, even at a generous 0.6 em per character.
    let width = svg_width(&svg);
    for line in &lines {
        assert!(line.chars().count() as f64 * 0.6 * size < width, "{line:?} at {size} px in {width} px");
    }
}

// See: #14, item 17. Long names on 19x19 shrank the title to about 7 px.
#[test]
fn long_names_keep_the_title_readable() {
    let dir = tempfile::tempdir().unwrap();
    let (black, white) = ("Alexandra Konstantinopoulou-Smythe", "Wilhelmina Featherstonehaugh-Grey");
    write_file(
        dir.path(),
        "long.sgf",
        format!("(;GM[1]FF[4]SZ[19]RU[Chinese]KM[7.5]PB[{black}]PW[{white}]RE[B+Resign];B[pd];W[dp];B[pp])"),
    );
    let svg = svg_of(dir.path(), &["long.sgf"]);
    let (size, lines) = text_lines(&svg, "title");
    assert!(size >= 11.0, "font size {size}");
    assert_eq!(lines.join(" "), format!("{black} (B) vs {white} (W), RE B+Resign, chinese rules, komi 7.5"));
}

// See: #14, item 17. The `--score` picture did not say what the count was.
#[test]
fn the_scored_picture_and_drawing_show_both_margins() {
    let dir = tempfile::tempdir().unwrap();
    let svg = svg_of(dir.path(), &["--score", fixture("sgf/example.sgf").to_str().unwrap()]);
    let (size, lines) = text_lines(&svg, "caption");
    assert!(size >= 11.0);
    assert_eq!(lines, ["Japanese W+5.5 · Chinese W+5.5"]);
    // Under the board: below every stone.
    let doc = roxmltree::Document::parse(&svg).unwrap();
    let lowest_stone = doc
        .descendants()
        .filter(|n| n.attribute("class").is_some_and(|c| c.starts_with("stone")))
        .map(|n| n.attribute("cy").unwrap().parse::<f64>().unwrap())
        .fold(0.0, f64::max);
    let caption = doc.descendants().find(|n| n.attribute("class") == Some("caption")).unwrap();
    let baseline: f64 = caption.first_element_child().unwrap().attribute("y").unwrap().parse().unwrap();
    assert!(baseline > lowest_stone + 24.0, "{baseline} {lowest_stone}");

    let text = run(&["show", "--score", "sgf/example.sgf"]);
    assert_eq!(text.code, 0, "{}", text.stderr);
    assert!(text.stdout.lines().any(|l| l == "Japanese W+5.5 · Chinese W+5.5"), "{}", text.stdout);
}

// See: #14, item 17. `show --move N` did not say what move N is.
#[test]
fn show_move_says_what_the_move_is() {
    for (number, says) in
        [("1", "move 1: B E5"), ("5", "move 5: B E6"), ("27", "move 27: B passes"), ("28", "move 28: W passes")]
    {
        let text = run(&["show", "--move", number, "sgf/example.sgf"]);
        assert_eq!(text.code, 0, "{}", text.stderr);
        assert!(text.stdout.lines().any(|l| l == says), "--move {number}:\n{}", text.stdout);
        let dir = tempfile::tempdir().unwrap();
        let svg = svg_of(dir.path(), &["--move", number, fixture("sgf/example.sgf").to_str().unwrap()]);
        assert_eq!(text_lines(&svg, "caption").1, [says]);
    }
    // A move that is not a point says so (and the record's text never reaches the terminal).
    let dir = tempfile::tempdir().unwrap();
    write_file(dir.path(), "garbled.sgf", "(;GM[1]SZ[9];B[ee];W[e1])");
    let text = run_in(dir.path(), &["show", "--move", "2", "garbled.sgf"]);
    assert!(text.stdout.lines().any(|l| l == "move 2: W, not a point"), "{}", text.stdout);
}

/// Whether the text has an SGR escape sequence.
fn coloured(text: &str) -> bool {
    text.contains("\x1b[")
}

// See: #14, item 16. `--color auto|always|never`, for every subcommand that colours.
#[test]
fn color_always_and_never_win_over_the_environment() {
    let cases: [&[&str]; 4] = [
        &["check", "sgf/malformed/truncated.sgf"],
        &["check", "--board", "sgf/rules/ko-illegal.sgf"],
        &["score", "sgf/malformed/truncated.sgf"],
        &["show", "sgf/example.sgf"],
    ];
    for args in cases {
        let with = |color: &str, env: &[(&str, &str)]| {
            let mut cmd = gotool();
            cmd.current_dir(crate::util::fixtures_dir()).args(&args[..1]).args(["--color", color]).args(&args[1..]);
            for (k, v) in env {
                cmd.env(k, v);
            }
            let out = cmd.output().unwrap();
            String::from_utf8(out.stdout).unwrap()
        };
        // Into a pipe: `always` colours, even with NO_COLOR and TERM=dumb; `never` and `auto` do not.
        assert!(coloured(&with("always", &[("NO_COLOR", "1"), ("TERM", "dumb")])), "{args:?}");
        assert!(!coloured(&with("never", &[])), "{args:?}");
        assert!(!coloured(&with("auto", &[])), "{args:?}");
    }
    // The board of `check --board` and `show` is the light wood with dark ink.
    let drawing = run(&["show", "--color", "always", "sgf/example.sgf"]).stdout;
    assert!(drawing.contains("\x1b[0;38;5;16;48;5;222m●"), "{drawing}");
    assert!(!drawing.contains("38;5;231"), "no white ink on the wood: {drawing}");
    // `stats` does not colour, so it does not take the flag.
    let stats = run(&["stats", "--color", "always", "sgf/example.sgf"]);
    assert_eq!(stats.code, 2, "{}", stats.stdout);
    let bad = run(&["show", "--color", "sometimes", "sgf/example.sgf"]);
    assert_eq!(bad.code, 2);
    assert!(bad.stderr.contains("always"), "{}", bad.stderr);
}

/// Runs `gotool <args>` in `fixtures/` on a pseudo-terminal (util-linux `script`), with `env` set; its output.
/// `None` where `script` is not available.
fn on_a_terminal(args: &[&str], env: &[(&str, &str)]) -> Option<String> {
    let command = std::iter::once(env!("CARGO_BIN_EXE_gotool")).chain(args.iter().copied()).collect::<Vec<_>>();
    let mut script = Process::new("script");
    script.current_dir(crate::util::fixtures_dir()).args(["-q", "-e", "-c", &command.join(" "), "/dev/null"]);
    script.env_remove("NO_COLOR").env("TERM", "xterm-256color");
    for (k, v) in env {
        script.env(k, v);
    }
    // `script` exits with gotool's status; without a pseudo-terminal to open it prints nothing on stdout.
    let out = script.output().ok()?;
    (!out.stdout.is_empty()).then(|| String::from_utf8_lossy(&out.stdout).into_owned())
}

// See: #14, item 16. On a terminal, `auto` colours unless NO_COLOR is set or TERM is dumb.
#[test]
fn auto_colours_a_terminal_unless_no_color_or_a_dumb_terminal() {
    let Some(plain_run) = on_a_terminal(&["show", "sgf/example.sgf"], &[]) else {
        eprintln!("skipped: no `script` to make a pseudo-terminal");
        return;
    };
    assert!(coloured(&plain_run), "{plain_run}");
    assert!(!coloured(&on_a_terminal(&["show", "sgf/example.sgf"], &[("NO_COLOR", "1")]).unwrap()));
    assert!(!coloured(&on_a_terminal(&["show", "sgf/example.sgf"], &[("TERM", "dumb")]).unwrap()));
    assert!(!coloured(&on_a_terminal(&["check", "sgf/malformed/truncated.sgf"], &[("TERM", "dumb")]).unwrap()));
    assert!(coloured(&on_a_terminal(&["check", "sgf/malformed/truncated.sgf"], &[]).unwrap()));
    // An empty NO_COLOR does not count (no-color.org), and --color always beats NO_COLOR.
    assert!(coloured(&on_a_terminal(&["show", "sgf/example.sgf"], &[("NO_COLOR", "")]).unwrap()));
    assert!(coloured(&on_a_terminal(&["show", "--color", "always", "sgf/example.sgf"], &[("NO_COLOR", "1")]).unwrap()));
    assert!(!coloured(&on_a_terminal(&["show", "--color", "never", "sgf/example.sgf"], &[]).unwrap()));
}
