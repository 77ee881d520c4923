import { formatTiersCell, parseTiersCell, readCsvTable } from '../http/csv-table';
import { neutraliseRecord } from '../http/spreadsheet-cells';
import { fillBackorders } from '../stock/backorders';
import { Readable, pipeline } from 'node:stream';
import { categorySlug } from '../../shared/api/catalog.schemas';
import {
  ImportProductRow,
  Sku,
  type ImportProblem,
  type ImportReport,
  PRODUCT_CSV_COLUMNS,
  OPTION_COLUMN_PREFIX,
  SPEC_COLUMN_PREFIX,
} from '../../shared/api/products.schemas';
import { lowerBound } from '../../shared/domain/order-quantity';
import { tierPackProblem, tierProblem } from '../../shared/domain/price-tiers';
import { effectiveTiersInDollars } from '../pricing/price-line';
import { type Actor, type AuditRecord, changedValues, recordAudit } from '../audit/audit.repository';
import type { Database } from '../db/database';
import { DomainError } from '../http/domain-error';
import type { CatalogCache } from './catalog-cache';
import { categoryNamed, checkedTiers, gramsOf, productAuditValues } from './manage-products';
import {
  ATTRIBUTE_KEY,
  type CategoryAttribute,
  type ProductSpecs,
  specFromText,
  specText,
  specValueProblem,
} from '../../shared/domain/specifications';
import { DEFAULT_UNIT } from '../../shared/domain/units';
import { variantOptionsProblem } from '../../shared/api/families.schemas';
import { type FamilyListing, insertFamily, listFamilyOptions } from '../records/families.repository';
import type { Executor } from '../db/database';
import {
  familyOf,
  listFamilyVariants,
  eachProductBySku,
  listCategoryAttributes,
  findProductsBySkus,
  type NewProduct,
  type ProductView,
  upsertProducts,
} from '../records/products.repository';
import { messages } from '../../shared/messages';

/**
 * The catalog as CSV, and back (DESIGN §9): an export an owner edits in a spreadsheet, and an import
 * that creates or updates products by SKU. Every row is checked by the shared product rules first; a
 * commit writes all rows in one transaction, or none.
 */

interface Deps {
  db: Database;
  catalogCache: CatalogCache;
  minUnits: number;
}

/** The most rows one import takes. */
export const MAX_IMPORT_ROWS = 50_000;
/** How many changed rows a report lists (the counts cover them all). */
const LISTED_CHANGES = 200;

/** Every column after the price breaks is optional: a file written before it existed leaves products their value. */
const OPTIONAL_COLUMNS: readonly string[] = PRODUCT_CSV_COLUMNS.slice(
  PRODUCT_CSV_COLUMNS.indexOf('featured'),
);
const REQUIRED_COLUMNS = PRODUCT_CSV_COLUMNS.filter((column) => !OPTIONAL_COLUMNS.includes(column));

/** Which CSV column a field of ImportProductRow comes from, to name it in a problem. */
const COLUMN_OF: Record<string, string> = {
  sku: 'sku',
  name: 'name',
  category: 'category',
  dis: 'description',
  img: 'image',
  min_order: 'min_order',
  available: 'available',
  price: 'price_tiers',
  priceTiers: 'price_tiers',
  featured: 'featured',
  taxClass: 'tax_class',
  weightKg: 'weight_kg',
  unitsPerCarton: 'units_per_carton',
  unit: 'unit',
  orderMultiple: 'order_multiple',
  leadTimeDays: 'lead_time_days',
};

const YES = new Set(['yes', 'true', '1', 'y']);
const NO = new Set(['no', 'false', '0', 'n', '']);

// --- Export ---

function csvRecord(
  product: ProductView,
  minUnits: number,
  specKeys: readonly string[],
  optionNames: readonly string[],
): Record<string, string | number> {
  const tiers = effectiveTiersInDollars(product, minUnits);
  const specCells = Object.fromEntries(
    specKeys.map((key) => {
      const value = product.specs[key];
      return [`${SPEC_COLUMN_PREFIX}${key}`, value === undefined ? '' : specText(value)];
    }),
  );
  return {
    sku: product.sku,
    name: product.name,
    category: product.categoryName,
    description: product.description,
    image: product.imageUrl,
    min_order: product.minOrder,
    available: product.available,
    price_tiers: formatTiersCell(tiers),
    featured: product.featured ? 'yes' : 'no',
    tax_class: product.taxClass,
    weight_kg: product.weightGrams / 1000,
    units_per_carton: product.unitsPerCarton,
    unit: product.unit,
    order_multiple: product.orderMultiple,
    lead_time_days: product.leadTimeDays,
    family: familyOf(product)?.name ?? '',
    ...specCells,
    ...Object.fromEntries(
      optionNames.map((name) => [
        `${OPTION_COLUMN_PREFIX}${name}`,
        Object.entries(product.options).find(([option]) => option.toLowerCase() === name)?.[1] ?? '',
      ]),
    ),
  };
}

