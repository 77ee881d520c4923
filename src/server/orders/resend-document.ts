import { parseDocumentNumber } from '../../shared/domain/document-numbers';
import { recordAudit } from '../audit/audit.repository';
import type { Database } from '../db/database';
import { DomainError } from '../http/domain-error';
import type { SessionUser } from '../identity/request-user';
import type { MailContext } from '../mail/mail-layout';
import { queueMails } from '../mail/outbox';
import { findCreditNote } from '../records/credit-notes.repository';
import { findOrder, findOrderByInvoiceNumber, withLinesOf } from './storage/orders.repository';
import { messages } from '../../shared/messages';
import { documentAgainMail } from './order-mails';
import { asItsCompanyAsks } from './transitions';

/**
 * Sends an invoice or credit note again (`INV-000123`, `CN-000007`): the document as it was issued,
 * attached as its company asks for its documents (Factur-X PDF, UBL or both), to the buyer and the
 * company's billing address. Recorded in the audit log. Answers where it went.
 */
export async function resendDocument(
  { db, mail }: { db: Database; mail: MailContext },
  actor: SessionUser,
  number: string,
): Promise<{ sentTo: string[] }> {
  const document = parseDocumentNumber(number);
  if (!document) throw new DomainError('VALIDATION_FAILED', messages.documentNumberUnknown(number));
  const note = document.series === 'credit_note' ? await findCreditNote(db, document.number) : null;
  const row =
    document.series === 'invoice'
      ? await findOrderByInvoiceNumber(db, document.number)
      : note && (await findOrder(db, note.orderId));
  if (!row) throw new DomainError('NOT_FOUND', messages.noSuchDocument(number.trim().toUpperCase()));
  const order = await withLinesOf(db, row);
  const mails = await asItsCompanyAsks(
    db,
    order,
    documentAgainMail(
      mail,
      order,
      note ? { kind: 'credit_note', creditNoteId: note.id, number: note.number } : { kind: 'invoice' },
    ),
  );
  await db.transaction(async (tx) => {
    await queueMails(tx, mails);
    await recordAudit(tx, actor, {
      action: 'document.resend',
      subject: number.trim().toUpperCase(),
      after: { order: order.orderNumber, to: mails.map((sent) => sent.to) },
    });
  });
  mail.nudge();
  return { sentTo: mails.map((sent) => sent.to) };
}
