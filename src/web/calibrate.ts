// /calibrate: the live frame, the table's corners (and its spots) as handles the person installing
// drags onto the picture, the table's lines drawn back through the camera the server solves from them
// (the pose, the lens as the calibration in use has it), the reprojection error in px and mm, and Save,
// which writes the calibration file and hands it to the running detector; and, where the game's set-up
// says which ball stands where, Learn the ball set from the frame (the club's own balls' looks, kept
// beside the calibration); and boxes marked over the picture's burned-in graphics (a CCTV camera's clock
// and name), which the vision does not look at, saved with the calibration. Game-neutral: the points
// and lines come from the server's calibration desk, the table's own geometry. Referee's PIN throughout.
import { $ } from './dom.ts';
import { refereeSignIn } from './sign-in.ts';

interface Point {
  readonly name: string;
  readonly x: number;
  readonly y: number;
  readonly z: number;
  u: number;
  v: number;
  readonly corner: boolean;
  used: boolean;
}

interface Drawing {
  readonly lines: readonly {
    readonly kind: string;
    readonly points: readonly (readonly [number, number])[];
  }[];
  readonly spots: readonly { readonly name: string; readonly u: number; readonly v: number }[];
}

/** A box of the picture's burned-in graphics, px: its top-left pixel and its size (docs/formats.md §2). */
interface Overlay {
  readonly u: number;
  readonly v: number;
  readonly width: number;
  readonly height: number;
}

interface Start {
  readonly image: { readonly width: number; readonly height: number };
  readonly file: string | null;
  readonly points: readonly Omit<Point, 'used'>[];
  readonly overlays: readonly Overlay[];
  readonly drawing: Drawing;
  readonly check: { readonly state: string; readonly text: string } | null;
  /** Null where the game's set-up does not say which ball stands where. */
  readonly ballSet: { readonly file: string | null; readonly inUse: boolean } | null;
}

interface Learned {
  readonly file: string;
  readonly learned: readonly string[];
  readonly pipeline: string;
}

interface SolveReply {
  readonly rmsPx: number;
  readonly rmsMm: number;
  readonly points: readonly { readonly errorPx: number; readonly errorMm: number }[];
  readonly drawing: Drawing;
}

interface ApiError {
  readonly error: { readonly code: string; readonly message: string; readonly field?: string };
}

const SVG = 'http://www.w3.org/2000/svg';

// The referee's sign-in as on the referee page: the PIN goes with every call; a wrong one shows the form.
const auth = refereeSignIn(() => void begin(), 'referee PIN');
const pin = (): string | null => auth.credentials()?.pin ?? null;