/** Every attribute key some category declares, each once, in the categories' order: the spec columns. */
function specKeysOf(bySlug: Map<string, CategoryAttribute[]>): string[] {
  return [...new Set([...bySlug.values()].flat().map((attribute) => attribute.key))];
}

/** Every product as CSV, by SKU, streamed a batch of rows at a time. */
export async function exportProductsCsv({ db, minUnits }: Pick<Deps, 'db' | 'minUnits'>): Promise<Readable> {
  const { stringify } = await import('csv-stringify');
  const specKeys = specKeysOf(await listCategoryAttributes(db));
  const optionNames = [
    ...new Set(
      (await listFamilyOptions(db)).flatMap((family) => family.options.map((o) => o.name.toLowerCase())),
    ),
  ];
  const records = Readable.from(
    (async function* () {
      for await (const product of eachProductBySku(db)) {
        yield neutraliseRecord(csvRecord(product, minUnits, specKeys, optionNames));
      }
    })(),
  );
  const columns = [
    ...PRODUCT_CSV_COLUMNS,
    ...specKeys.map((key) => `${SPEC_COLUMN_PREFIX}${key}`),
    ...optionNames.map((name) => `${OPTION_COLUMN_PREFIX}${name}`),
  ];
  // pipeline, not pipe: a failing query destroys the response instead of throwing where nobody listens.
  return pipeline(records, stringify({ header: true, columns, bom: true }), () => undefined);
}

// --- Import ---

interface CheckedRow {
  line: number;
  row: ImportProductRow;
  /** The family the row is a variant of (named in its `family` cell), and its option values. */
  family:
    | { id: string; options: Record<string, string> }
    | { newFamily: string; options: Record<string, string> }
    | null;
}

/** The shop's families as an import finds them: by name (lower case), with their options and category. */
type FamiliesByName = Map<string, FamilyListing[]>;

interface ParsedFile {
  /** The attribute keys the file has a column for: a product keeps its values for the others. */
  specKeys: string[];
  rows: CheckedRow[];
  total: number;
  errors: ImportProblem[];
}

