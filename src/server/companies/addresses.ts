import { formatAddress } from '../../shared/domain/addresses';
import { normalTaxId } from '../../shared/domain/vat-id';
import type { StoredShipTo } from '../../shared/domain/order-charges';
import { and, asc, desc, eq } from 'drizzle-orm';
import type { CompanyAddress, CompanyAddressBody } from '../../shared/api/companies.schemas';
import { messages } from '../../shared/messages';
import type { SessionUser } from '../identity/request-user';
import type { Database, Executor } from '../db/database';
import { companyAddresses } from '../db/schema';
import { findCompany, updateCompany } from '../records/companies.repository';
import { DomainError } from '../http/domain-error';
import { companyOf, notInCompany } from '../identity/membership';
import { recordAudit } from '../audit/audit.repository';

/**
 * A company's address book: ship-to addresses its admins keep, one of them the default, and
 * whether colleagues may ship anywhere else. Checkout ships to the book's address by its id, never to
 * what the client sent beside it.
 */

type AddressRow = typeof companyAddresses.$inferSelect;

export const toAddress = (row: AddressRow): CompanyAddress => ({
  _id: row.id,
  label: row.label,
  name: row.recipient,
  address: row.address,
  shipTo: row.shipTo,
  number: row.phone,
  isDefault: row.isDefault,
  complete: row.shipTo !== null,
});

/** The book, the default first, then oldest first. */
export async function addressesOf(ex: Executor, companyId: string): Promise<CompanyAddress[]> {
  const rows = await ex
    .select()
    .from(companyAddresses)
    .where(eq(companyAddresses.companyId, companyId))
    .orderBy(desc(companyAddresses.isDefault), asc(companyAddresses.createdAt));
  return rows.map(toAddress);
}

const notFound = () => new DomainError('NOT_FOUND', messages.companyAddressNotFound);

/** Writes an address (new, or an existing one of this company's); the default moves to it when asked. */
export async function saveAddress(
  db: Database,
  caller: SessionUser,
  body: {
    label: string;
    name: string;
    address?: string | undefined;
    shipTo?: StoredShipTo | undefined;
    number: string;
    isDefault?: boolean | undefined;
  },
  addressId?: string,
): Promise<string> {
  const { id: companyId } = companyOf(caller, 'manage');
  return db.transaction(async (tx) => {
    // One change of the book at a time per company, so two new defaults at once cannot both stand.
    await findCompany(tx, companyId, { lock: true });
    const first =
      (
        await tx
          .select({ id: companyAddresses.id })
          .from(companyAddresses)
          .where(eq(companyAddresses.companyId, companyId))
          .limit(1)
      ).length === 0;
    const isDefault = body.isDefault === true || first;
    if (isDefault) {
      await tx
        .update(companyAddresses)
        .set({ isDefault: false })
        .where(eq(companyAddresses.companyId, companyId));
    }
    const values = {
      label: body.label,
      recipient: body.name,
      address: body.shipTo ? formatAddress(body.shipTo) : (body.address ?? ''),
      shipTo: body.shipTo ?? null,
      phone: body.number,
    };
    if (addressId) {
      const [saved] = await tx
        .update(companyAddresses)
        .set({ ...values, ...(isDefault ? { isDefault: true } : {}) })
        .where(and(eq(companyAddresses.id, addressId), eq(companyAddresses.companyId, companyId)))
        .returning({ id: companyAddresses.id });
      if (!saved) throw notFound();
      return saved.id;
    }
    const [saved] = await tx
      .insert(companyAddresses)
      .values({ ...values, companyId, isDefault })
      .returning({ id: companyAddresses.id });
    if (!saved) throw new Error('The address was not stored');
    return saved.id;
  });
}

export async function removeAddress(db: Database, caller: SessionUser, addressId: string): Promise<void> {
  const { id: companyId } = companyOf(caller, 'manage');
  const removed = await db
    .delete(companyAddresses)
    .where(and(eq(companyAddresses.id, addressId), eq(companyAddresses.companyId, companyId)))
    .returning({ id: companyAddresses.id });
  if (removed.length === 0) throw notFound();
}

/** Where an order goes and who receives it: the name, the address (formatted), structured when it is. */
export interface Destination {
  name: string;
  address: string;
  phone: string;
  shipTo: StoredShipTo | null;
}

