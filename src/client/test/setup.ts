import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// findBy… and waitFor wait up to 10 s, not 1 s: beside the browser journeys in CI a first render
// (a router's loader, a lazy chunk) took past 2 s. A limit catches what never appears; it times nothing.
configure({ asyncUtilTimeout: 10_000 });

afterEach(() => {
  cleanup();
});
