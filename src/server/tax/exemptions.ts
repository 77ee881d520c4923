import {
  and,
  arrayContains,
  arrayOverlaps,
  asc,
  count,
  desc,
  eq,
  gte,
  inArray,
  isNull,
  lte,
  ne,
  sql,
} from 'drizzle-orm';
import type { z } from 'zod';
import {
  CERTIFICATE_TYPES,
  type CertificateBody,
  MAX_CERTIFICATE_BYTES,
  type TaxCertificate,
} from '../../shared/api/tax.schemas';
import { addDays } from '../../shared/domain/ledger';
import type { TaxBasis } from '../../shared/domain/order-charges';
import { messages } from '../../shared/messages';
import { recordAudit } from '../audit/audit.repository';
import type { SessionUser } from '../identity/request-user';
import { companyOf } from '../identity/membership';
import type { Database, Executor } from '../db/database';
import { companies, companyMembers, taxCertificates, users } from '../db/schema';
import { findCompany } from '../records/companies.repository';
import { DomainError } from '../http/domain-error';
import { type MailContext, businessMail } from '../mail/mail-layout';
import type { Mail } from '../mail/mailer';
import { queueMail, queueMails } from '../mail/outbox';
import type { Place } from './places';
import { utcDayOf } from '../../shared/days';

/**
 * Tax exemption and resale certificates: a company's evidence for buying untaxed. Only an
 * approved certificate, unexpired on the day of the order and covering its destination, counts.
 */

/** The codes a certificate may cover for this place: its region ("US-PA") and its whole country ("US"). */
export function placeCodes(place: Place): string[] {
  const country = place.country.toUpperCase();
  return place.region ? [`${country}-${place.region.toUpperCase()}`, country] : [country];
}

/** The company's approved certificate covering `place` on `at`'s day (the latest-expiring one), or null. */
export async function approvedCertificateFor(
  ex: Executor,
  companyId: string,
  place: Place,
  at: Date,
): Promise<NonNullable<TaxBasis['certificate']> | null> {
  const [row] = await ex
    .select({
      id: taxCertificates.id,
      kind: taxCertificates.kind,
      number: taxCertificates.number,
      regions: taxCertificates.regions,
      expiresOn: taxCertificates.expiresOn,
    })
    .from(taxCertificates)
    .where(
      and(
        eq(taxCertificates.companyId, companyId),
        eq(taxCertificates.status, 'approved'),
        gte(taxCertificates.expiresOn, at.toISOString().slice(0, 10)),
        arrayOverlaps(taxCertificates.regions, placeCodes(place)),
      ),
    )
    .orderBy(desc(taxCertificates.expiresOn))
    .limit(1);
  return row ? { ...row, kind: row.kind === 'resale' ? 'resale' : 'exemption' } : null;
}

type CertificateRow = typeof taxCertificates.$inferSelect;
type Body = z.output<typeof CertificateBody>;

const columns = {
  id: taxCertificates.id,
  companyId: taxCertificates.companyId,
  companyName: companies.name,
  kind: taxCertificates.kind,
  number: taxCertificates.number,
  regions: taxCertificates.regions,
  expiresOn: taxCertificates.expiresOn,
  fileName: taxCertificates.fileName,
  contentType: taxCertificates.contentType,
  status: taxCertificates.status,
  uploadedBy: taxCertificates.uploadedBy,
  decidedBy: taxCertificates.decidedBy,
  decidedAt: taxCertificates.decidedAt,
  rejectionReason: taxCertificates.rejectionReason,
  createdAt: taxCertificates.createdAt,
};
type Listed = Omit<CertificateRow, 'content' | 'expiryNoticeSentAt'> & { companyName: string };

