import {createServer, type IncomingMessage, type Server} from 'node:http';
import type {AddressInfo} from 'node:net';

/**
 * A local stand-in for an OpenAI-compatible chat-completions endpoint (what vLLM, Ollama,
 * llama.cpp server and OpenAI speak): `POST /v1/chat/completions` with `stream: true` answers
 * server-sent events of `choices[0].delta.content`, a `finish_reason`, then `data: [DONE]`.
 * No hosted model runs here, so tests script its behaviour instead.
 */
export type StandInScript =
  | {kind: 'answer'; pieces: string[]}
  | {kind: 'error-mid-stream'; pieces: string[]; message: string}
  | {kind: 'stall-before-first-token'}
  | {kind: 'stall-after'; pieces: string[]}
  | {kind: 'endless'}
  | {kind: 'status'; status: number; body: unknown};

export type StandInRequest = {
  readonly authorization: string | undefined;
  readonly body: {model: string; stream: boolean; messages: {role: string; content: string}[]};
};

export type OpenAiStandIn = {
  readonly baseUrl: string;
  readonly requests: StandInRequest[];
  script: StandInScript;
  /** Resolves when the latest request's connection has closed. */
  clientClosed(): Promise<void>;
  close(): Promise<void>;
};

const chunk = (delta: Record<string, unknown>, finish: string | null = null) =>
  `data: ${JSON.stringify({id: 'cmpl-1', object: 'chat.completion.chunk', model: 'stand-in', choices: [{index: 0, delta, finish_reason: finish}]})}\n\n`;

async function readBody(request: IncomingMessage): Promise<string> {
  let body = '';
  for await (const piece of request) body += String(piece);
  return body;
}

export async function startOpenAiStandIn(): Promise<OpenAiStandIn> {
  const requests: StandInRequest[] = [];
  let latestClosed: Promise<void> = Promise.resolve();
  const state: {script: StandInScript} = {script: {kind: 'answer', pieces: ['Hello.']}};
  const timers = new Set<NodeJS.Timeout>();

  const server: Server = createServer((request, response) => {
    void (async () => {
      if (request.method !== 'POST' || request.url !== '/v1/chat/completions') {
        response.writeHead(404).end();
        return;
      }
      const body = JSON.parse(await readBody(request)) as StandInRequest['body'];
      requests.push({authorization: request.headers.authorization, body});
      latestClosed = new Promise<void>((resolve) => response.once('close', () => resolve()));
      const script = state.script;
      if (script.kind === 'status') {
        response.writeHead(script.status, {'content-type': 'application/json'});
        response.end(JSON.stringify(script.body));
        return;
      }
      response.writeHead(200, {'content-type': 'text/event-stream', 'cache-control': 'no-cache'});
      response.write(chunk({role: 'assistant', content: ''}));
      switch (script.kind) {
        case 'answer':
          for (const piece of script.pieces) response.write(chunk({content: piece}));
          response.write(chunk({}, 'stop'));
          response.end('data: [DONE]\n\n');
          return;
        case 'error-mid-stream':
          for (const piece of script.pieces) response.write(chunk({content: piece}));
          response.write(
            `data: ${JSON.stringify({error: {message: script.message, type: 'server_error'}})}\n\n`,
          );
          response.end();
          return;
        case 'stall-before-first-token':
          return; // headers sent, then nothing
        case 'stall-after':
          for (const piece of script.pieces) response.write(chunk({content: piece}));
          return;
        case 'endless': {
          const timer = setInterval(() => response.write(chunk({content: 'more '})), 20);
          timers.add(timer);
          response.once('close', () => clearInterval(timer));
          return;
        }
      }
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const {port} = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    get script() {
      return state.script;
    },
    set script(script: StandInScript) {
      state.script = script;
    },
    clientClosed: () => latestClosed,
    close: async () => {
      for (const timer of timers) clearInterval(timer);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
