import {useEffect, type ReactNode} from 'react';
import {markSession} from '@studio-handbook/auth/earlySessionCheck';
import {useSessionState} from '../useSessionState';
import styles from './styles.module.css';

/**
 * The spec's access gate, in the browser. This is user experience only: the gate server has
 * already refused every byte of this page to anyone without a company session. It covers the
 * moment the sign-in state is being resolved (content hidden, a loading indicator) and a
 * session that ends while the page is open. While the state is "pending", the stylesheet
 * hides the content; the <head> script (earlySessionCheck) or this component resolves it.
 */
export default function AccessGate({children}: {readonly children: ReactNode}): ReactNode {
  const state = useSessionState();
  useEffect(() => {
    if (state.status !== 'loading') markSession(state.status);
  }, [state.status]);
  if (state.status === 'signed-out') {
    return (
      <main className={styles.screen}>
        <div className={styles.card}>
          <h1 className={styles.title}>Studio Handbook</h1>
          <p>Your session has ended. Sign in with your company Google account to continue.</p>
          {/* Reloading asks the server again; without a session it answers the sign-in page. */}
          <button
            type="button"
            className="button button--primary button--lg"
            onClick={() => window.location.reload()}>
            Login with Google
          </button>
        </div>
      </main>
    );
  }
  return (
    <>
      {state.status === 'loading' ? (
        <div
          className={`${styles.loading} session-loading`}
          role="status"
          aria-live="polite"
          data-testid="session-loading">
          <span className={styles.spinner} aria-hidden="true" />
          <span className={styles.srOnly}>Checking your sign-in…</span>
        </div>
      ) : null}
      <div className="gated-content" data-testid="gated-content">
        {children}
      </div>
    </>
  );
}