function toCertificate(row: Listed, today: string): TaxCertificate {
  return {
    _id: row.id,
    company: { _id: row.companyId, name: row.companyName },
    kind: row.kind === 'resale' ? 'resale' : 'exemption',
    number: row.number,
    regions: row.regions,
    expiresOn: row.expiresOn,
    expired: row.expiresOn < today,
    fileName: row.fileName,
    contentType: row.contentType,
    status: row.status,
    uploadedBy: row.uploadedBy,
    decidedBy: row.decidedBy,
    decidedAt: row.decidedAt?.toISOString() ?? null,
    rejectionReason: row.rejectionReason,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The certificates of one company (its colleagues), or those a shop admin asks for, newest first. */
export async function listCertificates(
  ex: Executor,
  filter: { companyId: string } | { status: 'pending' | 'all' },
): Promise<TaxCertificate[]> {
  const where =
    'companyId' in filter
      ? eq(taxCertificates.companyId, filter.companyId)
      : filter.status === 'pending'
        ? eq(taxCertificates.status, 'pending')
        : undefined;
  const rows = await ex
    .select(columns)
    .from(taxCertificates)
    .innerJoin(companies, eq(companies.id, taxCertificates.companyId))
    .where(where)
    .orderBy(desc(taxCertificates.createdAt))
    .limit(500);
  const day = utcDayOf(new Date());
  return rows.map((row) => toCertificate(row, day));
}

/**
 * What one company may keep waiting for a decision, and store in all (rejected certificates do not
 * count): uploads are the company's admins', and every byte of them sits in the shop's database.
 */
export const CERTIFICATE_QUOTA = { pending: 10, bytes: 40 * 1024 * 1024 };

/**
 * A company's admin uploads a certificate: the file's type is read from its content (a PDF, PNG or
 * JPEG), never from its name; it waits for a shop admin's approval. Its expiry must be in the future.
 * The company's quota is counted under its row's lock (two uploads at once cannot both fit the last
 * place), and the upload goes to the audit log with who sent which file.
 */
export async function uploadCertificate(db: Database, caller: SessionUser, body: Body): Promise<string> {
  const company = companyOf(caller, 'manage');
  if (body.expiresOn <= utcDayOf(new Date()))
    throw new DomainError('VALIDATION_FAILED', messages.certificateExpired);
  const content = Buffer.from(body.content, 'base64');
  if (content.length === 0) throw new DomainError('VALIDATION_FAILED', messages.certificateEmpty);
  if (content.length > MAX_CERTIFICATE_BYTES)
    throw new DomainError('TOO_LARGE', messages.certificateTooLarge);
  const { fileTypeFromBuffer } = await import('file-type');
  const mime = (await fileTypeFromBuffer(content))?.mime;
  if (!mime || !(mime in CERTIFICATE_TYPES)) {
    throw new DomainError('UNSUPPORTED_MEDIA_TYPE', messages.certificateType);
  }
  return db.transaction(async (tx) => {
    await findCompany(tx, company.id, { lock: true });
    const [held] = await tx
      .select({
        pending: sql<number>`count(*) filter (where ${taxCertificates.status} = 'pending')`.mapWith(Number),
        bytes: sql<number>`coalesce(sum(octet_length(${taxCertificates.content})), 0)`.mapWith(Number),
      })
      .from(taxCertificates)
      .where(and(eq(taxCertificates.companyId, company.id), ne(taxCertificates.status, 'rejected')));
    if ((held?.pending ?? 0) >= CERTIFICATE_QUOTA.pending) {
      throw new DomainError('CONFLICT', messages.certificatesPendingQuota(CERTIFICATE_QUOTA.pending));
    }
    if ((held?.bytes ?? 0) + content.length > CERTIFICATE_QUOTA.bytes) {
      throw new DomainError('TOO_LARGE', messages.certificatesStorageQuota(CERTIFICATE_QUOTA.bytes));
    }
    const regions = [...new Set(body.regions)];
    const [row] = await tx
      .insert(taxCertificates)
      .values({
        companyId: company.id,
        kind: body.kind,
        number: body.number,
        regions,
        expiresOn: body.expiresOn,
        fileName: body.fileName,
        contentType: mime,
        content,
        uploadedBy: caller.email.toLowerCase(),
      })
      .returning({ id: taxCertificates.id });
    if (!row) throw new Error('The certificate was not stored');
    await recordAudit(tx, caller, {
      action: 'tax_certificate.upload',
      subject: `certificate ${row.id}`,
      after: {
        kind: body.kind,
        number: body.number,
        regions,
        expiresOn: body.expiresOn,
        fileName: body.fileName,
        contentType: mime,
        bytes: content.length,
      },
    });
    return row.id;
  });
}

/** A certificate's file, for its company's colleagues or (companyId undefined) a shop admin. */
export async function certificateFile(ex: Executor, certificateId: string, companyId?: string) {
  const [row] = await ex
    .select({
      fileName: taxCertificates.fileName,
      contentType: taxCertificates.contentType,
      content: taxCertificates.content,
    })
    .from(taxCertificates)
    .where(
      companyId === undefined
        ? eq(taxCertificates.id, certificateId)
        : and(eq(taxCertificates.id, certificateId), eq(taxCertificates.companyId, companyId)),
    );
  if (!row) throw new DomainError('NOT_FOUND', messages.certificateNotFound);
  return row;
}

/**
 * A shop admin approves a pending certificate (from then on it untaxes the company's orders to the
 * places it covers until it expires) or rejects it with a reason; the uploader is mailed, and the
 * audit log records who decided what.
 */
export async function decideCertificate(
  { db, mail }: { db: Database; mail: MailContext },
  admin: SessionUser,
  certificateId: string,
  decision: { approve: boolean; reason?: string | undefined },
): Promise<TaxCertificate> {
  const at = new Date();
  const decided = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(taxCertificates)
      .set({
        status: decision.approve ? 'approved' : 'rejected',
        decidedBy: admin.email.toLowerCase(),
        decidedAt: at,
        rejectionReason: decision.approve ? null : (decision.reason ?? null),
      })
      .where(and(eq(taxCertificates.id, certificateId), eq(taxCertificates.status, 'pending')))
      .returning({ id: taxCertificates.id });
    if (!row) {
      const [exists] = await tx
        .select({ status: taxCertificates.status })
        .from(taxCertificates)
        .where(eq(taxCertificates.id, certificateId));
      if (!exists) throw new DomainError('NOT_FOUND', messages.certificateNotFound);
      throw new DomainError('CONFLICT', messages.certificateDecided(exists.status));
    }
    const [certificate] = await tx
      .select(columns)
      .from(taxCertificates)
      .innerJoin(companies, eq(companies.id, taxCertificates.companyId))
      .where(eq(taxCertificates.id, certificateId));
    if (!certificate) throw new Error(`Certificate ${certificateId} vanished`);
    const shown = toCertificate(certificate, utcDayOf(at));
    await recordAudit(tx, admin, {
      action: 'tax_certificate.decide',
      subject: `${shown.company.name}: certificate ${shown.number}`,
      before: { status: 'pending' },
      after: {
        status: shown.status,
        regions: shown.regions.join(', '),
        expiresOn: shown.expiresOn,
        reason: shown.rejectionReason,
      },
    });
    await queueMail(tx, certificateDecidedMail(mail, shown));
    return shown;
  });
  mail.nudge();
  return decided;
}

