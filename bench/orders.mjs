// Order placement: 20 customers with their own sessions placing orders on the real server (PostgreSQL),
// against the floor: a bare `pg` script doing the same work per order in one transaction (lock the
// account, count its unpaid orders, reserve the stock, store the order, queue its 'order placed' mail,
// which the shop writes in the same transaction since business purchasing). Rounds alternate A B A B.
import pg from 'pg';
import { figure } from './report.mjs';
import {
  connections,
  load,
  median,
  seconds,
  signedInCustomers,
  spread,
  startShop,
  waitFor,
} from './support.mjs';

const QUANTITY = 100;
// An 'order placed' mail of the real one's size (640 characters of text, 1,419 of HTML).
const MAIL_TEXT = 'Thank you for your order. '.repeat(25);
const MAIL_HTML = `<p>${'Thank you for your order. '.repeat(54)}</p>`;

async function floorRound(pool, productId, userIds) {
  const latencies = [];
  let placed = 0;
  const deadline = Date.now() + seconds * 1000;
  await Promise.all(
    userIds.map(async (userId) => {
      while (Date.now() < deadline) {
        const started = performance.now();
        const client = await pool.connect();
        try {
          await client.query('begin');
          await client.query('select id from users where id = $1 for update', [userId]);
          await client.query("select count(*) from orders where user_id = $1 and status = 'unpaid'", [
            userId,
          ]);
          const { rows } = await client.query(
            'update products set available = available - $2 where id = $1 and available >= $2 returning price_cents, name, sku',
            [productId, QUANTITY],
          );
          const order = await client.query(
            `insert into orders (user_id, buyer_name, email, address, phone, quantity, amount_cents, subtotal_cents, hold_expires_at)
             values ($1, 'Floor', 'floor@example.com', '1 Road', '5550100', $2, $3, $3, now() + interval '48 hours') returning id`,
            [userId, QUANTITY, rows[0].price_cents * QUANTITY],
          );
          await client.query(
            `insert into order_lines (order_id, line_number, product_id, sku, name, quantity, unit_price_cents, amount_cents, price_source)
             values ($1, 1, $2, $3, $4, $5, $6, $7, 'tier') returning order_id`,
            [
              order.rows[0].id,
              productId,
              rows[0].sku,
              rows[0].name,
              QUANTITY,
              rows[0].price_cents,
              rows[0].price_cents * QUANTITY,
            ],
          );
          await client.query(
            'insert into mail_outbox (to_address, subject, text_body, html_body) values ($1, $2, $3, $4)',
            ['floor@example.com', 'Order 10001 placed: 100 × Bench Drill', MAIL_TEXT, MAIL_HTML],
          );
          await client.query('commit');
          placed += 1;
        } finally {
          client.release();
        }
        latencies.push(performance.now() - started);
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  return { rate: placed / seconds, p99: latencies[Math.floor(latencies.length * 0.99)] ?? 0 };
}

async function realRound(url, cookies, productId) {
  let next = 0;
  const result = await load({
    url: `${url}/api/purchase`,
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify({
      toolId: productId,
      name: 'Bench',
      address: '1 Road',
      number: '5550100',
      quantity: QUANTITY,
    }),
    // Each connection is one customer, with its own session.
    setupClient: (client) =>
      client.setHeaders({
        'content-type': 'application/json',
        origin: url,
        cookie: cookies[next++ % cookies.length],
      }),
  });
  if (result.non2xx || result.errors)
    throw new Error(`orders: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  return { rate: result.requests.average, p99: result.latency.p99 };
}

export async function benchOrders({ databaseUrl }) {
  const url = 'http://127.0.0.1:4420';
  const shop = startShop(4420, {
    DATABASE_URL: databaseUrl,
    DATA_DIR: 'memory://',
    SEED_DEMO: 'false',
    TRUST_PROXY: '1',
    PUBLIC_URL: url,
  });
  const pool = new pg.Pool({ connectionString: databaseUrl, max: connections });
  // An idle connection closed as the bench's database is dropped is no failure of the bench.
  pool.on('error', () => undefined);
  try {
    await waitFor(`${url}/api/healthz`);
    await waitFor(`${url}/api/readyz`);
    const { rows } = await pool.query(
      `with category as (insert into categories (slug, name) values ('bench', 'Bench') returning id)
       insert into products (sku, name, image_url, description, category_id, min_order, available, price_cents, price_tiers)
       select 'BENCH-1', 'Bench Drill', '/images/tools/cordless-drill.svg', 'For the bench', id, 100, 2000000000, 6450,
              '[{"minQuantity": 100, "priceCents": 6450}]'::jsonb
       from category returning id`,
    );
    const productId = rows[0].id;
    const { userIds, cookies } = await signedInCustomers(url, pool, connections);

    await realRound(url, cookies, productId); // warm-up (JIT, pools, caches)
    const rounds = { real: [], floor: [] };
    for (let round = 0; round < 2; round += 1) {
      rounds.real.push(await realRound(url, cookies, productId));
      rounds.floor.push(await floorRound(pool, productId, userIds));
    }
    const rate = (side) => median(rounds[side].map((r) => r.rate));
    const p99 = (side) => median(rounds[side].map((r) => r.p99));
    const ratio = rate('real') / rate('floor');
    console.log(
      `orders   POST /api/purchase, ${connections} customers: real ${rate('real').toFixed(0)}/s ` +
        `(${spread(rounds.real.map((r) => r.rate))}, p99 ${p99('real').toFixed(0)} ms), floor ${rate('floor').toFixed(0)}/s ` +
        `(${spread(rounds.floor.map((r) => r.rate))}, p99 ${p99('floor').toFixed(0)} ms); ratio real/floor ${ratio.toFixed(2)}, ` +
        `p99 ${(p99('real') / p99('floor')).toFixed(1)}x`,
    );
    figure('orders', `POST /api/purchase, ${connections} buyers ÷ its SQL floor (orders/s)`, ratio, {
      atLeast: 0.6,
      note: `${rate('real').toFixed(0)}/s (${spread(rounds.real.map((r) => r.rate))}) vs ${rate('floor').toFixed(0)}/s (${spread(rounds.floor.map((r) => r.rate))})`,
    });
    return ratio;
  } finally {
    shop.kill('SIGTERM');
    await pool.end();
  }
}
