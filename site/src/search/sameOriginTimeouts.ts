/**
 * Timeouts of the search client that asks the gate on this origin (the modal and the search
 * page). With one host there is nothing to fail over to, and the browser client's defaults (1 s
 * to the response's headers, which the gate sends with the hits; 2 s to its end) would turn a
 * gate slowed by load into "Unreachable hosts". Both get the client's read timeout for servers
 * (5 s), which still ends a stalled search with an error.
 */
export const SAME_ORIGIN_TIMEOUTS = {connect: 5_000, read: 5_000, write: 30_000} as const;