function certificateDecidedMail(ctx: MailContext, certificate: TaxCertificate): Mail {
  const approved = certificate.status === 'approved';
  return businessMail({
    to: certificate.uploadedBy,
    subject: approved
      ? `Your tax certificate ${certificate.number} is approved`
      : `Your tax certificate ${certificate.number} was not accepted`,
    greeting: 'Hello,',
    lead: [
      approved
        ? `We have approved ${certificate.company.name}’s certificate: from now on your orders delivered to ${certificate.regions.join(', ')} are not taxed, until it expires on ${certificate.expiresOn}.`
        : `We could not accept ${certificate.company.name}’s certificate: ${certificate.rejectionReason ?? ''}`,
    ],
    facts: [
      ['Certificate', `${certificate.number} (${certificate.kind})`],
      ['Covers', certificate.regions.join(', ')],
      ['Expires', certificate.expiresOn],
    ],
    action: { url: `${ctx.publicUrl}/dashboard/company`, label: 'See your company' },
    shop: ctx.shop,
  });
}

/** How many certificates wait for a shop admin's decision (the admin dashboard). */
export async function countPendingCertificates(ex: Executor): Promise<number> {
  const [row] = await ex
    .select({ n: count() })
    .from(taxCertificates)
    .where(eq(taxCertificates.status, 'pending'));
  return row?.n ?? 0;
}

