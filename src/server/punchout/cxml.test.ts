import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { validateCxml } from '../test/e-invoice-validators';
import { orderRequest as systemsOrderRequest } from '../test/procurement-system';
import {
  CXML_LIMITS,
  CxmlError,
  orderMessage,
  readCxml,
  readSender,
  sameCredential,
  screenCxml,
  setupResponse,
  statusResponse,
} from './cxml';

/**
 * The cXML the shop reads and writes (DESIGN §11): every document it writes valid against the
 * cXML 1.2.063 DTD (the kit's xmllint check), the procurement systems' requests read, and what only an
 * attack needs (entities, an internal DTD subset, more markup than CXML_LIMITS) refused before parsing.
 */
const example = readFileSync(
  join(process.cwd(), 'tools/validators/examples/cxml/PunchOutSetupRequest.xml'),
  'utf8',
);

const orderRequest = (items: string) => `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE cXML SYSTEM "http://xml.cxml.org/schemas/cXML/1.2.063/cXML.dtd">
<cXML payloadID="po-1@buyer.example" timestamp="2026-11-28T10:00:00+00:00">
  <Header>
    <From><Credential domain="NetworkId"><Identity>AN01000000001</Identity></Credential></From>
    <To><Credential domain="NetworkId"><Identity>forgeline</Identity></Credential></To>
    <Sender><Credential domain="NetworkId"><Identity>AN01000000001</Identity><SharedSecret>s3cr3t &amp; more</SharedSecret></Credential><UserAgent>Ariba</UserAgent></Sender>
  </Header>
  <Request>
    <OrderRequest>
      <OrderRequestHeader orderID="PO-4711" orderDate="2026-11-28T10:00:00+00:00" type="new">
        <Total><Money currency="USD">1250.00</Money></Total>
        <ShipTo><Address><Name xml:lang="en">Acme Plant 2</Name><PostalAddress><DeliverTo>Goods In</DeliverTo><Street>1 Dock Road</Street><City>Pittsburgh</City><State>PA</State><PostalCode>15222</PostalCode><Country isoCountryCode="US">United States</Country></PostalAddress></Address></ShipTo>
        <BillTo><Address><Name xml:lang="en">Acme Inc.</Name></Address></BillTo>
      </OrderRequestHeader>
      ${items}
    </OrderRequest>
  </Request>
</cXML>`;

