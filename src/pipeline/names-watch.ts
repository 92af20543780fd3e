// Whether the balls' names can be trusted, over the frames: the rules that name a ball go by the white
// (the cue ball), whose light every other ball is seen in, and a white the classifier does not know (a
// cloth of a hue it never saw, a cue ball yellowed with age) is chosen by likeness instead, often
// wrongly. Over every cached split of the second renderer through held-out 47 (900 frames at 1080p, 99
// variants), the cue ball went uncalled in half the frames or more only where the club's set is what
// fixes the names: held-out 44's ultraviolet cloth (9 of 9), held-out 46's yellowed cue ball (8 of 9),
// held-out 45's magenta cloth under a hunting white balance (5 of 9); in fewer on 10 more, never on 86.
// The person installing should hear of it: the club's set, learned from a frame of the balls set up,
// names them right. Pure: the caller says what each frame showed.

export interface NamesWatchOptions {
  /** Frames weighed: the last this many with a ball found. */
  readonly frames: number;
  /** The names are unsure once at least this share of them had no ball called the white… */
  readonly unsureShare: number;
  /** …and sure again once no more than this share had none (between the two, as they were). */
  readonly sureShare: number;
}

/** 150 frames: five seconds at 30 fps, so a cue ball potted and not yet back does not raise it. */
export const DEFAULT_NAMES_WATCH: NamesWatchOptions = { frames: 150, unsureShare: 0.5, sureShare: 0.2 };

export type NamesState = 'sure' | 'unsure';

export class NamesWatch {
  /** Each weighed frame's verdict, a ring: true where no ball was called the white. */
  private readonly missing: boolean[] = [];
  private next = 0;
  private count = 0;
  private _state: NamesState = 'sure';

  constructor(private readonly options: NamesWatchOptions = DEFAULT_NAMES_WATCH) {}

  get state(): NamesState {
    return this._state;
  }

  /** A frame's balls: how many were found, and whether the classifier called one the white. The new
   * state where this frame changed it. */
  see(balls: number, whiteCalled: boolean): NamesState | undefined {
    if (balls === 0) return undefined;
    const { frames, unsureShare, sureShare } = this.options;
    if (this.missing.length < frames) this.missing.push(!whiteCalled);
    else {
      if (this.missing[this.next] === true) this.count--;
      this.missing[this.next] = !whiteCalled;
    }
    this.next = (this.next + 1) % frames;
    if (!whiteCalled) this.count++;
    if (this.missing.length < frames) return undefined;
    const share = this.count / frames;
    const state = share >= unsureShare ? 'unsure' : share <= sureShare ? 'sure' : this._state;
    if (state === this._state) return undefined;
    this._state = state;
    return state;
  }
}
