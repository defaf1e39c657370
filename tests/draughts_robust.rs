//! Garbage in, typed error out: position and move parsers of `english` and
//! `bosses` never panic.

use arbiter::core::{Decision, Move, Square};
use arbiter::variants::{self, Setup};

const POSITIONS: [&str; 16] = [
    "",
    ":",
    "B::",
    "B:W:B",
    "B:WK:B1",
    "B:W1-40:B",
    "W:W99999999999:B1",
    "B:W21,,22:B1",
    "é:W21:B1",
    "8/8/8/8/8/8/8/8 w -",
    "(é)7/8/8/8/8/8/8/D7 w Dd",
    "[D]7/8/8/8/8/8/8/d7 w Dd",
    "[D99999999999]7/8/8/8/8/8/8/d7 w d",
    "()7/8/8/8/8/8/8/d7 w d",
    "2cccc2/oooooooo/dddddddd/8/8/DDDDDDDD/OOOOOOOO/2CCCC2 w DOCdocé",
    "2cccc2/oooooooo/dddddddd/8/8/DDDDDDDD/OOOOOOOO/2CCCC2 w",
];

const MOVES: [&str; 16] = [
    "",
    "x",
    "-",
    "11-",
    "11x",
    "é",
    "a1",
    "D@",
    "@a1",
    "D@a9,a1-a2",
    "a1>a2",
    "a1-a2,a2>",
    "c3-d4,,",
    "99-100",
    "11-15-19",
    "D@c3",
];

#[test]
fn no_panic_on_garbage() {
    for variant in ["english", "bosses"] {
        for p in POSITIONS {
            let _ = variants::setup(&Setup {
                variant,
                position: Some(p),
                ..Default::default()
            });
        }
        let g = variants::setup(&Setup {
            variant,
            ..Default::default()
        })
        .unwrap();
        for m in MOVES {
            let _ = g.parse_move(m);
            let _ = g.explain(m);
        }
    }
}

#[test]
fn no_panic_on_foreign_moves() {
    let far = Square(0xff);
    let mut bad = vec![
        Move::default(),
        Move::step(far, Square(0)),
        Move::step(Square(0), far),
    ];
    let mut m = Move::step(Square::new(2, 2), Square::new(4, 4));
    m.decisions.push(Decision::Drop {
        piece: b'Z',
        to: far,
    });
    m.decisions.push(Decision::Shift {
        from: far,
        to: Square::new(9, 0),
    });
    bad.push(m);
    for variant in ["english", "bosses"] {
        for mv in &bad {
            let mut g = variants::setup(&Setup {
                variant,
                ..Default::default()
            })
            .unwrap();
            g.play(mv);
            let _ = g.to_text();
            let _ = g.legal_moves();
        }
    }
}
