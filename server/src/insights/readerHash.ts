import {createHmac} from 'node:crypto';

/**
 * What an event row knows of its reader: an HMAC of the account id keyed with the store's own
 * salt. It counts distinct readers and ties a reader's clicks to their search; without the salt
 * (which stays in the store) it cannot be turned back into a person by hashing a list of ids.
 */
export function readerHash(salt: string, uid: string): string {
  return createHmac('sha256', salt).update(uid).digest('hex').slice(0, 32);
}
