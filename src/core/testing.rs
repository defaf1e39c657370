//! Helpers of the crate's own unit tests (compiled only for tests): a
//! small deterministic random generator and the mangled-text loop every
//! parser is fuzzed with.

/// A small deterministic xorshift generator: `next(n)` is in `0..n`.
pub fn xorshift(mut seed: u64) -> impl FnMut(usize) -> usize {
    move |n: usize| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        (seed % n.max(1) as u64) as usize
    }
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