/**
 * Where an order goes: a company colleague's order to the book's address when `addressId` names one of
 * their company's (NOT_FOUND for anything else), or to the typed one, which the company's admins may
 * have turned off. Everyone else's goes where they typed: `shipTo` structured (its formatted text is the
 * order's `address`), else the spec's one-box `address`.
 */
export async function destinationOf(
  ex: Executor,
  user: SessionUser,
  details: {
    name: string;
    address?: string | undefined;
    shipTo?: StoredShipTo | undefined;
    number: string;
    addressId?: string | undefined;
  },
): Promise<Destination> {
  const company = user.company;
  if (details.addressId) {
    if (!company) throw notFound();
    const [row] = await ex
      .select()
      .from(companyAddresses)
      .where(and(eq(companyAddresses.id, details.addressId), eq(companyAddresses.companyId, company.id)));
    if (!row) throw notFound();
    // One written as a box of text before addresses were structured cannot be taxed by: refused until
    // an admin completes it.
    if (!row.shipTo) throw new DomainError('VALIDATION_FAILED', messages.companyAddressIncomplete(row.label));
    return { name: row.recipient, address: row.address, phone: row.phone, shipTo: row.shipTo };
  }
  if (company) {
    const settings = await findCompany(ex, company.id);
    if (settings && !settings.freeAddresses)
      throw new DomainError('VALIDATION_FAILED', messages.companyAddressesOnly);
  }
  const shipTo = details.shipTo ?? null;
  const address = shipTo ? formatAddress(shipTo) : (details.address ?? '');
  if (!address) throw new DomainError('VALIDATION_FAILED', messages.addressMissing);
  return { name: details.name, address, phone: details.number, shipTo };
}

/**
 * PATCH /api/company: a company admin corrects the company's legal name, tax number and billing
 * address, or sets its address rule. A changed tax number is no longer the one a shop admin verified:
 * the verification goes with it. What changed goes to the audit log, before and after.
 */
export async function editCompanyDetails(
  db: Database,
  caller: SessionUser,
  body: {
    name?: string | undefined;
    taxId?: string | undefined;
    billingAddress?: string | undefined;
    billingTo?: StoredShipTo | undefined;
    freeAddresses?: boolean | undefined;
    billingEmail?: string | undefined;
    invoiceDelivery?: 'pdf' | 'ubl' | 'both' | undefined;
    peppolId?: string | undefined;
  },
): Promise<void> {
  const { id: companyId } = companyOf(caller, 'manage');
  const taxId = body.taxId === undefined ? undefined : normalTaxId(body.taxId);
  const billingAddress = body.billingTo ? formatAddress(body.billingTo) : body.billingAddress;
  await db.transaction(async (tx) => {
    const before = await findCompany(tx, companyId, { lock: true });
    if (!before) throw notInCompany();
    const taxIdChanged = taxId !== undefined && taxId !== before.taxId;
    const after = {
      ...(body.name !== undefined ? { name: body.name } : {}),
      ...(taxId !== undefined ? { taxId } : {}),
      ...(taxIdChanged ? { vatVerifiedAt: null, vatVerifiedBy: null } : {}),
      ...(billingAddress !== undefined ? { billingAddress } : {}),
      ...(body.billingTo !== undefined ? { billingTo: body.billingTo } : {}),
      ...(body.freeAddresses !== undefined ? { freeAddresses: body.freeAddresses } : {}),
      ...(body.billingEmail !== undefined ? { billingEmail: body.billingEmail.toLowerCase() || null } : {}),
      ...(body.invoiceDelivery !== undefined ? { invoiceDelivery: body.invoiceDelivery } : {}),
      ...(body.peppolId !== undefined ? { peppolId: body.peppolId.trim() || null } : {}),
    };
    await updateCompany(tx, companyId, after);
    const changed = (
      [
        'name',
        'taxId',
        'billingAddress',
        'freeAddresses',
        'billingEmail',
        'invoiceDelivery',
        'peppolId',
      ] as const
    ).filter((field) => field in after && after[field] !== before[field]);
    if (changed.length === 0) return;
    await recordAudit(tx, caller, {
      action: 'company.details',
      subject: `company ${before.name}`,
      before: Object.fromEntries(changed.map((field) => [field, before[field]])),
      after: {
        ...Object.fromEntries(changed.map((field) => [field, after[field]])),
        ...(taxIdChanged && before.vatVerifiedAt ? { vatVerification: 'withdrawn' } : {}),
      },
    });
  });
}

export type { CompanyAddressBody };
