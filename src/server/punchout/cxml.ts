import { randomUUID } from 'node:crypto';
import { XMLParser } from 'fast-xml-parser';
import { SyntaxValidator } from 'fast-xml-validator';
import { create } from 'xmlbuilder2';
import type { XMLBuilder } from 'xmlbuilder2/lib/interfaces';
import { REGIONS } from '../../shared/domain/addresses';
import { formatUnits } from '../../shared/numbers';

/**
 * cXML, the punchout language of SAP Ariba, Coupa and most US procurement systems (DESIGN §11): what
 * the shop reads (PunchOutSetupRequest, OrderRequest) and what it writes (PunchOutSetupResponse, a
 * Response with its status, the PunchOutOrderMessage), against the cXML 1.2.063 DTD. Pure: no database,
 * no HTTP. Reading refuses, before any parsing, what only an attack needs: a document type with an
 * internal subset or an entity declaration (XXE, billion laughs), and more markup than any procurement
 * system sends (CXML_LIMITS); nothing is ever fetched. The Sender credential is read on its own
 * (readSender), so that a stranger's document is refused before the whole of it is parsed.
 */

export const CXML_VERSION = '1.2.063';
const DOCTYPE_URL = `http://xml.cxml.org/schemas/cXML/${CXML_VERSION}/cXML.dtd`;

/** A cXML document the shop will not read, with the status to answer (400 malformed, 401 credential). */
export class CxmlError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 406 | 409 | 413 | 429 | 500,
    message: string,
  ) {
    super(message);
  }
}

export interface CxmlCredential {
  domain: string;
  identity: string;
  sharedSecret?: string;
}

export interface CxmlLine {
  lineNumber: number | null;
  quantity: number;
  supplierPartId: string;
  buyerPartId: string | null;
  unitPrice: number | null;
  currency: string | null;
}

export interface CxmlAddress {
  name: string;
  deliverTo: string[];
  street: string[];
  city: string;
  state: string | null;
  postalCode: string | null;
  country: string | null;
  email: string | null;
  phone: string | null;
}

interface Envelope {
  payloadId: string;
  from: CxmlCredential[];
  to: CxmlCredential[];
  sender: CxmlCredential;
}

export type CxmlRequest = Envelope &
  (
    | {
        kind: 'PunchOutSetupRequest';
        operation: 'create' | 'edit' | 'inspect';
        buyerCookie: string;
        browserFormPost: string;
        /** Extrinsics by name (UserEmail, FirstName…): who the buyer is in the procurement system. */
        extrinsics: Record<string, string>;
        items: CxmlLine[];
      }
    | {
        kind: 'OrderRequest';
        orderId: string;
        orderDate: string;
        total: number | null;
        currency: string | null;
        shipTo: CxmlAddress | null;
        billTo: CxmlAddress | null;
        items: CxmlLine[];
      }
  );

/** Elements that may repeat: always read as lists. */
const REPEATED = new Set([
  'Credential',
  'ItemOut',
  'Extrinsic',
  'DeliverTo',
  'Street',
  'Description',
  'Classification',
]);

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  textNodeName: '#text',
  isArray: (name) => REPEATED.has(name),
  processEntities: true,
  maxNestedTags: 32,
});

/**
 * What a cXML document may hold, counted in one pass over its text before any parsing (screenCxml):
 * a parser spends a few microseconds on each element, attribute and reference, on the event loop.
 * A 500-line OrderRequest as Ariba sends it (line, part, price, description, classification, ShipTo,
 * accounting segments, comments) is 880 KB: 19,000 elements, 15,500 attributes, 8 levels deep, no
 * references to speak of. The 1 MB body limit (MAX_CXML_BYTES) holds ~590 such lines, or 2,900 of the
 * plainest (part, price, description, unit, class): 26,000 elements, 52,000 `<`. The limits take
 * either and stay well below what stalls the shop: 95,000 attributes took 1.2 s to read, 240,000 empty
 * elements 0.8 s; a document at every limit at once takes 0.15-0.3 s, and only a known connection's
 * is parsed at all (readSender).
 */
