// Command-line flags of the benchmarks and scripts, through node:util's parseArgs: numbers are
// given as strings and checked here, so a bad one is named rather than read as NaN.
import { parseArgs, type ParseArgsConfig } from 'node:util';

type Options = NonNullable<ParseArgsConfig['options']>;

/** The flags of `options` from the command line (negatives `--no-x` allowed), and a reader of numeric ones. */
export const readFlags = <O extends Options>(options: O) => {
  const { values } = parseArgs({ options, allowNegative: true, strict: true });
  const count = (name: keyof O & string): number => {
    const raw = (values as Record<string, unknown>)[name];
    const n = Number(raw);
    if (typeof raw !== 'string' || !Number.isFinite(n))
      throw new Error(`--${name} must be a number, not ${String(raw)}`);
    return n;
  };
  return { values, count };
};
