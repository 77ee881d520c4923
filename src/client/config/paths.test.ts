import { describe, expect, it } from 'vitest';
import { isPagePath } from '../../shared/page-routes';
import { paths } from './paths';

describe('the server knows every page of the app', () => {
  const id = '5f0c4a3e-8a1b-4c2d-9e3f-0a1b2c3d4e5f';
  const pages = Object.entries(paths)
    .map(
      ([name, value]) =>
        [name, typeof value === 'function' ? value(id, id) : value.replace(/:\w+/g, id)] as const,
    )
    // The invoice (PDF or UBL) is an API address, opened by the browser, not a page.
    .filter(([name]) => name !== 'invoice' && name !== 'eInvoice');

  it.each(pages)('%s (%s) answers 200 on the server, not 404', (_name, path) => {
    expect(isPagePath(path.split('?')[0] ?? path)).toBe(true);
  });
});