/** Reads the file and checks every row by the shared rules, naming each problem's line and column. */
async function checkFile(
  csv: string,
  minUnits: number,
  attributesBySlug: Map<string, CategoryAttribute[]>,
  familiesByName: FamiliesByName,
): Promise<ParsedFile> {
  const table = await readCsvTable(csv, {
    columns: PRODUCT_CSV_COLUMNS,
    required: REQUIRED_COLUMNS,
    maxRows: MAX_IMPORT_ROWS,
    prefixes: [SPEC_COLUMN_PREFIX, OPTION_COLUMN_PREFIX],
  });
  const specColumns = table.columns.filter((column) => column.startsWith(SPEC_COLUMN_PREFIX));
  const optionColumns = table.columns.filter((column) => column.startsWith(OPTION_COLUMN_PREFIX));
  const errors: ImportProblem[] = [...table.errors];
  for (const column of specColumns) {
    if (!ATTRIBUTE_KEY.test(column.slice(SPEC_COLUMN_PREFIX.length))) {
      errors.push({ line: 1, sku: null, column, message: `${column} names no attribute key` });
    }
  }
  const rows: CheckedRow[] = [];
  const firstLineOf = new Map<string, number>();
  for (const { line, cell } of table.rows) {
    const sku = cell('sku').trim().toUpperCase() || null;
    // The columns this row's problems name: each is named once.
    const reported = new Set<string | null>();
    const problem = (column: string | null, message: string) => {
      reported.add(column);
      errors.push({ line, sku, column, message });
    };
    const whole = (column: string) => {
      const value = cell(column).trim().replaceAll(',', '');
      if (value === '') return undefined;
      if (!/^-?\d+$/.test(value)) {
        problem(column, `${column} must be a whole number of units (it is “${cell(column)}”)`);
        return Number.NaN;
      }
      return Number(value);
    };
    const minOrder = whole('min_order');
    const available = whole('available');
    const tiers = parseTiersCell(cell('price_tiers'));
    if (!tiers) {
      problem(
        'price_tiers',
        'price_tiers lists the price breaks as quantity:price, separated by |, e.g. 100:12.50|500:11.00',
      );
    }
    const decimal = (column: string) => {
      const value = cell(column).trim().replaceAll(',', '');
      if (value === '') return undefined;
      if (!/^\d+(\.\d+)?$/.test(value)) {
        problem(column, `${column} must be a number (it is “${cell(column)}”)`);
        return Number.NaN;
      }
      return Number(value);
    };
    const weightKg = decimal('weight_kg');
    const unitsPerCarton = whole('units_per_carton');
    const orderMultiple = whole('order_multiple');
    const leadTimeDays = whole('lead_time_days');
    const unit = cell('unit').trim().toUpperCase() || undefined;
    const taxClass = cell('tax_class').trim().toLowerCase() || undefined;
    // Specifications are read by the types of the row's category's attributes.
    const attributes = attributesBySlug.get(categorySlug(cell('category'))) ?? [];
    const specs: ProductSpecs = {};
    for (const column of specColumns) {
      const key = column.slice(SPEC_COLUMN_PREFIX.length);
      const text = cell(column);
      if (text.trim() === '') continue;
      const attribute = attributes.find((candidate) => candidate.key === key);
      if (!attribute) {
        problem(column, `${column}: the category ${cell('category').trim()} has no attribute ${key}`);
        continue;
      }
      const value = specFromText(attribute, text);
      const wrong = value === undefined ? null : specValueProblem(attribute, value);
      if (wrong) problem(column, `${column}: ${wrong}`);
      else if (value !== undefined) specs[key] = value;
    }
    const featured = cell('featured').trim().toLowerCase();
    const featuredKnown = YES.has(featured) || NO.has(featured);
    if (!featuredKnown) problem('featured', 'featured is yes or no');

    // Every rule of the product form, so a row's problems are all listed at once.
    const checked = ImportProductRow.safeParse({
      sku: cell('sku'),
      name: cell('name'),
      category: cell('category'),
      dis: cell('description'),
      img: cell('image'),
      min_order: minOrder,
      available,
      price: tiers?.[0]?.price,
      priceTiers: tiers ?? undefined,
      featured: featuredKnown ? YES.has(featured) : undefined,
      taxClass,
      weightKg: Number.isNaN(weightKg) ? undefined : weightKg,
      unitsPerCarton: Number.isNaN(unitsPerCarton) ? undefined : unitsPerCarton,
      unit,
      orderMultiple: Number.isNaN(orderMultiple) ? undefined : orderMultiple,
      leadTimeDays: Number.isNaN(leadTimeDays) ? undefined : leadTimeDays,
      specs,
    });
    if (!checked.success) {
      for (const issue of checked.error.issues) {
        const column = COLUMN_OF[String(issue.path[0])] ?? null;
        if (!reported.has(column)) problem(column, column ? `${column}: ${issue.message}` : issue.message);
      }
    }
    // The rules that compare fields are checked too whenever their fields could be read, so that a
    // row's problems are all listed at once, not one more at each try.
    const category = cell('category').trim();
    if (category && !reported.has('category') && !categorySlug(category)) {
      problem('category', 'category: The category name needs letters or digits');
    }
    if (
      tiers &&
      minOrder !== undefined &&
      Number.isInteger(minOrder) &&
      minOrder > 0 &&
      !reported.has('price_tiers')
    ) {
      const multiple = Number.isInteger(orderMultiple) && (orderMultiple ?? 1) > 0 ? (orderMultiple ?? 1) : 1;
      const tierError =
        tierProblem(tiers, lowerBound(minOrder, minUnits, multiple)) ?? tierPackProblem(tiers, multiple);
      if (tierError) problem('price_tiers', `price_tiers: ${tierError}`);
    }
    const validSku = Sku.safeParse(cell('sku'));
    if (validSku.success) {
      const earlier = firstLineOf.get(validSku.data);
      if (earlier !== undefined) {
        problem('sku', `The SKU ${validSku.data} is already on line ${earlier}; each product appears once`);
      } else {
        firstLineOf.set(validSku.data, line);
      }
    }
    // A variant names its family, and takes a value of each of the family's options.
    let family: CheckedRow['family'] = null;
    const familyName = cell('family').trim();
    if (familyName) {
      const named = familiesByName.get(familyName.toLowerCase()) ?? [];
      const [found] = named;
      if (!found) {
        // A family the shop does not have yet is made from its rows (an export imported into a new shop):
        // its options are the option columns its rows fill, their values in the order the rows give them.
        const options = Object.fromEntries(
          optionColumns.flatMap((column) => {
            const value = cell(column).trim();
            return value ? [[optionName(column), value]] : [];
          }),
        );
        if (Object.keys(options).length === 0) problem('family', `family: give ${familyName}'s options`);
        family = { newFamily: familyName, options };
      } else if (named.length > 1) {
        problem('family', `family: ${named.length} families are named ${familyName}; rename one first`);
      } else {
        const options = Object.fromEntries(
          found.options.flatMap((option) => {
            const value = cell(`${OPTION_COLUMN_PREFIX}${option.name.toLowerCase()}`).trim();
            return value ? [[option.name, value]] : [];
          }),
        );
        const wrong = variantOptionsProblem(found.options, options);
        if (wrong) problem(null, `${familyName}: ${wrong}`);
        if (categorySlug(cell('category')) !== found.categorySlug) {
          problem('category', `category: a variant of ${familyName} is in ${found.categoryName}`);
        }
        family = { id: found.id, options };
      }
    }
    if (!checked.success || reported.size > 0) continue;
    const row = checked.data;
    rows.push({ line, row, family });
  }
  // Problems by line, as the file reads.
  errors.sort((a, b) => a.line - b.line);
  return {
    specKeys: specColumns.map((column) => column.slice(SPEC_COLUMN_PREFIX.length)),
    rows,
    total: table.total,
    errors,
  };
}

