/** Local ports of the browser-test peers (all on 127.0.0.1; nothing leaves this machine). */
export const e2ePorts = {
  shop: Number(process.env.E2E_PORT ?? 4319),
  smtp: 4325,
  oidc: 4326,
  mailbox: 4327,
};

export const shopUrl = `http://localhost:${e2ePorts.shop}`;
export const oidcIssuer = `http://localhost:${e2ePorts.oidc}`;
export const oidcClient = { id: 'forgeline-e2e', secret: 'forgeline-e2e-secret' };
