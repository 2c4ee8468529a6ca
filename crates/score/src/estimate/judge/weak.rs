//! Judging one weak group in its pocket: against each opposing group around it, a living one kills it, a weak
//! one races it or is in seki with it; it escapes when the captures it wins (or may win) give it life, and a race
//! lost by the counts is read out before it dies.

use std::collections::HashMap;

use super::Round;
use super::capture::lives_by_capture;
use super::pockets::Pocket;
use super::races::{loses_with_held_liberties, race_sides, touching_groups};
use super::reading::race_survives;
use super::seki::{counted_seki_holds, enclosed_seki};
use super::verdict::Death;
use super::waiting::Dying;
use crate::estimate::race::{self, Outcome, Side};
use crate::estimate::search::Memo;
use crate::estimate::tuning::{NAKADE_STONES, ONE_EYE_STONES};

/// What judging a round's weak groups finds.
pub(crate) struct Found {
    /// The groups found dead, in group order.
    pub deaths: Vec<Dying>,
    /// Groups in an enclosed seki or a seki by the race counts: alive once nothing else changes.
    pub seki: Vec<usize>,
    /// Per chain: its group is in a seki by the race counts that counting reads right.
    pub count_seki: Vec<bool>,
    /// Whether two groups are in an enclosed seki, either way round: asked from both sides, settled once.
    enclosed: HashMap<(usize, usize), bool>,
}

impl Found {
    /// Nothing found yet, for a position of `chains` chains.
    pub(crate) fn new(chains: usize) -> Found {
        Found { deaths: Vec::new(), seki: Vec::new(), count_seki: vec![false; chains], enclosed: HashMap::new() }
    }
}

/// A weak group being judged in its pocket.
pub(crate) struct Weak<'a> {
    pub round: &'a Round<'a>,
    pub strong: &'a [bool],
    pub g: usize,
    pub pocket: &'a Pocket,
}

/// How the weak group stands against the opposing groups around its pocket.
#[derive(Default)]
pub(crate) struct Facing {
    /// Its death if nothing saves it: surrounded by a living group, or the first race it loses.
    killed: Option<Death>,
    /// A living group surrounds it.
    by_living: bool,
    /// In seki with one of them.
    in_seki: bool,
    /// The groups it beats whoever moves first.
    beaten: Vec<usize>,
    /// The groups whose race goes to whoever moves first, or that beat it only by counts that miss the liberties
    /// they can fill only by self-atari.
    contested: Vec<usize>,
    /// The groups that beat it whoever moves first.
    winners: Vec<usize>,
    /// The groups it is in contact with: touching stones or a shared liberty.
    engaged: Vec<usize>,
}