/** A row's breaks as stored, checked against its lower bound and its packs (the row's, or the product's). */
function packedTiers(row: ImportProductRow, current: ProductView | undefined, minUnits: number) {
  const multiple = row.orderMultiple ?? current?.orderMultiple ?? 1;
  return checkedTiers(row.priceTiers ?? [], lowerBound(row.min_order, minUnits, multiple), multiple);
}

/** An option's name from its column (`option.voltage`: Voltage): headers are read in lower case. */
function optionName(column: string): string {
  const name = column.slice(OPTION_COLUMN_PREFIX.length);
  return name.charAt(0).toUpperCase() + name.slice(1);
}

/** Makes the families a file's rows name and the shop does not have; answers their ids by name. */
async function makeFamilies(ex: Executor, rows: readonly CheckedRow[]): Promise<Map<string, string>> {
  const made = new Map<string, string>();
  const pending = new Map<string, CheckedRow[]>();
  for (const row of rows) {
    if (row.family && 'newFamily' in row.family) {
      const key = row.family.newFamily.toLowerCase();
      pending.set(key, [...(pending.get(key) ?? []), row]);
    }
  }
  for (const [key, members] of pending) {
    const [first] = members;
    if (!first?.family || !('newFamily' in first.family)) continue;
    const options = new Map<string, string[]>();
    for (const member of members) {
      for (const [name, value] of Object.entries(member.family?.options ?? {})) {
        const values = options.get(name) ?? [];
        if (!values.includes(value)) values.push(value);
        options.set(name, values);
      }
    }
    const { id } = await insertFamily(ex, {
      name: first.family.newFamily,
      description: first.row.dis,
      imageUrl: first.row.img,
      categoryId: await categoryNamed(ex, first.row.category),
      options: [...options].map(([name, values]) => ({ name, values })),
    });
    made.set(key, id);
  }
  return made;
}

/** The family id a row's variant takes: its family's, or the one this import made. */
function familyIdOf(family: CheckedRow['family'], made: ReadonlyMap<string, string>): string | null {
  if (!family) return null;
  return 'newFamily' in family ? (made.get(family.newFamily.toLowerCase()) ?? null) : family.id;
}

/**
 * What the file would do to families that it may not: move a product into or out of a family (add or
 * retire variants for that), or give two variants of a family the same options.
 */
