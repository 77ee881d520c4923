import type { Tool } from '../../../../shared/api/catalog.schemas';
import { api } from '../../../lib/api-client';

/** The home grid's products (spec §7 GET /tool), read by the home page's loader. */
export function readTools(signal?: AbortSignal): Promise<Tool[]> {
  return api<Tool[]>('/tool', { signal });
}
