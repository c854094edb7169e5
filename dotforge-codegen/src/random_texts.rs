//! Test support: reproducible random texts built from given pieces (a xorshift generator, so no dependency and the
//! same texts on every run), for holding build-time regex analyses to the `regex` crate.

/// `count` texts of up to `max_pieces - 1` pieces each, drawn from `pieces` with the generator seeded by `seed`.
pub(crate) fn random_texts<'p>(
    seed: u64,
    pieces: &'p [&'p str],
    max_pieces: u64,
    count: usize,
) -> impl Iterator<Item = String> + 'p {
    let mut state = seed;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    (0..count).map(move |_| {
        let length = next() % max_pieces;
        (0..length).map(|_| pieces[(next() % pieces.len() as u64) as usize]).collect()
    })
}
