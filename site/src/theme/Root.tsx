import type {ReactNode} from 'react';
import AccessGate from '@site/src/auth/AccessGate';

// Wraps the whole app in the browser-side access gate (user experience; the server decides).
export default function Root({children}: {readonly children: ReactNode}): ReactNode {
  return <AccessGate>{children}</AccessGate>;
}
