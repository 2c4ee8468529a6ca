//! The tuned numbers of the estimate, in one place: each was chosen by measuring the estimate on the corpora
//! (`finished/` with `eval.py`, `check --dead auto` over `games/`, GNU Go's self-play games) or on its time
//! (`cargo bench --bench estimate`), and its comment says what it means on the board and what it was tuned on.
//! Numbers that are facts of the rules or of Go shapes (the eye value of a space, the liberties a big eye is
//! worth in a race) stay where they are used.

// ---------------------------------------------------------------------------------------------------------------
// Groups: which chains act as one group.

/// A group of at least this many chains averaging at most [`LOOSE_STONES_PER_CHAIN`] stones is loose: stones of
/// one or two joined only through open space, which the opponent captures chain by chain and whose eyes need
/// solid parts (see [`Group::loose`](super::judge::groups::Group::loose)). Measured on finished/: 3 or 4 chains
/// and 2 or 3 stones a chain give the same games right.
pub(super) const LOOSE_CHAINS: usize = 3;

/// See [`LOOSE_CHAINS`].
pub(super) const LOOSE_STONES_PER_CHAIN: usize = 2;

/// The smallest region a group without eyes can wall in against a captive's status (see
/// [`captive_regions`](super::judge::captives::captive_regions)): with two contact points closed, two points are
/// left. Two and four give the same figures on finished/ and games/; the larger keeps small dead groups beside
/// their few empty points captive.
pub(super) const CLOSABLE_SPACE: usize = 4;

/// A group that walls a region of at least [`CLOSABLE_SPACE`] points, the opponent touching the region at no
/// more than this many points, is not held inside it: it can close the region, and the opponent cannot count it
/// as an eye. Measured on finished/: 2016-08-08-6 exact (25 stones were wrong); touching at three points as well
/// loses a record of games/.
pub(super) const CLOSING_CONTACTS: usize = 2;

// ---------------------------------------------------------------------------------------------------------------
// Strength: which groups count as living for their neighbours' judgement.

/// A group with fewer than two eyes of its own, fewer than this many stones and at most
/// [`BORROWED_LIFE_LIBERTIES`] liberties, every opposing group in contact with it bigger, is not made strong by
/// the scorer's verdict of life alone (see [`strong_groups`](super::judge::strength::strong_groups)): its life is
/// borrowed from living stones it reaches across dame, real for a wall, not for a few short-of-liberty stones
/// inside the opponent's area. Measured on finished/ with `eval.py`: with 8, 10 or 12 stones and at most 3 to 7
/// liberties (before the contact condition), six games more are settled exactly (single stones and small groups
/// inside the opponent's area kept alive because the scorer joined them to their neighbours); with no limit on
/// size, walls without eye space of their own lose their strength and 16 games are lost; with none on liberties,
/// a small group whose corner holds one opponent's stone is killed (the diagram
/// `a_lone_stone_in_a_small_group_s_corner_is_dead_and_the_group_lives`). The contact condition costs three of
/// those games but keeps weak groups of both colours in a fight from losing their strength: without it, `check
/// --dead auto` over games/ killed a 41-stone framework and revived 22 dead stones, 90 points and more against
/// their RE.
pub(super) const WALL_STONES: usize = 10;

/// See [`WALL_STONES`]. With the contact condition, 4 liberties rather than 3 settles one game more on each
/// corpus (2016-09-11-5: three eyeless White stones with four liberties in Black's area, 101 points), and 5 or
/// more loses games of games/.
pub(super) const BORROWED_LIFE_LIBERTIES: usize = 4;

/// A group strong without two eyes of its own, with fewer stones than this, keeps its strength for its
/// neighbours' judgement but is not declared alive: it is left open for the referee (see
/// [`refereed_though_strong`](super::judge::strength::refereed_though_strong)). Such groups are mostly without
/// eyes inside the opponent's area, strong because the scorer reached living stones of theirs across dame.
/// Measured on finished/ with `eval.py`: with a limit of 20 or 30 stones three games more are settled exactly
/// (which the markup and GNU Go call dead), and one more of games/ matches its RE, none lost; with 10, only one
/// of the three; with 50 or no limit, the playouts kill 46 living stones of 2016-11-29-1.
pub(super) const REFEREED_STONES: usize = 20;

/// A weak group with this many points of its own (see [`room`](super::judge::strength::room)) has space enough
/// to be unsettled rather than dead (an unfinished framework). About twice what a group needs for two eyes in
/// open space with the opponent to move. Alone it changed no game of finished/ (12 would cost one, before the
/// friend rule of the pockets): it guards unfinished positions and, through a roomy group's pocket, the weak
/// groups of the same colour there.
pub(super) const ROOM: usize = 16;

