import type {RuntimeConfig} from '@studio-handbook/auth/runtimeConfig';

/** JSON safe to embed in HTML: no `<` can close the script element. */
function embeddedJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028|\u2029/g, '');
}

/**
 * The public sign-in page. It is served with status 401 at whatever handbook URL was asked
 * for, so after sign-in a reload shows that page. It holds no handbook content: only the
 * runtime Firebase configuration and the sign-in bundle.
 */
export function renderSignInPage(config: RuntimeConfig): string {
  return `<!doctype html>
<html lang="en" dir="ltr">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<title>Sign in | Studio Handbook</title>
<link rel="icon" href="/__auth/favicon.svg">
<link rel="stylesheet" href="/__auth/signin.css">
<script type="application/json" id="signin-config">${embeddedJson(config)}</script>
<script src="/__auth/signin.js" defer></script>
</head>
<body>
<main id="signin-root" class="signin">
<div class="signin__card" role="status" aria-live="polite">
<div class="signin__spinner" aria-hidden="true"></div>
<p>Checking your sign-in…</p>
</div>
</main>
<noscript><p class="signin__noscript">Signing in needs JavaScript.</p></noscript>
</body>
</html>
`;
}
