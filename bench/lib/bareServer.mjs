// The anchor: a bare Node http server answering one page from memory, nothing else, in as many
// cluster workers as asked (the primary hands out connections, as the gate's does on Node 20).
import cluster from 'node:cluster';
import {readFileSync} from 'node:fs';
import {createServer} from 'node:http';

const [port, file, workers = '1'] = process.argv.slice(2);
if (cluster.isPrimary && Number(workers) > 1) {
  for (let i = 0; i < Number(workers); i += 1) cluster.fork();
  process.on('SIGTERM', () => {
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill();
    process.exit(0);
  });
} else {
  const body = readFileSync(file);
  createServer((_request, response) => {
    response.writeHead(200, {
      'content-type': 'text/html; charset=utf-8',
      'content-length': body.length,
    });
    response.end(body);
  }).listen(Number(port), '127.0.0.1');
}
