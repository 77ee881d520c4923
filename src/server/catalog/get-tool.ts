import type { Tool } from '../../shared/api/catalog.schemas';
import { messages } from '../../shared/messages';
import type { Executor } from '../db/database';
import { DomainError } from '../http/domain-error';
import { findProduct } from '../records/products.repository';
import { toTool } from './tool-view';

/** One product for the buy page, priced at the shop's floor (`minUnits`); an unknown id is NOT_FOUND. */
export async function getTool(ex: Executor, id: string, minUnits: number): Promise<Tool> {
  const row = await findProduct(ex, id);
  if (!row) throw new DomainError('NOT_FOUND', messages.productNotFound);
  return toTool(row, minUnits);
}
