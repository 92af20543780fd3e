export * from './bed.ts';
export * from './marks.ts';
export * from './occupancy.ts';
export * from './rails.ts';
export * from './vector.ts';
export * from './pieces.ts';
export * from './surface.ts';
