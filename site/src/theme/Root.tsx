import type {ReactNode} from 'react';
import AccessGate from '@site/src/auth/AccessGate';
import BrowserContextInTransition from '@site/src/hydration/BrowserContextInTransition';

// Wraps the whole app in the browser-side access gate (user experience; the server decides),
// and flips `useIsBrowser()` after hydration in a transition (src/hydration/).
export default function Root({children}: {readonly children: ReactNode}): ReactNode {
  return (
    <BrowserContextInTransition>
      <AccessGate>{children}</AccessGate>
    </BrowserContextInTransition>
  );
}
