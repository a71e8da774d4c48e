import {sendInsightEvent} from './sendEvent';

/**
 * Search clicks for reader insights: which result of the modal a reader opened, at what
 * position, for which search (the query id the gate returned). The search client is wrapped so
 * each hit carries its query id and its position in the response (1 = first, as Algolia counts
 * click positions); opening a hit sends them to the gate.
 */
const QUERY_ID = '__handbookQueryID';
const POSITION = '__handbookPosition';

type Hit = Record<string, unknown> & {url?: string};
type Result = {hits?: Hit[]; queryID?: string; page?: number; hitsPerPage?: number};
type SearchClient = {search: (...args: never[]) => Promise<{results: unknown[]}>};

/** Query ids this page has seen answered: a recent search stored days ago is not a click now. */
const answered = new Set<string>();

export function withClickPositions<Client extends SearchClient>(client: Client): Client {
  const search = client.search.bind(client);
  client.search = (async (...args: never[]) => {
    const response = await search(...args);
    for (const result of response.results as Result[]) {
      if (!result.queryID || !Array.isArray(result.hits)) continue;
      answered.add(result.queryID);
      if (answered.size > 500) answered.delete(answered.values().next().value as string);
      const offset = (result.page ?? 0) * (result.hitsPerPage ?? 0);
      result.hits.forEach((hit, index) => {
        hit[QUERY_ID] = result.queryID;
        hit[POSITION] = offset + index + 1;
      });
    }
    return response;
  }) as Client['search'];
  return client;
}

/** Sends the click on a hit of the modal; silent when the hit did not come from a search. */
export function reportSearchClick(hit: object): void {
  const {[QUERY_ID]: queryID, [POSITION]: position, url} = hit as Hit;
  if (typeof queryID !== 'string' || typeof position !== 'number' || typeof url !== 'string')
    return;
  if (!answered.has(queryID)) return;
  const path = new URL(url, window.location.href);
  if (path.origin !== window.location.origin) return;
  // Reader insights never get in a reader's way: a click that cannot be sent is left out.
  sendInsightEvent({type: 'search.click', queryID, url: path.pathname, position}).catch(() => {});
}
