export * from './balls.ts';
export * from './bed.ts';
export * from './markings.ts';
export * from './occupancy.ts';
export * from './rails.ts';
export * from './vector.ts';
