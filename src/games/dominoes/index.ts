// Partnership dominoes (CONTRACTS.md §9; seed: seeds/dominoes-rules-ru.txt), one game definition: the
// set, the table, the players, the rules as a pure reducer with `rule` (the whole of `referee rule` for
// `"game": "dominoes"`), and the referee's penalties.
export * from './equipment.ts';
export * from './penalties.ts';
export * from './players.ts';
export * from './rules/index.ts';
export * from './tiles.ts';
