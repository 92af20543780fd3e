// The dominoes table (docs/formats.md §9 "Table frame"): a flat surface with no pockets, origin at a
// corner of the playing area, x and y along its edges (mm), z up. The default table is 900 × 900 mm,
// its tiles 50 × 25 × 12 mm (length × width × height); a tile's face is 12 mm above the cloth, so
// parallax is corrected as for balls. Calibration `table`: `"dominoes"` or
// `{ "game": "dominoes", "width", "length", "tile": [50, 25, 12] }`.
import { z } from 'zod';
import { type Result, ok } from '../../core/errors.ts';
import { parseWith } from '../../core/schema.ts';
import { mm, type Mm, type PointMm } from '../../core/units.ts';
import type { FlatSurface } from '../../equipment/index.ts';

export interface TileSize {
  readonly length: Mm;
  readonly width: Mm;
  /** Height of a tile lying flat: its face is this far above the cloth. */
  readonly height: Mm;
}

export interface DominoesTable {
  readonly game: 'dominoes';
  /** Along x, mm. */
  readonly width: Mm;
  /** Along y, mm. */
  readonly length: Mm;
  readonly tile: TileSize;
}

export const DEFAULT_TABLE_MM = { width: 900, length: 900 } as const;
export const DEFAULT_TILE_MM = [50, 25, 12] as const;

/** A table of the given size (mm); the default `dominoes` table where nothing is given. */
export const dominoesTable = (
  width: number = DEFAULT_TABLE_MM.width,
  length: number = DEFAULT_TABLE_MM.length,
  tile: readonly [number, number, number] = DEFAULT_TILE_MM,
): DominoesTable => ({
  game: 'dominoes',
  width: mm(width),
  length: mm(length),
  tile: { length: mm(tile[0]), width: mm(tile[1]), height: mm(tile[2]) },
});

/** Height of a face-up tile's face above the cloth, where the camera sees its pips. */
export const faceHeight = (table: DominoesTable): Mm => table.tile.height;

/** A point on the playing area (edges included). */
export const isOnTable = (table: DominoesTable, p: PointMm): boolean =>
  p.x >= 0 && p.y >= 0 && p.x <= table.width && p.y <= table.length;

const positive = z
  .number({ error: 'expected a finite size in mm' })
  .positive({ error: (issue) => `must be positive, got ${String(issue.input)}` });

const tileSizeSchema = z
  .tuple([positive, positive, positive], { error: 'expected the tile as [length, width, height] in mm' })
  .refine(([length, width]) => length >= width, {
    error: 'a tile is given as [length, width, height]: its length cannot be less than its width',
  });

/** The calibration file's `table` for dominoes. */
export const dominoesTableSpecSchema = z.union(
  [
    z.literal('dominoes'),
    z.object({ game: z.literal('dominoes'), width: positive, length: positive, tile: tileSizeSchema }),
  ],
  { error: 'expected "dominoes" or { "game": "dominoes", "width", "length", "tile": [l, w, h] } in mm' },
);

export type DominoesTableSpec = z.output<typeof dominoesTableSpecSchema>;

export const tableFromSpec = (spec: DominoesTableSpec): DominoesTable =>
  spec === 'dominoes' ? dominoesTable() : dominoesTable(spec.width, spec.length, spec.tile);

/** A calibration `table` value; errors name the field under `field` (e.g. `table.tile`). */
export const parseDominoesTable = (json: unknown, field = 'table'): Result<DominoesTable> => {
  const parsed = parseWith(dominoesTableSpecSchema, json, 'INVALID_INPUT', field);
  return parsed.ok ? ok(tableFromSpec(parsed.value)) : parsed;
};

/** The calibration `table` value for a table: `"dominoes"` for the default one, else the object. */
export const makeDominoesTableSpec = (
  t: DominoesTable,
): 'dominoes' | { game: 'dominoes'; width: number; length: number; tile: [number, number, number] } => {
  const d = dominoesTable();
  const isDefault =
    t.width === d.width &&
    t.length === d.length &&
    t.tile.length === d.tile.length &&
    t.tile.width === d.tile.width &&
    t.tile.height === d.tile.height;
  return isDefault
    ? 'dominoes'
    : {
        game: 'dominoes',
        width: t.width,
        length: t.length,
        tile: [t.tile.length, t.tile.width, t.tile.height],
      };
};

/**
 * The dominoes table as the core carries it: a flat surface (no pockets, no cushions) of its playing
 * area, with the table itself (tile length, width and height) as `dominoes`, for the detector, the
 * follower and the pages (`/api/table`).
 */
export interface DominoesSurface extends FlatSurface {
  readonly dominoes: DominoesTable;
}

export const dominoesSurface = (t: DominoesTable): DominoesSurface => ({
  kind: 'flat',
  name: `dominoes ${t.width} × ${t.length} mm`,
  width: t.width,
  length: t.length,
  dominoes: t,
});