/** A call to the calibration API with the PIN; an error reply becomes a thrown message. */
const api = async (path: string, body?: object): Promise<Response> => {
  const res = await fetch(path, {
    method: body ? 'POST' : 'GET',
    headers: {
      Authorization: `Bearer ${pin() ?? ''}`,
      ...(body ? { 'Content-Type': 'application/json' } : {}),
    },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  if (res.ok) return res;
  const e = ((await res.json().catch(() => null)) as ApiError | null)?.error;
  throw Object.assign(new Error(e ? e.message : `${res.status} ${res.statusText}`), {
    code: e?.code ?? String(res.status),
  });
};

const message = (text: string, error = false): void => {
  const el = $('#message');
  el.textContent = text;
  el.classList.toggle('error', error);
};

const svgEl = <K extends keyof SVGElementTagNameMap>(
  tag: K,
  attrs: Record<string, string | number>,
): SVGElementTagNameMap[K] => {
  const e = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
  return e;
};

/** When what was written is used: at once where the running detector took it, else from the next start. */
const whenUsed = (pipeline: string): string =>
  pipeline === 'reloaded'
    ? 'The referee uses it now.'
    : 'The camera is not being followed now: it is used from the next start.';

/** The camera's latest frame; opened before the source has given one, the page waits for it. */
const firstFrame = async (): Promise<Blob> => {
  for (;;) {
    try {
      const frame = await (await api('/api/calibration/frame')).blob();
      message('');
      return frame;
    } catch (e) {
      if ((e as { code?: string }).code !== 'NOT_FOUND') throw e;
      message('Waiting for the camera’s first frame…');
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  }
};

const run = async (): Promise<void> => {
  const start = (await (await api('/api/calibration')).json()) as Start;
  const { width: W, height: H } = start.image;
  const svg = $<SVGSVGElement>('#frame');
  // Pixel centres at whole numbers (OpenCV's convention, as the calibration file's): the picture spans
  // −0.5 … W − 0.5.
  svg.setAttribute('viewBox', `-0.5 -0.5 ${W} ${H}`);
  const picture = $<SVGImageElement>('#picture');
  for (const [k, v] of Object.entries({ x: -0.5, y: -0.5, width: W, height: H }))
    picture.setAttribute(k, String(v));
  picture.setAttribute('href', URL.createObjectURL(await firstFrame()));
  if (start.check) $('#check').textContent = `Camera check: ${start.check.text}`;
  $('#status').textContent = start.file
    ? `Save writes ${start.file}`
    : 'Save is off: serve has no calibration file';

  const fresh = (): Point[] => start.points.map((p) => ({ ...p, used: p.corner }));
  let points = fresh();
  let overlays: Overlay[] = [...start.overlays];
  const radius = Math.max(W, H) / 120;

  const showOverlays = (): void => {
    $<SVGGElement>('#overlays').replaceChildren(
      ...overlays.map((o) =>
        svgEl('rect', { class: 'overlay', x: o.u - 0.5, y: o.v - 0.5, width: o.width, height: o.height }),
      ),
    );
    $('#overlay-count').textContent =
      overlays.length === 0 ? 'none' : `${overlays.length} box${overlays.length > 1 ? 'es' : ''} marked`;
    $<HTMLButtonElement>('#unmark').disabled = overlays.length === 0;
  };

  const draw = (d: Drawing): void => {
    const g = $<SVGGElement>('#drawing');
    g.replaceChildren(
      ...d.lines.map((l) =>
        svgEl('polyline', { class: `drawn ${l.kind}`, points: l.points.map((p) => p.join(',')).join(' ') }),
      ),
      ...d.spots.map((s) => svgEl('circle', { class: 'drawn-spot', cx: s.u, cy: s.v, r: radius / 3 })),
    );
  };

  const handles = (): void => {
    const g = $<SVGGElement>('#handles');
    g.replaceChildren(
      ...points.map((p, i) => {
        const c = svgEl('circle', {
          class: 'handle',
          cx: p.u,
          cy: p.v,
          r: p.corner ? radius : radius * 0.7,
          'data-point': p.name,
          'data-used': String(p.used),
        });
        c.append(svgEl('title', {}));
        (c.firstChild as Element).textContent = p.name;
        c.addEventListener('pointerdown', (e) => grab(e, i, c));
        return c;
      }),
    );
  };

  // One solve in flight at a time; a drag that moved on meanwhile is solved again when it answers.
  let solving = false;
  let again = false;
  const solve = async (): Promise<void> => {
    if (solving) {
      again = true;
      return;
    }
    solving = true;
    // `data-solving` is false only once the answer shown is for the handles as they stand.
    document.body.dataset['solving'] = 'true';
    try {
      const used = points.filter((p) => p.used).map(({ u, v, x, y, z }) => ({ u, v, x, y, z }));
      const r = (await (await api('/api/calibration/solve', { points: used })).json()) as SolveReply;
      draw(r.drawing);
      $('#rms-px').textContent = r.rmsPx.toFixed(2);
      $('#rms-mm').textContent = r.rmsMm.toFixed(1);
      message('');
    } catch (e) {
      message((e as Error).message, true);
    } finally {
      solving = false;
      if (again) {
        again = false;
        void solve();
      } else document.body.dataset['solving'] = 'false';
    }
  };

  const toImage = (e: PointerEvent): { u: number; v: number } => {
    const m = svg.getScreenCTM();
    if (!m) return { u: 0, v: 0 };
    const q = new DOMPoint(e.clientX, e.clientY).matrixTransform(m.inverse());
    return { u: q.x, v: q.y };
  };

  const grab = (e: PointerEvent, i: number, c: SVGCircleElement): void => {
    // Marking: the drag spans a box wherever it starts (the picture's listener below).
    if (document.body.dataset['marking'] === 'true') return;
    e.preventDefault();
    c.setPointerCapture(e.pointerId);
    const p = points[i];
    if (!p) return;
    const move = (ev: PointerEvent): void => {
      const q = toImage(ev);
      p.u = Math.round(q.u * 10) / 10;
      p.v = Math.round(q.v * 10) / 10;
      p.used = true;
      c.setAttribute('cx', String(p.u));
      c.setAttribute('cy', String(p.v));
      c.setAttribute('data-used', 'true');
      void solve();
    };
    const drop = (ev: PointerEvent): void => {
      move(ev);
      c.removeEventListener('pointermove', move);
      c.removeEventListener('pointerup', drop);
    };
    c.addEventListener('pointermove', move);
    c.addEventListener('pointerup', drop);
  };

  $('#auto').addEventListener('click', () => {
    message('Looking for the table…');
    void api('/api/calibration/auto', {})
      .then(async (res) => {
        const r = (await res.json()) as { points: Start['points'] };
        points = r.points.map((p) => ({ ...p, used: true }));
        handles();
        message('Found: correct the handles where they are off');
        await solve();
      })
      .catch((e: Error) => message(`Not found automatically: ${e.message}`, true));
  });
  $('#reset').addEventListener('click', () => {
    points = fresh();
    overlays = [...start.overlays];
    handles();
    showOverlays();
    void solve();
  });

  // Mark: the next drag on the picture (not on a handle) spans a box, whole pixels inside the picture.
  $('#mark').addEventListener('click', () => {
    document.body.dataset['marking'] = 'true';
    message('Drag a box over the graphics on the picture');
  });
  $('#unmark').addEventListener('click', () => {
    overlays.pop();
    showOverlays();
  });
  const pixel = (x: number, most: number): number => Math.min(most, Math.max(0, Math.round(x)));
  svg.addEventListener('pointerdown', (e) => {
    if (document.body.dataset['marking'] !== 'true') return;
    e.preventDefault();
    svg.setPointerCapture(e.pointerId);
    const a = toImage(e);
    const rect = svgEl('rect', { class: 'overlay marking', x: a.u, y: a.v, width: 0, height: 0 });
    $<SVGGElement>('#overlays').append(rect);
    const box = (ev: PointerEvent): Overlay => {
      const b = toImage(ev);
      const u = pixel(Math.min(a.u, b.u) + 0.5, W - 1);
      const v = pixel(Math.min(a.v, b.v) + 0.5, H - 1);
      return {
        u,
        v,
        width: Math.max(1, pixel(Math.max(a.u, b.u) + 0.5, W) - u),
        height: Math.max(1, pixel(Math.max(a.v, b.v) + 0.5, H) - v),
      };
    };
    const move = (ev: PointerEvent): void => {
      const o = box(ev);
      for (const [k, v] of Object.entries({ x: o.u - 0.5, y: o.v - 0.5, width: o.width, height: o.height }))
        rect.setAttribute(k, String(v));
    };
    const drop = (ev: PointerEvent): void => {
      svg.removeEventListener('pointermove', move);
      svg.removeEventListener('pointerup', drop);
      document.body.dataset['marking'] = 'false';
      overlays.push(box(ev));
      showOverlays();
      message('Marked: Save keeps it with the calibration');
    };
    svg.addEventListener('pointermove', move);
    svg.addEventListener('pointerup', drop);
  });

  $('#save').addEventListener('click', () => {
    const used = points.filter((p) => p.used).map(({ u, v, x, y, z }) => ({ u, v, x, y, z }));
    void api('/api/calibration', { points: used, overlays })
      .then(async (res) => {
        const r = (await res.json()) as { file: string; rmsPx: number; pipeline: string };
        message(`Saved to ${r.file} (${r.rmsPx.toFixed(2)} px). ${whenUsed(r.pipeline)}`);
        document.body.dataset['saved'] = 'true';
      })
      .catch((e: Error) => message(`Not saved: ${e.message}`, true));
  });

  const ballSet = start.ballSet;
  if (ballSet) {
    $('#ball-set').hidden = false;
    const state = (inUse: boolean): void => {
      $('#ball-set-state').textContent = inUse
        ? `learned, in use${ballSet.file ? ` (${ballSet.file})` : ''}`
        : 'not learned: the balls are named by the classifier alone';
    };
    state(ballSet.inUse);
    $('#learn').addEventListener('click', () => {
      message('Learning the ball set from the picture…');
      void api('/api/calibration/looks', {})
        .then(async (res) => {
          const r = (await res.json()) as Learned;
          state(true);
          message(`Learned ${r.learned.join(', ')} into ${r.file}. ${whenUsed(r.pipeline)}`);
          document.body.dataset['learned'] = 'true';
        })
        .catch((e: Error) => message(`Not learned: ${e.message}`, true));
    });
  }

  draw(start.drawing);
  handles();
  showOverlays();
  await solve();
  document.body.dataset['ready'] = 'true';
};

async function begin(): Promise<void> {
  const c = auth.credentials();
  if (!c) return;
  try {
    await run();
    auth.onMessage({ type: 'authenticated', name: c.name });
  } catch (e) {
    const code = (e as { code?: string }).code ?? '';
    auth.onMessage({ type: 'error', code, message: (e as Error).message });
    message(
      code === 'UNAUTHORIZED' || code === 'LOCKED_OUT'
        ? `Sign in: ${(e as Error).message}`
        : (e as Error).message,
      true,
    );
  }
}

void begin();