// ---------------------------------------------------------------------------------------------------------------
// Escapes by capture: when capturing the groups a weak group beats gives it life.

/// A group held in the opponent's living area escapes by capturing at most this many stones only if the strict
/// count gives it life (see [`Weak::lives_by`](super::judge::weak::Weak::lives_by)): up to three captured
/// stones leave a space of up to three points, one eye whatever its shape. Measured on finished/ with `eval.py`
/// and `check --dead auto` over games/: with any number, a 35-stone group whose life hangs on a ko and a seki of
/// shared liberties around four captured stones (2017-06-03-5) was killed, as GNU Go kills it and the markup does
/// not.
pub(super) const NAKADE_STONES: usize = 3;

/// A group escapes by capturing at most this many stones whose liberties are all its own only if the strict count
/// gives it life (see [`Weak::lives_by`](super::judge::weak::Weak::lives_by)): one or two stones in one chain
/// leave one eye at most, whoever moves next (two separate stones leave two one-point spaces, which the strict
/// count values as such). Three stones in a row make two eyes when the capturer also plays their middle point.
/// Measured on finished/ with `eval.py`: with three, 2017-05-12-11 and 2017-06-18-16 were lost (eyeless walls
/// that take three stones and live once their other neighbours die), and two records of games/ (`check --dead
/// auto`).
pub(super) const ONE_EYE_STONES: usize = 2;

// ---------------------------------------------------------------------------------------------------------------
// Reading inside the static judgement.

/// Expansions of the reading that checks races lost by the counts, per position (see
/// [`race_survives`](super::judge::reading::race_survives)): the loser lives if reading shows it keeping its
/// stones with the winner moving first (a seki the counts miss). Set with the race reading, which settled four
/// games more of finished/ exactly and lost two; no measurement of the budget itself is recorded.
pub(super) const RACE_READ_TOTAL: u32 = 3_000;

/// Expansions for one race (see [`RACE_READ_TOTAL`]).
pub(super) const RACE_READ_NODES: u32 = 1_000;

/// Own eye space at most this big (in points, stones inside it included) is checked for a chain beside it short
/// of liberties (see [`cut_short_groups`](super::judge::reading::cut_short_groups)): a small eye space is the one
/// that a forced filling move ruins. Set for a corner of GNU Go's 9×9 self-play; no measurement of the size
/// itself is recorded.
pub(super) const CUT_SPACE: usize = 6;

/// Expansions of the reading of [`cut_short_groups`](super::judge::reading::cut_short_groups), per estimate (all
/// passes together). A corner whose cutting point the opponent takes from outside (9×9, GNU Go self-play) needs
/// 4,000 to 5,000 to be read out; the search expands about 150 a millisecond, so this bounds what the check adds
/// to a position.
pub(super) const CUT_READ_TOTAL: u32 = 6_000;

/// Expansions of the reading of one cut-short group (see [`CUT_READ_TOTAL`]).
pub(super) const CUT_READ_NODES: u32 = 6_000;

/// A cut-short group whose reading runs out of budget is judged by the count with its inside liberties filled
/// only when it has at most this many liberties outside its own space: a settled group, not one with open
/// space around it in an unfinished game. Measured on GNU Go's self-play games: a 29-stone group with 19
/// outside liberties in open space (g19 11) was killed without it. With 4, two games of games/ that the rule
/// settles are lost; 8 and 12 keep every game of finished/ and games/.
pub(super) const CUT_OUTSIDE_LIBERTIES: usize = 8;

// ---------------------------------------------------------------------------------------------------------------
// The referee: playouts and reading of the groups the judgement leaves open.

/// Playouts per open position (fewer when the space is large, see [`ROOMY`]): the standard error of a share near
/// 0.5 is 0.035 at 200.
pub(super) const PLAYOUTS: u32 = 200;

/// Spaces up to this many points get every playout asked for; larger ones fewer, by the square of the space
/// (a playout costs up to the square of its space), down to [`MIN_PLAYOUTS`]: chosen so that the estimate of an
/// unfinished position stays under 50 ms.
pub(super) const ROOMY: usize = 80;

/// See [`ROOMY`].
pub(super) const MIN_PLAYOUTS: u32 = 32;

