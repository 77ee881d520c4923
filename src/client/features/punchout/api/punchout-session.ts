import { useEffect, useState } from 'react';
import type { PunchoutSessionInfo } from '../../../../shared/api/punchout.schemas';
import { api } from '../../../lib/api-client';

/*
 * Apart from the other punchout calls: the banner sits under the header, on every page, the home page's
 * first load too, which carries no TanStack Query (search-engines.spec.ts holds it to that).
 */

let asked: Promise<PunchoutSessionInfo | null> | undefined;

/**
 * The punchout this browser is in, asked once per page load and only of a punchout's session. Read
 * without TanStack Query: the banner sits under the header, which every page (the home page's first
 * load too) renders before any query client exists.
 */
export function usePunchoutSession(enabled: boolean): PunchoutSessionInfo | null {
  const [info, setInfo] = useState<PunchoutSessionInfo | null>(null);
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    asked ??= api<PunchoutSessionInfo>('/punchout/session').catch(() => {
      asked = undefined;
      return null;
    });
    void asked.then((found) => {
      if (live) setInfo(found);
    });
    return () => {
      live = false;
    };
  }, [enabled]);
  return enabled ? info : null;
}
