import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { axe, expect, signInOrUp, test, waitingForTheApp } from './fixtures';
import { shopUrl } from './support/ports';

/**
 * Punchout in the browser (DESIGN §11): a stand-in procurement system sends a PunchOutSetupRequest,
 * its buyer's browser opens the start page, shops at the company's prices with the punchout's banner,
 * and transfers the cart, which the system receives at its BrowserFormPost address as a
 * PunchOutOrderMessage.
 */
async function startProcurementSystem() {
  const returned: URLSearchParams[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      // The browser also asks the page's origin for its favicon: only the posted cart counts.
      if (request.method === 'POST')
        returned.push(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
      response.writeHead(200, { 'content-type': 'text/html' }).end('<h1>Requisition updated</h1>');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    host: `127.0.0.1:${port}`,
    returnUrl: `http://127.0.0.1:${port}/requisition`,
    returned,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const setupRequest = (
  identity: string,
  secret: string,
  returnUrl: string,
) => `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE cXML SYSTEM "http://xml.cxml.org/schemas/cXML/1.2.063/cXML.dtd">
<cXML payloadID="e2e-${Date.now()}" timestamp="2026-11-28T10:00:00+00:00">
  <Header>
    <From><Credential domain="NetworkId"><Identity>${identity}</Identity></Credential></From>
    <To><Credential domain="DUNS"><Identity>081466849</Identity></Credential></To>
    <Sender><Credential domain="NetworkId"><Identity>${identity}</Identity><SharedSecret>${secret}</SharedSecret></Credential><UserAgent>Stand-in</UserAgent></Sender>
  </Header>
  <Request><PunchOutSetupRequest operation="create">
    <BuyerCookie>e2e-cookie</BuyerCookie>
    <BrowserFormPost><URL>${returnUrl}</URL></BrowserFormPost>
  </PunchOutSetupRequest></Request>
</cXML>`;

const orderRequest = (
  identity: string,
  secret: string,
  sku: string,
  price: number,
) => `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE cXML SYSTEM "http://xml.cxml.org/schemas/cXML/1.2.063/cXML.dtd">
<cXML payloadID="e2e-po-${Date.now()}" timestamp="2026-11-28T10:00:00+00:00">
  <Header>
    <From><Credential domain="NetworkId"><Identity>${identity}</Identity></Credential></From>
    <To><Credential domain="DUNS"><Identity>081466849</Identity></Credential></To>
    <Sender><Credential domain="NetworkId"><Identity>${identity}</Identity><SharedSecret>${secret}</SharedSecret></Credential><UserAgent>Stand-in</UserAgent></Sender>
  </Header>
  <Request><OrderRequest>
    <OrderRequestHeader orderID="PO-E2E-1" orderDate="2026-11-28T10:00:00+00:00">
      <Total><Money currency="USD">${(price * 120).toFixed(2)}</Money></Total>
      <ShipTo><Address><Name xml:lang="en">Plant 2</Name><PostalAddress><DeliverTo>Goods In</DeliverTo><Street>12 Mill Lane</Street><City>Leeds</City><PostalCode>LS1 4AP</PostalCode><Country isoCountryCode="GB">United Kingdom</Country></PostalAddress></Address></ShipTo>
      <BillTo><Address><Name xml:lang="en">Plant 2</Name></Address></BillTo>
    </OrderRequestHeader>
    <ItemOut quantity="120" lineNumber="1"><ItemID><SupplierPartID>${sku}</SupplierPartID></ItemID>
      <ItemDetail><UnitPrice><Money currency="USD">${price.toFixed(2)}</Money></UnitPrice><Description xml:lang="en">Press</Description><UnitOfMeasure>EA</UnitOfMeasure><Classification domain="UNSPSC">27110000</Classification></ItemDetail>
    </ItemOut>
  </OrderRequest></Request>
</cXML>`;

test('a procurement system’s buyer punches out, shops with the banner, and transfers the cart back (375 and 1280 px)', async ({
  browser,
  page,
  customer: _,
  product,
  request,
}) => {
  const procurement = await startProcurementSystem();
  try {
    const name = `Punchout Buyers ${Date.now()}`;
    const made = await page.request.post('/api/companies', { data: { name }, headers: { origin: shopUrl } });
    expect(made.status(), await made.text()).toBe(201);
    const { insertedId: companyId } = (await made.json()) as { insertedId: string };

    // The shop's admin sets the company's procurement system up.
    const admin = await browser.newContext({ baseURL: shopUrl, extraHTTPHeaders: { origin: shopUrl } });
    await signInOrUp(admin.request, {
      name: 'Mo Manager',
      email: 'manager@forgeline.test',
      password: 'manager-e2e-secret',
    });
    const identity = `AN-E2E-${Date.now()}`;
    const secret = 'e2e shared secret, long enough';
    const connection = await admin.request.post('/api/admin/punchout-connections', {
      data: {
        companyId,
        protocol: 'cxml',
        systemName: 'SAP Ariba',
        senderDomain: 'NetworkId',
        senderIdentity: identity,
        sharedSecret: secret,
        returnHosts: [procurement.host],
      },
    });
    expect(connection.status(), await connection.text()).toBe(201);
    const adminPage = waitingForTheApp(await admin.newPage());
    await adminPage.setViewportSize({ width: 1280, height: 900 });
    await adminPage.goto('/dashboard/punchout');
    await expect(adminPage.getByRole('heading', { name: `${name}: SAP Ariba` })).toBeVisible();

    // The system's setup request, and its buyer's browser at the start page.
    const setup = await request.post('/punchout/cxml', {
      data: setupRequest(identity, secret, procurement.returnUrl),
      headers: { 'content-type': 'text/xml' },
    });
    const startUrl = /<URL>([^<]+)<\/URL>/.exec(await setup.text())?.[1] ?? '';
    expect(startUrl).toContain('/punchout/start/');
    const buyer = await browser.newContext();
    const buyerPage = waitingForTheApp(await buyer.newPage());
    await buyerPage.setViewportSize({ width: 375, height: 800 });
    await buyerPage.goto(startUrl);
    await expect(buyerPage).toHaveURL(/\/shop$/);
    const banner = buyerPage.getByRole('region', { name: 'Punchout' });
    await expect(banner).toContainText(`Shopping for ${name}`);
    await expect(banner).toContainText('from SAP Ariba');
    await expect(buyerPage.getByRole('link', { name: 'Dashboard' })).toHaveCount(0);
    await buyerPage.screenshot({ path: 'test-results/punchout-shop-375.png', fullPage: false });

    const line = await buyer.request.put(`${shopUrl}/api/cart/lines/${product._id}`, {
      data: { quantity: 120 },
      headers: { origin: shopUrl },
    });
    expect(line.status(), await line.text()).toBe(200);
    await buyerPage.setViewportSize({ width: 1280, height: 900 });
    await buyerPage.goto('/cart');
    await expect(buyerPage.getByRole('heading', { name: 'Back to SAP Ariba' })).toBeVisible();
    await expect(buyerPage.getByRole('button', { name: 'Place order' })).toHaveCount(0);
    const { violations } = await axe(buyerPage).withTags(['wcag2a', 'wcag2aa', 'wcag21aa']).analyze();
    expect(violations.map((violation) => violation.id)).toEqual([]);
    await buyerPage.screenshot({ path: 'test-results/punchout-cart-1280.png', fullPage: true });

    await buyerPage.getByRole('main').getByRole('button', { name: 'Transfer to SAP Ariba' }).click();
    await expect(buyerPage.getByRole('heading', { name: 'Requisition updated' })).toBeVisible();
    const message = procurement.returned.at(-1)?.get('cxml-urlencoded') ?? '';
    expect(message).toContain('<BuyerCookie>e2e-cookie</BuyerCookie>');
    expect(message).toContain(`<SupplierPartID>${product.sku}</SupplierPartID>`);
    expect(message).toContain('quantity="120"');

    // The requisition approved, the system sends its purchase order; the order's page says where it came from.
    const ordered = await request.post('/punchout/cxml', {
      data: orderRequest(identity, secret, product.sku, product.price),
      headers: { 'content-type': 'text/xml' },
    });
    const orderNumber = /Order (\d+) placed/.exec(await ordered.text())?.[1];
    expect(orderNumber, await ordered.text()).toBeDefined();
    await adminPage.goto('/dashboard/punchout');
    await adminPage.getByRole('link', { name: `Order ${orderNumber}` }).click();
    await expect(adminPage.getByTestId('punchout-origin')).toContainText('Came by punchout from SAP Ariba');
    await adminPage.goto('/dashboard/punchout');
    await expect(adminPage.getByText('cart transferred')).toBeVisible();
    const adminAxe = await axe(adminPage).withTags(['wcag2a', 'wcag2aa', 'wcag21aa']).analyze();
    expect(adminAxe.violations.map((violation) => violation.id)).toEqual([]);
    await adminPage.screenshot({ path: 'test-results/punchout-admin-1280.png', fullPage: true });
    await buyer.close();
    await admin.close();
  } finally {
    await procurement.close();
  }
});
