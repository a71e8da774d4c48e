/**
 * `npm start`'s embedded default configuration: development mode, the demo domain, the
 * Firebase Auth emulator on its usual port. Variables set in the environment win.
 * `npm run revoke` uses the same project and emulator, so it reaches what `npm start` runs.
 */
export const DEV_DEFAULTS: Readonly<Record<string, string>> = {
  NODE_ENV: 'development',
  ALLOWED_EMAIL_DOMAINS: 'studio.example',
  FIREBASE_PROJECT_ID: 'demo-handbook',
  FIREBASE_API_KEY: 'demo-api-key',
  FIREBASE_AUTH_DOMAIN: 'demo-handbook.firebaseapp.com',
  FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099',
  HOST: '127.0.0.1',
  PORT: '3000',
  // Reader insights (/insights) for the demo's writer; any other demo reader gets the 403.
  INSIGHTS_VIEWERS: 'alice@studio.example',
  // A quiet console: no line per request. LOG_LEVEL=info shows one readable line per request.
  LOG_LEVEL: 'warn',
};