describe('reading cXML', () => {
  it('reads a PunchOutSetupRequest: the sender’s credential, the cookie, where to post the cart, its items', () => {
    const request = readCxml(example);
    expect(request).toMatchObject({
      kind: 'PunchOutSetupRequest',
      payloadId: '933695160890',
      operation: 'create',
      buyerCookie: '550bce3e592023b2e7b015307f965133',
      browserFormPost: 'https://prominate-platform.com/hook-url',
      sender: { domain: 'NetworkId', identity: 'inbound@prominate-platform.com', sharedSecret: 's3cr3t' },
      extrinsics: { UserEmail: 'john-doe@domain.com' },
    });
    if (request.kind !== 'PunchOutSetupRequest') throw new Error('not a setup request');
    expect(request.items).toEqual([
      {
        lineNumber: 10,
        quantity: 2,
        supplierPartId: '5555',
        buyerPartId: null,
        unitPrice: 763.2,
        currency: 'EUR',
      },
      {
        lineNumber: 20,
        quantity: 1,
        supplierPartId: '6666',
        buyerPartId: null,
        unitPrice: 764.2,
        currency: 'EUR',
      },
    ]);
  });

  it('reads an OrderRequest: the PO number, addresses, lines; the predefined entities decoded', () => {
    const request = readCxml(
      orderRequest(`<ItemOut quantity="100" lineNumber="1"><ItemID><SupplierPartID>FL-1</SupplierPartID><BuyerPartID>ACME-9</BuyerPartID></ItemID>
        <ItemDetail><UnitPrice><Money currency="USD">12.50</Money></UnitPrice><Description xml:lang="en">Press</Description><UnitOfMeasure>EA</UnitOfMeasure><Classification domain="UNSPSC">27112700</Classification></ItemDetail></ItemOut>`),
    );
    expect(request).toMatchObject({
      kind: 'OrderRequest',
      payloadId: 'po-1@buyer.example',
      orderId: 'PO-4711',
      total: 1250,
      currency: 'USD',
      sender: { sharedSecret: 's3cr3t & more' },
      shipTo: {
        name: 'Acme Plant 2',
        deliverTo: ['Goods In'],
        street: ['1 Dock Road'],
        city: 'Pittsburgh',
        state: 'PA',
        postalCode: '15222',
        country: 'US',
      },
      items: [
        { lineNumber: 1, quantity: 100, supplierPartId: 'FL-1', buyerPartId: 'ACME-9', unitPrice: 12.5 },
      ],
    });
  });

  it.each([
    ['not XML', 'hello', 'not well-formed'],
    ['another root', '<?xml version="1.0"?><Invoice/>', 'no cXML element'],
    ['no payloadID', '<cXML><Header/></cXML>', 'no payloadID'],
    [
      'a bad quantity',
      orderRequest(
        '<ItemOut quantity="1.5"><ItemID><SupplierPartID>FL-1</SupplierPartID></ItemID></ItemOut>',
      ),
      'whole number',
    ],
    ['no items', orderRequest(''), 'no ItemOut'],
  ])('refuses %s with a 400 that says why', (_what, document, words) => {
    const refusal = (() => {
      try {
        readCxml(document);
      } catch (error) {
        return error;
      }
      return null;
    })();
    expect(refusal).toBeInstanceOf(CxmlError);
    expect((refusal as CxmlError).status).toBe(400);
    expect((refusal as CxmlError).message).toContain(words);
  });

  it('refuses an external entity (XXE) and a billion laughs unread, at once', () => {
    const xxe = `<?xml version="1.0"?><!DOCTYPE cXML [<!ENTITY xxe SYSTEM "file:///etc/passwd">]><cXML payloadID="x">&xxe;</cXML>`;
    const lol = `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol">${Array.from({ length: 9 }, (_, n) => `<!ENTITY lol${n + 1} "${`&lol${n || ''};`.repeat(10)}">`).join('')}]><cXML payloadID="x">&lol9;</cXML>`;
    for (const document of [xxe, lol]) {
      const started = performance.now();
      expect(() => readCxml(document)).toThrow(/declares entities or an internal DTD subset/);
      expect(performance.now() - started).toBeLessThan(1000);
    }
  });
});

const refusalOf = (read: () => unknown) => {
  try {
    read();
  } catch (error) {
    if (error instanceof CxmlError) return { status: error.status, message: error.message };
    throw error;
  }
  return null;
};
/** `junk` in the Request of an OrderRequest, before the OrderRequest. */
const withJunk = (junk: string) =>
  orderRequest(
    '<ItemOut quantity="1"><ItemID><SupplierPartID>FL-1</SupplierPartID></ItemID></ItemOut>',
  ).replace('<OrderRequest>', `${junk}<OrderRequest>`);
const attributes = (n: number) => Array.from({ length: n }, (_, i) => ` a${i}=""`).join('');

