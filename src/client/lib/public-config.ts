import { createContext, useContext } from 'react';
import type { PublicConfig } from '../../shared/api/config.schemas';
import { api } from './api-client';
import type { Settled } from './settled';

/** How this shop is configured (GET /api/config): payments, Google sign-in, the smallest order. */
export function readPublicConfig(signal?: AbortSignal): Promise<PublicConfig> {
  return api<PublicConfig>('/config', { signal });
}

/**
 * The configuration as the root route's loader read it, once per visit (it changes only with a restart):
 * given to every page by the root layout. Outside it (a component alone in a test), not read.
 */
export const PublicConfigContext = createContext<Settled<PublicConfig>>({
  error: 'The shop’s settings were not read.',
});

export function usePublicConfig(): Settled<PublicConfig> {
  return useContext(PublicConfigContext);
}

/** The configuration, or undefined when its read failed. */
export function usePublicConfigData(): PublicConfig | undefined {
  const config = usePublicConfig();
  return 'data' in config ? config.data : undefined;
}
