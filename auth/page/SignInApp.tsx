import {useEffect, useState, type FormEvent, type ReactNode} from 'react';
import type {Auth} from 'firebase/auth';
import {REFUSAL_MESSAGES, checkIdentity} from '../src/domainRule';
import type {RuntimeConfig} from '../src/runtimeConfig';
import {fetchSession, startSession} from '../src/sessionClient';
import {createAuth, signInLocally, signInWithGoogle, type GoogleSignIn} from './firebaseAuth';
import {signInErrorMessage} from './signInErrors';

type Screen =
  | {readonly kind: 'loading'}
  | {readonly kind: 'ready'; readonly refused?: string; readonly error?: string}
  | {readonly kind: 'signing-in'};

/** The spec's login screen: one "Login with Google" button, and why the last try failed. */
export function SignInApp({config}: {readonly config: RuntimeConfig}): ReactNode {
  const [auth] = useState<Auth>(() => createAuth(config));
  const [screen, setScreen] = useState<Screen>({kind: 'loading'});

  useEffect(() => {
    let cancelled = false;
    Promise.all([auth.authStateReady(), fetchSession()])
      .then(([, session]) => {
        if (cancelled) return;
        // A session already exists (signed in in another tab): show the page asked for.
        if (session) window.location.reload();
        else setScreen({kind: 'ready'});
      })
      .catch((error: unknown) => {
        console.error(error);
        if (!cancelled)
          setScreen({kind: 'ready', error: error instanceof Error ? error.message : String(error)});
      });
    return () => {
      cancelled = true;
    };
  }, [auth]);

  const finish = async ({user, googleIdToken}: GoogleSignIn): Promise<void> => {
    const verdict = checkIdentity(
      {
        email: user.email,
        emailVerified: user.emailVerified,
        provider: user.providerData[0]?.providerId,
      },
      config.allowedDomains,
    );
    if (!verdict.allowed) {
      await auth.signOut();
      setScreen({
        kind: 'ready',
        refused: refusalLine(user.email, REFUSAL_MESSAGES[verdict.reason]),
      });
      return;
    }
    // The browser's check only picks the screen; the server decides.
    const refusal = await startSession(await user.getIdToken(), googleIdToken);
    await auth.signOut();
    if (refusal === null) {
      window.location.reload();
      return;
    }
    setScreen({kind: 'ready', refused: refusalLine(user.email, refusal.message)});
  };

  const run = (signIn: () => Promise<GoogleSignIn>) => {
    setScreen({kind: 'signing-in'});
    signIn()
      .then(finish)
      .catch((error: unknown) => {
        console.error(error);
        setScreen({
          kind: 'ready',
          error: signInErrorMessage(error, {emulator: config.emulatorUrl !== null}),
        });
      });
  };

  if (screen.kind === 'loading') {
    return (
      <div className="signin__card" role="status" aria-live="polite">
        <div className="signin__spinner" aria-hidden="true" />
        <p>Checking your sign-in…</p>
      </div>
    );
  }

  const busy = screen.kind === 'signing-in';
  return (
    <div className="signin__card">
      <img className="signin__logo" src="/__auth/favicon.svg" alt="" width={56} height={56} />
      <h1 className="signin__title">Studio Handbook</h1>
      <p className="signin__lead">Sign in with your company Google account to read the handbook.</p>
      {screen.kind === 'ready' && screen.refused ? (
        <p className="signin__refused" data-testid="refused">
          {screen.refused}
        </p>
      ) : null}
      {screen.kind === 'ready' && screen.error ? (
        <div className="signin__alert" role="alert">
          {screen.error}
        </div>
      ) : null}
      <button
        type="button"
        className="signin__button"
        disabled={busy}
        onClick={() => run(() => signInWithGoogle(auth))}>
        Login with Google
      </button>
      {config.emulatorUrl ? (
        <LocalSignIn busy={busy} onSubmit={(email) => run(() => signInLocally(auth, email))} />
      ) : null}
    </div>
  );
}

function LocalSignIn({
  busy,
  onSubmit,
}: {
  readonly busy: boolean;
  readonly onSubmit: (email: string) => void;
}): ReactNode {
  const [email, setEmail] = useState('alice@studio.example');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit(email.trim());
  };
  return (
    <form className="signin__local" onSubmit={submit} aria-label="Local sign-in (emulator)">
      <p className="signin__localTitle">
        <strong>Development only:</strong> local sign-in through the Firebase Auth emulator, no
        Google account needed.
      </p>
      <label htmlFor="local-email">Google account e-mail</label>
      <div className="signin__localRow">
        <input
          id="local-email"
          type="email"
          required
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
        <button type="submit" className="signin__localButton" disabled={busy}>
          Sign in locally
        </button>
      </div>
    </form>
  );
}

function refusalLine(email: string | null, reason: string): string {
  return `Signed in as ${email ?? 'an account without an e-mail address'}. ${reason}`;
}