async function familyProblems(
  ex: Executor,
  rows: readonly CheckedRow[],
  existing: readonly ProductView[],
): Promise<ImportProblem[]> {
  const bySku = new Map(existing.map((product) => [product.sku, product]));
  const problems: ImportProblem[] = [];
  const taken = new Map<string, string>();
  const familyIds = [
    ...new Set(rows.flatMap((row) => (row.family && 'id' in row.family ? [row.family.id] : []))),
  ];
  for (const id of familyIds) {
    for (const variant of await listFamilyVariants(ex, id)) {
      taken.set(`${id}:${JSON.stringify(Object.entries(variant.options).sort())}`, variant.sku);
    }
  }
  for (const { line, row, family } of rows) {
    const current = bySku.get(row.sku);
    const familyId = family && 'id' in family ? family.id : null;
    if (current && (current.familyId ?? null) !== familyId) {
      problems.push({
        line,
        sku: row.sku,
        column: 'family',
        message: current.familyId
          ? `family: ${row.sku} is a variant of ${familyOf(current)?.name ?? 'a family'}; it stays in it`
          : `family: ${row.sku} is a product on its own; add a variant to the family instead`,
      });
      continue;
    }
    if (!family) continue;
    const key = `${familyId ?? ('newFamily' in family ? family.newFamily.toLowerCase() : '')}:${JSON.stringify(Object.entries(family.options).sort())}`;
    const twin = taken.get(key);
    if (twin && twin !== row.sku) {
      problems.push({ line, sku: row.sku, column: null, message: `${twin} already has these options` });
    }
    taken.set(key, row.sku);
  }
  return problems;
}

/**
 * A row's specifications as the product will hold them: the file's, and for attributes the file has
 * no column for, the product's own (unless it moves to another category).
 */
function specsOf(row: ImportProductRow, current: ProductView | undefined, specKeys: readonly string[]) {
  const keep =
    current && current.categorySlug === categorySlug(row.category)
      ? Object.fromEntries(Object.entries(current.specs).filter(([key]) => !specKeys.includes(key)))
      : {};
  return { ...keep, ...row.specs };
}

/** The values a row gives a product, as the audit log and the comparison with the catalog see them. */
function rowValues(
  { row, family }: CheckedRow,
  minUnits: number,
  categoryName: string,
  current: ProductView | undefined,
  specKeys: readonly string[],
) {
  const { priceTiers } = packedTiers(row, current, minUnits);
  return {
    sku: row.sku,
    name: row.name,
    category: categoryName,
    image: row.img,
    description: row.dis,
    minOrder: row.min_order,
    available: row.available,
    priceTiers,
    featured: row.featured ?? false,
    // A column the file does not have leaves the product's value (a new product: the default).
    taxClass: row.taxClass ?? current?.taxClass ?? 'standard',
    weightKg: row.weightKg ?? (current ? current.weightGrams / 1000 : 0),
    unitsPerCarton: row.unitsPerCarton ?? current?.unitsPerCarton ?? 1,
    specs: specsOf(row, current, specKeys),
    unit: row.unit ?? current?.unit ?? DEFAULT_UNIT,
    orderMultiple: row.orderMultiple ?? current?.orderMultiple ?? 1,
    leadTimeDays: row.leadTimeDays ?? current?.leadTimeDays ?? 0,
    options: family?.options ?? {},
  };
}

interface Plan {
  line: number;
  checked: CheckedRow;
  existing: ProductView | undefined;
  change: { before: Record<string, unknown>; after: Record<string, unknown> } | null;
}

/**
 * What each row does to the catalog as it is now: create, update (which fields) or nothing. A known
 * product keeps its stock unless `setStock`: the file's figure may be older than orders placed since.
 */
function planRows(
  { rows, specKeys }: Pick<ParsedFile, 'rows' | 'specKeys'>,
  existing: ProductView[],
  minUnits: number,
  setStock: boolean,
): Plan[] {
  const bySku = new Map(existing.map((product) => [product.sku, product]));
  return rows.map((checked) => {
    const current = bySku.get(checked.row.sku);
    // A category named like an existing one (same slug) is that category.
    const categoryName =
      current && current.categorySlug === categorySlug(checked.row.category)
        ? current.categoryName
        : checked.row.category;
    const after = rowValues(checked, minUnits, categoryName, current, specKeys);
    if (current && !setStock) after.available = current.available;
    const change = current
      ? changedValues(productAuditValues(current), after)
      : { before: {}, after: after as Record<string, unknown> };
    return { line: checked.line, checked, existing: current, change };
  });
}

function report(total: number, plans: Plan[], errors: ImportProblem[], committed: boolean): ImportReport {
  const changed = plans.filter((plan) => plan.change);
  return {
    committed,
    rows: total,
    created: changed.filter((plan) => !plan.existing).length,
    updated: changed.filter((plan) => plan.existing).length,
    unchanged: plans.length - changed.length,
    errors,
    changes: changed.slice(0, LISTED_CHANGES).map((plan) => ({
      line: plan.line,
      sku: plan.checked.row.sku,
      name: plan.checked.row.name,
      action: plan.existing ? ('update' as const) : ('create' as const),
      fields: plan.existing ? Object.keys(plan.change?.after ?? {}) : [],
    })),
  };
}

