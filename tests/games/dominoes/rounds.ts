// Whole rounds, played out under the rules, each found by a seeded random deal and written here in
// full so a case reads on its own (tiles as the seed writes them: `61` is [6, 1]).
import { deal, mv } from './helpers.ts';

/** A fish: player 2 puts down the seventh 1 with both ends showing 1; team 0 holds 41 pips, team 1 49. */
export const FISH = {
  hands: deal('61 13 45 64 00 25 65', '04 44 36 32 60 41 12', '53 03 11 10 20 42 33', '66 22 43 05 51 55 62'),
  moves: mv(
    ...['0 61', '1 36', '2 53', '3 55', '0 25', '1 32', '2 10', '3 05 r'],
    ...['0 13', '1 41 l', '2 42 l', '3 51', '0 pass', '1 12 l', '2 11'],
  ),
};

/** Eggs: player 0 closes the 2s; each team holds 27 pips. */
export const EGGS = {
  hands: deal('00 02 62 51 14 44 12', '66 52 22 04 13 11 34', '32 36 03 55 65 45 33', '01 42 06 53 05 16 64'),
  moves: mv(
    ...['0 12', '1 22', '2 32', '3 53', '0 14', '1 52 r', '2 45 l', '3 42', '0 51 l'],
    ...['1 34', '2 36', '3 16 l', '0 62', '1 66', '2 65 l', '3 05 l', '0 02 l'],
  ),
};

/** A domino that also blocks: player 1's last tile, [4, 0], is the seventh 0 and leaves both ends 0. */
export const DOMINO_THAT_BLOCKS = {
  hands: deal('66 65 62 55 11 63 61', '05 21 14 15 40 31 01', '33 35 06 30 00 45 43', '22 44 25 24 23 46 20'),
  moves: mv(
    ...['0 62', '1 21 r', '2 06', '3 20', '0 11', '1 01', '2 00', '3 24 l', '0 pass', '1 14'],
    ...['2 30', '3 23', '0 61', '1 pass', '2 pass', '3 22', '0 65', '1 15', '2 pass', '3 25'],
    ...['0 55 r', '1 31', '2 33 l', '3 pass', '0 63', '1 05', '2 pass', '3 46', '0 pass', '1 40 l'],
  ),
};

/** A domino: player 2 puts down his last tile, [3, 0]; team 0 holds 15 pips, team 1 22. */
export const DOMINO = {
  hands: deal('66 12 36 16 11 44 15', '55 00 22 01 24 31 45', '30 60 05 20 56 64 35', '25 14 26 40 43 23 33'),
  moves: mv(
    ...['0 11', '1 31', '2 35 r', '3 25 r', '0 15', '1 24', '2 64', '3 26 r', '0 12'],
    ...['1 01 r', '2 20 r', '3 23', '0 36', '1 45 l', '2 60', '3 40 l', '0 pass', '1 00 r'],
    ...['2 05', '3 pass', '0 pass', '1 55 r', '2 56', '3 pass', '0 66', '1 pass', '2 30 l'],
  ),
};

/** A domino by player 1 after player 3 said «пас» at move 2 holding [3, 6] and [2, 3] on ends 2 and 6. */
export const FALSE_PASS_DOMINO = {
  hands: deal('52 45 55 06 61 44 46', '22 01 50 66 21 42 20', '53 30 62 14 34 56 13', '11 33 51 36 04 00 23'),
  moves: mv(
    ...['1 22', '2 62 r', '3 pass', '0 06', '1 20 l', '2 30 r', '3 00', '0 pass', '1 01'],
    ...['2 13 l', '3 36', '0 61 r', '1 21', '2 34', '3 23 r', '0 46', '1 66', '2 56'],
    ...['3 33', '0 52 l', '1 42 l', '2 14', '3 51 l', '0 55 l', '1 50'],
  ),
};
