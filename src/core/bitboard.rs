//! Bitboards and attack tables of the 8×8 board (FIDE-1 piece moves),
//! shared by `fide` (move generation) and `crazy` (the check test).
//!
//! A bitboard is a `u64` with bit `rank * 8 + file` set for each square
//! (bit 0 = a1, bit 63 = h8). Sliding attacks use "fancy" magic bitboards:
//! the magic multipliers are found once at startup by a search with a
//! fixed seed (so the tables are the same on every run), and the tables
//! live in a [`OnceLock`]. Knight, king and pawn attacks and the
//! `between` / `line` tables are plain lookups.

use std::sync::OnceLock;

pub(crate) const FILE_A: u64 = 0x0101_0101_0101_0101;
pub(crate) const FILE_H: u64 = FILE_A << 7;
pub(crate) const RANK_1: u64 = 0xff;
pub(crate) const RANK_3: u64 = RANK_1 << 16;
pub(crate) const RANK_6: u64 = RANK_1 << 40;
pub(crate) const RANK_8: u64 = RANK_1 << 56;

pub use super::bitchess::Bits;

#[inline]
pub(crate) const fn bit(sq: u32) -> u64 {
    1u64 << sq
}

const ROOK_DIRS: [(i32, i32); 4] = [(0, 1), (1, 0), (0, -1), (-1, 0)];
const BISHOP_DIRS: [(i32, i32); 4] = [(1, 1), (1, -1), (-1, -1), (-1, 1)];
/// The knight's leaps (file, rank deltas), for every board's tables.
pub(crate) const KNIGHT: [(i32, i32); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];
const KING: [(i32, i32); 8] = [
    (0, 1),
    (1, 1),
    (1, 0),
    (1, -1),
    (0, -1),
    (-1, -1),
    (-1, 0),
    (-1, 1),
];

fn on_board(f: i32, r: i32) -> bool {
    (0..8).contains(&f) && (0..8).contains(&r)
}

/// Slow ray walk (used only to build the tables): the squares a slider on
/// `sq` attacks along `dirs`, stopping at (and including) the first
/// occupied square.
fn slide(sq: u32, occ: u64, dirs: &[(i32, i32)]) -> u64 {
    let mut a = 0;
    for &(df, dr) in dirs {
        let (mut f, mut r) = ((sq % 8) as i32, (sq / 8) as i32);
        loop {
            f += df;
            r += dr;
            if !on_board(f, r) {
                break;
            }
            let b = bit((r * 8 + f) as u32);
            a |= b;
            if occ & b != 0 {
                break;
            }
        }
    }
    a
}

fn leaps(sq: u32, deltas: &[(i32, i32)]) -> u64 {
    let (f, r) = ((sq % 8) as i32, (sq / 8) as i32);
    deltas
        .iter()
        .filter(|&&(df, dr)| on_board(f + df, r + dr))
        .fold(0, |a, &(df, dr)| a | bit(((r + dr) * 8 + f + df) as u32))
}

/// Magic multipliers found by [`find_magic`]'s fixed-seed search (run
/// with an empty hint to reproduce them). The startup search tries these
/// first, so building the tables costs no search unless one stopped fitting.
const ROOK_MAGICS: [u64; 64] = [
    0x1080004008801020,
    0x0840092002c03000,
    0x1900200010400900,
    0x0880100008000480,
    0x4200100420080200,
    0x8100020100080400,
    0x0200040110886200,
    0x0200008040220411,
    0x0404800084400220,
    0x0000401000402000,
    0x0086001081220440,
    0x0408800800100280,
    0x000a001201040820,
    0x8848800200840080,
    0x4001000100040200,
    0x0442000102105084,
    0x9080010020804100,
    0x0040404000201009,
    0x0000808010002009,
    0x2200090021d00100,
    0x0008008008040080,
    0x0004004002010040,
    0x0011040008015042,
    0x00000a0001768104,
    0x0000800080204009,
    0x2010004140002001,
    0x9800200280100080,
    0x1000100080080080,
    0x0050500500080100,
    0x0000020080040080,
    0x0c10010400420810,
    0x1040008200005104,
    0x01808240088004a0,
    0x0882804004802000,
    0x0880402001001100,
    0x2000210409001000,
    0x2000480131001500,
    0x0000800400800200,
    0x000002380c001003,
    0x4600084882000431,
    0x0080002000504000,
    0x0300500020004002,
    0x0040408200220011,
    0x0010040008004040,
    0x0000080004008080,
    0x0010040002008080,
    0x2012004881020004,
    0x8300842444820011,
    0x0088403882010200,
    0x0820400080210100,
    0x0110910040a00300,
    0x0801100280080480,
    0x0242009008200600,
    0x1002000489500200,
    0x0040800200010080,
    0x0091800041000080,
    0x0000209300488001,
    0x04c1002414824001,
    0x020020000b001041,
    0x7000100004200901,
    0x8002002004100802,
    0x30010002084c0007,
    0x0888221800813004,
    0x4000002840840112,
];