/**
 * Checks a catalog CSV and, when `commit` and every row is right, writes it: new SKUs become products
 * with the row's stock, known ones take the row's details and prices, and its stock only with
 * `setStock` (a stock-take: the file's figure becomes the stock to sell, replacing what orders reserved
 * since it was written). All rows are written in one transaction or none; each product created or
 * changed is in the audit log.
 */
export async function importProductsCsv(
  { db, catalogCache, minUnits }: Deps,
  actor: Actor,
  csv: string,
  { commit, setStock }: { commit: boolean; setStock: boolean },
): Promise<ImportReport> {
  const families = await listFamilyOptions(db);
  const familiesByName: FamiliesByName = new Map();
  for (const family of families) {
    const key = family.name.toLowerCase();
    familiesByName.set(key, [...(familiesByName.get(key) ?? []), family]);
  }
  const file = await checkFile(csv, minUnits, await listCategoryAttributes(db), familiesByName);
  const { rows, total, errors } = file;
  const skus = rows.map(({ row }) => row.sku);
  errors.push(...(await familyProblems(db, rows, await findProductsBySkus(db, skus))));
  errors.sort((a, b) => a.line - b.line);
  if (!commit || errors.length > 0) {
    if (commit) {
      const [first] = errors;
      throw new DomainError(
        'VALIDATION_FAILED',
        messages.importRefused(errors.length, first?.line ?? 0, first?.message ?? ''),
      );
    }
    return report(
      total,
      planRows(file, await findProductsBySkus(db, skus), minUnits, setStock),
      errors,
      false,
    );
  }
  const plans = await db.transaction(async (tx) => {
    // Locked, so the values the audit log keeps as "before" are the ones this import replaces.
    const planned = planRows(file, await findProductsBySkus(tx, skus, { lock: true }), minUnits, setStock);
    const changed = planned.filter((plan) => plan.change);
    const madeFamilies = await makeFamilies(
      tx,
      changed.map((plan) => plan.checked),
    );
    const categoryIds = new Map<string, string>();
    for (const { checked } of changed) {
      const slug = categorySlug(checked.row.category);
      if (!categoryIds.has(slug)) categoryIds.set(slug, await categoryNamed(tx, checked.row.category));
    }
    const values: NewProduct[] = changed.map(({ checked: { row, family }, existing }) => ({
      sku: row.sku,
      name: row.name,
      imageUrl: row.img,
      description: row.dis,
      categoryId: categoryIds.get(categorySlug(row.category)) ?? '',
      minOrder: row.min_order,
      // Locked above: a known product's stock, when kept, is exactly what it is now.
      available: existing && !setStock ? existing.available : row.available,
      featured: row.featured ?? false,
      taxClass: row.taxClass ?? existing?.taxClass ?? 'standard',
      weightGrams: gramsOf(row.weightKg) ?? existing?.weightGrams ?? 0,
      unitsPerCarton: row.unitsPerCarton ?? existing?.unitsPerCarton ?? 1,
      specs: specsOf(row, existing, file.specKeys),
      unit: row.unit ?? existing?.unit ?? DEFAULT_UNIT,
      orderMultiple: row.orderMultiple ?? existing?.orderMultiple ?? 1,
      leadTimeDays: row.leadTimeDays ?? existing?.leadTimeDays ?? 0,
      familyId: familyIdOf(family, madeFamilies),
      options: family?.options ?? {},
      ...packedTiers(row, existing, minUnits),
    }));
    await upsertProducts(tx, values);
    // A known product given more stock fills its backorders first.
    if (setStock) {
      const restocked = changed.filter(
        ({ existing, checked }) => existing && checked.row.available > existing.available,
      );
      await fillBackorders(
        tx,
        restocked.flatMap(({ existing }) => (existing ? [existing.id] : [])),
      );
    }
    await recordAudit(
      tx,
      actor,
      ...changed.map((plan): AuditRecord => ({
        action: 'product.import',
        subject: `SKU ${plan.checked.row.sku}`,
        before: plan.existing ? (plan.change?.before ?? null) : null,
        after: plan.change?.after ?? null,
      })),
    );
    return planned;
  });
  catalogCache.invalidate();
  return report(total, plans, [], true);
}
