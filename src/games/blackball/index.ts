// Black-ball pool (CONTRACTS.md §8): the equipment and the pure rules engine, in one place for the
// game registry and the `referee rule` dispatcher (`rule(json)` for `"game": "blackball"`).
export * from './equipment.ts';
export * from './rules/index.ts';
