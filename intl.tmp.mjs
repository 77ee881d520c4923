import { chromium } from '@playwright/test';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
for (let i = 0; i < 3; i++) {
const context = await browser.newContext();
const page = await context.newPage();
const cdp = await context.newCDPSession(page);
await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
await page.goto('http://127.0.0.1:3999/robots.txt');
console.log(await page.evaluate(() => {
  const t0 = performance.now(); const a = new Intl.NumberFormat('en-US'); a.format(1234);
  const t1 = performance.now(); const b = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }); b.format(12.5);
  const t2 = performance.now(); const c = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
  const t3 = performance.now(); const d = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });
  const t4 = performance.now();
  return [t1 - t0, t2 - t1, t3 - t2, t4 - t3].map((x) => x.toFixed(1)).join(' ');
}));
await context.close();
}
await browser.close();
