// The views' link to the server: one WebSocket on /ws that reconnects by itself and re-syncs (the
// server sends the whole view on every connect), so a page left open survives restarts.
import type { SourceStatusView } from '../capture/status.ts';
import type { BallView, CameraCheckView, NamesCheckView } from '../match/view.ts';
import { showCameraCheck, showNamesCheck } from './camera-banner.ts';
import { showSourceStatus } from './source-banner.ts';

export interface ServerError {
  readonly type: 'error';
  readonly code: string;
  readonly message: string;
  readonly field?: string;
  readonly replyTo?: string;
}

/** What the server sends: `V` is the game's view (with the core's envelope). */
export type Inbound<V> =
  | {
      readonly type: 'view';
      readonly view: V;
      readonly source?: SourceStatusView;
      readonly camera?: CameraCheckView;
      readonly names?: NamesCheckView;
    }
  | { readonly type: 'balls'; readonly t: number; readonly balls: readonly BallView[] }
  | {
      readonly type: 'ruling';
      readonly stroke: number;
      readonly foul: { points: number; reasons: string[] } | null;
    }
  | { readonly type: 'authenticated'; readonly name: string }
  | { readonly type: 'ack'; readonly replyTo?: string; readonly done?: string }
  | ServerError;

export interface Live {
  send(message: Record<string, unknown>): string;
  readonly connected: boolean;
}

export interface LiveHandlers<V> {
  onMessage(message: Inbound<V>): void;
  onStatus?(connected: boolean): void;
  /** Sent again on every (re)connect, e.g. the referee's authentication. */
  hello?(): Record<string, unknown> | null;
}

export const connectLive = <V>(handlers: LiveHandlers<V>): Live => {
  let socket: WebSocket | null = null;
  let connected = false;
  let retry = 250;
  let counter = 0;
  const url = `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/ws`;
  const open = (): void => {
    const s = new WebSocket(url);
    socket = s;
    s.addEventListener('open', () => {
      connected = true;
      retry = 250;
      handlers.onStatus?.(true);
      const hello = handlers.hello?.();
      if (hello) s.send(JSON.stringify(hello));
    });
    s.addEventListener('message', (e: MessageEvent<string>) => {
      const message = JSON.parse(e.data) as Inbound<V>;
      if (message.type === 'view') {
        showSourceStatus(message.source);
        showCameraCheck(message.camera);
        showNamesCheck(message.names);
      }
      handlers.onMessage(message);
    });
    s.addEventListener('close', () => {
      connected = false;
      handlers.onStatus?.(false);
      setTimeout(open, retry);
      retry = Math.min(retry * 2, 5000);
    });
  };
  open();
  return {
    send: (message) => {
      const id = `m${++counter}`;
      socket?.send(JSON.stringify({ ...message, id }));
      return id;
    },
    get connected() {
      return connected;
    },
  };
};
