// A bare Fastify app for scripts/bench-api.mjs: the framework's ceiling on this machine, with none of
// Wattle's hooks, plugins or logging. GET /bare answers {"success":true}; GET /api/health lets the
// bench's start-up wait for it like for the server. It listens on HOST:PORT (as the server does) and
// stops on SIGTERM with exit code 0. It uses the same Fastify the server is built with.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
const answer = { success: true };
app.get('/bare', async () => answer);
app.get('/api/health', async () => ({ status: 'ok' }));

await app.listen({ port: Number(process.env.PORT), host: process.env.HOST ?? '127.0.0.1' });
process.once('SIGTERM', () => {
  app.close().then(() => process.exit(0));
});