export const CXML_LIMITS = {
  /** Start tags (`<` before a name). */
  elements: 30_000,
  /** Every `<`: start and end tags, comments, CDATA sections, processing instructions. */
  markup: 60_000,
  /** `="` or `='` (an attribute cannot be written without one), in the document and in one element. */
  attributes: 20_000,
  attributesPerElement: 32,
  /** `&`: entity and character references. */
  references: 20_000,
  /** Levels of elements below the cXML root (fast-xml-parser's maxNestedTags, above); Ariba's go 8 deep. */
  depth: 32,
} as const;

/** Where a procurement system puts its Sender: in the Header, the first thing in the document. */
const SENDER_WITHIN = 32 * 1024;
/** A Sender is a credential or two and a user agent: a few hundred bytes. */
const SENDER_MAX = 8 * 1024;

type Node = Record<string, unknown>;
const node = (value: unknown): Node | undefined =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Node) : undefined;
const list = (value: unknown): Node[] =>
  (Array.isArray(value) ? value : value === undefined ? [] : [value]).flatMap((one) => {
    const found = node(one);
    return found ? [found] : typeof one === 'string' ? [{ '#text': one }] : [];
  });
const text = (value: unknown): string => {
  if (typeof value === 'string' || typeof value === 'number') return String(value).trim();
  const found = node(value);
  return found && typeof found['#text'] === 'string' ? found['#text'].trim() : '';
};

function required(value: unknown, what: string): Node {
  const found = node(value);
  if (!found) throw new CxmlError(400, `The cXML document has no ${what}`);
  return found;
}

const isSpace = (code: number) => code === 32 || code === 9 || code === 10 || code === 13;

/**
 * Refuses, in one pass over the text and before any parsing, what only an attack needs: a document type
 * declaring anything (entities above all: XXE, billion laughs), 400; more markup than CXML_LIMITS, 413.
 * Linear in the document's length whatever it holds (a few milliseconds for 1 MB); counts that cannot
 * be dodged by the way markup is written, so they may count a little more than there is, never less.
 */
export function screenCxml(raw: string): void {
  // A DOCTYPE naming the DTD is normal; one declaring anything is refused unread. A document has one
  // DOCTYPE at most, and only it is looked into (a regex trying each of 40,000 took 15 s).
  const doctype = raw.search(/<!DOCTYPE/i);
  if (doctype >= 0) {
    const end = raw.indexOf('>', doctype);
    if (raw.slice(doctype, end < 0 ? undefined : end).includes('[')) throw declarations();
    if (raw.slice(doctype + 9).search(/<!DOCTYPE/i) >= 0) {
      throw new CxmlError(400, 'The cXML document has more than one DOCTYPE');
    }
  }
  if (/<!ENTITY/i.test(raw)) throw declarations();
  let elements = 0;
  let markup = 0;
  let attributes = 0;
  let inElement = 0;
  let references = 0;
  for (let at = 0; at < raw.length; at += 1) {
    const code = raw.charCodeAt(at);
    if (code === 60 /* < */) {
      markup += 1;
      inElement = 0;
      const next = raw.charCodeAt(at + 1);
      if (next !== 47 /* / */ && next !== 33 /* ! */ && next !== 63 /* ? */) elements += 1;
    } else if (code === 61 /* = */) {
      let quote = at + 1;
      while (isSpace(raw.charCodeAt(quote))) quote += 1;
      const opens = raw.charCodeAt(quote);
      if (opens === 34 /* " */ || opens === 39 /* ' */) {
        attributes += 1;
        inElement += 1;
        if (inElement > CXML_LIMITS.attributesPerElement) {
          throw new CxmlError(
            413,
            `An element of the cXML document has more than ${CXML_LIMITS.attributesPerElement} attributes`,
          );
        }
      }
    } else if (code === 38 /* & */) references += 1;
  }
  const counts = [
    [elements, CXML_LIMITS.elements, 'elements'],
    [markup, CXML_LIMITS.markup, 'tags, comments and CDATA sections'],
    [attributes, CXML_LIMITS.attributes, 'attributes'],
    [references, CXML_LIMITS.references, 'entity or character references'],
  ] as const;
  for (const [count, limit, what] of counts) {
    if (count > limit) {
      throw new CxmlError(413, `The cXML document has more than ${formatUnits(limit)} ${what}`);
    }
  }
}