/** How long before its expiry a company is told its certificate ends. */
export const CERTIFICATE_NOTICE_DAYS = 30;

/** Approved certificates expiring within 30 days (the admin dashboard), soonest first. */
export async function certificatesExpiringSoon(ex: Executor, at = new Date()) {
  const day = utcDayOf(at);
  const rows = await ex
    .select(columns)
    .from(taxCertificates)
    .innerJoin(companies, eq(companies.id, taxCertificates.companyId))
    .where(
      and(
        eq(taxCertificates.status, 'approved'),
        gte(taxCertificates.expiresOn, day),
        lte(taxCertificates.expiresOn, addDays(day, CERTIFICATE_NOTICE_DAYS)),
      ),
    )
    .orderBy(asc(taxCertificates.expiresOn))
    .limit(100);
  return rows.map((row) => toCertificate(row, day));
}

/**
 * Mails each company whose approved certificate expires within 30 days, once per certificate (claimed
 * SKIP LOCKED, so two processes never mail one twice): its admins are told to upload the renewal before
 * the old one stops counting. Answers how many were told.
 */
export async function noticeExpiringCertificates(deps: { db: Database; mail: MailContext }, at = new Date()) {
  const day = utcDayOf(at);
  const told = await deps.db.transaction(async (tx) => {
    const due = tx
      .select({ id: taxCertificates.id })
      .from(taxCertificates)
      .where(
        and(
          eq(taxCertificates.status, 'approved'),
          isNull(taxCertificates.expiryNoticeSentAt),
          gte(taxCertificates.expiresOn, day),
          lte(taxCertificates.expiresOn, addDays(day, CERTIFICATE_NOTICE_DAYS)),
        ),
      )
      .limit(200)
      .for('update', { skipLocked: true });
    const claimed = await tx
      .update(taxCertificates)
      .set({ expiryNoticeSentAt: at })
      .where(inArray(taxCertificates.id, due))
      .returning({
        id: taxCertificates.id,
        companyId: taxCertificates.companyId,
        number: taxCertificates.number,
        regions: taxCertificates.regions,
        expiresOn: taxCertificates.expiresOn,
      });
    const mails: Mail[] = [];
    for (const certificate of claimed) {
      const admins = await tx
        .select({ email: users.email, name: companies.name })
        .from(companyMembers)
        .innerJoin(users, eq(users.id, companyMembers.userId))
        .innerJoin(companies, eq(companies.id, companyMembers.companyId))
        .where(
          and(
            eq(companyMembers.companyId, certificate.companyId),
            arrayContains(companyMembers.roles, ['admin']),
          ),
        );
      for (const admin of admins) {
        mails.push(
          businessMail({
            to: admin.email,
            subject: `Your tax certificate ${certificate.number} expires on ${certificate.expiresOn}`,
            greeting: 'Hello,',
            lead: [
              `${admin.name}’s tax certificate ${certificate.number} (${certificate.regions.join(', ')}) expires on ${certificate.expiresOn}. After that day your orders there are taxed again.`,
              'Please upload its renewal on your company page, so that we can approve it in time.',
            ],
            facts: [
              ['Certificate', certificate.number],
              ['Covers', certificate.regions.join(', ')],
              ['Expires', certificate.expiresOn],
            ],
            action: { url: `${deps.mail.publicUrl}/dashboard/company`, label: 'Upload the renewal' },
            shop: deps.mail.shop,
          }),
        );
      }
    }
    await queueMails(tx, mails);
    return claimed.length;
  });
  if (told > 0) deps.mail.nudge();
  return told;
}