/// A group open after the static judgement is dead when it ends captured or enclosed in more than this share of
/// the playouts its opponent starts (a tie is alive). Measured on finished/ (with both starts averaged, before
/// the opponent-first rule), 0.5 took 48 more truly dead chains than 0.7 for 7 living ones: the playouts lean
/// towards life, since random defenders sometimes live.
pub(super) const DEAD_SHARE: f64 = 0.5;

/// Shares this close to [`DEAD_SHARE`] (between 0.3 and 0.7) leave the group listed as uncertain; a chain the
/// static judgement found dead is revived by its playouts only below this band. Measured on finished/, the loose
/// chains captured in 30–50% of the playouts were dead by the markup in 16 of 17 games (random play rarely
/// finishes a capture in open space).
pub(super) const UNCERTAIN_BAND: f64 = 0.2;

/// A group that reading cannot save with its owner moving first is dead when the playouts capture it in more
/// than this share (and listed as uncertain), see [`read_open_groups`](super::read_open_groups). Such groups are
/// mostly eyeless groups inside the opponent's area with a few of its stones among them, which they capture in
/// most random lines before the opponent fills their liberties. Measured on finished/ with `eval.py`, and with
/// `check --dead auto` over games/: 0.25 settles two games more exactly than 0.3 and matches RE in three more of
/// games/ and one fewer; 0.2 and 0.15 lose games on both.
pub(super) const UNSAVED_DEAD_SHARE: f64 = 0.25;

/// Judge-referee-check passes at most (see [`run`](super::run)): a chain the check hands back is held alive and
/// everything judged again, at most this often. No measurement is recorded.
pub(super) const PASSES: usize = 3;

/// Playouts and reading of the open groups at most this often (see [`referee`](super::referee)): once reading
/// has captured an open group, the others are refereed again without it. Measured on finished/: the second round
/// settles two games more exactly, none lost.
pub(super) const REFEREE_ROUNDS: usize = 2;

/// Expansions of the reading for one question about an open group (see
/// [`read_open_groups`](super::read_open_groups)). Measured on finished/ with `eval.py` and `cargo bench --bench
/// estimate`: 1,000 per question and 3,000 per pass settle one game fewer exactly than 3,000 and 9,000; 5,000
/// and 9,000 one more, for 1.02× the instructions on the 24 slowest positions once the search stopped looking
/// for eyes after the attacker's moves; 5,000 and 15,000 two more, but at 45–52 ms for the 99th percentile, too
/// near the 50 ms the estimate is allowed; 30,000 and 90,000 settle two more at 132 ms.
pub(super) const READ_NODES: u32 = 5_000;

/// Expansions of the reading of open groups for one position, all passes together (see [`READ_NODES`]).
pub(super) const READ_TOTAL: u32 = 9_000;

/// Expansions of the seki guard's reading of one dead group beside a short chain of the opponent's (see
/// [`guard`](super::guard)). Not tuned on any corpus: the reading budget of one open group ([`READ_NODES`]), which
/// the search is known to finish within on finished positions' races and eye spaces.
pub(super) const SEKI_READ_NODES: u32 = 50_000;

/// Expansions of the seki guard for one position, all groups together (see [`SEKI_READ_NODES`]): the open groups'
/// total ([`READ_TOTAL`]), so that the guard at most doubles the reading of a position.
pub(super) const SEKI_READ_TOTAL: u32 = 100_000;

// ---------------------------------------------------------------------------------------------------------------
// The capture search (`search.rs`).

/// Deeper lines are taken as failures of the attack (the defender keeps the target): a line that long is no
/// capture a finished position hides. Set when the search was written; no measurement is recorded.
pub(super) const MAX_DEPTH: usize = 60;

/// A target with this many liberties after a move has escaped, unless an attacker chain beside it has as many or
/// has an eye (`Dfpn::outnumbers_neighbours` in `search.rs`): nothing in a finished position's reading takes that
/// many moves to fill against a defender. Measured on finished/ at 5,000 expansions a question: 14 or 16 gains one
/// game and loses another (its reading runs out of budget), 12 changes nothing.
pub(super) const SAFE_LIBERTIES: u32 = 10;

/// Attacker chains beside the target's group with at most this many liberties are in the fight: their liberties
/// are candidate moves for both sides (the defender may win a capturing race or capture its way out). Set when
/// the search was written; no measurement is recorded.
pub(super) const WEAK_LIBERTIES: u32 = 4;

/// Spaces the target's group encloses up to this size are searched point by point (their vital points need not
/// be liberties): eye spaces that a placement may kill. Set when the search was written; no measurement is
/// recorded.
pub(super) const ENCLOSED: usize = 12;
