// `npm run bench:cxml`: the shop's health check while 4 clients keep posting hostile cXML to
// /punchout/cxml, on the built server with a fresh embedded database. Each client sends a document the
// way the issue saw it: ~975 KB, 95,000 attributes on one element, inside a valid-looking OrderRequest
// from a sender the shop does not know; then, in a second round, one that stays within the shop's cXML
// limits (1 MB: 19,000 attributes and text) from the same unknown sender; and, for the floor, 1 MB that
// the JSON parser refuses at its first byte (what any route spends on receiving such a body).
// /api/healthz is timed with autocannon (one connection: a load balancer's probe) alone and during each
// round; the target is a p99 under 100 ms. A benchmark, not a test: its figures move with the
// machine's load (the clients run on it too). RATE_LIMIT_SCALE is support.mjs's (no per-address limit):
// the clients may be on as many addresses as they like.
import { figure } from './report.mjs';
import { load, seconds, withDemoShop } from './support.mjs';

const CLIENTS = Number(process.env.BENCH_CXML_CLIENTS ?? 4);
const TARGET_P99_MS = 100;
const port = 4490;

/** An OrderRequest from an unknown sender with `junk` in its Request, before the OrderRequest. */
const orderRequest = (junk) => `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE cXML SYSTEM "http://xml.cxml.org/schemas/cXML/1.2.063/cXML.dtd">
<cXML payloadID="flood@stranger.example" timestamp="2026-11-28T10:00:00+00:00" xml:lang="en-US">
  <Header>
    <From><Credential domain="NetworkId"><Identity>AN-STRANGER</Identity></Credential></From>
    <To><Credential domain="DUNS"><Identity>081466849</Identity></Credential></To>
    <Sender><Credential domain="NetworkId"><Identity>AN-STRANGER</Identity><SharedSecret>a guess</SharedSecret></Credential><UserAgent>Flood 1.0</UserAgent></Sender>
  </Header>
  <Request deploymentMode="production">${junk}
    <OrderRequest>
      <OrderRequestHeader orderID="PO-FLOOD" orderDate="2026-11-28T10:00:00+00:00" type="new">
        <Total><Money currency="USD">12.50</Money></Total>
      </OrderRequestHeader>
      <ItemOut quantity="1" lineNumber="1"><ItemID><SupplierPartID>FL-1</SupplierPartID></ItemID>
        <ItemDetail><UnitPrice><Money currency="USD">12.50</Money></UnitPrice><Description xml:lang="en">Press</Description><UnitOfMeasure>EA</UnitOfMeasure></ItemDetail></ItemOut>
    </OrderRequest>
  </Request>
</cXML>`;

/** 95,000 attributes on one element, ~975 KB: the issue's document. */
const manyAttributes = () =>
  orderRequest(
    `<Extrinsic name="x"${Array.from({ length: 95_000 }, (_, i) => ` a${String(i).padStart(5, '0')}="${i % 2 ? '' : 'x'}"`).join('')}/>`,
  );

/** Within the shop's limits (19,000 attributes, 1,900 elements, under 1 MB): only the credential refuses it. */
const withinLimits = () => {
  const elements = Array.from(
    { length: 1_900 },
    (_, e) => `<Extrinsic name="e${e}"${Array.from({ length: 9 }, (_, i) => ` a${i}="v"`).join('')}/>`,
  ).join('');
  const document = orderRequest(`${elements}<Comments>`);
  const room = 1024 * 1024 - Buffer.byteLength(document) - 2_000;
  return orderRequest(`${elements}<Comments>${'Please deliver to dock 3. '.repeat(room / 26)}</Comments>`);
};

const statusOf = (xml) => /<Status code="(\d+)"/.exec(xml)?.[1] ?? 'none';

/** `CLIENTS` loops posting `document` until `stop()`: how many answers of each status, and how long each took. */
function flood(url, document, contentType = 'text/xml') {
  let running = true;
  const answers = {};
  const times = [];
  const clients = Array.from({ length: CLIENTS }, async () => {
    while (running) {
      const started = performance.now();
      try {
        const response = await fetch(`${url}/punchout/cxml`, {
          method: 'POST',
          headers: { 'content-type': contentType },
          body: document,
        });
        const code = `${response.status}/${statusOf(await response.text())}`;
        answers[code] = (answers[code] ?? 0) + 1;
      } catch (error) {
        answers[error.code ?? 'error'] = (answers[error.code ?? 'error'] ?? 0) + 1;
      }
      times.push(performance.now() - started);
    }
  });
  return async () => {
    running = false;
    await Promise.all(clients);
    times.sort((a, b) => a - b);
    return { answers, count: times.length, p50: times[Math.floor(times.length / 2)] ?? 0 };
  };
}

const healthz = (url) =>
  load({ url: `${url}/api/healthz`, connections: 1, duration: seconds }).then((result) => result.latency);

function report(label, latency, posted) {
  const verdict = latency.p99 < TARGET_P99_MS ? 'meets' : 'MISSES';
  const sent = posted
    ? `; ${posted.count} documents posted (${Object.entries(posted.answers)
        .map(([code, n]) => `${n} × HTTP/cXML ${code}`)
        .join(', ')}), each answered in ${posted.p50.toFixed(0)} ms (p50)`
    : '';
  figure('cxml', `GET /api/healthz ${label.trim()}, p99`, latency.p99, {
    unit: ' ms',
    atMost: TARGET_P99_MS,
  });
  console.log(
    `cxml     healthz ${label.padEnd(22)} p50 ${String(latency.p50).padStart(5)} ms, p99 ${String(latency.p99).padStart(5)} ms, max ${String(latency.max).padStart(5)} ms (target p99 < ${TARGET_P99_MS} ms: ${verdict})${sent}`,
  );
}

export async function benchCxmlFlood() {
  const documents = { '95,000 attributes': manyAttributes(), 'within the limits': withinLimits() };
  // The floor: what any route spends on a 1 MB body it refuses at its first byte (JSON that is not).
  const notJson = 'x'.repeat(Buffer.byteLength(documents['95,000 attributes']));
  for (const [name, document] of Object.entries(documents)) {
    console.log(
      `cxml     ${name}: ${(Buffer.byteLength(document) / 1024).toFixed(0)} KB, ${document.split('="').length - 1} attributes`,
    );
  }
  await withDemoShop(port, async (url) => {
    report('alone', await healthz(url));
    for (const [name, document] of Object.entries(documents)) {
      const stop = flood(url, document);
      const latency = await healthz(url);
      report(`${CLIENTS} × ${name}`, latency, await stop());
    }
    const stop = flood(url, notJson, 'application/json');
    const latency = await healthz(url);
    report(`${CLIENTS} × 1 MB, not JSON`, latency, await stop());
  });
}

if (import.meta.url === `file://${process.argv[1]}`) await benchCxmlFlood();