const declarations = () =>
  new CxmlError(400, 'The cXML document declares entities or an internal DTD subset, which are not accepted');

/** Parses well-formed XML, or throws CxmlError: 400 malformed, 413 nested deeper than CXML_LIMITS. */
function parse(raw: string): Node {
  try {
    SyntaxValidator.validate(raw);
    return parser.parse(raw) as Node;
  } catch (error) {
    const message = (error as Error).message.split('\n')[0] ?? '';
    if (/maximum nested tags/i.test(message)) {
      throw new CxmlError(413, `The cXML document nests elements more than ${CXML_LIMITS.depth} deep`);
    }
    throw new CxmlError(400, `The cXML document is not well-formed XML: ${message}`);
  }
}

/**
 * Where the element starting at `from` (`<Sender`) ends, past its `</Sender>`, or -1 when it does not
 * end by `until`. Comments and CDATA sections are stepped over: a secret may hold `</Sender>`.
 */
function endOfSender(raw: string, from: number, until: number): number {
  for (let at = raw.indexOf('<', from + 1); at >= 0 && at < until; at = raw.indexOf('<', at + 1)) {
    if (raw.startsWith('</Sender', at)) {
      const end = raw.indexOf('>', at);
      return end >= 0 && end < until && raw.slice(at + 8, end).trim() === '' ? end + 1 : -1;
    }
    const skip = raw.startsWith('<!--', at) ? '-->' : raw.startsWith('<![CDATA[', at) ? ']]>' : null;
    if (skip) {
      at = raw.indexOf(skip, at);
      if (at < 0) return -1;
    }
  }
  return -1;
}

/**
 * The Sender credential (domain, Identity, SharedSecret), read before the rest of the document: the
 * first `<Sender>` within the first 32 KB (in the Header, where cXML puts it), outside comments and
 * CDATA, parsed on its own (at most 8 KB) by the same parser as the whole document, so its references
 * and CDATA read the same. Bounded whatever the document holds (screenCxml is the caller's). Whoever
 * authenticates with it must check that readCxml's `sender` is this same credential: sameCredential.
 */
export function readSender(raw: string): CxmlCredential {
  const window = Math.min(raw.length, SENDER_WITHIN);
  let start = -1;
  for (let at = raw.indexOf('<'); at >= 0 && at < window; at = raw.indexOf('<', at + 1)) {
    if (raw.startsWith('<Sender', at) && (raw[at + 7] === '>' || isSpace(raw.charCodeAt(at + 7)))) {
      start = at;
      break;
    }
    const skip = raw.startsWith('<!--', at) ? '-->' : raw.startsWith('<![CDATA[', at) ? ']]>' : null;
    if (skip) {
      at = raw.indexOf(skip, at);
      if (at < 0) break;
    }
  }
  if (start < 0) {
    throw new CxmlError(
      400,
      `The cXML document has no Sender in its Header (within its first ${SENDER_WITHIN / 1024} KB)`,
    );
  }
  const end = endOfSender(raw, start, start + SENDER_MAX);
  if (end < 0) {
    throw new CxmlError(400, `The cXML document's Sender does not end within ${SENDER_MAX / 1024} KB`);
  }
  const sender = required(parse(raw.slice(start, end)).Sender, 'Sender');
  return credentials(sender)[0] ?? { domain: '', identity: '' };
}

