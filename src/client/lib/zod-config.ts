import { z } from 'zod';

// zod compiles fast object parsers with `new Function` when the page allows eval. Ours does not (CSP
// script-src 'self'), and zod's probe for it made the browser report a policy violation on every page
// that checks a form; jitless skips the probe and parses without compiling.
z.config({ jitless: true });

// The client build hands every `import … from 'zod'` this module instead (vite.config.ts), so the
// setting holds before any schema is made, and zod loads with the first page that uses it, not with
// the home page.
export * from 'zod';
