// GET /api/tool on the real server against a bare Fastify route answering the identical bytes (the
// brotli-compressed list a browser asks for), same autocannon settings, rounds alternated A B A B.
import { figure } from './report.mjs';
import Fastify from 'fastify';
import { load, median, rawGet, spread, startShop, waitFor } from './support.mjs';

const headers = { 'accept-encoding': 'br, gzip' };

export async function benchCatalog({ databaseUrl }) {
  const shop = startShop(4410, { DATABASE_URL: databaseUrl, DATA_DIR: 'memory://', SEED_DEMO: 'true' });
  const bare = Fastify();
  try {
    const realUrl = 'http://127.0.0.1:4410/api/tool';
    await waitFor(realUrl);
    const sample = await rawGet(realUrl, headers);
    bare.get('/api/tool', (_request, reply) => {
      reply.header('content-type', sample.headers['content-type']);
      if (sample.headers['content-encoding'])
        reply.header('content-encoding', sample.headers['content-encoding']);
      return reply.send(sample.body);
    });
    await bare.listen({ port: 4411, host: '127.0.0.1' });
    const bareUrl = 'http://127.0.0.1:4411/api/tool';

    await load({ url: realUrl, headers, duration: 2 });
    await load({ url: bareUrl, headers, duration: 2 });
    const rounds = { real: [], bare: [] };
    for (let round = 0; round < 2; round += 1) {
      for (const [name, url] of [
        ['real', realUrl],
        ['bare', bareUrl],
      ]) {
        const result = await load({ url, headers });
        if (result.non2xx || result.errors)
          throw new Error(`${name}: ${result.non2xx} non-2xx, ${result.errors} errors`);
        rounds[name].push(result.requests.average);
      }
    }
    const ratio = median(rounds.real) / median(rounds.bare);
    console.log(
      `catalog  GET /api/tool (${sample.body.length} bytes, ${sample.headers['content-encoding'] ?? 'raw'}): ` +
        `real ${median(rounds.real).toFixed(0)} req/s (${spread(rounds.real)}), bare ${median(rounds.bare).toFixed(0)} req/s ` +
        `(${spread(rounds.bare)}); ratio real/bare ${ratio.toFixed(2)}`,
    );
    figure('catalog', 'GET /api/tool ÷ bare Fastify (req/s)', ratio, {
      atLeast: 0.9,
      note: `real ${spread(rounds.real)}, bare ${spread(rounds.bare)} req/s`,
    });
    return ratio;
  } finally {
    shop.kill('SIGTERM');
    await bare.close();
  }
}
