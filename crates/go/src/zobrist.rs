//! Fixed-seed Zobrist keys, built at compile time, so a position's hash is the same in every run and on every machine.

/// One more than the largest padded index of a 52×52 board (see `Board`'s layout).
pub(super) const MAX_CELLS: usize = (52 + 2) * (52 + 1) + 1;

/// splitmix64: a small, well-mixed generator that is easy to evaluate in a `const fn`.
const fn splitmix64(state: u64) -> (u64, u64) {
    let state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (state, z ^ (z >> 31))
}

const fn build_table() -> [[u64; MAX_CELLS]; 2] {
    let mut table = [[0u64; MAX_CELLS]; 2];
    let mut state = 0x676F_746F_6F6C_u64; // "gotool"
    let mut color = 0;
    while color < 2 {
        let mut loc = 0;
        while loc < MAX_CELLS {
            let (next_state, value) = splitmix64(state);
            state = next_state;
            table[color][loc] = value;
            loc += 1;
        }
        color += 1;
    }
    table
}

/// `STONE_KEYS[color][loc]`: XORed into the hash whenever a stone of that colour appears at or leaves `loc`.
pub(super) static STONE_KEYS: [[u64; MAX_CELLS]; 2] = build_table();

/// XORed in when White is to move, for situational superko (position + player to move).
pub(super) const WHITE_TO_MOVE: u64 = 0x5D58_8B65_6C07_8965;
