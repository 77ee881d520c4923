/**
 * The root of every cached query. Each feature builds its keys from its root in its `queryOptions`
 * factories; a feature that changes what another shows (an order changes stock) refreshes that root
 * without importing the other feature. `tools` and `reviews` are the spec's keys (spec §7).
 */
export const queryRoots = {
  tools: ['tools'],
  reviews: ['reviews'],
  orders: ['orders'],
  quotes: ['quotes'],
  users: ['users'],
  paymentIntents: ['payment-intent'],
  audit: ['audit'],
  cart: ['cart'],
  company: ['company'],
  /** A company's API keys: apart from the company, whose every change would read them again. */
  apiKeys: ['api-keys'],
  /** The shop's or a company's webhooks, and each one's delivery log. */
  webhooks: ['webhooks'],
  lists: ['lists'],
  /** A company's own part numbers, which its cart and lists show. */
  partNumbers: ['part-numbers'],
  /** Companies' accounts with the shop and price lists. */
  credit: ['credit'],
  priceLists: ['price-lists'],
  /** The punchout this browser is in, and the shop admin's punchout connections. */
  punchout: ['punchout'],
} as const satisfies Record<string, readonly [string]>;
