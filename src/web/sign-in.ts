// The referee's sign-in, as every game's referee page has it: the form in the page's header (built
// here, so no page writes it out again), the name once signed in, and the name and PIN kept for the
// browser tab so a reload or a reconnect signs in again by itself.
import { $, showLink } from './dom.ts';
import { connectLive, type Inbound, type Live } from './live.ts';

export interface Credentials {
  readonly name: string;
  readonly pin: string;
}

const KEY = 'referee';

export interface SignIn {
  /** The name and PIN kept for this tab, if any (sent in the link's hello). */
  credentials(): Credentials | null;
  /** The link's hello on every (re)connect: sign in again with what is kept, if anything. */
  hello(): { type: 'auth'; name: string; pin: string } | null;
  /**
   * The server's answer about signing in: `authenticated` shows the name; an `error` that says the PIN
   * was wrong forgets it and shows the form again (locked out: the form stays, the message says how
   * long). Other messages are the page's own.
   */
  onMessage(m: Inbound<unknown>): void;
}

/**
 * Puts the sign-in form in the header (before `#whoami`'s place) and sends `{ type: 'auth' }` through
 * `send` when it is submitted. `placeholder` words the PIN box.
 */
export const refereeSignIn = (
  send: (message: Record<string, unknown>) => void,
  placeholder = 'PIN',
): SignIn => {
  const header = $('header');
  const form = document.createElement('form');
  form.id = 'login';
  form.className = 'login';
  const name = Object.assign(document.createElement('input'), {
    id: 'name',
    placeholder: 'your name',
    autocomplete: 'username',
    required: true,
  });
  const pin = Object.assign(document.createElement('input'), {
    id: 'pin',
    placeholder,
    type: 'password',
    inputMode: 'numeric',
    autocomplete: 'current-password',
    required: true,
  });
  const submit = Object.assign(document.createElement('button'), { type: 'submit', textContent: 'Sign in' });
  form.append(name, pin, submit);
  const whoami = Object.assign(document.createElement('span'), { id: 'whoami', hidden: true });
  header.append(form, whoami);

  form.addEventListener('submit', (e) => {
    e.preventDefault();
    const c = { name: name.value.trim(), pin: pin.value };
    sessionStorage.setItem(KEY, JSON.stringify(c));
    send({ type: 'auth', ...c });
  });

  const credentials = (): Credentials | null => {
    const saved = sessionStorage.getItem(KEY);
    return saved ? (JSON.parse(saved) as Credentials) : null;
  };
  return {
    credentials,
    hello: () => {
      const c = credentials();
      return c ? { type: 'auth', ...c } : null;
    },
    onMessage: (m) => {
      if (m.type === 'authenticated') {
        form.hidden = true;
        whoami.hidden = false;
        whoami.textContent = `signed in as ${m.name}`;
        document.body.dataset.auth = 'referee';
      } else if (m.type === 'error' && (m.code === 'UNAUTHORIZED' || m.code === 'LOCKED_OUT')) {
        if (m.code === 'UNAUTHORIZED') sessionStorage.removeItem(KEY);
        form.hidden = false;
      }
    },
  };
};

/**
 * A referee page's link to the server: signed in again by itself on every (re)connect, the link's
 * state shown in the header, and every error the server sends (a refused action, a wrong PIN) shown
 * in `errorBox` by its code and message. Every message, errors too, then goes to the page's own
 * `onMessage`.
 */
export const connectReferee = <V>(onMessage: (m: Inbound<V>) => void, errorBox = '#alert'): Live => {
  const signIn = refereeSignIn((m) => live.send(m));
  const live = connectLive<V>({
    onMessage: (m) => {
      signIn.onMessage(m);
      if (m.type === 'error') {
        const box = $(errorBox);
        box.textContent = `${m.code}: ${m.message}`;
        box.hidden = false;
      }
      onMessage(m);
    },
    onStatus: (up) => {
      showLink(up);
    },
    hello: signIn.hello,
  });
  return live;
};
