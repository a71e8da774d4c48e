import {SESSION_PATH} from './runtimeConfig';

/**
 * A script for the page's <head>. It asks the gate who is signed in as soon as the HTML is
 * parsed and marks <html data-session> "pending", then "signed-in" or "signed-out": the
 * stylesheet keeps the content hidden while pending, so the server-rendered page appears as
 * soon as the answer arrives, before the bundle has loaded. The answer (a promise) is left for
 * `fetchSession`, which the browser gate calls after hydration.
 *
 * A page restored from the back/forward cache (Back after Logout) is hidden again and the
 * server asked anew: without a session it reloads, and the gate answers the sign-in page.
 */
export const EARLY_SESSION_GLOBAL = '__handbookSession';
export const SESSION_ATTRIBUTE = 'data-session';

export const EARLY_SESSION_CHECK = `(function(){var d=document.documentElement,m=function(s){d.setAttribute(${JSON.stringify(SESSION_ATTRIBUTE)},s)};m("pending");var p=window.${EARLY_SESSION_GLOBAL}=fetch(${JSON.stringify(SESSION_PATH)},{credentials:"same-origin"});p.then(function(r){m(r.ok?"signed-in":"signed-out")},function(){m("signed-out")});window.addEventListener("pageshow",function(e){if(!e.persisted)return;m("pending");fetch(${JSON.stringify(SESSION_PATH)},{credentials:"same-origin",cache:"no-store"}).then(function(r){r.ok?m("signed-in"):location.reload()},function(){location.reload()})})})();`;

/** Marks the page's session state (the browser gate's own resolution, after hydration). */
export function markSession(state: 'pending' | 'signed-in' | 'signed-out'): void {
  if (typeof document !== 'undefined')
    document.documentElement.setAttribute(SESSION_ATTRIBUTE, state);
}
