//! Running the per-file work in parallel, with results handed back in input order whatever the number of jobs,
//! and memory bounded by a window of files in flight.

use std::collections::VecDeque;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Condvar, Mutex, mpsc};

/// Worker stack size. gotool's own code is iterative; the margin is for the libraries underneath.
pub(crate) const WORKER_STACK_BYTES: usize = 16 * 1024 * 1024;

/// Inputs a worker takes at once, so that the hand-off to the printing thread (a wake-up and a context switch)
/// is paid once per run, not per file; a run is handed over early once its results cost a worker's share.
const RUN: usize = 32;

/// Bytes the inputs of one run may hold (archive members and streamed games carry their bytes): a worker stops
/// taking inputs once its run holds this much, so it holds at most this plus one input, never 32 members of
/// `--max-file-size` each.
pub const RUN_BYTES: usize = 1024 * 1024;

/// How much finished work may wait in memory for its turn to be printed, in units of [`Ordered::cost`]
/// (for reports: games), beyond the file each worker is on.
pub struct Ordered<C> {
    /// Worker threads.
    pub jobs: usize,
    /// The memory a result holds, roughly: a report's games, which cost a few kB each.
    pub cost: C,
    /// The most cost waiting at once before workers pause. One result over it still goes through alone.
    pub budget: usize,
}

/// Runs `work` over `inputs` on `settings.jobs` threads and calls `emit` on the calling thread with each result
/// in input order. Results waiting for their turn are bounded twice: at most `jobs * 128` of them, and at most
/// `budget` of cost (a file of 50,000 games must not be joined by hundreds like it), so memory does not grow
/// with the input. `work` may take what it needs out of its input (an archive member's bytes), so that it is
/// not held while the result waits. An error from `emit` stops the workers and is returned.
pub fn run_ordered<T, I, R, W, E, C>(inputs: I, settings: Ordered<C>, work: W, emit: E) -> std::io::Result<()>
where
    T: Send,
    I: Iterator<Item = T> + Send,
    R: Send,
    W: Fn(&mut T) -> R + Sync,
    E: FnMut(&T, R) -> std::io::Result<()>,
    C: Fn(&R) -> usize + Sync,
{
    run_ordered_weighed(inputs, settings, |_: &T| 0, work, emit)
}

/// [`run_ordered`] over inputs that hold bytes (`weight` says how many): a worker takes inputs by bytes as well
/// as by count ([`RUN_BYTES`]).
pub fn run_ordered_weighed<T, I, R, G, W, E, C>(
    inputs: I,
    settings: Ordered<C>,
    weight: G,
    work: W,
    mut emit: E,
) -> std::io::Result<()>
where
    T: Send,
    I: Iterator<Item = T> + Send,
    R: Send,
    G: Fn(&T) -> usize + Sync,
    W: Fn(&mut T) -> R + Sync,
    E: FnMut(&T, R) -> std::io::Result<()>,
    C: Fn(&R) -> usize + Sync,
{
    // No more workers than units of work: the first `jobs` are taken before any worker starts, so an archive or
    // a folder holding one record is checked on one thread whatever `-j` says.
    let mut inputs = inputs;
    let head: Vec<T> = inputs.by_ref().take(settings.jobs.max(1)).collect();
    let jobs = settings.jobs.min(head.len()).max(1);
    let inputs = head.into_iter().chain(inputs);
    if jobs == 1 {
        // One job: no pool, no hand-off per file. The main thread's stack is at least as large as a worker's
        // on every platform gotool targets, and the pipeline does not recurse.
        for mut input in inputs {
            let r = work(&mut input);
            emit(&input, r)?;
        }
        return Ok(());
    }
    let shared = Shared {
        source: Mutex::new(inputs.enumerate()),
        progress: Mutex::new(Progress::default()),
        turn: Condvar::new(),
        stop: AtomicBool::new(false),
        window: jobs * RUN * 4,
        budget: settings.budget,
        share: (settings.budget / jobs).max(1),
        cost: settings.cost,
        weight,
    };
    let (tx, rx) = mpsc::channel::<Batch<T, R>>();
    std::thread::scope(|scope| {
        for _ in 0..jobs {
            let (tx, shared, work) = (tx.clone(), &shared, &work);
            let worker = std::thread::Builder::new()
                .stack_size(WORKER_STACK_BYTES)
                .spawn_scoped(scope, move || shared.work_runs(&tx, work));
            if let Err(e) = worker {
                // The workers already started stop at their next input; the scope waits for them.
                shared.stop.store(true, Ordering::Relaxed);
                shared.turn.notify_all();
                return Err(e);
            }
        }
        drop(tx);
        let result = shared.emit_in_order(rx, &mut emit);
        shared.turn.notify_all();
        result
    })
}

