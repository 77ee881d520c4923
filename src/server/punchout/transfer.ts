import { randomBytes } from 'node:crypto';
import { messages } from '../../shared/messages';
import type { ShopDetails } from '../config/shop-details';
import type { Database } from '../db/database';
import { addressesOf } from '../companies/addresses';
import type { SessionUser } from '../identity/request-user';
import { emptyCart, readCart } from '../orders/cart';
import { escapeHtml } from '../mail/mail-layout';
import { type Basket, orderMessage } from './cxml';
import { type PunchoutPolicy, returnUrlAllowed } from './connections';
import { PunchoutRefusal, markTransferred, punchoutOfSession } from './punchout-sessions';

/**
 * The transfer (DESIGN §11): the punchout's cart, priced for the company now, carried back to the
 * procurement system as a requisition by the buyer's browser: a page that posts itself to the
 * connection's return address, cXML's PunchOutOrderMessage in the field `cxml-urlencoded`, or OCI's
 * NEW_ITEM-* fields. The page allows a form to go to that one origin and runs only its own script.
 */
export interface TransferPage {
  html: string;
  contentSecurityPolicy: string;
}

/** UN/ECE Recommendation 20: a tool is sold by the piece. */
const EACH = 'EA';

export async function transferCart(
  db: Database,
  user: SessionUser,
  punchoutSessionId: string,
  {
    shop,
    minUnits,
    policy,
    now = new Date(),
  }: { shop: ShopDetails; minUnits: number; policy: PunchoutPolicy; now?: Date },
): Promise<TransferPage> {
  const punchout = await punchoutOfSession(db, punchoutSessionId);
  if (!punchout?.session.startedAt) throw new PunchoutRefusal(404, 'This browser is not in a punchout');
  const { session, connection } = punchout;
  if (session.operation === 'inspect') {
    throw new PunchoutRefusal(
      409,
      `This punchout shows a requisition of ${connection.systemName}; it is not changed here.`,
    );
  }
  if (connection.disabledAt) {
    throw new PunchoutRefusal(
      403,
      'This procurement system’s connection to the shop is disabled. Please contact us.',
    );
  }
  if (!returnUrlAllowed(connection, session.returnUrl, policy)) {
    throw new PunchoutRefusal(403, 'The return address is no longer on this connection’s return hosts');
  }
  const company = user.company;
  const home = company ? (await addressesOf(db, company.id)).find((address) => address.shipTo) : undefined;
  const cart = await readCart(
    db,
    user,
    minUnits,
    home?.shipTo
      ? { place: { country: home.shipTo.country, region: home.shipTo.region }, seller: shop }
      : undefined,
  );
  if (cart.lines.length === 0) throw new PunchoutRefusal(409, messages.cartEmpty);
  if (!cart.ready) {
    throw new PunchoutRefusal(
      409,
      messages.checkoutRefused(
        cart.lines.flatMap((line) => (line.problem ? [`${line.sku} ${line.name}: ${line.problem}.`] : [])),
      ),
    );
  }
  const partOf = (sku: string) =>
    session.items.find((item) => item.sku.toUpperCase() === sku.toUpperCase())?.buyerPartId ?? null;
  const cents = (dollars: number) => Math.round(dollars * 100);
  const charges =
    cart.charges && !cart.charges.problem && cart.charges.freight !== null ? cart.charges : null;
  const basket: Basket = {
    buyerCookie: session.buyerCookie ?? '',
    currency: 'USD',
    from: shop.punchout.credential,
    // Back to the organisation that asked (the setup request's From), else the connection's sender.
    to: session.buyerCredential ?? {
      domain: connection.senderDomain ?? 'NetworkId',
      identity: connection.senderIdentity ?? connection.username ?? '',
    },
    lines: cart.lines.map((line) => ({
      sku: line.sku,
      buyerPartId: partOf(line.sku),
      name: line.name,
      quantity: line.quantity,
      unitPriceCents: cents(line.unitPrice),
      unitOfMeasure: EACH,
      unspsc: shop.punchout.unspsc,
      leadTimeDays: shop.punchout.leadTimeDays,
    })),
    totalCents: cents(charges ? charges.total : cart.total),
    freightCents: charges ? cents(charges.freight ?? 0) : null,
    taxCents: charges ? charges.taxes.reduce((sum, tax) => sum + cents(tax.amount), 0) : null,
  };
  // The lines go to the procurement system, which orders them by its PO: they leave the buyer's cart,
  // so the same goods cannot be checked out again here (an edit session brings them back).
  await db.transaction(async (tx) => {
    await markTransferred(tx, session.id, now);
    await emptyCart(tx, user.id);
  });
  const fields =
    connection.protocol === 'cxml'
      ? [['cxml-urlencoded', orderMessage(basket)] as const]
      : [
          ...ociFields(basket),
          // As OCI's catalog call gave them: add the items to the cart, from a catalog.
          ['~OkCode', 'ADDI'] as const,
          ['~TARGET', session.ociTarget ?? '_top'] as const,
          ['~CALLER', 'CTLG'] as const,
        ];
  return autoPost(session.returnUrl, session.ociTarget ?? '_top', fields, connection.systemName);
}

