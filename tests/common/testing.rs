//! Test helpers shared by the crate's own unit tests (`src/core/mod.rs`
//! includes this file as `core::testing`, compiled only for tests) and
//! the integration tests (`tests/common`): a small deterministic random
//! generator, the mangled-text loop every parser is fuzzed with, and the
//! named positions of a perft list (`tests/perft/*.yaml`). Standard
//! library only, so it compiles in both crates.

/// A small deterministic xorshift generator (Marsaglia's 13/7/17 on 64
/// bits); the seed must not be 0.
#[derive(Clone, Debug)]
pub struct Rng(pub u64);

impl Rng {
    /// The next 64 random bits.
    #[allow(clippy::should_implement_trait)]
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    /// A number in `0..n` (`n` ≥ 1).
    pub fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

/// The same generator as a closure: `next(n)` is in `0..n` (0 for `n` = 0).
pub fn xorshift(seed: u64) -> impl FnMut(usize) -> usize {
    let mut r = Rng(seed);
    move |n: usize| r.below(n.max(1) as u64) as usize
}

/// `count` texts made from `seeds` by one to three random edits each
/// (replace, remove or insert a character of `alphabet`), in a fixed
/// order for a given `seed`.
pub fn mangled(seeds: &[&str], alphabet: &str, count: usize, seed: u64) -> Vec<String> {
    let alphabet: Vec<char> = alphabet.chars().collect();
    let mut next = xorshift(seed);
    (0..count)
        .map(|i| {
            let mut chars: Vec<char> = seeds[i % seeds.len()].chars().collect();
            for _ in 0..1 + next(3) {
                let at = next(chars.len().max(1));
                let c = alphabet[next(alphabet.len())];
                let len = chars.len();
                match next(3) {
                    0 if len > 0 => chars[at.min(len - 1)] = c,
                    1 if len > 0 => {
                        chars.remove(at.min(len - 1));
                    }
                    _ => chars.insert(at.min(len), c),
                }
            }
            chars.into_iter().collect()
        })
        .collect()
}

/// The `(name, position)` pairs of the cases of a perft list
/// (`tests/perft/*.yaml`) that give a position, in file order: each
/// `- name:` line followed, within its case, by a `position:` line with a
/// double-quoted text.
pub fn named_positions(yaml: &str) -> Vec<(&str, &str)> {
    let mut out = Vec::new();
    let mut name = None;
    for line in yaml.lines() {
        let line = line.trim();
        if let Some(n) = line.strip_prefix("- name:") {
            name = Some(n.trim());
        } else if let (Some(n), Some(p)) = (name, line.strip_prefix("position:")) {
            out.push((n, p.trim().trim_matches('"')));
            name = None;
        }
    }
    out
}
