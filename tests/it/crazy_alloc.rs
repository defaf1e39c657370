//! Crazy Chess perft allocates nothing per node: a counting global
//! allocator watches perft(3) from the start and from a position with
//! stacks, risen bishops and castling (half a million nodes), and only a
//! handful of allocations (the per-ply move buffers growing) may happen.
//! The test binary runs many tests at once, so the allocator counts per
//! thread: only the allocations of the thread that runs the perft.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

use arbiter::variants::crazy::{position::Flags, Crazy};

struct Counting;

thread_local! {
    /// Allocations made by this thread (a const-initialised `Cell`: reading
    /// it never allocates).
    static ALLOCATIONS: Cell<u64> = const { Cell::new(0) };
}

fn count_one() {
    // `try_with`: the slot may be gone while the thread is being torn down.
    let _ = ALLOCATIONS.try_with(|c| c.set(c.get() + 1));
}

fn allocations() -> u64 {
    ALLOCATIONS.with(Cell::get)
}

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        count_one();
        // SAFETY: forwarded unchanged to the system allocator.
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: forwarded unchanged to the system allocator.
        unsafe { System.dealloc(ptr, layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        count_one();
        // SAFETY: forwarded unchanged to the system allocator.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

#[test]
fn perft_allocates_nothing_per_node() {
    for pos in [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 b",
        "r3k2r/ppp2ppp/2n1(b*)3/3(rq)4/4(RQ)3/2N1B3/PPP2PPP/R3K3 w Qkq - 0 1 b",
    ] {
        let g = Crazy::from_text(pos, Flags::default()).unwrap();
        // Tables and the per-thread chain-count cache are built once.
        let _ = arbiter::core::perft(&g, 2);
        let before = allocations();
        let nodes = arbiter::core::perft(&g, 3);
        let allocations = allocations() - before;
        assert!(nodes > 250_000, "{pos}: {nodes} nodes");
        assert!(
            allocations <= 32,
            "{pos}: {allocations} allocations for {nodes} nodes"
        );
    }
}
