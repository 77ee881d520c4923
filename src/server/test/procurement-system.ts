import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in procurement system for the punchout tests (SAP Ariba, Coupa, SAP SRM): a real HTTP server
 * that takes carts at its BrowserFormPost / HOOK_URL address as a browser posts them, and the cXML
 * documents it sends the shop.
 */
export interface ReturnedCart {
  path: string;
  /** The posted form's fields, decoded. */
  fields: URLSearchParams;
}

export async function startProcurementSystem() {
  const returned: ReturnedCart[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      if (request.method === 'POST')
        returned.push({
          path: request.url ?? '/',
          fields: new URLSearchParams(Buffer.concat(chunks).toString('utf8')),
        });
      response.writeHead(200, { 'content-type': 'text/html' }).end('<p>Requisition updated</p>');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    host: `127.0.0.1:${port}`,
    url: (path: string) => `http://127.0.0.1:${port}${path}`,
    returned,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export interface Credential {
  domain: string;
  identity: string;
  secret: string;
}

const header = (sender: Credential) => `<Header>
    <From><Credential domain="NetworkId"><Identity>BUYER-ORG-${sender.identity}</Identity></Credential></From>
    <To><Credential domain="DUNS"><Identity>081466849</Identity></Credential></To>
    <Sender><Credential domain="${sender.domain}"><Identity>${sender.identity}</Identity><SharedSecret>${sender.secret}</SharedSecret></Credential><UserAgent>Stand-in Procurement 1.0</UserAgent></Sender>
  </Header>`;

const envelope = (payloadId: string, body: string) => `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE cXML SYSTEM "http://xml.cxml.org/schemas/cXML/1.2.063/cXML.dtd">
<cXML payloadID="${payloadId}" timestamp="2026-11-28T10:00:00+00:00" xml:lang="en-US">
  ${body}
</cXML>`;

export interface RequestedItem {
  sku: string;
  quantity: number;
  unitPrice?: number;
  buyerPartId?: string;
}

const itemOut = (
  item: RequestedItem,
  index: number,
) => `<ItemOut quantity="${item.quantity}" lineNumber="${index + 1}">
        <ItemID><SupplierPartID>${item.sku}</SupplierPartID>${item.buyerPartId ? `<BuyerPartID>${item.buyerPartId}</BuyerPartID>` : ''}</ItemID>
        <ItemDetail><UnitPrice><Money currency="USD">${(item.unitPrice ?? 0).toFixed(2)}</Money></UnitPrice><Description xml:lang="en">${item.sku}</Description><UnitOfMeasure>EA</UnitOfMeasure><Classification domain="UNSPSC">27110000</Classification></ItemDetail>
      </ItemOut>`;

export function setupRequest(
  sender: Credential,
  {
    payloadId = `setup-${Date.now()}-${Math.random()}`,
    operation = 'create',
    cookie = 'cookie-42',
    returnUrl,
    email,
    items = [],
  }: {
    payloadId?: string;
    operation?: string;
    cookie?: string;
    returnUrl: string;
    email?: string;
    items?: RequestedItem[];
  },
): string {
  return envelope(
    payloadId,
    `${header(sender)}
  <Request deploymentMode="test">
    <PunchOutSetupRequest operation="${operation}">
      <BuyerCookie>${cookie}</BuyerCookie>
      ${email ? `<Extrinsic name="UserEmail">${email}</Extrinsic><Extrinsic name="FirstName">Pat</Extrinsic><Extrinsic name="LastName">Procurer</Extrinsic>` : ''}
      <BrowserFormPost><URL>${returnUrl}</URL></BrowserFormPost>
      <SupplierSetup><URL>https://shop.example/punchout/cxml</URL></SupplierSetup>
      ${items.map(itemOut).join('\n')}
    </PunchOutSetupRequest>
  </Request>`,
  );
}

/** A ShipTo's PostalAddress as a procurement system fills it; absent fields are left out. */
export interface RequestedAddress {
  deliverTo?: string;
  street?: string;
  city?: string;
  state?: string;
  postalCode?: string;
  country?: string;
}

const LEEDS_GOODS_IN: RequestedAddress = {
  deliverTo: 'Goods In',
  street: '12 Mill Lane',
  city: 'Leeds',
  postalCode: 'LS1 4AP',
  country: 'GB',
};

const element = (name: string, value: string | undefined) =>
  value === undefined ? '' : `<${name}>${value}</${name}>`;

export function orderRequest(
  sender: Credential,
  {
    payloadId,
    orderId,
    items,
    total,
    shipTo = LEEDS_GOODS_IN,
  }: { payloadId: string; orderId: string; items: RequestedItem[]; total: number; shipTo?: RequestedAddress },
): string {
  const postal =
    element('DeliverTo', shipTo.deliverTo) +
    element('Street', shipTo.street) +
    element('City', shipTo.city) +
    element('State', shipTo.state) +
    element('PostalCode', shipTo.postalCode) +
    (shipTo.country ? `<Country isoCountryCode="${shipTo.country}">${shipTo.country}</Country>` : '');
  return envelope(
    payloadId,
    `${header(sender)}
  <Request deploymentMode="test">
    <OrderRequest>
      <OrderRequestHeader orderID="${orderId}" orderDate="2026-11-28T10:00:00+00:00" type="new">
        <Total><Money currency="USD">${total.toFixed(2)}</Money></Total>
        <ShipTo><Address><Name xml:lang="en">Acme Plant 2</Name><PostalAddress>${postal}</PostalAddress></Address></ShipTo>
        <BillTo><Address><Name xml:lang="en">Acme Building Ltd</Name></Address></BillTo>
      </OrderRequestHeader>
      ${items.map(itemOut).join('\n')}
    </OrderRequest>
  </Request>`,
  );
}

/** The hidden fields of the shop's self-posting transfer page, and where it posts them. */
export function formOf(html: string): { action: string; target: string; fields: URLSearchParams } {
  const decode = (value: string) =>
    value
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&amp;/g, '&');
  const form = /<form method="post" action="([^"]*)" target="([^"]*)"/.exec(html);
  if (!form) throw new Error(`no form in the page: ${html.slice(0, 300)}`);
  const fields = new URLSearchParams();
  for (const [, name = '', value = ''] of html.matchAll(
    /<input type="hidden" name="([^"]*)" value="([^"]*)">/g,
  )) {
    fields.append(decode(name), decode(value));
  }
  return { action: decode(form[1] ?? ''), target: decode(form[2] ?? ''), fields };
}
