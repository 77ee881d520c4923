// A local OpenID Connect provider standing in for Google in the browser tests. Its login page accepts
// any login name: "grace.hopper" signs in as Grace Hopper <grace.hopper@oidc.test>.
import Provider, { type KoaContextWithOIDC } from 'oidc-provider';
import { e2ePorts, oidcClient, oidcIssuer, shopUrl } from './ports';

function displayName(login: string): string {
  return login
    .split(/[._-]/)
    .filter(Boolean)
    .map((part) => `${part.charAt(0).toUpperCase()}${part.slice(1)}`)
    .join(' ');
}

const provider: Provider = new Provider(oidcIssuer, {
  clients: [
    {
      client_id: oidcClient.id,
      client_secret: oidcClient.secret,
      redirect_uris: [`${shopUrl}/api/auth/callback/google`],
      grant_types: ['authorization_code'],
      response_types: ['code'],
    },
  ],
  claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
  scopes: ['openid', 'email', 'profile'],
  findAccount: (_ctx, id) => ({
    accountId: id,
    claims: () => ({ sub: id, email: `${id}@oidc.test`, email_verified: true, name: displayName(id) }),
  }),
  pkce: { required: () => false },
  features: { devInteractions: { enabled: true } },
  // Skip the consent screen's second step for this one trusted client.
  loadExistingGrant: async (ctx: KoaContextWithOIDC) => {
    const accountId = ctx.oidc.session?.accountId;
    const clientId = ctx.oidc.client?.clientId;
    if (!accountId || !clientId) return undefined;
    const grant: InstanceType<Provider['Grant']> = new provider.Grant({ clientId, accountId });
    grant.addOIDCScope('openid email profile');
    await grant.save();
    return grant;
  },
});

provider.listen(e2ePorts.oidc, () => {
  console.log(`OpenID provider at ${oidcIssuer}`);
});
