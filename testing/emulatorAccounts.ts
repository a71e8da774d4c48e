/**
 * Real accounts and tokens from the Firebase Auth emulator, through its REST API (the same
 * endpoints the Firebase SDKs call). The emulator accepts an unsigned JSON Google ID token,
 * which is how a test signs in "with Google" without Google.
 */
export type EmulatorTarget = {readonly host: string; readonly projectId: string};

export type SignedIn = {readonly idToken: string; readonly uid: string; readonly email: string};

const API_KEY = 'demo-api-key';

async function post(
  target: EmulatorTarget,
  endpoint: string,
  body: unknown,
): Promise<Record<string, unknown>> {
  const response = await fetch(
    `http://${target.host}/identitytoolkit.googleapis.com/v1/${endpoint}?key=${API_KEY}`,
    {method: 'POST', headers: {'content-type': 'application/json'}, body: JSON.stringify(body)},
  );
  const json = (await response.json()) as Record<string, unknown>;
  if (!response.ok) throw new Error(`${endpoint} failed: ${JSON.stringify(json)}`);
  return json;
}

export async function signInWithGoogle(
  target: EmulatorTarget,
  email: string,
  options: {readonly emailVerified?: boolean} = {},
): Promise<SignedIn> {
  const claims = {sub: `google-${email}`, email, email_verified: options.emailVerified ?? true};
  const result = await post(target, 'accounts:signInWithIdp', {
    postBody: `id_token=${encodeURIComponent(JSON.stringify(claims))}&providerId=google.com`,
    requestUri: 'http://localhost',
    returnIdpCredential: true,
    returnSecureToken: true,
  });
  return {idToken: String(result.idToken), uid: String(result.localId), email};
}

export async function signUpWithPassword(target: EmulatorTarget, email: string): Promise<SignedIn> {
  const result = await post(target, 'accounts:signUp', {
    email,
    password: 'correct-horse-battery',
    returnSecureToken: true,
  });
  return {idToken: String(result.idToken), uid: String(result.localId), email};
}

export async function signInWithPassword(target: EmulatorTarget, email: string): Promise<SignedIn> {
  const result = await post(target, 'accounts:signInWithPassword', {
    email,
    password: 'correct-horse-battery',
    returnSecureToken: true,
  });
  return {idToken: String(result.idToken), uid: String(result.localId), email};
}

export async function deleteAllAccounts(target: EmulatorTarget): Promise<void> {
  await fetch(`http://${target.host}/emulator/v1/projects/${target.projectId}/accounts`, {
    method: 'DELETE',
  });
}
