import {availableParallelism} from 'node:os';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {z} from 'zod';
import {parseAllowedDomains} from '@studio-handbook/auth/domainRule';

/**
 * The gate's whole configuration, read from the environment once at start-up. A missing or
 * invalid value stops start-up with a message naming the variable: a gate that guesses its
 * configuration could guess open.
 */
export type Config = {
  readonly mode: 'development' | 'production';
  readonly host: string;
  readonly port: number;
  readonly allowedDomains: readonly string[];
  readonly firebase: {
    readonly projectId: string;
    readonly apiKey: string;
    readonly authDomain: string;
  };
  /** `127.0.0.1:9099` when running against the Firebase Auth emulator (development only). */
  readonly emulatorHost: string | null;
  readonly sessionDays: number;
  readonly trustProxy: boolean | string;
  /** Processes serving requests (node:cluster); 1 runs the gate in this process. */
  readonly workers: number;
  readonly logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  readonly siteDir: string;
  readonly signInDir: string;
  readonly searchIndexFile: string;
  /** Development only: the Docusaurus dev server to forward signed-in requests to. */
  readonly devSiteUrl: string | null;
  /** Ask AI: extractive (no endpoint) or generative through an OpenAI-compatible endpoint. */
  readonly askAi: AskAiConfig;
  /** Google's `hd` claim: only accounts managed by the company's Workspace get a session. */
  readonly hostedDomainCheck: HostedDomainCheckConfig;
  /** How long a verified session is trusted before Firebase is asked again (revoked, disabled). */
  readonly revocationCheckSeconds: number;
  /** Reader insights: what readers searched, asked and could not find (server/src/insights). */
  readonly insights: InsightsConfig;
  /** Prometheus metrics: off unless a token or a loopback port is configured. */
  readonly metrics: MetricsConfig;
};

export type InsightsConfig = {
  /** `INSIGHTS=off` records nothing and answers /insights with 404. */
  readonly enabled: boolean;
  /** The SQLite file's folder when no DATABASE_URL is set. */
  readonly dataDir: string;
  /** PostgreSQL (`postgres://…`), shared by every replica; null uses SQLite under dataDir. */
  readonly databaseUrl: string | null;
  readonly retentionDays: number;
  /** Who may open /insights: lower-cased addresses, or `everyone` for `*`. */
  readonly viewers: 'everyone' | ReadonlySet<string>;
};

export type MetricsConfig = {
  /** `GET /metrics` on the gate's own port, with `Authorization: Bearer <token>`. */
  readonly token: string | null;
  /** A separate listener on 127.0.0.1 for `GET /metrics`, without a token. */
  readonly port: number | null;
};

export type HostedDomainCheckConfig = {
  readonly enabled: boolean;
  /** The web client id of the Firebase project's Google provider: the Google token's audience. */
  readonly clientId: string | null;
};

export type AskAiConfig = {
  /** Base URL of an OpenAI-compatible API (`…/v1`); null answers extractively, offline. */
  readonly baseUrl: string | null;
  readonly model: string | null;
  readonly apiKey: string | null;
  readonly firstTokenTimeoutMs: number;
  readonly idleTimeoutMs: number;
};

export class ConfigError extends Error {
  override name = 'ConfigError';
}

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]', '::1']);

const nonEmpty = z.string().trim().min(1, 'must not be empty');
const EMAIL = /^[^\s@,]+@[^\s@,]+$/;
/** A bearer token shorter than this could be guessed by anyone who can reach the port. */
export const MIN_METRICS_TOKEN_LENGTH = 32;

