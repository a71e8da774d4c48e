import {cert, deleteApp, initializeApp, applicationDefault} from 'firebase-admin/app';
import {getAuth} from 'firebase-admin/auth';
import {domainOf} from '@studio-handbook/auth/domainRule';
import {DEV_DEFAULTS} from '../dev/devDefaults';
import {changeAccountAccess, UnknownAccountError, type AccessChange} from './accountAccess';

/**
 * `npm run revoke -- <email>` ends a leaver's access: the Firebase user is disabled and its
 * refresh tokens revoked, so every gate worker and replica refuses the user's sessions at its
 * next revocation check (REVOCATION_CHECK_SECONDS, 60 s by default).
 * `npm run revoke -- --enable <email>` undoes it.
 *
 * Where: with FIREBASE_AUTH_EMULATOR_HOST, that emulator; with NODE_ENV=production or
 * GOOGLE_APPLICATION_CREDENTIALS, the real project FIREBASE_PROJECT_ID (credentials from
 * GOOGLE_APPLICATION_CREDENTIALS or the platform); otherwise the emulator `npm start` runs.
 *
 * Exit codes: 0 done, 1 Firebase unreachable or credentials missing, 2 bad usage or unknown
 * address.
 */
const USAGE = `Usage:
  npm run revoke -- <email>            disable the account and revoke its sessions
  npm run revoke -- --enable <email>   let the account sign in again`;

type Target = {
  readonly projectId: string;
  readonly emulatorHost: string | null;
  readonly credentialsFile: string | null;
};

class UsageError extends Error {}
class SetupError extends Error {}

function parseArguments(args: readonly string[]): {email: string; change: AccessChange} {
  if (args.includes('--help') || args.includes('-h')) throw new UsageError('');
  const change: AccessChange = args.includes('--enable') ? 'enable' : 'revoke';
  const rest = args.filter((arg) => arg !== '--enable');
  const unknownFlag = rest.find((arg) => arg.startsWith('-'));
  if (unknownFlag) throw new UsageError(`Unknown option ${unknownFlag}.`);
  if (rest.length !== 1) throw new UsageError('Give exactly one e-mail address.');
  const email = (rest[0] as string).trim().toLowerCase();
  if (domainOf(email) === undefined) throw new UsageError(`"${rest[0]}" is not an e-mail address.`);
  return {email, change};
}

function targetOf(env: NodeJS.ProcessEnv): Target {
  const credentialsFile = env.GOOGLE_APPLICATION_CREDENTIALS?.trim() || null;
  const emulatorHost = env.FIREBASE_AUTH_EMULATOR_HOST?.trim() || null;
  const production = env.NODE_ENV === 'production' || credentialsFile !== null;
  if (emulatorHost !== null || !production) {
    if (env.NODE_ENV === 'production') {
      throw new SetupError(
        'FIREBASE_AUTH_EMULATOR_HOST must not be set with NODE_ENV=production: unset one of them.',
      );
    }
    return {
      projectId: env.FIREBASE_PROJECT_ID?.trim() || (DEV_DEFAULTS.FIREBASE_PROJECT_ID as string),
      emulatorHost: emulatorHost ?? (DEV_DEFAULTS.FIREBASE_AUTH_EMULATOR_HOST as string),
      credentialsFile: null,
    };
  }
  const projectId = env.FIREBASE_PROJECT_ID?.trim();
  if (!projectId) {
    throw new SetupError('FIREBASE_PROJECT_ID is required: the Firebase project of the handbook.');
  }
  return {projectId, emulatorHost: null, credentialsFile};
}

function describe(target: Target): string {
  return target.emulatorHost === null
    ? `Firebase project ${target.projectId}`
    : `Firebase project ${target.projectId}, Auth emulator at ${target.emulatorHost}`;
}

function explainFailure(error: unknown, target: Target): string {
  const message = error instanceof Error ? error.message : String(error);
  if (target.emulatorHost !== null) {
    return `Could not reach the Firebase Auth emulator at ${target.emulatorHost} (${message}). Is \`npm start\` running? Set FIREBASE_AUTH_EMULATOR_HOST if it listens elsewhere.`;
  }
  return `Could not reach Firebase Authentication for ${target.projectId} (${message}). Set GOOGLE_APPLICATION_CREDENTIALS to a service account key file with the Firebase Authentication Admin role, or run where the platform provides credentials.`;
}

async function run(args: readonly string[], env: NodeJS.ProcessEnv): Promise<number> {
  const {email, change} = parseArguments(args);
  const target = targetOf(env);
  if (target.emulatorHost !== null) process.env.FIREBASE_AUTH_EMULATOR_HOST = target.emulatorHost;
  let credential;
  try {
    credential =
      target.emulatorHost !== null
        ? undefined
        : target.credentialsFile !== null
          ? cert(target.credentialsFile)
          : applicationDefault();
  } catch (error) {
    throw new SetupError(
      `GOOGLE_APPLICATION_CREDENTIALS: could not read a service account key from ${target.credentialsFile} (${(error as Error).message}).`,
    );
  }
  const app = initializeApp(
    {projectId: target.projectId, ...(credential ? {credential} : {})},
    'handbook-revoke',
  );
  try {
    const done = await changeAccountAccess(getAuth(app), email, change).catch((error: unknown) => {
      if (error instanceof UnknownAccountError) throw error;
      throw new SetupError(explainFailure(error, target));
    });
    if (change === 'revoke') {
      console.log(
        `Disabled ${done.email} (uid ${done.uid}) and revoked its refresh tokens in ${describe(target)}.`,
      );
      console.log(
        `Tokens issued before ${done.tokensValidAfter ?? 'now'} are refused. Open handbook sessions end at each gate's next check, within REVOCATION_CHECK_SECONDS (60 s by default).`,
      );
    } else {
      console.log(`Enabled ${done.email} (uid ${done.uid}) again in ${describe(target)}.`);
      console.log('They can sign in again; sessions ended by the revocation stay ended.');
    }
    return 0;
  } finally {
    await deleteApp(app);
  }
}

run(process.argv.slice(2), process.env).then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof UsageError) {
      if (error.message) console.error(error.message);
      console.error(USAGE);
      process.exit(error.message ? 2 : 0);
    }
    if (error instanceof UnknownAccountError) {
      console.error(`${error.message} Nothing was changed.`);
      process.exit(2);
    }
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  },
);