/// See [`ROOK_MAGICS`].
const BISHOP_MAGICS: [u64; 64] = [
    0x20c0090901061081,
    0x0024040094030104,
    0x8210810200290200,
    0x0011040484620000,
    0x0081104002221000,
    0x0009012011001350,
    0x0081010802400380,
    0x0000420210010408,
    0x0008105002280050,
    0x0001028484040044,
    0x2a00880810408804,
    0x7020022282000100,
    0x0084040420100a50,
    0x000401010840e000,
    0x2020020210420888,
    0x0008084202012010,
    0x2010400810018800,
    0x0445122008020840,
    0x0804100808002008,
    0x0008002104110100,
    0x0061005820080800,
    0x2001000200820100,
    0x480c210084010800,
    0x3004442500480420,
    0x1010102240048100,
    0x00182009084220a3,
    0x8803090a10004205,
    0x0208080040202020,
    0x000c044084010040,
    0x00a1010002004106,
    0x6008210020640202,
    0x1600902112860801,
    0x00042008c1220200,
    0x010c042002440140,
    0x5022080200040820,
    0x0402004042940100,
    0x0860108400008020,
    0x000c080022021000,
    0x0264080652822100,
    0x4005031221010401,
    0x0004502410008400,
    0x000500b010a20400,
    0x0415094050080800,
    0x080000201800a104,
    0x4022a80304000110,
    0x4012140802028020,
    0x40200104010100a0,
    0x12810806008b0c41,
    0x0020441008080000,
    0x2002120084045420,
    0x0704020062080002,
    0x0000001084040001,
    0x0322200891240200,
    0xf040200210024800,
    0x0140824832008042,
    0x000210020a004602,
    0x0083042805141020,
    0x002c12009a011000,
    0x0041a00044140400,
    0x00004004020a0202,
    0x0000140010020210,
    0x2864160811012200,
    0x2060080841082a17,
    0xa010041108003100,
];

#[derive(Clone, Copy, Default)]
struct Magic {
    mask: u64,
    magic: u64,
    shift: u32,
    offset: u32,
}

/// Every lookup table of the move generator.
pub struct Tables {
    /// `knight[sq]`: the squares a knight on `sq` attacks.
    pub knight: [u64; 64],
    /// `king[sq]`: the squares a king on `sq` attacks.
    pub king: [u64; 64],
    /// `pawn[color][sq]`: the squares a pawn of `color` (0 = White) on
    /// `sq` attacks.
    pub pawn: [[u64; 64]; 2],
    /// Squares strictly between two aligned squares (0 if not aligned).
    pub between: Box<[[u64; 64]]>,
    /// The whole line through two aligned squares, both included (0 if not
    /// aligned).
    pub line: Box<[[u64; 64]]>,
    rook: [Magic; 64],
    bishop: [Magic; 64],
    slider: Vec<u64>,
}

static TABLES: OnceLock<Tables> = OnceLock::new();

/// The tables, built on first use.
#[inline]
pub fn tables() -> &'static Tables {
    TABLES.get_or_init(Tables::build)
}

/// The seed of the magic search.
const MAGIC_SEED: u64 = 0x9e37_79b9_7f4a_7c15;

/// xorshift64* with a fixed seed: the magic search is deterministic.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
    /// A random number with few bits set (good magic candidates).
    fn sparse(&mut self) -> u64 {
        self.next() & self.next() & self.next()
    }
}

/// Relevant occupancy mask of a slider: its empty-board rays without the
/// board edges (a piece on the edge never changes the attack set).
fn relevant_mask(sq: u32, dirs: &[(i32, i32)]) -> u64 {
    let file = FILE_A << (sq % 8);
    let rank = RANK_1 << (8 * (sq / 8));
    let edges = ((RANK_1 | RANK_8) & !rank) | ((FILE_A | FILE_H) & !file);
    slide(sq, 0, dirs) & !edges
}

