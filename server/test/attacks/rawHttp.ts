import {connect} from 'node:net';

export type RawResponse = {
  readonly status: number;
  readonly headers: Record<string, string>;
  readonly body: string;
};

/**
 * Sends one request exactly as written, bytes and all (no client normalises the path), and
 * reads the whole response. For path and header attacks that `inject` or fetch would clean up.
 */
export function rawRequest(
  port: number,
  target: string,
  headers: Record<string, string> = {},
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => {
      const lines = [
        `GET ${target} HTTP/1.1`,
        'Host: handbook.test',
        'Connection: close',
        ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`),
      ];
      socket.write(`${lines.join('\r\n')}\r\n\r\n`, 'latin1');
    });
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const raw = Buffer.concat(chunks).toString('latin1');
      const [head = '', ...rest] = raw.split('\r\n\r\n');
      const [statusLine = '', ...headerLines] = head.split('\r\n');
      const headersOut: Record<string, string> = {};
      for (const line of headerLines) {
        const colon = line.indexOf(':');
        if (colon > 0)
          headersOut[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
      }
      resolve({
        status: Number(statusLine.split(' ')[1] ?? 0),
        headers: headersOut,
        body: rest.join('\r\n\r\n'),
      });
    });
  });
}