/** Whether two credentials are the same, secret included. */
export const sameCredential = (a: CxmlCredential, b: CxmlCredential) =>
  a.domain === b.domain && a.identity === b.identity && a.sharedSecret === b.sharedSecret;

/**
 * Reads a cXML request. Throws CxmlError 400 for anything malformed: not XML, a document type with
 * declarations of its own, not a request the shop takes; 413 for more markup than CXML_LIMITS.
 */
export function readCxml(raw: string): CxmlRequest {
  screenCxml(raw);
  const parsed = parse(raw);
  const cxml = required(parsed.cXML, 'cXML element');
  const payloadId = text(cxml['@payloadID']);
  if (!payloadId) throw new CxmlError(400, 'The cXML document has no payloadID');
  const header = required(cxml.Header, 'Header');
  const envelope: Envelope = {
    payloadId,
    from: credentials(required(header.From, 'From')),
    to: credentials(required(header.To, 'To')),
    sender: credentials(required(header.Sender, 'Sender'))[0] ?? { domain: '', identity: '' },
  };
  const request = required(cxml.Request, 'Request');
  const setup = node(request.PunchOutSetupRequest);
  if (setup) {
    const operation = text(setup['@operation']) || 'create';
    if (operation !== 'create' && operation !== 'edit' && operation !== 'inspect') {
      throw new CxmlError(
        400,
        `A PunchOutSetupRequest's operation is create, edit or inspect, not ${operation}`,
      );
    }
    const browserFormPost = text(required(setup.BrowserFormPost, 'BrowserFormPost').URL);
    if (!browserFormPost) throw new CxmlError(400, 'The PunchOutSetupRequest has no BrowserFormPost URL');
    return {
      ...envelope,
      kind: 'PunchOutSetupRequest',
      operation,
      buyerCookie: text(setup.BuyerCookie),
      browserFormPost,
      extrinsics: Object.fromEntries(
        list(setup.Extrinsic).map((extrinsic) => [text(extrinsic['@name']), text(extrinsic)]),
      ),
      items: list(setup.ItemOut).map(lineOf),
    };
  }
  const order = node(request.OrderRequest);
  if (order) {
    const orderHeader = required(order.OrderRequestHeader, 'OrderRequestHeader');
    const orderId = text(orderHeader['@orderID']);
    if (!orderId) throw new CxmlError(400, 'The OrderRequest has no orderID');
    const type = text(orderHeader['@type']) || 'new';
    if (type !== 'new') {
      throw new CxmlError(
        406,
        `The shop takes new orders only (type="new"), not type="${type.slice(0, 20)}": to change or cancel order ${orderId.slice(0, 60)}, please contact us`,
      );
    }
    const items = list(order.ItemOut).map(lineOf);
    if (items.length === 0) throw new CxmlError(400, 'The OrderRequest has no ItemOut');
    const money = node(node(orderHeader.Total)?.Money);
    return {
      ...envelope,
      kind: 'OrderRequest',
      orderId,
      orderDate: text(orderHeader['@orderDate']),
      total: money ? amountOf(text(money), 'Total') : null,
      currency: money ? text(money['@currency']) || null : null,
      shipTo: addressOf(node(node(orderHeader.ShipTo)?.Address)),
      billTo: addressOf(node(node(orderHeader.BillTo)?.Address)),
      items,
    };
  }
  throw new CxmlError(400, 'The shop takes a PunchOutSetupRequest or an OrderRequest');
}

function credentials(party: Node): CxmlCredential[] {
  return list(party.Credential).map((credential) => {
    const secret = credential.SharedSecret;
    return {
      domain: text(credential['@domain']),
      identity: text(credential.Identity),
      ...(secret === undefined ? {} : { sharedSecret: text(secret) }),
    };
  });
}