describe('bounds on what a cXML document holds (CXML_LIMITS), checked before parsing', () => {
  it('reads OrderRequests up to the 1 MB body limit: 2,900 plain lines, or 680 as Ariba writes them', () => {
    const sender = { domain: 'NetworkId', identity: 'AN01', secret: 's' };
    const items = Array.from({ length: 2_900 }, (_, i) => ({ sku: `FL-${i}`, quantity: 1, unitPrice: 1 }));
    const plain = systemsOrderRequest(sender, { payloadId: 'p', orderId: 'PO', total: 500, items });
    expect(plain.length).toBeGreaterThan(990 * 1024);
    expect(readCxml(plain)).toMatchObject({ kind: 'OrderRequest', items: { length: 2_900 } });
    // Part numbers, description, classification, a ShipTo, accounting segments and comments per line.
    const ariba = (
      i: number,
    ) => `<ItemOut quantity="2" lineNumber="${i + 1}" requestedDeliveryDate="2026-12-01">
      <ItemID><SupplierPartID>FL-${i}</SupplierPartID><SupplierPartAuxiliaryID>A-${i}</SupplierPartAuxiliaryID><BuyerPartID>B-${i}</BuyerPartID></ItemID>
      <ItemDetail><UnitPrice><Money currency="USD">12.50</Money></UnitPrice><Description xml:lang="en-US"><ShortName>Cordless drill 18V</ShortName>Cordless drill 18 V, two batteries and a case</Description><UnitOfMeasure>EA</UnitOfMeasure><Classification domain="UNSPSC">27112700</Classification><ManufacturerPartID>M-${i}</ManufacturerPartID><ManufacturerName xml:lang="en">Forgeline</ManufacturerName><Extrinsic name="ReqLineNo">${i + 1}</Extrinsic></ItemDetail>
      <ShipTo><Address isoCountryCode="US" addressID="PLANT2"><Name xml:lang="en">Acme Plant 2</Name><PostalAddress name="default"><DeliverTo>Goods In</DeliverTo><Street>12 Mill Lane</Street><City>Springfield</City><State isoStateCode="US-IL">IL</State><PostalCode>62701</PostalCode><Country isoCountryCode="US">United States</Country></PostalAddress></Address></ShipTo>
      <Distribution><Accounting name="DistributionCharge"><Segment type="CostCenter" id="4410" description="Maintenance"/><Segment type="GLAccount" id="620000" description="Tools"/></Accounting><Charge><Money currency="USD">25.00</Money></Charge></Distribution>
      <Comments xml:lang="en-US">Please deliver to dock 3 &amp; call ahead</Comments></ItemOut>`;
    const heavy = plain.replace(
      /<ItemOut[\s\S]*<\/ItemOut>/,
      Array.from({ length: 680 }, (_, i) => ariba(i)).join(''),
    );
    expect(heavy.length).toBeGreaterThan(930 * 1024);
    expect(readCxml(heavy)).toMatchObject({ kind: 'OrderRequest', items: { length: 680 } });
  });

  it.each([
    [
      '95,000 attributes on one element',
      () => withJunk(`<X${attributes(95_000)}/>`),
      'more than 32 attributes',
    ],
    [
      '95,000 attributes on 9,500 elements',
      () => withJunk(`<X${attributes(10)}/>`.repeat(9_500)),
      'more than 20,000 attributes',
    ],
    [
      'attributes written with spaces',
      () => withJunk(`<X${attributes(10).replaceAll('=', ' = ')}/>`.repeat(2_100)),
      'more than 20,000 attributes',
    ],
    ['240,000 elements', () => withJunk('<a/>'.repeat(240_000)), 'more than 30,000 elements'],
    ['120,000 comments', () => withJunk('<!---->'.repeat(120_000)), 'more than 60,000 tags'],
    [
      '200,000 references',
      () => withJunk(`<Comments>${'&lt;'.repeat(200_000)}</Comments>`),
      'more than 20,000 entity',
    ],
  ])('refuses %s with a 413, at once', (_what, make, words) => {
    const document = make();
    const started = performance.now();
    expect(refusalOf(() => readCxml(document))).toMatchObject({
      status: 413,
      message: expect.stringContaining(words) as unknown,
    });
    expect(refusalOf(() => screenCxml(document))).toMatchObject({ status: 413 });
    expect(performance.now() - started).toBeLessThan(500);
    // Reading the Sender alone is bounded whatever follows it.
    expect(readSender(document)).toMatchObject({ identity: 'AN01000000001' });
  });

  it('refuses elements nested deeper than the limit with a 413 while parsing (the Sender is still read)', () => {
    const deep = withJunk('<d>'.repeat(10_000) + '</d>'.repeat(10_000));
    expect(refusalOf(() => readCxml(deep))).toMatchObject({
      status: 413,
      message: expect.stringContaining(`more than ${CXML_LIMITS.depth} deep`) as unknown,
    });
    expect(readSender(deep)).toMatchObject({ identity: 'AN01000000001' });
    const nested = (levels: number) => withJunk('<d>'.repeat(levels) + '</d>'.repeat(levels));
    // Levels below the cXML root: Request is the first.
    expect(readCxml(nested(CXML_LIMITS.depth - 1))).toMatchObject({ kind: 'OrderRequest' });
    expect(refusalOf(() => readCxml(nested(CXML_LIMITS.depth)))).toMatchObject({ status: 413 });
  });

  it('looks into the first DOCTYPE only, and refuses a second', () => {
    const many = `<cXML>${'<!DOCTYPE'.repeat(100_000)}</cXML>`;
    const started = performance.now();
    expect(refusalOf(() => readCxml(many))).toMatchObject({
      status: 400,
      message: expect.stringContaining('more than one DOCTYPE') as unknown,
    });
    expect(performance.now() - started).toBeLessThan(500);
  });
});

