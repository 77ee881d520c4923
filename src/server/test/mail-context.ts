import type { MailContext } from '../mail/mail-layout';
import { readShopDetails } from '../config/shop-details';

/** The mail context of use cases called directly in tests: the shop's real details, no worker. */
export function testMailContext(publicUrl = 'http://localhost:3000'): MailContext {
  return { shop: readShopDetails(), publicUrl, nudge: () => {} };
}
