import {
  MAX_PART_NUMBERS,
  PART_NUMBER_COLUMNS,
  type PartNumberList,
  PartNumberRow,
  type PutPartNumbersBody,
} from '../../shared/api/part-numbers.schemas';
import { readCsvTable } from '../http/csv-table';
import { recordAudit } from '../audit/audit.repository';
import type { Database, Executor } from '../db/database';
import { DomainError } from '../http/domain-error';
import { companyOf } from '../identity/membership';
import type { SessionUser } from '../identity/request-user';
import { listPartNumbers, replacePartNumbers } from '../records/part-numbers.repository';
import { knownSkus } from '../records/products.repository';
import { findCompany } from '../records/companies.repository';

/**
 * A company's own part numbers (DESIGN §11): its admins keep the list, every colleague's quick order,
 * lists and cart read it.
 */

export async function partNumbersOf(ex: Executor, caller: SessionUser): Promise<PartNumberList> {
  const { id } = companyOf(caller, 'read');
  return { rows: await listPartNumbers(ex, id) };
}

/**
 * PUT /api/company/part-numbers: the company's whole list, replaced. Refused whole, naming every row,
 * when a SKU is not the shop's, or a SKU or a part number (in any case) is given twice.
 */
export async function savePartNumbers(
  db: Database,
  caller: SessionUser,
  body: PutPartNumbersBody,
): Promise<PartNumberList> {
  const company = companyOf(caller, 'manage');
  const rows = 'rows' in body ? body.rows : await rowsOfFile(body.csv);
  const problems: string[] = [];
  const skus = new Map<string, number>();
  const numbers = new Map<string, number>();
  rows.forEach((row, index) => {
    const at = index + 1;
    const sameSku = skus.get(row.sku);
    if (sameSku) problems.push(`row ${at}: ${row.sku} is already on row ${sameSku}`);
    else skus.set(row.sku, at);
    const key = row.partNumber.toUpperCase();
    const sameNumber = numbers.get(key);
    if (sameNumber) problems.push(`row ${at}: part number ${row.partNumber} is already on row ${sameNumber}`);
    else numbers.set(key, at);
  });
  const known = await knownSkus(db, [...skus.keys()]);
  for (const [sku, at] of skus) if (!known.has(sku)) problems.push(`row ${at}: the shop has no SKU ${sku}`);
  if (problems.length > 0) throw new DomainError('VALIDATION_FAILED', problems.join('; '));
  await db.transaction(async (tx) => {
    await replacePartNumbers(tx, company.id, rows);
    const named = await findCompany(tx, company.id);
    await recordAudit(tx, caller, {
      action: 'company.part_numbers',
      subject: `company ${named?.name ?? company.id}`,
      after: { partNumbers: rows.length },
    });
  });
  return { rows: await listPartNumbers(db, company.id) };
}

/**
 * A part-number file's rows, each checked as a row of the call is; refused whole, naming each line,
 * when the file or any row is not right, so a half-read file never replaces the list.
 */
async function rowsOfFile(csv: string): Promise<PartNumberRow[]> {
  const table = await readCsvTable(csv, {
    columns: PART_NUMBER_COLUMNS,
    required: PART_NUMBER_COLUMNS,
    maxRows: MAX_PART_NUMBERS,
  });
  const problems = table.errors.map((error) => `line ${error.line}: ${error.message}`);
  const rows: PartNumberRow[] = [];
  for (const row of table.rows) {
    const parsed = PartNumberRow.safeParse({
      sku: row.cell('sku').trim(),
      partNumber: row.cell('part_number').trim(),
    });
    if (parsed.success) rows.push(parsed.data);
    else problems.push(`line ${row.line}: ${parsed.error.issues.map((issue) => issue.message).join('; ')}`);
  }
  if (problems.length > 0) throw new DomainError('VALIDATION_FAILED', problems.join('; '));
  return rows;
}