function amountOf(value: string, what: string): number {
  const amount = Number(value);
  if (!/^-?\d+(\.\d+)?$/.test(value) || !Number.isFinite(amount)) {
    throw new CxmlError(400, `${what} is not an amount: ${value.slice(0, 40)}`);
  }
  return amount;
}

function lineOf(item: Node): CxmlLine {
  const id = required(item.ItemID, 'ItemID in an item');
  const supplierPartId = text(id.SupplierPartID);
  if (!supplierPartId) throw new CxmlError(400, 'An item has no SupplierPartID');
  const quantity = Number(text(item['@quantity']));
  if (!Number.isInteger(quantity) || quantity <= 0) {
    throw new CxmlError(400, `Item ${supplierPartId}: the quantity must be a whole number above 0`);
  }
  const money = node(node(node(item.ItemDetail)?.UnitPrice)?.Money);
  const lineNumber = Number(text(item['@lineNumber']));
  return {
    lineNumber: Number.isInteger(lineNumber) && lineNumber > 0 ? lineNumber : null,
    quantity,
    supplierPartId,
    buyerPartId: text(id.BuyerPartID) || null,
    unitPrice: money ? amountOf(text(money), `Item ${supplierPartId}'s UnitPrice`) : null,
    currency: money ? text(money['@currency']) || null : null,
  };
}

/**
 * A cXML State as the shop's region code: its `isoStateCode` (ISO 3166-2, `US-NY`) when given, else its
 * text, a code (`NY`) or a name (`New York`) of the country's list, matched without regard to case.
 */
function stateOf(value: unknown): string | null {
  const iso = text(node(value)?.['@isoStateCode']);
  if (iso) return iso.replace(/^[A-Za-z]{2}-/, '').toUpperCase();
  const written = text(value);
  if (!written) return null;
  for (const regions of Object.values(REGIONS)) {
    const named = Object.entries(regions).find(([, name]) => name.toLowerCase() === written.toLowerCase());
    if (named) return named[0];
  }
  return written;
}

function addressOf(address: Node | undefined): CxmlAddress | null {
  if (!address) return null;
  const postal = node(address.PostalAddress);
  const country = node(postal?.Country);
  const phone = node(node(address.Phone)?.TelephoneNumber);
  return {
    name: text(address.Name),
    deliverTo: list(postal?.DeliverTo).map(text).filter(Boolean),
    street: list(postal?.Street).map(text).filter(Boolean),
    city: text(postal?.City),
    state: stateOf(postal?.State),
    postalCode: text(postal?.PostalCode) || null,
    country: country ? text(country['@isoCountryCode']) || null : null,
    email: text(address.Email) || null,
    phone: phone
      ? [text(node(phone.CountryCode)), text(phone.AreaOrCityCode), text(phone.Number)]
          .filter(Boolean)
          .join(' ')
      : null,
  };
}

// --- What the shop writes ---

/** The cXML envelope: the XML declaration, the DTD by its public address (never fetched), the root. */
function cxmlDocument(payloadId = `${Date.now()}.${randomUUID()}@forgeline`) {
  const doc = create({ version: '1.0', encoding: 'UTF-8' }).dtd({ name: 'cXML', sysID: DOCTYPE_URL });
  return doc.ele('cXML', {
    version: CXML_VERSION,
    payloadID: payloadId,
    timestamp: new Date().toISOString().replace(/\.\d{3}Z$/, '+00:00'),
    'xml:lang': 'en-US',
  });
}

const STATUS_TEXT: Record<number, string> = {
  200: 'OK',
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  406: 'Not Acceptable',
  409: 'Conflict',
  413: 'Request Entity Too Large',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  560: 'Temporary server error',
};

/** A Response with its Status, and `message` as the status's text for people. */
export function statusResponse(code: number, message = ''): string {
  const root = cxmlDocument();
  root
    .ele('Response')
    .ele('Status', { code: String(code), text: STATUS_TEXT[code] ?? 'Error', 'xml:lang': 'en-US' })
    .txt(message);
  return root.end({ prettyPrint: true });
}

