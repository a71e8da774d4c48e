/**
 * The page's HTML template (Docusaurus's own, `ssgTemplate.html.js` of @docusaurus/core 3.9.2,
 * with one change). Docusaurus puts its entry scripts in <head> with `defer`: they run as soon as
 * the HTML is parsed, and when they are already there (a repeat visit, `immutable` caching, or
 * a fast network) parsing, initialising and hydrating the main chunk blocks the first paint of
 * content the server already rendered. On a phone that is most of a second (issue 14). Here each
 * entry script is preloaded from <head> (fetched as early as before, at the low priority of a
 * deferred script, so that it does not compete with the stylesheet) and stays in <head> as an
 * inert <script src> (type AFTER_PAINT_TYPE, which no browser runs); a small script at the end
 * of <body> runs them, in order, once the browser has put the page on screen (the
 * first-contentful-paint entry; three seconds at most).
 *
 * The loader is the same text on every page, so the gate's Content-Security-Policy allows it
 * with one hash, computed from the build like the others (server/src/security/headers.ts).
 */
export const AFTER_PAINT_TYPE = 'text/x-after-first-paint';

export const HYDRATE_AFTER_PAINT = [
  '(function(){var t=performance.now(),d=!1;',
  // g: run the entry scripts (once, in order).
  'function g(){if(d)return;d=!0;',
  `document.querySelectorAll('script[type="${AFTER_PAINT_TYPE}"]').forEach(function(i){`,
  'var e=document.createElement("script");e.src=i.src;e.async=!1;document.head.appendChild(e)})}',
  // n: after the next frame (a task queued from a frame callback runs once it is drawn).
  'function n(){requestAnimationFrame(function(){setTimeout(g,0)})}',
  // A hidden tab paints nothing: no reason to wait.
  'if(document.visibilityState==="hidden")return g();setTimeout(g,3e3);',
  // The first-contentful-paint entry is reported once that frame is on screen; if it was
  // painted before this script ran (part of the page), wait for the next frame as well.
  'var p=window.PerformanceObserver;',
  'if(!p||!p.supportedEntryTypes||p.supportedEntryTypes.indexOf("paint")<0)return n();',
  'new p(function(l,o){var f=l.getEntriesByName("first-contentful-paint")[0];',
  'if(f){o.disconnect();f.startTime<t?n():setTimeout(g,0)}}).observe({type:"paint",buffered:!0})',
  '})();',
].join('');

export const SSR_TEMPLATE = `
<!DOCTYPE html>
<html <%~ it.htmlAttributes %>>
  <head>
    <meta charset="UTF-8">
    <meta name="generator" content="Docusaurus v<%= it.version %>">
    <% it.metaAttributes.forEach((metaAttribute) => { %>
      <%~ metaAttribute %>
    <% }); %>
    <%~ it.headTags %>
    <% it.stylesheets.forEach((stylesheet) => { %>
      <link rel="stylesheet" href="<%= it.baseUrl %><%= stylesheet %>" />
    <% }); %>
    <% it.scripts.forEach((script) => { %>
      <link rel="preload" href="<%= it.baseUrl %><%= script %>" as="script" fetchpriority="low" />
      <script src="<%= it.baseUrl %><%= script %>" type="${AFTER_PAINT_TYPE}"></script>
    <% }); %>
  </head>
  <body <%~ it.bodyAttributes %>>
    <%~ it.preBodyTags %>
    <div id="__docusaurus"><%~ it.appHtml %></div>
    <%~ it.postBodyTags %>
    <script>${HYDRATE_AFTER_PAINT}</script>
  </body>
</html>
`;
