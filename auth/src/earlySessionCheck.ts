import {SESSION_PATH} from './runtimeConfig';

/**
 * A script for the page's <head>. It asks the gate who is signed in as soon as the HTML is
 * parsed and marks <html data-session> "pending", then "signed-in" or "signed-out": the
 * stylesheet keeps the content hidden while pending, so the server-rendered page appears as
 * soon as the answer arrives, before the bundle has loaded. The answer (a promise) is left for
 * `fetchSession`, which the browser gate calls after hydration.
 */
export const EARLY_SESSION_GLOBAL = '__handbookSession';
export const SESSION_ATTRIBUTE = 'data-session';

export const EARLY_SESSION_CHECK = `(function(){var d=document.documentElement,m=function(s){d.setAttribute(${JSON.stringify(SESSION_ATTRIBUTE)},s)};m("pending");var p=window.${EARLY_SESSION_GLOBAL}=fetch(${JSON.stringify(SESSION_PATH)},{credentials:"same-origin"});p.then(function(r){m(r.ok?"signed-in":"signed-out")},function(){m("signed-out")})})();`;

/** Marks the page's session state (the browser gate's own resolution, after hydration). */
export function markSession(state: 'pending' | 'signed-in' | 'signed-out'): void {
  if (typeof document !== 'undefined')
    document.documentElement.setAttribute(SESSION_ATTRIBUTE, state);
}
