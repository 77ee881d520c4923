import type { CategoryAttribute, SpecValue } from '../../shared/domain/specifications';
import { specValueProblem } from '../../shared/domain/specifications';
import { formatUnits } from '../../shared/numbers';
import { messages } from '../../shared/messages';
import { type Actor, recordAudit } from '../audit/audit.repository';
import type { Database } from '../db/database';
import { DomainError } from '../http/domain-error';
import { categorySlug } from '../../shared/api/catalog.schemas';
import {
  dropSpecKeys,
  findCategory,
  findOrCreateCategory,
  setCategoryAttributes,
  specUseInCategory,
} from '../records/products.repository';
import type { CatalogCache } from './catalog-cache';

interface Deps {
  db: Database;
  catalogCache: CatalogCache;
}

/** What an attribute's values are, as a refusal says what some value is not. */
function whatItTakes(attribute: CategoryAttribute): string {
  switch (attribute.type) {
    case 'number':
      return 'a number';
    case 'boolean':
      return 'true or false';
    case 'enum':
      return `one of ${(attribute.values ?? []).join(', ')}`;
    case 'text':
      return 'text';
  }
}

export interface AttributesChange {
  attributes: CategoryAttribute[];
  /** How many products lost the values of the attributes taken away. */
  cleared: number;
}

/**
 * An admin declares a category's attributes (DESIGN §11). An attribute taken away takes its values
 * off the category's products; an attribute whose type or values change must still take every value
 * its products hold, or the change is refused naming them, so no product is left with a value its
 * category no longer understands.
 */
export async function putCategoryAttributes(
  { db, catalogCache }: Deps,
  actor: Actor,
  slug: string,
  attributes: CategoryAttribute[],
  name?: string,
): Promise<AttributesChange> {
  const change = await db.transaction(async (tx) => {
    // A new shop declares a category's attributes before importing its products: given a name, the
    // call makes the category.
    if (name !== undefined) {
      if (categorySlug(name) !== slug) {
        throw new DomainError('VALIDATION_FAILED', messages.categoryNameSlug(slug));
      }
      await findOrCreateCategory(tx, slug, name);
    }
    // Locked, so a product saved meanwhile is checked against one set of attributes or the other.
    const category = await findCategory(tx, slug, { lock: true });
    if (!category) throw new DomainError('NOT_FOUND', messages.categoryNotFound);
    const kept = new Set(attributes.map((attribute) => attribute.key));
    const use = await specUseInCategory(tx, category.id);
    const problems: string[] = [];
    for (const attribute of attributes) {
      const held = use.get(attribute.key);
      if (!held) continue;
      const misfits = held.values.filter((value: SpecValue) => specValueProblem(attribute, value) !== null);
      if (misfits.length > 0) {
        problems.push(
          `${attribute.key}: ${formatUnits(held.count)} ${held.count === 1 ? 'product holds' : 'products hold'} ` +
            `${misfits.map((value) => JSON.stringify(value)).join(', ')} (${held.sku} among them), ` +
            `which ${misfits.length === 1 ? 'is' : 'are'} not ${whatItTakes(attribute)}`,
        );
      }
    }
    if (problems.length > 0) {
      throw new DomainError('CONFLICT', `Change those products first: ${problems.join('; ')}`);
    }
    const removed = category.attributes.filter((attribute) => !kept.has(attribute.key)).map((a) => a.key);
    const cleared = await dropSpecKeys(tx, category.id, removed);
    await setCategoryAttributes(tx, category.id, attributes);
    await recordAudit(tx, actor, {
      action: 'category.attributes',
      subject: `Category ${category.name}`,
      before: { attributes: category.attributes },
      after: { attributes, ...(cleared > 0 ? { clearedProducts: cleared } : {}) },
    });
    return { attributes, cleared };
  });
  catalogCache.invalidate();
  return change;
}