const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  ALLOWED_EMAIL_DOMAINS: z
    .string({error: 'is required (comma-separated, e.g. studio.example)'})
    .transform((raw, ctx) => {
      try {
        return parseAllowedDomains(raw);
      } catch (error) {
        ctx.addIssue({code: 'custom', message: (error as Error).message});
        return z.NEVER;
      }
    }),
  FIREBASE_PROJECT_ID: z
    .string({error: 'is required'})
    .regex(
      /^[a-z][a-z0-9-]{4,28}[a-z0-9]$/,
      'must be a Firebase project id such as "demo-handbook"',
    ),
  FIREBASE_API_KEY: z
    .string({error: 'is required (the web API key of the Firebase project)'})
    .pipe(nonEmpty)
    .refine((key) => !key.includes(':'), 'must not contain a colon'),
  FIREBASE_AUTH_DOMAIN: z
    .string({error: 'is required (e.g. my-project.firebaseapp.com)'})
    .regex(/^[a-z0-9.-]+(:\d+)?$/i, 'must be a host name such as "my-project.firebaseapp.com"'),
  FIREBASE_AUTH_EMULATOR_HOST: z
    .string()
    .regex(/^[^\s:/]+:\d{1,5}$/, 'must be host:port, e.g. 127.0.0.1:9099')
    .optional(),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: nonEmpty.default('127.0.0.1'),
  SESSION_DAYS: z.coerce.number().int().min(1).max(14).default(5),
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((value) =>
      value === undefined || value === '' || value === 'false'
        ? false
        : value === 'true'
          ? true
          : value,
    ),
  WORKERS: z.coerce.number().int().min(1).max(64).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SITE_DIR: nonEmpty.default(path.join(repoRoot, 'site/build')),
  SIGNIN_DIR: nonEmpty.default(path.join(repoRoot, 'auth/dist')),
  SEARCH_INDEX_FILE: nonEmpty.default(path.join(repoRoot, 'search/dist/index.json')),
  DEV_SITE_URL: z.url({message: 'must be a URL such as http://127.0.0.1:3001'}).optional(),
  ASK_AI_BASE_URL: z
    .url({
      protocol: /^https?$/,
      message: 'must be an http(s) URL such as http://127.0.0.1:11434/v1',
    })
    .optional(),
  ASK_AI_MODEL: nonEmpty.optional(),
  ASK_AI_API_KEY: nonEmpty.optional(),
  ASK_AI_FIRST_TOKEN_TIMEOUT_MS: z.coerce.number().int().min(100).max(300_000).default(30_000),
  ASK_AI_IDLE_TIMEOUT_MS: z.coerce.number().int().min(100).max(300_000).default(15_000),
  GOOGLE_HOSTED_DOMAIN_CHECK: z.enum(['on', 'off'], {message: 'must be "on" or "off"'}).optional(),
  GOOGLE_OAUTH_CLIENT_ID: z
    .string()
    .trim()
    .regex(
      /^[0-9]+-[a-z0-9]+\.apps\.googleusercontent\.com$/,
      'must be an OAuth web client id such as "1234567890-abc123.apps.googleusercontent.com"',
    )
    .optional(),
  REVOCATION_CHECK_SECONDS: z.coerce
    .number({message: 'must be a whole number of seconds'})
    .int('must be a whole number of seconds')
    .min(1, 'must be at least 1')
    .max(3600, 'must be at most 3600 (an hour): leavers must lose access quickly')
    .default(60),
  INSIGHTS: z.enum(['on', 'off'], {message: 'must be "on" or "off"'}).default('on'),
  DATA_DIR: nonEmpty.default(path.join(repoRoot, 'var')),
  DATABASE_URL: z
    .string()
    .trim()
    .regex(
      /^postgres(ql)?:\/\/\S+$/,
      'must be a PostgreSQL URL such as postgres://handbook:secret@db.internal:5432/handbook',
    )
    .refine((value) => URL.canParse(value), 'is not a valid URL')
    .optional(),
  INSIGHTS_RETENTION_DAYS: z.coerce
    .number({message: 'must be a whole number of days'})
    .int('must be a whole number of days')
    .min(1, 'must be at least 1')
    .max(3650, 'must be at most 3650 (ten years)')
    .default(180),
  INSIGHTS_VIEWERS: z
    .string()
    .trim()
    .optional()
    .transform((raw, ctx) => {
      if (raw === undefined || raw === '') return new Set<string>();
      if (raw === '*') return 'everyone' as const;
      const viewers = raw.split(',').map((entry) => entry.trim().toLowerCase());
      const bad = viewers.find((entry) => !EMAIL.test(entry));
      if (bad !== undefined) {
        ctx.addIssue({
          code: 'custom',
          message: `"${bad}" is not an e-mail address: list addresses separated by commas, or * for every reader`,
        });
        return z.NEVER;
      }
      return new Set(viewers);
    }),
  METRICS_TOKEN: z
    .string()
    .trim()
    .min(
      MIN_METRICS_TOKEN_LENGTH,
      `must be at least ${MIN_METRICS_TOKEN_LENGTH} characters (e.g. \`openssl rand -hex 32\`)`,
    )
    .regex(/^[\x21-\x7e]+$/, 'must be printable ASCII without spaces')
    .optional(),
  METRICS_PORT: z.coerce
    .number({message: 'must be a port number'})
    .int('must be a port number')
    .min(1, 'must be a port number from 1 to 65535')
    .max(65535, 'must be a port number from 1 to 65535')
    .optional(),
});

