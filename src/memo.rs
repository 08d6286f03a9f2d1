//! Per-thread memos of pure look-ups that the readings of an article ask again and again
//! (a name's spellings, a sentence's dates, a clause's death toll): each worker thread keeps
//! its own answers, so no lock is taken, and forgets them all once it holds a set number, so
//! memory stays bounded however long the input.

use std::cell::RefCell;
use std::hash::Hash;
use std::thread::LocalKey;

use rustc_hash::FxHashMap;

/// A thread's memo: the answers it keeps, by question.
pub type Memo<K, V> = RefCell<FxHashMap<K, V>>;

/// What `compute` gives for `key`, from this thread's `memo` when it was asked before. A
/// memo holding `limit` answers is forgotten and starts again.
pub fn remember<K: Hash + Eq, V: Clone>(
    memo: &'static LocalKey<Memo<K, V>>,
    key: K,
    limit: usize,
    compute: impl FnOnce() -> V,
) -> V {
    if let Some(found) = memo.with_borrow(|memo| memo.get(&key).cloned()) {
        return found;
    }
    let found = compute();
    memo.with_borrow_mut(|memo| {
        if memo.len() >= limit {
            memo.clear();
        }
        memo.insert(key, found.clone());
    });
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    thread_local! {
        static SQUARES: Memo<u32, u32> = RefCell::default();
    }

    #[test]
    fn an_answer_is_computed_once_until_the_memo_is_full() {
        let computed = std::cell::Cell::new(0);
        let square = |n: u32| {
            remember(&SQUARES, n, 3, || {
                computed.set(computed.get() + 1);
                n * n
            })
        };
        assert_eq!([square(2), square(2), square(3), square(4)], [4, 4, 9, 16]);
        assert_eq!(computed.get(), 3, "2 was remembered");
        // Full at three answers: the fourth question clears it, and 2 is computed again.
        assert_eq!(square(5), 25);
        assert_eq!(square(2), 4);
        assert_eq!(computed.get(), 5);
        assert!(SQUARES.with_borrow(|memo| memo.len()) <= 3);
    }
}
