import { chromium } from '@playwright/test';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const results = [];
for (let i = 0; i < 5; i++) {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await page.addInitScript(() => {
    window.__lt = [];
    new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__lt.push([Math.round(e.startTime), Math.round(e.duration)]); }).observe({ type: 'longtask', buffered: true });
  });
  await page.goto(process.env.URL ?? 'http://127.0.0.1:3999/', { waitUntil: 'networkidle' });
  await page.waitForTimeout(1000);
  const lt = await page.evaluate(() => window.__lt);
  const tbt = lt.reduce((a, [, d]) => a + Math.max(0, d - 50), 0);
  results.push(tbt);
  console.log('tbt', tbt, JSON.stringify(lt));
  await context.close();
}
console.log('median', results.sort((a, b) => a - b)[2]);
await browser.close();
