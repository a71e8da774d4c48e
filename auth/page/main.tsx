import {createRoot} from 'react-dom/client';
import type {RuntimeConfig} from '../src/runtimeConfig';
import {SignInApp} from './SignInApp';

const configElement = document.getElementById('signin-config');
const root = document.getElementById('signin-root');
if (!configElement || !root) throw new Error('The sign-in page is missing its config or root.');
const config = JSON.parse(configElement.textContent ?? '') as RuntimeConfig;
createRoot(root).render(<SignInApp config={config} />);
