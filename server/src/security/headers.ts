import {createHash} from 'node:crypto';
import type {AssetStore} from '../static/assetStore';

/** Headers every response carries, public or gated. */
export const BASE_HEADERS: Readonly<Record<string, string>> = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'same-origin',
  'x-frame-options': 'DENY',
  'permissions-policy': 'camera=(), microphone=(), geolocation=()',
};

// Inline <script> elements that execute (not JSON-LD data blocks).
const INLINE_SCRIPT =
  /<script(?![^>]*\bsrc=)(?![^>]*\btype=["']?application\/(?:ld\+)?json)[^>]*>([\s\S]*?)<\/script>/g;

/** The CSP hashes of every inline script in the build's HTML (Docusaurus's theme script). */
export function inlineScriptHashes(store: AssetStore): string[] {
  const hashes = new Set<string>();
  for (const [urlPath, asset] of store) {
    if (!urlPath.endsWith('.html')) continue;
    for (const match of asset.body.toString('utf8').matchAll(INLINE_SCRIPT)) {
      const source = match[1] ?? '';
      if (source.trim() === '') continue;
      hashes.add(`'sha256-${createHash('sha256').update(source).digest('base64')}'`);
    }
  }
  return [...hashes].sort();
}

/** Handbook pages open no popups; the sign-in page must keep its popup's `window.opener`. */
export const SITE_OPENER_POLICY = 'same-origin';
export const SIGN_IN_OPENER_POLICY = 'same-origin-allow-popups';

/** The emulator as the sign-in page may address it: by either loopback name. */
export function emulatorOrigins(emulatorUrl: string | null): string {
  if (emulatorUrl === null) return '';
  const {port} = new URL(emulatorUrl);
  return `http://127.0.0.1:${port} http://localhost:${port}`;
}

/** The policy of the handbook pages: only our own origin, and no framing by anyone. */
export function siteContentSecurityPolicy(scriptHashes: readonly string[]): string {
  return [
    "default-src 'self'",
    `script-src 'self' ${scriptHashes.join(' ')}`.trim(),
    // Docusaurus and Prism set style attributes inline.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/**
 * The sign-in page talks to Firebase: Google's identity endpoints and the project's auth
 * domain (or the local emulator), and Google's API loader for the popup.
 */
export function signInContentSecurityPolicy(
  authDomain: string,
  emulatorUrl: string | null,
): string {
  const firebase = emulatorOrigins(emulatorUrl);
  return [
    "default-src 'self'",
    `script-src 'self' https://apis.google.com ${firebase}`.trim(),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: https:",
    `connect-src 'self' https://identitytoolkit.googleapis.com https://securetoken.googleapis.com https://apis.google.com ${firebase}`.trim(),
    `frame-src https://${authDomain} ${firebase}`.trim(),
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}
