// The anchor: a bare Node http server answering one page from memory, nothing else, in as many
// cluster workers as asked (the primary hands out connections, as the gate's does on Node 20).
// With a headers file (a JSON list of [name, value], as the gate sent them), it sends those
// headers instead of the two it needs: what the same response costs any Node.js server.
import cluster from 'node:cluster';
import {readFileSync} from 'node:fs';
import {createServer} from 'node:http';

const [port, file, workers = '1', headersFile] = process.argv.slice(2);
if (cluster.isPrimary && Number(workers) > 1) {
  for (let i = 0; i < Number(workers); i += 1) cluster.fork();
  process.on('SIGTERM', () => {
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill();
    process.exit(0);
  });
} else {
  const body = readFileSync(file);
  // Node.js writes its own Date, Connection and Keep-Alive.
  const own = new Set(['date', 'connection', 'keep-alive', 'content-length']);
  const headers = headersFile
    ? [
        ...JSON.parse(readFileSync(headersFile, 'utf8')).filter(([name]) => !own.has(name)),
        ['content-length', String(body.length)],
      ].flat()
    : ['content-type', 'text/html; charset=utf-8', 'content-length', String(body.length)];
  createServer((_request, response) => {
    response.writeHead(200, headers);
    response.end(body);
  }).listen(Number(port), '127.0.0.1');
}