impl Weak<'_> {
    /// Judges the group: its death and the groups that beat it in races, or `None` when it is not clearly dead
    /// (it escapes, is in seki, or has a race in doubt).
    pub(crate) fn judge(&self, found: &mut Found, memo: &mut Memo, race_left: &mut u32) -> Option<Dying> {
        let group = &self.round.groups.list[self.g];
        let mut facing = self.face_opponents(found);
        // Winning races saves the group only if the captures give it life; races that go to whoever moves first
        // leave it open when winning them would.
        let escapes = self.lives_by(&facing, &facing.beaten);
        let unclear = !facing.contested.is_empty() && {
            facing.beaten.extend_from_slice(&facing.contested);
            self.lives_by(&facing, &facing.beaten)
        };
        // A seki by liberty counts is left to the referee: a shared liberty that joins the filler to a living
        // group is no self-atari, and counting cannot see that (the playouts never fill a real seki).
        if escapes || facing.in_seki || unclear {
            return None;
        }
        // A race lost by the counts is read out when no living group surrounds the loser: the counts see
        // group liberties, not that the winner's chains in contact may be short of their own (a seki). It is
        // read out as well when a living group does surround it but the loser, a solid group with one eye,
        // lives by capturing the winners: the counts miss a second eye that is miai with the first (an
        // opposing chain in atari beside a bent three, 2016-11-27-22). Not for eyeless or loose groups, whose
        // reading escapes into open space (games/ 2015-02-09-2, 2015-10-16-9 were lost with them).
        let lives_by_winning = || group.eyes == 1 && !group.loose && self.lives_by(&facing, &facing.winners);
        if facing.killed.is_some()
            && *race_left > 0
            && (!facing.by_living || lives_by_winning())
            && race_survives(self.round, self.strong, self.g, memo, race_left)
        {
            return None;
        }
        let winners = if facing.by_living { Vec::new() } else { facing.winners };
        facing.killed.map(|death| Dying { group: self.g, death, winners })
    }

    /// Against each opposing group around the pocket: a living one kills the group; a weak one races it. It is
    /// dead only when nothing is in doubt: a race that goes to whoever moves first leaves it open.
    fn face_opponents(&self, found: &mut Found) -> Facing {
        let (g, strong) = (self.g, self.strong);
        let group = &self.round.groups.list[g];
        let mut facing = Facing::default();
        for &h in &self.pocket.opponents {
            if !strong[h] && self.in_enclosed_seki(h, found) {
                facing.in_seki = true;
                found.seki.push(g);
                continue;
            }
            if strong[h] {
                facing.killed = facing.killed.or(Some(Death::Surrounded { eyes: group.eyes, space: group.space }));
                facing.by_living = true;
                continue;
            }
            self.race_against(h, &mut facing, found);
        }
        facing
    }

    /// Whether the group and weak opposing group `h` are in an enclosed seki, either way round.
    fn in_enclosed_seki(&self, h: usize, found: &mut Found) -> bool {
        let (round, g) = (self.round, self.g);
        *found.enclosed.entry((g.min(h), g.max(h))).or_insert_with(|| {
            enclosed_seki(round.pos, &round.groups, &round.regions, self.strong, g, h)
                || enclosed_seki(round.pos, &round.groups, &round.regions, self.strong, h, g)
        })
    }

    /// The race against weak opposing group `h`, counted with either side moving first.
    fn race_against(&self, h: usize, facing: &mut Facing, found: &mut Found) {
        let (round, g) = (self.round, self.g);
        let (a, b, shared) = race_sides(&round.groups, &round.regions, g, h);
        if shared > 0 || touching_groups(round.pos, &round.groups, g, h) {
            facing.engaged.push(h);
        }
        let first = race::race(a, b, shared, false);
        let second = race::race(a, b, shared, true);
        // Against a winner with no eye in the race count, points the winner can fill only by self-atari are the
        // loser's eye: an eye against none wins the shared liberties, which the counts miss. Against a winner with
        // an eye the counts stand (2016-08-04-8 and 2016-11-26-34 were lost without that condition).
        match (first, second) {
            (Outcome::FirstDies, Outcome::FirstDies)
                if b.eye == 0
                    && !loses_with_held_liberties(round.pos, &round.groups, &round.dead, g, h, (a, b, shared)) =>
            {
                facing.contested.push(h)
            }
            (Outcome::FirstDies, Outcome::FirstDies) => {
                facing.winners.push(h);
                facing.killed = facing.killed.or(Some(loses_race(a, b, shared)));
            }
            (Outcome::SecondDies, Outcome::SecondDies) => facing.beaten.push(h),
            (Outcome::Seki, Outcome::Seki) => {
                facing.in_seki = true;
                // A seki that counting reads right is marked: the referee's split playouts do not break it.
                if counted_seki_holds(round.pos, &round.groups, &round.dead, g, h) {
                    for &c in &round.groups.list[g].chains {
                        found.count_seki[c] = true;
                    }
                }
            }
            _ => facing.contested.push(h),
        }
    }

    /// Whether capturing the groups `captured` (those of them it is engaged with) gives the group life. Life is
    /// counted both with the liberties the captures fill left out (the space may fall apart into separate eyes)
    /// and with them: the strict count alone killed walls that live once their other neighbours die
    /// (2017-05-12-11, 2017-06-18-16). Only captures of groups it races: a weak group beaten by the counts that
    /// neither touches it nor shares a liberty with it is taken by other stones, if at all, and its space is not
    /// this group's. Where nothing but living groups and the stones it captures surround it, and those are a few
    /// stones (a nakade's worth, [`NAKADE_STONES`]), there are no other neighbours to die: only the strict count
    /// holds, since the capturing stones stay on the captured stones' liberties (three stones captured from
    /// inside a corner leave a bent three, one eye: 2016-12-12-5).
    pub(crate) fn lives_by(&self, facing: &Facing, captured: &[usize]) -> bool {
        let (round, g) = (self.round, self.g);
        let groups = &round.groups;
        let captured: Vec<usize> = captured.iter().copied().filter(|h| facing.engaged.contains(h)).collect();
        if captured.is_empty() {
            return false;
        }
        let by = lives_by_capture(round.pos, groups, &round.regions, self.strong, g, &captured);
        let inside_living = self.pocket.opponents.iter().all(|h| self.strong[*h] || captured.contains(h));
        let stones = captured.iter().map(|&h| groups.list[h].stones).sum::<usize>();
        if (facing.by_living && inside_living && stones <= NAKADE_STONES) || self.engulfs(&captured, stones) {
            by.liberties_filled
        } else {
            by.either()
        }
    }

    /// Stones whose every liberty is this group's are captured only by its own stones on those liberties, which
    /// stay there: one or two of them ([`ONE_EYE_STONES`]) leave only their own points, which the strict count
    /// values (a chain of one or two stones: an eye at most, whoever moves next; 2016-08-04-8: Black's eyeless
    /// corner takes White's A18-A17 by playing A19 and B17).
    fn engulfs(&self, captured: &[usize], stones: usize) -> bool {
        let groups = &self.round.groups;
        let group = &groups.list[self.g];
        stones <= ONE_EYE_STONES
            && captured.iter().all(|&h| groups.list[h].libs.iter().all(|l| group.libs.binary_search(l).is_ok()))
    }
}

/// The death of a group that loses its race whoever moves first: its liberties against the winner's.
fn loses_race(a: Side, b: Side, shared: u32) -> Death {
    Death::LosesRace { libs: a.outside + a.eye + shared, against: b.outside + b.eye + shared }
}
