import type {FastifyInstance, FastifyReply, FastifyRequest} from 'fastify';
import {BASE_HEADERS} from '../security/headers';
import {ClientEventError, EVENTS_BODY_LIMIT, parseClientEvent, pathOf} from './clientEvents';
import {InsightsUnavailableError, type Insights} from './createInsights';
import {CSV_ROWS, PERIODS, type Period} from './report';
import {CSV_TABLES, reportCsv, type CsvTable} from './reportCsv';

export type InsightsRoutesOptions = {
  readonly insights: Insights;
  /** Whether a path is a page of this handbook (events about other paths are refused). */
  readonly isPage: (path: string) => boolean;
};

/** Events a reader's browser may send per minute: feedback and clicks, never this many. */
const EVENTS_PER_MINUTE = 120;

export const FORBIDDEN_MESSAGE =
  "Reader insights are open to the handbook's writers only (the gate's INSIGHTS_VIEWERS).";

function parsePeriod(raw: unknown): Period | null {
  const days = Number(raw ?? 30);
  return (PERIODS as readonly number[]).includes(days) ? (days as Period) : null;
}

/**
 * Reader insights inside the gate (the session check has already admitted the reader):
 * `POST /__insights/events` for any reader's browser; the report and its CSV tables for
 * INSIGHTS_VIEWERS only, 403 for everyone else.
 */
export async function insightsRoutes(app: FastifyInstance, options: InsightsRoutesOptions) {
  const {insights, isPage} = options;

  const send = (reply: FastifyReply, status: number, message: string) =>
    reply
      .code(status)
      .headers(BASE_HEADERS)
      .header('cache-control', 'no-store')
      .send({status, message});

  // Every bad request here is a 400 with its reason: an oversized body included (Fastify's 413).
  app.setErrorHandler(
    (error: {statusCode?: number; code?: string; message?: string}, request, reply) => {
      if (error instanceof InsightsUnavailableError) return send(reply, 503, error.message);
      const status = error.statusCode ?? 500;
      if (status === 429) return send(reply, 429, 'Too many events: try again in a minute.');
      if (status >= 400 && status < 500) {
        const message =
          error.code === 'FST_ERR_CTP_BODY_TOO_LARGE'
            ? `The event must be at most ${EVENTS_BODY_LIMIT} bytes.`
            : error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
              ? 'Send the event as application/json.'
              : (error.message ?? 'Invalid request.');
        return send(reply, 400, message);
      }
      request.log.error({err: error}, 'insights request failed');
      return send(reply, 500, 'Internal error.');
    },
  );

  const foreign = (request: FastifyRequest) => {
    const origin = request.headers.origin;
    return typeof origin === 'string' && origin !== `${request.protocol}://${request.host}`;
  };

  app.post(
    '/__insights/events',
    {
      bodyLimit: EVENTS_BODY_LIMIT,
      config: {
        rateLimit: {
          max: EVENTS_PER_MINUTE,
          timeWindow: '1 minute',
          keyGenerator: (request: FastifyRequest) => request.identity?.uid ?? request.ip,
        },
      },
    },
    async (request, reply) => {
      if (foreign(request)) return send(reply, 403, 'Cross-origin requests are refused.');
      if (!(request.headers['content-type'] ?? '').startsWith('application/json'))
        return send(reply, 400, 'Send the event as application/json.');
      const event = parseClientEvent(request.body);
      const path =
        event.type === 'page.feedback'
          ? event.page
          : event.type === 'search.click'
            ? event.url
            : null;
      if (path !== null && !isPage(pathOf(path)))
        throw new ClientEventError(`${pathOf(path)} is not a page of this handbook`);
      insights.recordClientEvent(request.identity, event);
      return reply.code(204).headers(BASE_HEADERS).header('cache-control', 'no-store').send();
    },
  );

  const viewer = (request: FastifyRequest, reply: FastifyReply): Period | FastifyReply => {
    if (insights.status === 'off')
      return send(reply, 404, 'Reader insights are off (INSIGHTS=off).');
    if (!insights.canView(request.identity)) return send(reply, 403, FORBIDDEN_MESSAGE);
    const days = parsePeriod((request.query as Record<string, unknown>).days);
    if (days === null) return send(reply, 400, `days must be one of ${PERIODS.join(', ')}.`);
    return days;
  };

  app.get('/__insights/report', async (request, reply) => {
    const days = viewer(request, reply);
    if (typeof days !== 'number') return days;
    const report = await insights.report(days);
    return reply.headers(BASE_HEADERS).header('cache-control', 'private, no-store').send(report);
  });

  app.get('/__insights/report/:file', async (request, reply) => {
    const days = viewer(request, reply);
    if (typeof days !== 'number') return days;
    const file = (request.params as {file: string}).file;
    const table = file.replace(/\.csv$/, '') as CsvTable;
    if (!file.endsWith('.csv') || !CSV_TABLES.includes(table))
      return send(
        reply,
        404,
        `No such table: ${CSV_TABLES.map((name) => `${name}.csv`).join(', ')}.`,
      );
    const report = await insights.report(days, CSV_ROWS);
    return reply
      .headers(BASE_HEADERS)
      .header('cache-control', 'private, no-store')
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="handbook-${table}-${days}d.csv"`)
      .send(reportCsv(report, table));
  });
}
