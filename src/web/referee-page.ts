// What the ball games' referee pages share (each ball game's /referee): the table drawn with
// the page's layers under the balls, the link (signed in, the server's errors in the alert) handing the
// view and the live balls to the page, the last stroke's box with Confirm and Override…, the log of
// rulings, the fouls only a person sees as buttons, and the override form's choices. Each page keeps
// what is its game's: its scoreboard, its words, its alerts and the messages its buttons send. The
// pages' shared HTML (the header, the last stroke's buttons, the log) is in web/parts/, put into each
// page by server/assets.ts.
import type { Table } from '../equipment/bed.ts';
import type { BallView } from '../match/view.ts';
import { $, button } from './dom.ts';
import type { Inbound, Live } from './live.ts';
import { connectReferee } from './sign-in.ts';
import { drawTable } from './table-svg.ts';

/**
 * The table, fetched and drawn in `svg#table`, with an empty group under the balls for each of
 * `layers` (in the order named, the first lowest), and its name and size in the header's status.
 */
export const refereeTable = async <N extends string>(
  layers: readonly N[],
): Promise<{ table: Table; balls: SVGGElement; layers: Record<N, SVGGElement> }> => {
  const table = (await (await fetch('/api/table')).json()) as Table;
  const svg = $<SVGSVGElement>('svg#table');
  const balls = drawTable(svg, table);
  const under = {} as Record<N, SVGGElement>;
  for (const name of layers) {
    under[name] = document.createElementNS('http://www.w3.org/2000/svg', 'g');
    svg.insertBefore(under[name], balls);
  }
  $('#status').textContent = `${table.name}: ${table.length} × ${table.width} mm`;
  return { table, balls, layers: under };
};

/** What the page does with what the server sends: a new view, the balls as seen now, what it did. */
export interface RefereeHandlers<V> {
  view(view: V): void;
  balls(balls: readonly BallView[]): void;
  /** The server's words for what an action did (an undo names what it took back). */
  done?(text: string): void;
}

/** The referee's link (sign-in, errors in `#alert`: web/sign-in.ts), the messages to the page's handlers. */
export const connectRefereePage = <V>(handlers: RefereeHandlers<V>): Live =>
  connectReferee<V>((m: Inbound<V>) => {
    if (m.type === 'view') handlers.view(m.view);
    else if (m.type === 'balls') handlers.balls(m.balls);
    else if (m.type === 'ack' && m.done) handlers.done?.(m.done);
  });

/**
 * The last stroke's box: hidden until there is a ruling; the pending ruling in words, or that all are
 * confirmed; Confirm where `confirmable`; Override… once there is a ruling to restate.
 */
export const showPending = <R>(
  pending: R | null,
  rulings: readonly R[],
  describe: (r: R) => string,
  confirmable: boolean,
): void => {
  $('#pending-box').hidden = pending === null && rulings.length === 0;
  $('#pending').textContent = pending ? describe(pending) : rulings.length ? 'All rulings confirmed.' : '';
  $<HTMLButtonElement>('#confirm').disabled = !confirmable;
  $<HTMLButtonElement>('#override-open').disabled = rulings.length === 0;
};

/**
 * The log of rulings (`#log`), the newest first and shown as the page's banner (`showLatest`), the
 * rest in words, a foul marked; each carries its status and stroke (`data-status`, `data-stroke`).
 */
export const showLog = <
  R extends { readonly stroke: number; readonly status: string; readonly foul: unknown },
>(
  rulings: readonly R[],
  describe: (r: R) => string,
  showLatest: (li: HTMLElement) => void,
): void => {
  $('#log').replaceChildren(
    ...[...rulings].reverse().map((r, i) => {
      const li = document.createElement('li');
      li.dataset.status = r.status;
      if (i === 0) {
        // The banner sets the stroke last (web/ruling-banner.ts).
        li.classList.add('latest-ruling');
        showLatest(li);
        return li;
      }
      li.dataset.stroke = String(r.stroke);
      li.textContent = describe(r);
      if (r.foul) li.classList.add('foul');
      return li;
    }),
  );
};

/**
 * The fouls only a person sees (`#referee-fouls`), a button each in the game's words, each called on
 * the last stroke (`{ type: 'refereeFoul', stroke, foul }`) where there is one.
 */
export const refereeFoulButtons = <F extends string>(
  live: Live,
  fouls: readonly F[],
  words: Readonly<Record<F, string>>,
  lastStroke: () => number | undefined,
  cls?: string,
): void => {
  $('#referee-fouls').replaceChildren(
    ...fouls.map((foul) => {
      const b = button(
        words[foul],
        () => {
          const stroke = lastStroke();
          if (stroke !== undefined) live.send({ type: 'refereeFoul', stroke, foul });
        },
        cls,
      );
      b.dataset.foul = foul;
      return b;
    }),
  );
};

/** The override's first-contact choice (`#ov-first`): none (worded `noneWord`), or a ball. */
export const firstContactChoice = (balls: readonly string[], noneWord = 'none'): HTMLSelectElement => {
  const first = $<HTMLSelectElement>('#ov-first');
  first.replaceChildren(
    ...['none', ...balls].map((b) => {
      const o = document.createElement('option');
      o.value = b;
      o.textContent = b === 'none' ? noneWord : b;
      return o;
    }),
  );
  return first;
};

/**
 * Tick boxes in `box`, one per name, each inside its own label with its words, kept on one line
 * (styles: `.check`), so a narrow panel wraps whole label units and never parts a box from its name.
 */
export const checkboxes = (
  box: HTMLElement,
  names: readonly string[],
  words: (n: string) => string = (n) => n,
): void => {
  for (const n of names) {
    const label = document.createElement('label');
    label.className = 'check';
    const input = document.createElement('input');
    input.type = 'checkbox';
    input.value = n;
    const text = document.createElement('span');
    text.textContent = words(n);
    label.append(input, text);
    box.append(label);
  }
};

/** The values of the boxes ticked inside `selector`. */
export const ticked = (selector: string): string[] =>
  [...document.querySelectorAll<HTMLInputElement>(`${selector} input:checked`)].map((i) => i.value);

/** Tick the boxes inside `selector` whose values are in `values`, and no others. */
export const tick = (selector: string, values: readonly string[]): void => {
  for (const input of document.querySelectorAll<HTMLInputElement>(`${selector} input`))
    input.checked = values.includes(input.value);
};
