import {afterAll, describe, expect, it} from 'vitest';
import {startServerProcess, type ServerProcess} from '../serverProcess';

let server: ServerProcess | undefined;
afterAll(() => server?.child.kill('SIGKILL'));

describe('a gate of several worker processes', () => {
  it('locks a signed-out cookie out of every worker at once, and drains all workers on SIGTERM', async () => {
    server = await startServerProcess({WORKERS: '2'});
    const cookie = await server.signIn('carol@studio.example');
    const page = () =>
      fetch(`${server?.base}/docs/tools/git`, {headers: {cookie, accept: 'text/html'}});

    // Both workers verify and cache the cookie (connections are spread round-robin).
    const before = await Promise.all(Array.from({length: 8}, page));
    expect(before.map((response) => response.status)).toEqual(Array(8).fill(200));

    const logout = await fetch(`${server.base}/__session`, {
      method: 'DELETE',
      headers: {cookie, origin: server.base},
    });
    expect(logout.status).toBe(204);
    await new Promise((resolve) => setTimeout(resolve, 100)); // the relay crosses processes

    const after = await Promise.all(Array.from({length: 8}, page));
    expect(after.map((response) => response.status)).toEqual(Array(8).fill(401));

    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  }, 60_000);
});
