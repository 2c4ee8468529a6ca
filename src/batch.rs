//! Finding the files to check and running the per-file work in parallel, with results handed back in
//! input order whatever the number of jobs, and memory bounded by a window of files in flight.

use std::collections::VecDeque;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Condvar, Mutex, mpsc};

/// Worker stack size. gotool's own code is iterative; the margin is for the libraries underneath.
pub const WORKER_STACK_BYTES: usize = 16 * 1024 * 1024;

/// One thing to check: a file, or a folder entry that could not be read.
#[derive(Clone, Debug)]
pub enum Input {
    File { path: PathBuf, display: String },
    Unreadable { display: String, message: String },
}

impl Input {
    pub fn display(&self) -> &str {
        match self {
            Input::File { display, .. } | Input::Unreadable { display, .. } => display,
        }
    }
}

/// Extensions searched for inside folders (any letter case). `.mgt` is an old extension for SGF text.
const RECORD_EXTENSIONS: [&str; 2] = ["sgf", "mgt"];

fn is_record_file(path: &Path) -> bool {
    path.extension()
        .and_then(|e| e.to_str())
        .is_some_and(|e| RECORD_EXTENSIONS.iter().any(|r| e.eq_ignore_ascii_case(r)))
}

/// Which of `n` disjoint slices a run takes (`--shard k/n`), chosen by a stable hash of the path as given,
/// so every machine computes the same split without coordination.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shard {
    pub index: u64,
    pub count: u64,
}

impl Shard {
    pub fn parse(text: &str) -> Result<Shard, String> {
        let (k, n) = text.split_once('/').ok_or_else(|| format!("--shard {text}: expected K/N, e.g. 3/8"))?;
        let k: u64 = k.trim().parse().map_err(|_| format!("--shard {text}: K is not a number"))?;
        let n: u64 = n.trim().parse().map_err(|_| format!("--shard {text}: N is not a number"))?;
        if n == 0 || k == 0 || k > n {
            return Err(format!("--shard {text}: need 1 <= K <= N"));
        }
        Ok(Shard { index: k - 1, count: n })
    }

    pub fn contains(&self, display: &str) -> bool {
        // FNV-1a: stable across runs, platforms and Rust versions, unlike the std hasher.
        let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
        for b in display.bytes() {
            hash ^= u64::from(b);
            hash = hash.wrapping_mul(0x0100_0000_01b3);
        }
        hash % self.count == self.index
    }
}

/// Lazily lists the inputs: explicit files as given (whatever their extension), folders walked recursively
/// in sorted order for `.sgf`/`.mgt` files. Symlinks inside folders are followed only with `follow_links`;
/// loops are reported as unreadable entries.
pub fn discover(
    paths: &[PathBuf],
    follow_links: bool,
    shard: Option<Shard>,
) -> impl Iterator<Item = Input> + Send + '_ {
    paths
        .iter()
        .flat_map(move |root| -> Box<dyn Iterator<Item = Input> + Send> {
            if !root.is_dir() {
                return Box::new(std::iter::once(Input::File {
                    path: root.clone(),
                    display: root.display().to_string(),
                }));
            }
            let walker =
                walkdir::WalkDir::new(root).follow_links(follow_links).sort_by(|a, b| a.file_name().cmp(b.file_name()));
            Box::new(walker.into_iter().filter_map(|entry| match entry {
                Ok(e) if e.file_type().is_file() && is_record_file(e.path()) => {
                    Some(Input::File { path: e.path().to_path_buf(), display: e.path().display().to_string() })
                }
                Ok(_) => None,
                Err(err) => {
                    let display = err.path().map_or_else(|| "?".to_string(), |p| p.display().to_string());
                    let message = if err.loop_ancestor().is_some() {
                        "symbolic link loop; skipped".to_string()
                    } else {
                        match err.io_error() {
                            Some(io) => format!("cannot read: {io}"),
                            None => format!("cannot read: {err}"),
                        }
                    };
                    Some(Input::Unreadable { display, message })
                }
            }))
        })
        .filter(move |input| shard.is_none_or(|s| s.contains(input.display())))
}

