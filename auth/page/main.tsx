import {createRoot} from 'react-dom/client';
import {clearHandbookTraces} from '../src/browserTraces';
import type {RuntimeConfig} from '../src/runtimeConfig';
import {SignInApp} from './SignInApp';

// The sign-in page shows whenever there is no session (after Logout, or once a session has
// expired): nothing of the handbook stays in this browser's storage from then on.
clearHandbookTraces();

const configElement = document.getElementById('signin-config');
const root = document.getElementById('signin-root');
if (!configElement || !root) throw new Error('The sign-in page is missing its config or root.');
const config = JSON.parse(configElement.textContent ?? '') as RuntimeConfig;
createRoot(root).render(<SignInApp config={config} />);
