/**
 * What a signed-in reader leaves in the browser that holds handbook text: DocSearch's recent and
 * favorite searches (hit titles and snippets), Ask AI conversations and its token, anything in
 * sessionStorage. Logout, and every showing of the sign-in page, removes all of it. Only
 * preferences that say nothing about the handbook stay: the colour mode, the announcement
 * dismissal and the preferred docs version.
 */
const KEPT_LOCAL_KEYS: readonly RegExp[] = [
  /^theme$/,
  /^docusaurus\.announcement\.(dismiss|id)$/,
  /^docs-preferred-version-/,
];

/** Removes every storage key that may hold handbook content; returns the keys removed. */
export function clearHandbookTraces(
  local: Storage | undefined = globalThis.localStorage,
  session: Storage | undefined = globalThis.sessionStorage,
): string[] {
  const removed: string[] = [];
  try {
    if (local) {
      const keys = Array.from({length: local.length}, (_, index) => local.key(index)).filter(
        (key): key is string => key !== null,
      );
      for (const key of keys) {
        if (KEPT_LOCAL_KEYS.some((kept) => kept.test(key))) continue;
        local.removeItem(key);
        removed.push(key);
      }
    }
    if (session) {
      removed.push(
        ...Array.from({length: session.length}, (_, index) => session.key(index)).filter(
          (key): key is string => key !== null,
        ),
      );
      session.clear();
    }
  } catch (error) {
    // Storage that cannot be used (blocked, or absent) holds nothing to clear.
    console.warn('Could not clear browser storage', error);
  }
  return removed;
}
