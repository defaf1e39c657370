//! The comparison of a test oracle (`tests/it/oracle_*.rs`: naive second
//! implementations of the newer boards' games) with arbiter's implementation of
//! the same game, switched on per variant by [`super::NEW_BOARDS_READY`].

/// The comparison of an oracle with arbiter's implementation of the same
/// game (`variant` with rule `options`), used once `variant` is in
/// `common::NEW_BOARDS_READY`: the start texts are equal, the oracle reads
/// every position text arbiter writes along random games and lists the
/// same legal moves there, and perft agrees to `depth` on the start and on
/// every 25th position reached.
pub fn agrees_with_arbiter(
    variant: &str,
    options: &[String],
    oracle_start: &str,
    parse: impl Fn(&str) -> Result<Box<dyn OracleGame>, String>,
    depth: u32,
) {
    use arbiter::variants::{self, Setup};
    let start = variants::setup(&Setup {
        variant,
        options,
        ..Default::default()
    })
    .unwrap_or_else(|e| panic!("{variant}: {e}"));
    assert_eq!(
        start.to_text(),
        oracle_start,
        "{variant}: start position text"
    );
    let mut next = super::xorshift(0x22_0C0DE);
    let mut seen = 0;
    for game in 0..16 {
        let mut g = start.clone_box();
        for ply in 0..120 {
            let text = g.to_text();
            let oracle = parse(&text)
                .unwrap_or_else(|e| panic!("{variant}: the oracle cannot read {text}: {e}"));
            assert_eq!(
                oracle.legal(),
                g.legal_texts(),
                "{variant}: legal moves at {text}"
            );
            // perft on every 100th position (about 19 per game): the
            // legal-move lists above are compared at every position.
            if (game * 120 + ply) % 100 == 0 {
                assert_eq!(
                    oracle.perft(depth),
                    g.perft(depth, &arbiter::core::PerftOptions::default())
                        .unwrap(),
                    "{variant}: perft({depth}) at {text}"
                );
            }
            seen += 1;
            let moves = g.legal_texts();
            if moves.is_empty() {
                break;
            }
            g.play_text(&moves[next(moves.len())]).unwrap();
        }
    }
    assert!(seen > 1000, "{variant}: {seen} positions compared");
}

/// What [`agrees_with_arbiter`] asks of an oracle.
pub trait OracleGame {
    fn legal(&self) -> Vec<String>;
    fn perft(&self, depth: u32) -> u64;
}