/// How much finished work may wait in memory for its turn to be printed, in units of [`Ordered::cost`]
/// (for reports: games), beyond the file each worker is on.
pub struct Ordered<C> {
    pub jobs: usize,
    /// The memory a result holds, roughly: a report's games, which cost a few kB each.
    pub cost: C,
    /// The most cost waiting at once before workers pause. One result over it still goes through alone.
    pub budget: usize,
}

/// Runs `work` over `inputs` on `settings.jobs` threads and calls `emit` on the calling thread with each result
/// in input order. Results waiting for their turn are bounded twice: at most `jobs * 128` of them, and at most
/// `budget` of cost (a file of 50,000 games must not be joined by hundreds like it), so memory does not grow
/// with the input.
pub fn run_ordered<I, R, W, E, C>(inputs: I, settings: Ordered<C>, work: W, mut emit: E) -> std::io::Result<()>
where
    I: Iterator<Item = Input> + Send,
    R: Send,
    W: Fn(&Input) -> R + Sync,
    E: FnMut(&Input, R) -> std::io::Result<()>,
    C: Fn(&R) -> usize + Sync,
{
    let Ordered { jobs, cost, budget } = settings;
    let jobs = jobs.max(1);
    if jobs == 1 {
        // One job: no pool, no hand-off per file. The main thread's stack is at least as large as a worker's
        // on every platform gotool targets, and the pipeline does not recurse.
        for input in inputs {
            let r = work(&input);
            emit(&input, r)?;
        }
        return Ok(());
    }
    // Workers take files in runs so that the hand-off to the printing thread (a wake-up and a context switch)
    // is paid once per run, not per file; a run is handed over early once its results cost a worker's share.
    const RUN: usize = 32;
    let window = jobs * RUN * 4;
    let share = (budget / jobs).max(1);
    let source = Mutex::new(inputs.enumerate());
    // (results emitted so far, cost handed over and not yet emitted)
    let progress = Mutex::new((0usize, 0usize));
    let turn = Condvar::new();
    let stop = AtomicUsize::new(0);
    let (tx, rx) = mpsc::channel::<(usize, Vec<(Input, R)>)>();
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(jobs)
        .stack_size(WORKER_STACK_BYTES)
        .build()
        .map_err(std::io::Error::other)?;
    let mut result = Ok(());
    std::thread::scope(|scope| {
        scope.spawn(|| {
            pool.scope(|ps| {
                for _ in 0..jobs {
                    let tx = tx.clone();
                    let (source, progress, turn, stop, work, cost) = (&source, &progress, &turn, &stop, &work, &cost);
                    ps.spawn(move |_| {
                        // Waits while file `index` is too far ahead of the printing, by count or by cost. The file
                        // printed next never waits, so this cannot stall.
                        let wait_turn = |index: usize| {
                            let mut state = progress.lock().expect("progress lock");
                            while index > state.0
                                && (index >= state.0 + window || state.1 >= budget)
                                && stop.load(Ordering::Relaxed) == 0
                            {
                                state = turn.wait(state).expect("window wait");
                            }
                        };
                        // `held`: the cost of `results`, added to the cost waiting to be printed.
                        let hand_over = |first: usize, results: Vec<(Input, R)>, held: usize| {
                            progress.lock().expect("progress lock").1 += held;
                            tx.send((first, results)).is_ok()
                        };
                        loop {
                            if stop.load(Ordering::Relaxed) != 0 {
                                return;
                            }
                            let run: Vec<(usize, Input)> =
                                source.lock().expect("input lock").by_ref().take(RUN).collect();
                            if run.is_empty() {
                                return;
                            }
                            let mut first = 0;
                            let mut results = Vec::with_capacity(run.len());
                            let mut held = 0;
                            for (i, input) in run {
                                if results.is_empty() {
                                    // A run, or what is left of it after an early hand-over, waits its turn.
                                    wait_turn(i);
                                    first = i;
                                }
                                let r = work(&input);
                                held += cost(&r);
                                results.push((input, r));
                                if held >= share {
                                    if !hand_over(first, std::mem::take(&mut results), held) {
                                        return;
                                    }
                                    held = 0;
                                }
                            }
                            if !results.is_empty() && !hand_over(first, results, held) {
                                return;
                            }
                        }
                    });
                }
            });
            drop(tx);
        });
        let mut waiting: VecDeque<Option<(Input, R)>> = VecDeque::new();
        let mut next = 0usize;
        for (first_index, results) in rx.iter() {
            for (offset, item) in results.into_iter().enumerate() {
                let slot = first_index + offset - next;
                if waiting.len() <= slot {
                    waiting.resize_with(slot + 1, || None);
                }
                waiting[slot] = Some(item);
            }
            let mut freed = 0;
            while let Some(Some(_)) = waiting.front() {
                let (input, r) = waiting.pop_front().flatten().expect("front is ready");
                freed += cost(&r);
                if result.is_ok() {
                    result = emit(&input, r);
                    if result.is_err() {
                        stop.store(1, Ordering::Relaxed);
                    }
                }
                next += 1;
            }
            {
                let mut state = progress.lock().expect("progress lock");
                state.0 = next;
                state.1 -= freed;
            }
            turn.notify_all();
        }
        turn.notify_all();
    });
    result
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Inputs named 0, 1, 2, ….
    fn numbered_inputs(count: usize) -> Vec<Input> {
        (0..count).map(|i| Input::File { path: PathBuf::from(i.to_string()), display: i.to_string() }).collect()
    }

    /// The input's number, after a pause of up to 0.3 ms that varies from one input to the next, so that
    /// workers finish out of order.
    fn number_after_a_pause(input: &Input) -> u64 {
        let n: u64 = input.display().parse().unwrap();
        std::thread::sleep(std::time::Duration::from_micros((n * 7919) % 300));
        n
    }

    #[test]
    fn shards_are_disjoint_and_cover_everything() {
        let names: Vec<String> = (0..1000).map(|i| format!("archive/{i}.sgf")).collect();
        let shards: Vec<Shard> = (1..=8).map(|k| Shard::parse(&format!("{k}/8")).unwrap()).collect();
        for name in &names {
            assert_eq!(shards.iter().filter(|s| s.contains(name)).count(), 1, "{name}");
        }
        assert!(Shard::parse("0/8").is_err());
        assert!(Shard::parse("9/8").is_err());
        assert!(Shard::parse("x").is_err());
    }

    #[test]
    fn results_come_back_in_input_order_with_one_job_too() {
        let inputs = numbered_inputs(50);
        let mut seen = Vec::new();
        run_ordered(
            inputs.into_iter(),
            Ordered { jobs: 1, cost: |_: &String| 1, budget: 1 },
            |input| input.display().to_string(),
            |_, n| {
                seen.push(n);
                Ok(())
            },
        )
        .unwrap();
        assert_eq!(seen, (0..50).map(|i| i.to_string()).collect::<Vec<_>>());
    }

    #[test]
    fn a_small_cost_budget_pauses_workers_but_never_stalls() {
        // Every result costs more than half the budget: workers hand over after each file and wait for the
        // printing to catch up, so few results are ever finished and not yet printed, and they all come back,
        // in order.
        let inputs = numbered_inputs(300);
        let finished = AtomicUsize::new(0);
        let mut most_waiting = 0;
        let mut seen = Vec::new();
        run_ordered(
            inputs.into_iter(),
            Ordered { jobs: 4, cost: |_: &u64| 10, budget: 15 },
            |input| {
                let n = number_after_a_pause(input);
                finished.fetch_add(1, Ordering::SeqCst);
                n
            },
            |_, n| {
                seen.push(n);
                most_waiting = most_waiting.max(finished.load(Ordering::SeqCst) - seen.len());
                Ok(())
            },
        )
        .unwrap();
        assert_eq!(seen, (0..300).collect::<Vec<u64>>());
        // Two handed over (the second takes the cost over the budget), and one finishing on each worker.
        assert!(most_waiting <= 6, "{most_waiting} results waited at once");
    }

    #[test]
    fn results_come_back_in_input_order() {
        let inputs = numbered_inputs(500);
        let mut seen = Vec::new();
        run_ordered(
            inputs.into_iter(),
            Ordered { jobs: 4, cost: |_: &u64| 1, budget: 1_000 },
            number_after_a_pause,
            |_, n| {
                seen.push(n);
                Ok(())
            },
        )
        .unwrap();
        assert_eq!(seen, (0..500).collect::<Vec<u64>>());
    }
}