/** PunchOutSetupResponse: where the buyer's browser goes to shop. */
export function setupResponse(startUrl: string): string {
  const root = cxmlDocument();
  const response = root.ele('Response');
  response.ele('Status', { code: '200', text: 'OK' });
  response.ele('PunchOutSetupResponse').ele('StartPage').ele('URL').txt(startUrl);
  return root.end({ prettyPrint: true });
}

export interface BasketLine {
  sku: string;
  buyerPartId: string | null;
  name: string;
  quantity: number;
  unitPriceCents: number;
  /** UN/ECE Recommendation 20 code: EA (each) for a tool. */
  unitOfMeasure: string;
  /** UNSPSC commodity code. */
  unspsc: string;
  leadTimeDays: number | null;
}

export interface Basket {
  buyerCookie: string;
  currency: string;
  lines: BasketLine[];
  totalCents: number;
  /** Freight and tax for the company's default address; null when the shop cannot tell them yet. */
  freightCents: number | null;
  taxCents: number | null;
  /** Who sends it: the shop's credential, and the buyer's organisation as its setup request named it. */
  from: CxmlCredential;
  to: CxmlCredential;
}

const money = (parent: XMLBuilder, cents: number, currency: string) =>
  parent.ele('Money', { currency }).txt((cents / 100).toFixed(2));

/** PunchOutOrderMessage: the cart carried back to the procurement system as a requisition. */
export function orderMessage(basket: Basket): string {
  const root = cxmlDocument();
  const header = root.ele('Header');
  credentialOf(header.ele('From'), basket.from);
  credentialOf(header.ele('To'), basket.to);
  const sender = header.ele('Sender');
  credentialOf(sender, basket.from);
  sender.ele('UserAgent').txt('Forgeline Tools punchout');
  const message = root.ele('Message').ele('PunchOutOrderMessage');
  message.ele('BuyerCookie').txt(basket.buyerCookie);
  const messageHeader = message.ele('PunchOutOrderMessageHeader', { operationAllowed: 'edit' });
  money(messageHeader.ele('Total'), basket.totalCents, basket.currency);
  if (basket.freightCents !== null) {
    const shipping = messageHeader.ele('Shipping');
    money(shipping, basket.freightCents, basket.currency);
    shipping.ele('Description', { 'xml:lang': 'en-US' }).txt('Freight');
  }
  if (basket.taxCents !== null) {
    const tax = messageHeader.ele('Tax');
    money(tax, basket.taxCents, basket.currency);
    tax.ele('Description', { 'xml:lang': 'en-US' }).txt('Sales tax or VAT, as the shop charges it');
  }
  basket.lines.forEach((line, index) => {
    const item = message.ele('ItemIn', { quantity: String(line.quantity), lineNumber: String(index + 1) });
    const id = item.ele('ItemID');
    id.ele('SupplierPartID').txt(line.sku);
    if (line.buyerPartId) id.ele('BuyerPartID').txt(line.buyerPartId);
    const detail = item.ele('ItemDetail');
    money(detail.ele('UnitPrice'), line.unitPriceCents, basket.currency);
    detail
      .ele('Description', { 'xml:lang': 'en-US' })
      .ele('ShortName')
      .txt(line.name.slice(0, 50))
      .up()
      .txt(line.name);
    detail.ele('UnitOfMeasure').txt(line.unitOfMeasure);
    detail.ele('Classification', { domain: 'UNSPSC' }).txt(line.unspsc);
    if (line.leadTimeDays !== null) detail.ele('LeadTime').txt(String(line.leadTimeDays));
  });
  return root.end({ prettyPrint: true });
}

function credentialOf(parent: XMLBuilder, credential: CxmlCredential) {
  parent.ele('Credential', { domain: credential.domain }).ele('Identity').txt(credential.identity);
}