export function loadConfig(env: NodeJS.ProcessEnv): Config {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const values = parsed.data;
  const mode = values.NODE_ENV === 'production' ? 'production' : 'development';
  const emulatorHost = values.FIREBASE_AUTH_EMULATOR_HOST ?? null;
  if (emulatorHost !== null) {
    // Emulator tokens are unsigned: a production gate that trusted them would admit anyone.
    if (mode === 'production') {
      throw new ConfigError(
        'Invalid configuration:\n  FIREBASE_AUTH_EMULATOR_HOST: must not be set when NODE_ENV=production (emulator tokens are unsigned)',
      );
    }
    const emulatorHostname = emulatorHost.slice(0, emulatorHost.lastIndexOf(':'));
    if (!LOOPBACK_HOSTS.has(emulatorHostname)) {
      throw new ConfigError(
        `Invalid configuration:\n  FIREBASE_AUTH_EMULATOR_HOST: must point to a loopback host (127.0.0.1 or localhost), got "${emulatorHostname}"`,
      );
    }
  }
  const devSiteUrl = values.DEV_SITE_URL ?? null;
  if (devSiteUrl !== null) {
    if (mode === 'production') {
      throw new ConfigError(
        'Invalid configuration:\n  DEV_SITE_URL: must not be set when NODE_ENV=production',
      );
    }
    if (!LOOPBACK_HOSTS.has(new URL(devSiteUrl).hostname)) {
      throw new ConfigError(
        'Invalid configuration:\n  DEV_SITE_URL: must point to a loopback host (127.0.0.1 or localhost)',
      );
    }
  }
  const askAiBaseUrl = values.ASK_AI_BASE_URL ?? null;
  if (askAiBaseUrl !== null && values.ASK_AI_MODEL === undefined) {
    throw new ConfigError(
      'Invalid configuration:\n  ASK_AI_MODEL: is required when ASK_AI_BASE_URL is set (the model name the endpoint serves)',
    );
  }
  const hostedDomainCheck =
    (values.GOOGLE_HOSTED_DOMAIN_CHECK ?? (mode === 'production' ? 'on' : 'off')) === 'on';
  const clientId = values.GOOGLE_OAUTH_CLIENT_ID ?? null;
  // Only the emulator's unsigned Google tokens can be checked without knowing the audience.
  if (hostedDomainCheck && clientId === null && emulatorHost === null) {
    throw new ConfigError(
      `Invalid configuration:\n  GOOGLE_OAUTH_CLIENT_ID: is required while GOOGLE_HOSTED_DOMAIN_CHECK is on${values.GOOGLE_HOSTED_DOMAIN_CHECK === undefined ? ' (it is on by default with NODE_ENV=production)' : ''}: the web client id of the Firebase project's Google provider`,
    );
  }
  const viewers = values.INSIGHTS_VIEWERS;
  if (viewers !== 'everyone') {
    const outsider = [...viewers].find(
      (email) => !values.ALLOWED_EMAIL_DOMAINS.includes(email.slice(email.lastIndexOf('@') + 1)),
    );
    if (outsider !== undefined) {
      throw new ConfigError(
        `Invalid configuration:\n  INSIGHTS_VIEWERS: "${outsider}" is not in ALLOWED_EMAIL_DOMAINS, so it could never sign in`,
      );
    }
  }
  if (values.METRICS_PORT !== undefined && values.METRICS_PORT === values.PORT) {
    throw new ConfigError(
      'Invalid configuration:\n  METRICS_PORT: must differ from PORT (metrics listen on a port of their own, on 127.0.0.1)',
    );
  }
  return {
    mode,
    devSiteUrl,
    insights: {
      enabled: values.INSIGHTS === 'on',
      dataDir: path.resolve(values.DATA_DIR),
      databaseUrl: values.DATABASE_URL ?? null,
      retentionDays: values.INSIGHTS_RETENTION_DAYS,
      viewers,
    },
    metrics: {token: values.METRICS_TOKEN ?? null, port: values.METRICS_PORT ?? null},
    hostedDomainCheck: {enabled: hostedDomainCheck, clientId},
    revocationCheckSeconds: values.REVOCATION_CHECK_SECONDS,
    askAi: {
      baseUrl: askAiBaseUrl === null ? null : askAiBaseUrl.replace(/\/+$/, ''),
      model: values.ASK_AI_MODEL ?? null,
      apiKey: values.ASK_AI_API_KEY ?? null,
      firstTokenTimeoutMs: values.ASK_AI_FIRST_TOKEN_TIMEOUT_MS,
      idleTimeoutMs: values.ASK_AI_IDLE_TIMEOUT_MS,
    },
    host: values.HOST,
    port: values.PORT,
    allowedDomains: values.ALLOWED_EMAIL_DOMAINS,
    firebase: {
      projectId: values.FIREBASE_PROJECT_ID,
      apiKey: values.FIREBASE_API_KEY,
      authDomain: values.FIREBASE_AUTH_DOMAIN,
    },
    emulatorHost,
    sessionDays: values.SESSION_DAYS,
    trustProxy: values.TRUST_PROXY,
    logLevel: values.LOG_LEVEL,
    workers: values.WORKERS ?? (mode === 'production' ? availableParallelism() : 1),
    siteDir: path.resolve(values.SITE_DIR),
    signInDir: path.resolve(values.SIGNIN_DIR),
    searchIndexFile: path.resolve(values.SEARCH_INDEX_FILE),
  };
}
