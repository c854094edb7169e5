//! Work spread over threads, its results taken in the order of the work: each thread takes the next item not yet
//! taken and hands its result back; the caller's `take` sees the results one by one in item order, whatever order
//! they were finished in, so that what it builds from them is the same for any number of threads.

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{mpsc, Condvar, Mutex, PoisonError};

/// How far ahead of the result `take` waits for a thread may start, per thread: what memory holds of results
/// finished early is bounded by it.
const AHEAD_PER_THREAD: usize = 4;

/// Runs `work` on every item on `threads` threads (at least one), calling `take` with each index and result in
/// item order.
pub(super) fn in_order<T: Sync, R: Send>(
    items: &[T],
    threads: usize,
    work: impl Fn(&T) -> R + Sync,
    mut take: impl FnMut(usize, R),
) {
    let threads = threads.max(1);
    let window = threads * AHEAD_PER_THREAD;
    let next = AtomicUsize::new(0);
    // The index `take` waits for: a thread does not start an item `window` or more ahead of it.
    let taken = (Mutex::new(0usize), Condvar::new());
    let (sender, receiver) = mpsc::channel::<(usize, R)>();
    std::thread::scope(|scope| {
        for _ in 0..threads {
            let sender = sender.clone();
            let (next, work, taken) = (&next, &work, &taken);
            scope.spawn(move || loop {
                let index = next.fetch_add(1, Ordering::Relaxed);
                let Some(item) = items.get(index) else { break };
                let mut wanted = taken.0.lock().unwrap_or_else(PoisonError::into_inner);
                while index >= *wanted + window {
                    wanted = taken.1.wait(wanted).unwrap_or_else(PoisonError::into_inner);
                }
                drop(wanted);
                if sender.send((index, work(item))).is_err() {
                    break;
                }
            });
        }
        drop(sender);
        let mut waiting = BTreeMap::new();
        let mut wanted = 0;
        for (index, result) in receiver {
            waiting.insert(index, result);
            while let Some(result) = waiting.remove(&wanted) {
                take(wanted, result);
                wanted += 1;
            }
            *taken.0.lock().unwrap_or_else(PoisonError::into_inner) = wanted;
            taken.1.notify_all();
        }
    });
}

#[cfg(test)]
mod tests {
    use super::in_order;

    #[test]
    fn results_come_in_item_order_whatever_the_threads() {
        let items: Vec<u64> = (0..200).collect();
        for threads in [1, 2, 7] {
            let mut seen = Vec::new();
            // Later items finish sooner, so that results arrive out of order.
            in_order(
                &items,
                threads,
                |item| {
                    std::thread::sleep(std::time::Duration::from_micros(200 - item));
                    item * 2
                },
                |index, result| seen.push((index, result)),
            );
            let expected: Vec<(usize, u64)> = items.iter().map(|item| (*item as usize, item * 2)).collect();
            assert_eq!(seen, expected, "{threads} threads");
        }
    }
}
