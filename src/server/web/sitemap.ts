/** The most addresses one sitemap file may list (sitemaps.org); beyond it /sitemap.xml is an index. */
export const SITEMAP_MAX_URLS = 50_000;

const escapeXml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c] ?? c,
  );

const XML = '<?xml version="1.0" encoding="UTF-8"?>\n';
const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';

/** A sitemap listing `urls` (absolute addresses). */
export function sitemapXml(urls: readonly string[]): string {
  const entries = urls.map((url) => `<url><loc>${escapeXml(url)}</loc></url>`).join('\n');
  return `${XML}<urlset xmlns="${NS}">\n${entries}\n</urlset>\n`;
}

/** A sitemap index pointing at `sitemaps` (absolute addresses). */
export function sitemapIndexXml(sitemaps: readonly string[]): string {
  const entries = sitemaps.map((url) => `<sitemap><loc>${escapeXml(url)}</loc></sitemap>`).join('\n');
  return `${XML}<sitemapindex xmlns="${NS}">\n${entries}\n</sitemapindex>\n`;
}

/** How many sitemap files `count` addresses need. */
export function sitemapParts(count: number, max = SITEMAP_MAX_URLS): number {
  return Math.max(1, Math.ceil(count / max));
}