/** SAP's number format: a point, at most three decimals, no thousands separators. */
const ociNumber = (value: number, decimals: number) => value.toFixed(decimals);

/**
 * OCI 4.0/5.0 basket fields, one set per line from 1 (SAP's field lengths: a 40-character short text,
 * the full name as long text).
 */
export function ociFields(basket: Basket): (readonly [string, string])[] {
  return basket.lines.flatMap((line, index) => {
    const n = index + 1;
    return [
      [`NEW_ITEM-DESCRIPTION[${n}]`, line.name.slice(0, 40)],
      [`NEW_ITEM-QUANTITY[${n}]`, ociNumber(line.quantity, 3)],
      [`NEW_ITEM-UNIT[${n}]`, line.unitOfMeasure],
      [`NEW_ITEM-PRICE[${n}]`, ociNumber(line.unitPriceCents / 100, 2)],
      [`NEW_ITEM-PRICEUNIT[${n}]`, '1'],
      [`NEW_ITEM-CURRENCY[${n}]`, basket.currency],
      [`NEW_ITEM-VENDORMAT[${n}]`, line.sku.slice(0, 40)],
      [`NEW_ITEM-MATGROUP[${n}]`, line.unspsc.slice(0, 10)],
      [`NEW_ITEM-LEADTIME[${n}]`, String(line.leadTimeDays ?? 0)],
      ...(line.buyerPartId ? [[`NEW_ITEM-MATNR[${n}]`, line.buyerPartId.slice(0, 40)] as const] : []),
      [`NEW_ITEM-LONGTEXT_${n}:132[]`, line.name],
    ] as const;
  });
}

/** A page that posts `fields` to `url` at once (and offers a button where scripts do not run). */
function autoPost(
  url: string,
  target: string,
  fields: readonly (readonly [string, string])[],
  systemName: string,
): TransferPage {
  const nonce = randomBytes(16).toString('base64');
  const inputs = fields
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('\n');
  const html = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Transferring your cart to ${escapeHtml(systemName)}</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body style="font-family: system-ui, sans-serif; padding: 2rem">
<form method="post" action="${escapeHtml(url)}" target="${escapeHtml(target)}" id="transfer">
${inputs}
<p>Your cart is on its way to ${escapeHtml(systemName)}.</p>
<button type="submit">Continue to ${escapeHtml(systemName)}</button>
</form>
<script nonce="${nonce}">document.getElementById('transfer').submit();</script>
</body>
</html>`;
  const origin = new URL(url).origin;
  return {
    html,
    contentSecurityPolicy: `default-src 'none'; script-src 'nonce-${nonce}'; style-src 'unsafe-inline'; form-action ${origin}; base-uri 'none'; frame-ancestors 'self'`,
  };
}
