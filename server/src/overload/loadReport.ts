import type {FastifyBaseLogger} from 'fastify';
import type {LoadGuard} from './loadGuard';

/**
 * Every `everyMs` in which this worker took up requests, one `info` line "load" with the
 * period's event-loop delay, longest queue and wait, and requests admitted and shed: the bench
 * reads it, and an operator sees overload in the log. A quiet worker writes nothing.
 */
export function reportLoad(guard: LoadGuard, log: FastifyBaseLogger, everyMs: number): () => void {
  const timer = setInterval(() => {
    const stats = guard.snapshot();
    if (stats.admitted + stats.shed === 0) return;
    log.info({load: stats}, 'load');
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
