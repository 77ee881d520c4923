import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { startShop, waitFor } from './support.mjs';
const port = 4481; const url = `http://127.0.0.1:${port}${process.env.LH_PATH ?? '/'}`;
const dataDir = mkdtempSync(join(tmpdir(), 'toolshop-web-'));
const shop = startShop(port, { DATA_DIR: dataDir, SEED_DEMO: 'true', PUBLIC_URL: `http://127.0.0.1:${port}` });
try {
  await waitFor(`http://127.0.0.1:${port}/api/readyz`);
  await fetch(url);
  const chrome = await chromeLauncher.launch({ chromePath: '/usr/bin/chromium', chromeFlags: ['--headless=new','--no-sandbox','--disable-gpu'] });
  const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
  await chrome.kill();
  writeFileSync('/tmp/lh.json', result.report);
  const a = result.lhr.audits;
  for (const id of ['first-contentful-paint','largest-contentful-paint','total-blocking-time','render-blocking-resources','bootup-time','mainthread-work-breakdown','largest-contentful-paint-element','long-tasks','network-requests']) {
    const au = a[id]; if (!au) continue;
    console.log('==', id, au.displayValue ?? '', au.numericValue ?? '');
    const items = au.details?.items ?? [];
    for (const it of items.slice(0, 14)) console.log('   ', JSON.stringify(it).slice(0, 260));
  }
} finally { shop.kill('SIGTERM'); rmSync(dataDir, { recursive: true, force: true }); }
