// The anchor: a bare Node http server answering one page from memory, nothing else.
import {readFileSync} from 'node:fs';
import {createServer} from 'node:http';

const [port, file] = process.argv.slice(2);
const body = readFileSync(file);
createServer((_request, response) => {
  response.writeHead(200, {
    'content-type': 'text/html; charset=utf-8',
    'content-length': body.length,
  });
  response.end(body);
}).listen(Number(port), '127.0.0.1');
