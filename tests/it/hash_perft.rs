//! Hash perft (`--hash`, `PerftOptions::table`): on every perft snapshot
//! position (tests/perft/*.yaml) and every depth, the count with a
//! transposition table equals the count tests/it/perft.rs pinned without one,
//! with a roomy table, with a table so small that entries are replaced all
//! the time, and on two threads sharing a table. This is what shows that
//! each game's `Hash` covers everything its next moves depend on (springs,
//! king forms and pending choices, trampolines, stacks and risen bishops,
//! denial state, reserves and boss hit points, rule options): a state
//! missing from it would let two different positions share an entry.

use crate::common::perft_cases;

use std::sync::Arc;

use arbiter::core::perft::{PerftOptions, Table};
use arbiter::variants::{self, Setup};

#[test]
fn hash_perft_equals_plain_perft_on_every_snapshot_position() {
    let mut hits = 0;
    let mut checked = 0;
    // Deep cases (`deep: true`) are left to `--ignored` runs; the hashed
    // count is compared with the snapshot at every depth it pins.
    for c in perft_cases::all().into_iter().filter(|c| !c.deep) {
        let g = variants::setup(&Setup {
            variant: &c.variant,
            options: &c.rules,
            mutant: None,
            position: c.position.as_deref(),
            moves: &c.moves,
        })
        .unwrap_or_else(|e| panic!("{}: {e}", c.name));
        let counts = c.counts();
        for (bytes, threads) in [(16 << 20, 1), (4096, 1), (1 << 20, 2)] {
            // One table per case and size, shared by every depth (so the
            // deeper perfts find the shallower ones' entries).
            let t = Arc::new(Table::new(bytes).unwrap());
            // A node budget keeps this fast in a debug build as the
            // snapshots grow: counts above it are left to tests/it/perft.rs.
            for (&d, &want) in counts.iter().filter(|(_, &n)| n <= 2_000_000) {
                let options = PerftOptions {
                    threads,
                    table: Some(&t),
                    ..PerftOptions::default()
                };
                let got = g.perft(d, &options).unwrap();
                assert_eq!(
                    got, want,
                    "{}: perft({d}) with a {bytes}-byte table on {threads} thread(s)",
                    c.name
                );
                checked += 1;
            }
            hits += t.stats().hits;
        }
    }
    assert!(checked > 100, "{checked} counts checked");
    assert!(hits > 0, "the tables were used");
}
