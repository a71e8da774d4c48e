import {useEffect, useState} from 'react';
import {fetchSession, type SessionIdentity} from '@studio-handbook/auth/sessionClient';

export type SessionState =
  | {readonly status: 'loading'}
  | {readonly status: 'signed-in'; readonly identity: SessionIdentity}
  | {readonly status: 'signed-out'};

/**
 * Asks the gate server who is signed in, once per page load. The session cookie is HttpOnly,
 * so the server's answer is the only truth the browser can have.
 */
export function useSessionState(): SessionState {
  const [state, setState] = useState<SessionState>({status: 'loading'});
  useEffect(() => {
    let cancelled = false;
    fetchSession()
      .then((identity) => {
        if (!cancelled)
          setState(identity ? {status: 'signed-in', identity} : {status: 'signed-out'});
      })
      .catch((error: unknown) => {
        console.error(error);
        if (!cancelled) setState({status: 'signed-out'});
      });
    return () => {
      cancelled = true;
    };
  }, []);
  return state;
}