describe('the Sender credential, read before the document', () => {
  it('is the credential readCxml reads, with references and CDATA decoded alike', () => {
    const documents = [
      orderRequest(''),
      orderRequest('').replace('s3cr3t &amp; more', '<![CDATA[s3cr3t & </Sender> more]]>'),
      orderRequest('').replace(
        '<Sender>',
        '<!-- <Sender><Credential domain="x"><Identity>y</Identity></Credential></Sender> --><Sender >',
      ),
    ];
    expect(documents.map((document) => readSender(document).sharedSecret)).toEqual([
      's3cr3t & more',
      's3cr3t & </Sender> more',
      's3cr3t & more',
    ]);
    for (const document of documents) {
      const item = '<ItemOut quantity="1"><ItemID><SupplierPartID>FL-1</SupplierPartID></ItemID></ItemOut>';
      const whole = document.replace('</OrderRequestHeader>', `</OrderRequestHeader>${item}`);
      expect(sameCredential(readCxml(whole).sender, readSender(whole))).toBe(true);
    }
    expect(readSender(example)).toEqual({
      domain: 'NetworkId',
      identity: 'inbound@prominate-platform.com',
      sharedSecret: 's3cr3t',
    });
  });

  it('is read from the document’s start: none there, or one that does not end, is a 400', () => {
    expect(refusalOf(() => readSender('<cXML><oops'))).toMatchObject({
      status: 400,
      message: expect.stringContaining('no Sender') as unknown,
    });
    const late = orderRequest('').replace('<Header>', `<Header><Path>${' '.repeat(40 * 1024)}</Path>`);
    expect(refusalOf(() => readSender(late))).toMatchObject({
      status: 400,
      message: expect.stringContaining('no Sender') as unknown,
    });
    const endless = orderRequest('').replace(
      '</Sender>',
      `${'<UserAgent>x</UserAgent>'.repeat(400)}</Sender>`,
    );
    expect(refusalOf(() => readSender(endless))).toMatchObject({
      status: 400,
      message: expect.stringContaining('does not end') as unknown,
    });
  });
});

describe('writing cXML, valid against the cXML 1.2.063 DTD', () => {
  it('(the check itself refuses a message that breaks the DTD)', async () => {
    const broken = readFileSync(
      join(process.cwd(), 'tools/validators/examples/cxml/PunchoutOrderMessage-broken.xml'),
      'utf8',
    );
    expect(await validateCxml(broken)).toMatchObject({ valid: false });
  });

  it('a PunchOutSetupResponse with its start page', async () => {
    const document = setupResponse('https://shop.example/punchout/start/abc');
    expect(document).toContain('<URL>https://shop.example/punchout/start/abc</URL>');
    expect(await validateCxml(document)).toMatchObject({ valid: true });
  });

  it('a Response carrying a refusal', async () => {
    const document = statusResponse(406, 'Line 2: FL-9 is not sold here');
    expect(document).toContain('code="406"');
    expect(await validateCxml(document)).toMatchObject({ valid: true });
  });

  it('a PunchOutOrderMessage with the cookie, each line, freight, tax and the total', async () => {
    const document = orderMessage({
      buyerCookie: 'cookie-1',
      currency: 'USD',
      from: { domain: 'DUNS', identity: '123456789' },
      to: { domain: 'NetworkId', identity: 'AN01000000001' },
      lines: [
        {
          sku: 'FL-1',
          buyerPartId: 'ACME-9',
          name: 'Bench press <heavy> & “quiet”',
          quantity: 100,
          unitPriceCents: 1250,
          unitOfMeasure: 'EA',
          unspsc: '27112700',
          leadTimeDays: 3,
        },
        {
          sku: 'FL-2',
          buyerPartId: null,
          name: 'Drill',
          quantity: 200,
          unitPriceCents: 399,
          unitOfMeasure: 'EA',
          unspsc: '27112700',
          leadTimeDays: null,
        },
      ],
      totalCents: 212_000,
      freightCents: 1_500,
      taxCents: 0,
    });
    const check = await validateCxml(document);
    expect(check.valid, check.output).toBe(true);
    expect(document).toContain('<BuyerCookie>cookie-1</BuyerCookie>');
    expect(document).toContain('Bench press &lt;heavy&gt; &amp; “quiet”');
    expect(document).toMatch(/<ItemIn quantity="100" lineNumber="1">/);
  });
});
