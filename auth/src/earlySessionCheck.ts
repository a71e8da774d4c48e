import {SESSION_PATH} from './runtimeConfig';

/**
 * A script for the page's <head>: asks the gate who is signed in as soon as the HTML is parsed,
 * and leaves the answer (a promise) for `fetchSession` to pick up after hydration.
 */
export const EARLY_SESSION_GLOBAL = '__handbookSession';

export const EARLY_SESSION_CHECK = `window.${EARLY_SESSION_GLOBAL}=fetch(${JSON.stringify(SESSION_PATH)},{credentials:"same-origin"});`;
