import type { Tool } from '../../shared/api/catalog.schemas';
import { DomainError } from '../http/domain-error';
import type { CatalogRepository } from './catalog.repository';
import { messages } from '../../shared/messages';

/** One product for the buy page; an unknown id is NOT_FOUND. */
export async function getTool(catalog: CatalogRepository, id: string): Promise<Tool> {
  const tool = await catalog.findTool(id);
  if (!tool) throw new DomainError('NOT_FOUND', messages.productNotFound);
  return tool;
}
