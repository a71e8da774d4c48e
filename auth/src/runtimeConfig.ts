/**
 * What the gate serves at `/__auth/config.json`: the browser's Firebase configuration, decided
 * at run time so that one build serves every environment. Nothing in it is secret.
 */
export type RuntimeConfig = {
  readonly firebase: {
    readonly apiKey: string;
    readonly authDomain: string;
    readonly projectId: string;
  };
  /** `http://127.0.0.1:9099` when the server runs against the Auth emulator, else null. */
  readonly emulatorUrl: string | null;
  readonly allowedDomains: readonly string[];
};

export const RUNTIME_CONFIG_PATH = '/__auth/config.json';
export const SESSION_PATH = '/__session';