/// Consecutive results handed to the printing thread at once: the index of the first, and each with its input.
type Batch<T, R> = (usize, Vec<(T, R)>);

/// How far the printing has come.
#[derive(Default)]
struct Progress {
    /// Results emitted so far: the index of the next one to print.
    emitted: usize,
    /// Cost handed over to the printing thread and not yet emitted.
    waiting_cost: usize,
}

/// What the workers and the printing thread share.
struct Shared<I, C, G> {
    source: Mutex<std::iter::Enumerate<I>>,
    progress: Mutex<Progress>,
    /// Signalled whenever the printing moves on.
    turn: Condvar,
    /// Set when emitting failed: workers stop taking inputs.
    stop: AtomicBool,
    /// Inputs a worker may be ahead of the printing.
    window: usize,
    budget: usize,
    /// A worker's share of the budget: a run is handed over once its results cost this much.
    share: usize,
    cost: C,
    /// The bytes an input holds.
    weight: G,
}

impl<T, I, C, G> Shared<I, C, G>
where
    I: Iterator<Item = T>,
    G: Fn(&T) -> usize,
{
    /// The next run of inputs: up to [`RUN`] of them, fewer once they hold [`RUN_BYTES`].
    fn take_run(&self) -> Vec<(usize, T)> {
        let mut source = self.source.lock().expect("input lock");
        let mut run = Vec::new();
        let mut bytes = 0;
        while run.len() < RUN && bytes < RUN_BYTES {
            let Some((i, input)) = source.next() else { break };
            bytes += (self.weight)(&input);
            run.push((i, input));
        }
        run
    }

    fn stopped(&self) -> bool {
        self.stop.load(Ordering::Relaxed)
    }

    /// Waits while input `index` is too far ahead of the printing, by count or by cost. The input printed next
    /// never waits, so this cannot stall.
    fn wait_turn(&self, index: usize) {
        let mut progress = self.progress.lock().expect("progress lock");
        while index > progress.emitted
            && (index >= progress.emitted + self.window || progress.waiting_cost >= self.budget)
            && !self.stopped()
        {
            progress = self.turn.wait(progress).expect("window wait");
        }
    }

    /// One worker: takes runs of inputs until there are none left (or emitting failed), and hands their results
    /// over in order, a run at a time or sooner once they cost a worker's share.
    fn work_runs<R, W>(&self, tx: &mpsc::Sender<Batch<T, R>>, work: &W)
    where
        W: Fn(&mut T) -> R,
        C: Fn(&R) -> usize,
    {
        while !self.stopped() {
            let run = self.take_run();
            if run.is_empty() {
                return;
            }
            let mut first = 0;
            let mut results = Vec::with_capacity(run.len());
            let mut held = 0;
            for (i, mut input) in run {
                if results.is_empty() {
                    // A run, or what is left of it after an early hand-over, waits its turn.
                    self.wait_turn(i);
                    first = i;
                }
                let r = work(&mut input);
                held += (self.cost)(&r);
                results.push((input, r));
                if held >= self.share {
                    if !self.hand_over(tx, first, std::mem::take(&mut results), held) {
                        return;
                    }
                    held = 0;
                }
            }
            if !results.is_empty() && !self.hand_over(tx, first, results, held) {
                return;
            }
        }
    }

    /// Sends results to the printing thread, counting their cost as waiting. `false` when it has gone.
    fn hand_over<R>(&self, tx: &mpsc::Sender<Batch<T, R>>, first: usize, results: Vec<(T, R)>, held: usize) -> bool {
        self.progress.lock().expect("progress lock").waiting_cost += held;
        tx.send((first, results)).is_ok()
    }

    /// The printing side: puts the results that arrive back in input order and emits each as soon as all
    /// before it have been. After an error from `emit`, the rest are received and dropped.
    fn emit_in_order<R, E>(&self, rx: mpsc::Receiver<Batch<T, R>>, emit: &mut E) -> std::io::Result<()>
    where
        E: FnMut(&T, R) -> std::io::Result<()>,
        C: Fn(&R) -> usize,
    {
        let mut result = Ok(());
        let mut waiting: VecDeque<Option<(T, R)>> = VecDeque::new();
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
                freed += (self.cost)(&r);
                if result.is_ok() {
                    result = emit(&input, r);
                    if result.is_err() {
                        self.stop.store(true, Ordering::Relaxed);
                    }
                }
                next += 1;
            }
            {
                let mut progress = self.progress.lock().expect("progress lock");
                progress.emitted = next;
                progress.waiting_cost -= freed;
            }
            self.turn.notify_all();
        }
        result
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::AtomicUsize;

    /// Inputs numbered 0, 1, 2, ….
    fn numbered_inputs(count: usize) -> Vec<u64> {
        (0..count as u64).collect()
    }

    /// The input's number, after a pause of up to 0.3 ms that varies from one input to the next, so that
    /// workers finish out of order.
    fn number_after_a_pause(input: &mut u64) -> u64 {
        let n = *input;
        std::thread::sleep(std::time::Duration::from_micros((n * 7919) % 300));
        n
    }

    #[test]
    fn a_worker_takes_inputs_by_bytes_as_well_as_by_count() {
        // Input n holds n * 100 KiB: a run stops once it holds RUN_BYTES (1 MiB), so it never holds 32 large ones.
        let weights: Vec<usize> = (0..200).map(|n| n * 100 * 1024).collect();
        let shared = Shared {
            source: Mutex::new(weights.clone().into_iter().enumerate()),
            progress: Mutex::new(Progress::default()),
            turn: Condvar::new(),
            stop: AtomicBool::new(false),
            window: 1,
            budget: 1,
            share: 1,
            cost: |_: &usize| 1,
            weight: |w: &usize| *w,
        };
        let mut taken = 0;
        loop {
            let run = shared.take_run();
            if run.is_empty() {
                break;
            }
            let bytes: usize = run.iter().map(|(_, w)| *w).sum();
            let last = run.last().map_or(0, |(_, w)| *w);
            // Under the cap before its last input, and at most RUN inputs.
            assert!(bytes - last < RUN_BYTES && run.len() <= RUN, "{} inputs, {bytes} bytes", run.len());
            taken += run.len();
        }
        assert_eq!(taken, weights.len());
    }

    #[test]
    fn results_come_back_in_input_order_with_one_job_too() {
        let inputs = numbered_inputs(50);
        let mut seen = Vec::new();
        run_ordered(
            inputs.into_iter(),
            Ordered { jobs: 1, cost: |_: &String| 1, budget: 1 },
            |input| input.to_string(),
            |_, n| {
                seen.push(n);
                Ok(())
            },
        )
        .unwrap();
        assert_eq!(seen, (0..50).map(|i| i.to_string()).collect::<Vec<_>>());
    }

    #[test]
    fn no_more_workers_than_units_of_work() {
        // One unit (an archive or a folder holding one record) with eight jobs asked: checked on the calling
        // thread, with no pool; three units on three threads at most.
        for (count, most) in [(1, 1), (3, 3)] {
            let threads = Mutex::new(std::collections::HashSet::new());
            run_ordered(
                numbered_inputs(count).into_iter(),
                Ordered { jobs: 8, cost: |_: &u64| 1, budget: 1_000 },
                |input| {
                    threads.lock().unwrap().insert(std::thread::current().id());
                    number_after_a_pause(input)
                },
                |_, _| Ok(()),
            )
            .unwrap();
            let threads = threads.into_inner().unwrap();
            assert!(threads.len() <= most, "{count} units ran on {} threads", threads.len());
            if count == 1 {
                assert!(threads.contains(&std::thread::current().id()), "one unit is worked on the calling thread");
            }
        }
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