/// Finds a magic multiplier for `sq` by random search (fixed seed), trying
/// `hint` first, and appends the square's attack table to `table`.
fn find_magic(
    sq: u32,
    dirs: &[(i32, i32)],
    hint: Option<u64>,
    rng: &mut Rng,
    table: &mut Vec<u64>,
) -> Magic {
    let mask = relevant_mask(sq, dirs);
    let bits = mask.count_ones();
    let size = 1usize << bits;
    let mut occs = Vec::with_capacity(size);
    let mut atts = Vec::with_capacity(size);
    let mut sub = 0u64;
    loop {
        occs.push(sub);
        atts.push(slide(sq, sub, dirs));
        sub = sub.wrapping_sub(mask) & mask;
        if sub == 0 {
            break;
        }
    }
    let shift = 64 - bits;
    let mut used = vec![0u64; size];
    let mut epoch = vec![0u32; size];
    let mut attempt = 0u32;
    let mut hint = hint;
    loop {
        let magic = hint.take().unwrap_or_else(|| rng.sparse());
        if (mask.wrapping_mul(magic) >> 56).count_ones() < 6 {
            continue;
        }
        attempt += 1;
        let ok = occs.iter().zip(&atts).all(|(&o, &a)| {
            let i = (o.wrapping_mul(magic) >> shift) as usize;
            if epoch[i] != attempt {
                epoch[i] = attempt;
                used[i] = a;
                true
            } else {
                used[i] == a
            }
        });
        if ok {
            let offset = table.len() as u32;
            table.extend_from_slice(&used);
            return Magic {
                mask,
                magic,
                shift,
                offset,
            };
        }
    }
}

impl Tables {
    fn build() -> Tables {
        let mut t = Tables {
            knight: [0; 64],
            king: [0; 64],
            pawn: [[0; 64]; 2],
            between: vec![[0u64; 64]; 64].into_boxed_slice(),
            line: vec![[0u64; 64]; 64].into_boxed_slice(),
            rook: [Magic::default(); 64],
            bishop: [Magic::default(); 64],
            slider: Vec::with_capacity(110_000),
        };
        let mut rng = Rng(MAGIC_SEED);
        for sq in 0..64u32 {
            let s = sq as usize;
            t.knight[s] = leaps(sq, &KNIGHT);
            t.king[s] = leaps(sq, &KING);
            t.pawn[0][s] = leaps(sq, &[(-1, 1), (1, 1)]);
            t.pawn[1][s] = leaps(sq, &[(-1, -1), (1, -1)]);
            t.rook[s] = find_magic(
                sq,
                &ROOK_DIRS,
                Some(ROOK_MAGICS[s]),
                &mut rng,
                &mut t.slider,
            );
            t.bishop[s] = find_magic(
                sq,
                &BISHOP_DIRS,
                Some(BISHOP_MAGICS[s]),
                &mut rng,
                &mut t.slider,
            );
        }
        for a in 0..64u32 {
            for dirs in [&ROOK_DIRS, &BISHOP_DIRS] {
                let from_a = slide(a, 0, dirs);
                for b in 0..64u32 {
                    if a != b && from_a & bit(b) != 0 {
                        t.between[a as usize][b as usize] =
                            slide(a, bit(b), dirs) & slide(b, bit(a), dirs);
                        t.line[a as usize][b as usize] =
                            (from_a & slide(b, 0, dirs)) | bit(a) | bit(b);
                    }
                }
            }
        }
        t
    }

    /// Rook attacks from `sq` with occupancy `occ`.
    #[inline]
    pub fn rook(&self, sq: u32, occ: u64) -> u64 {
        let m = &self.rook[sq as usize];
        self.slider[m.offset as usize + ((occ & m.mask).wrapping_mul(m.magic) >> m.shift) as usize]
    }

    /// Bishop attacks from `sq` with occupancy `occ`.
    #[inline]
    pub fn bishop(&self, sq: u32, occ: u64) -> u64 {
        let m = &self.bishop[sq as usize];
        self.slider[m.offset as usize + ((occ & m.mask).wrapping_mul(m.magic) >> m.shift) as usize]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn magics_agree_with_ray_walks() {
        let t = tables();
        let mut rng = Rng(12345);
        for sq in 0..64 {
            for _ in 0..200 {
                let occ = rng.next() & rng.next();
                assert_eq!(t.rook(sq, occ), slide(sq, occ, &ROOK_DIRS));
                assert_eq!(t.bishop(sq, occ), slide(sq, occ, &BISHOP_DIRS));
            }
        }
        // e1..h1: between is f1, g1; line is the first rank.
        assert_eq!(t.between[4][7], bit(5) | bit(6));
        assert_eq!(t.line[4][7], RANK_1);
        assert_eq!(t.line[0][9], 0x8040_2010_0804_0201);
        assert_eq!(t.between[0][17], 0);
    }

    #[test]
    fn search_reproduces_the_magic_constants() {
        let mut rng = Rng(MAGIC_SEED);
        let mut table = Vec::new();
        for sq in 0..64 {
            assert_eq!(
                find_magic(sq, &ROOK_DIRS, None, &mut rng, &mut table).magic,
                ROOK_MAGICS[sq as usize]
            );
            assert_eq!(
                find_magic(sq, &BISHOP_DIRS, None, &mut rng, &mut table).magic,
                BISHOP_MAGICS[sq as usize]
            );
        }
    }
}
