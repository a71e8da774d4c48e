/**
 * What a reader who is not an insights viewer gets for /insights: a 403 with this page, in the
 * handbook's colours and both colour schemes, saying why and where to go.
 */
export const FORBIDDEN_PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Reader insights | Studio Handbook</title>
<style>
  :root { color-scheme: light dark; --bg: #fff; --fg: #1c1e21; --muted: #525860; --link: #1d5a8a; }
  @media (prefers-color-scheme: dark) { :root { --bg: #1b1b1d; --fg: #e3e3e3; --muted: #b4b8bf; --link: #8ec5ff; } }
  body { margin: 0; background: var(--bg); color: var(--fg);
    font: 16px/1.6 system-ui, -apple-system, "Segoe UI", Roboto, Ubuntu, sans-serif; }
  main { max-width: 36rem; margin: 12vh auto; padding: 0 1.25rem; }
  h1 { font-size: 1.6rem; line-height: 1.25; margin: 0 0 .75rem; }
  p { margin: 0 0 1rem; color: var(--muted); }
  a { color: var(--link); font-weight: 600; }
  a:focus-visible { outline: 3px solid var(--link); outline-offset: 2px; border-radius: 2px; }
</style>
</head>
<body>
<main>
<h1>Reader insights are for the handbook's writers</h1>
<p>This page shows what readers searched for, asked Ask AI and could not find. It is open only to
the people listed in the gate's <code>INSIGHTS_VIEWERS</code> setting.</p>
<p>If you write or own handbook pages, ask the Head of Engineering to add your address.</p>
<p><a href="/">Back to the handbook</a></p>
</main>
</body>
</html>
`;
