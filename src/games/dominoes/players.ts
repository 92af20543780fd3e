// Four players, two partnerships (docs/formats.md §9): they play in turn counter-clockwise 0, 1, 2, 3, 0, …;
// partners sit opposite, team 0 is players 0 and 2, team 1 players 1 and 3.
// seed: «Игра в домино – это настольная игра, в которой участвуют четыре человека. Участники
// объединяются в пары» … «так как игра идет против часовой стрелки».
import { z } from 'zod';

export type Player = 0 | 1 | 2 | 3;
export type Team = 0 | 1;

export const PLAYERS: readonly Player[] = [0, 1, 2, 3];
export const TEAMS: readonly Team[] = [0, 1];

/** Team of player p = p % 2. */
export const teamOf = (p: Player): Team => (p % 2) as Team;

/** The player to p's right, who plays after him (counter-clockwise). */
export const nextPlayer = (p: Player): Player => ((p + 1) % 4) as Player;

/** The partner, sitting opposite. */
export const partnerOf = (p: Player): Player => ((p + 2) % 4) as Player;

export const otherTeam = (t: Team): Team => (t === 0 ? 1 : 0);

/** The two players of a team. */
export const playersOf = (t: Team): readonly [Player, Player] => (t === 0 ? [0, 2] : [1, 3]);

export const playerSchema = z
  .number({ error: 'expected a player, 0 … 3' })
  .int({ error: 'expected a player, 0 … 3' })
  .min(0, { error: 'expected a player, 0 … 3' })
  .max(3, { error: 'expected a player, 0 … 3' })
  .transform((n) => n as Player);

export const teamSchema = z
  .union([z.literal(0), z.literal(1)], { error: 'expected a team, 0 or 1' })
  .transform((n) => n as Team);
