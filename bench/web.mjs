// `npm run bench:web`: Lighthouse 12 (mobile preset: a mid-range phone on a slow 4G network, simulated)
// with Debian's Chromium, three runs of the home page against the built shop on a fresh embedded
// database, printing each run and the median; then the home page's JavaScript weight, as the server
// sends it and as Lighthouse saw the browser fetch it.
//
// Beside it, in the same session, two pages that show what the machine itself costs: the same home page
// with its script emptied (the server's HTML, stylesheet and pictures, no app), and a page of one
// paragraph. Lighthouse's blocking time is the browser's own main-thread tasks, up to four times as
// long as they ran here, so on a slow or busy machine even a page without script has some; the
// difference between the first two rows is what the app's script costs.
//
// Each run also gives the main thread's whole work as Lighthouse's report states it (its main-thread
// work breakdown): on this shared two-core machine blocking time moves with the machine's load more
// than with the page, and the work total says how much of it the page itself asked for. Only
// Lighthouse's public API and report are read.
import http from 'node:http';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { homePageScript, median, pageLoader, rawGet, withDemoShop } from './support.mjs';

const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const port = 4480;
const proxyPort = 4481;
const chromePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const ONE_PARAGRAPH = `<!doctype html>
<html lang="en"><head><meta charset="UTF-8" /><meta name="viewport" content="width=device-width, initial-scale=1" />
<title>One paragraph</title><meta name="description" content="A page of one paragraph." /></head>
<body><h1>One paragraph</h1><p>The least a page can be: this text, and nothing else to fetch or run.</p></body></html>`;

/**
 * The shop as a browser sees it, but for the home page's loader, which answers an empty script: the
 * page parses, styles and paints exactly as served (the stylesheet still holds the end of parsing, as
 * the deferred loader does) and no app runs. `/one-paragraph` is the page above.
 */
async function startScriptlessProxy(shopUrl) {
  const shop = new URL(shopUrl);
  const loader = pageLoader((await rawGet(`${shopUrl}/`, {})).body.toString('utf8'));
  if (!loader) throw new Error('the home page has no loader: is it still rendered by the server?');
  const server = http.createServer((request, response) => {
    if (request.url === loader.src) {
      response.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8' }).end('');
      return;
    }
    if (request.url === '/one-paragraph') {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(ONE_PARAGRAPH);
      return;
    }
    const forwarded = http.request(
      {
        host: shop.hostname,
        port: shop.port,
        path: request.url,
        method: request.method,
        headers: request.headers,
      },
      (answer) => {
        response.writeHead(answer.statusCode, answer.headers);
        answer.pipe(response);
      },
    );
    forwarded.on('error', (error) => response.destroy(error));
    request.pipe(forwarded);
  });
  return new Promise((resolve) => server.listen(proxyPort, '127.0.0.1', () => resolve(server)));
}

/** Milliseconds for a figure that may be missing (NaN). */
const ms = (value) => (Number.isNaN(value) ? 'n/a' : value.toFixed(0));

/** A run's figures, or their medians, as each line prints them. */
const pageFigures = ({ score, fcp, lcp, tbt, mainThreadMs, cls }) =>
  `performance ${score}, FCP ${(fcp / 1000).toFixed(2)} s, LCP ${(lcp / 1000).toFixed(2)} s, ` +
  `TBT ${tbt.toFixed(0)} ms (main thread ${ms(mainThreadMs)} ms in all), CLS ${cls.toFixed(3)}`;

/** `RUNS` Lighthouse runs of `url`, each printed, then their median; a run it could not measure is run again. */
async function lighthouseRuns(label, url) {
  const runs = [];
  for (let run = 1, failures = 0; run <= RUNS; run += 1) {
    const chrome = await chromeLauncher.launch({
      chromePath,
      chromeFlags: [
        '--headless=new',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    });
    try {
      const result = await lighthouse(url, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance'],
      });
      const { audits, categories, runtimeError } = result.lhr;
      const unmeasured = ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time'].filter(
        (id) => typeof audits[id]?.numericValue !== 'number',
      );
      if (runtimeError || unmeasured.length > 0) {
        failures += 1;
        console.log(
          `web      ${label} run ${run} not measured (${runtimeError?.message ?? `no ${unmeasured.join(', ')}`}); again`,
        );
        if (failures > 3) throw new Error('Lighthouse failed to measure the page four times');
        run -= 1;
        continue;
      }
      const scripts = audits['resource-summary'].details.items.find((item) => item.resourceType === 'script');
      const figures = {
        score: Math.round((categories.performance.score ?? 0) * 100),
        fcp: audits['first-contentful-paint'].numericValue,
        lcp: audits['largest-contentful-paint'].numericValue,
        tbt: audits['total-blocking-time'].numericValue,
        mainThreadMs: audits['mainthread-work-breakdown']?.numericValue ?? Number.NaN,
        cls: audits['cumulative-layout-shift'].numericValue,
        scriptFiles: scripts.requestCount,
        scriptKiB: scripts.transferSize / 1024,
        // Lighthouse's own measure of the machine's speed at the time (higher is faster): the figures
        // above come from a 4x slowdown of it, so they move with it.
        benchmarkIndex: result.lhr.environment.benchmarkIndex,
      };
      runs.push(figures);
      console.log(
        `web      ${label} run ${run}: ${pageFigures(figures)}; ` +
          `script fetched: ${figures.scriptFiles} files, ${figures.scriptKiB.toFixed(1)} KiB; ` +
          `machine benchmarkIndex ${figures.benchmarkIndex.toFixed(0)}`,
      );
    } finally {
      await chrome.kill();
    }
  }
  const m = (key) => median(runs.map((figures) => figures[key]));
  const work = runs.map((figures) => figures.mainThreadMs).filter((value) => !Number.isNaN(value));
  const medians = {
    score: m('score'),
    fcp: m('fcp'),
    lcp: m('lcp'),
    tbt: m('tbt'),
    mainThreadMs: work.length > 0 ? median(work) : Number.NaN,
    cls: m('cls'),
  };
  console.log(`web      ${label} median of ${RUNS} (Lighthouse 12, mobile): ${pageFigures(medians)}`);
}

await withDemoShop(port, async (baseUrl) => {
  // One visit first, so the catalog cache is filled as a shop in use has it.
  await fetch(`${baseUrl}/api/tool`);
  await lighthouseRuns('home page', `${baseUrl}/`);
  await homePageScript(baseUrl);
  const proxy = await startScriptlessProxy(baseUrl);
  try {
    const proxyUrl = `http://127.0.0.1:${proxyPort}`;
    await lighthouseRuns('home page, its script emptied', `${proxyUrl}/`);
    await lighthouseRuns('a page of one paragraph', `${proxyUrl}/one-paragraph`);
  } finally {
    proxy.close();
  }
});
