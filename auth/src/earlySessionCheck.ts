import {SESSION_PATH} from './runtimeConfig';

/**
 * A script for the page's <head>. The gate server sends a handbook page's HTML only to a company
 * session (everyone else gets the sign-in page with a 401), so a freshly loaded page marks
 * <html data-session="signed-in"> at once and the server-rendered content paints without
 * waiting for a round trip (issue 14: on slow 4G that wait was most of the page's LCP). It
 * still starts GET /__session while the HTML is parsed, for the browser gate's state: an answer
 * other than OK (the session ended between the HTML and the check) marks "signed-out", which
 * hides the content. The answer (a promise) is left for `fetchSession`, which the browser gate
 * calls after hydration. The security boundary is the server, not this script.
 *
 * A page restored from the back/forward cache (Back after Logout) was not just served by the
 * gate, so it is hidden ("pending") and the server asked anew: without a session it reloads,
 * and the gate answers the sign-in page.
 */
export const EARLY_SESSION_GLOBAL = '__handbookSession';
export const SESSION_ATTRIBUTE = 'data-session';

export const EARLY_SESSION_CHECK = `(function(){var d=document.documentElement,m=function(s){d.setAttribute(${JSON.stringify(SESSION_ATTRIBUTE)},s)};m("signed-in");var p=window.${EARLY_SESSION_GLOBAL}=fetch(${JSON.stringify(SESSION_PATH)},{credentials:"same-origin"});p.then(function(r){if(!r.ok)m("signed-out")},function(){m("signed-out")});window.addEventListener("pageshow",function(e){if(!e.persisted)return;m("pending");fetch(${JSON.stringify(SESSION_PATH)},{credentials:"same-origin",cache:"no-store"}).then(function(r){r.ok?m("signed-in"):location.reload()},function(){location.reload()})})})();`;

/** Marks the page's session state (the browser gate's own resolution, after hydration). */
export function markSession(state: 'pending' | 'signed-in' | 'signed-out'): void {
  if (typeof document !== 'undefined')
    document.documentElement.setAttribute(SESSION_ATTRIBUTE, state);
}
