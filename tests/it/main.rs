//! The integration tests, one binary (each file a module): the crate is
//! linked once. The tests that need external programs are their own
//! binaries with their own harness (`tests/externals.rs`,
//! `tests/distributed.rs`).

#[path = "../common/mod.rs"]
mod common;

mod check_ends;
mod cli;
mod contract;
mod crazy_alloc;
mod crazy_perft;
mod draughts_perft;
mod draughts_robust;
mod engine;
mod engine_fuzz;
mod engine_schema;
mod epd;
mod exit_codes;
mod fide_cli;
mod fide_perft;
mod fixtures;
mod glinski_cli;
mod glinski_perft;
mod glinski_records;
mod hardening;
mod hash_perft;
mod help_variants;
mod hop_cli;
mod hop_fuzz;
mod hop_perft;
mod layers;
mod merge_proof;
mod mutants;
mod oracle_capablanca;
mod oracle_hex;
mod oracle_mccooey;
mod oracle_shafran;
mod perft;
mod perft_options;
mod readme;
mod render;
mod rule_ids;
#[cfg(feature = "serve")]
mod serve;
mod sonic_hex_cli;
mod sonic_texts;
mod split_merge;
