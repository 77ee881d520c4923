/** Every route of the app in one place (spec §2); pages and links build URLs from here. */
export const paths = {
  home: '/',
  homeAlias: '/home',
  login: '/login',
  shop: '/shop',
  blogs: '/blogs',
  portfolio: '/portfolio',
  buyNow: (toolId: string) => `/buyNow/${encodeURIComponent(toolId)}`,
  buyNowPattern: '/buyNow/:toolId',
} as const;
