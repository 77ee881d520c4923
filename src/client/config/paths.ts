/** Every route of the app in one place (spec §2); pages and links build URLs from here. */
export const paths = {
  home: '/',
  homeAlias: '/home',
  login: '/login',
  register: '/register',
  resetPassword: '/reset-password',
  shop: '/shop',
  blogs: '/blogs',
  portfolio: '/portfolio',
  /** A product's public page (DESIGN §9), for every visitor and search engine. */
  tool: (toolId: string) => `/tools/${encodeURIComponent(toolId)}`,
  toolPattern: '/tools/:toolId',
  /** Up to four products side by side (DESIGN §11). */
  compare: (...toolIds: string[]) => `/compare?ids=${toolIds.map(encodeURIComponent).join(',')}`,
  comparePattern: '/compare',
  buyNow: (toolId: string) => `/buyNow/${encodeURIComponent(toolId)}`,
  buyNowPattern: '/buyNow/:toolId',
  /** The buy page filled in from an earlier order: same quantity (within today's bounds) and address. */
  orderAgain: (toolId: string, orderId: string) =>
    `/buyNow/${encodeURIComponent(toolId)}?again=${encodeURIComponent(orderId)}`,
  /** A colleague's invitation to their company, as the mailed link opens it. */
  invitation: (token: string) => `/invitations/${encodeURIComponent(token)}`,
  invitationPattern: '/invitations/:token',
  /** The cart: its lines priced now, and checkout. */
  cart: '/cart',
  /** Paste SKUs and quantities, or a CSV, into the cart. */
  quickOrder: '/dashboard/quickOrder',
  dashboard: '/dashboard',
  myProfile: '/dashboard/myProfile',
  addReview: '/dashboard/addReview',
  myOrders: '/dashboard/myOrder',
  /** One of the buyer's orders: its lines, charges and timeline. */
  myOrder: (orderId: string) => `/dashboard/myOrder/${encodeURIComponent(orderId)}`,
  myOrderPattern: '/dashboard/myOrder/:orderId',
  /** Change an order's lines before it is paid or invoiced. */
  changeOrder: (orderId: string) => `/dashboard/myOrder/${encodeURIComponent(orderId)}/change`,
  changeOrderPattern: '/dashboard/myOrder/:orderId/change',
  myQuotes: '/dashboard/myQuotes',
  /** The buyer's returns (and their company's). */
  myReturns: '/dashboard/myReturns',
  /** The customer's company: colleagues, roles, invitations. */
  company: '/dashboard/company',
  /** Saved lists: the products a buyer orders again and again. */
  lists: '/dashboard/lists',
  list: (listId: string) => `/dashboard/lists/${encodeURIComponent(listId)}`,
  listPattern: '/dashboard/lists/:listId',
  /** A company's orders waiting for one of its approvers. */
  approvals: '/dashboard/approvals',
  /** The company's statement of account. */
  statement: '/dashboard/statement',
  /** Shop admins: companies' terms, balances and payments, and price lists. */
  companies: '/dashboard/companies',
  priceLists: '/dashboard/priceLists',
  /** Shop admins: tax zones and shipping zones. */
  taxes: '/dashboard/taxes',
  /** The order's invoice PDF (an API address: opened by the browser, not the router). */
  invoice: (orderId: string) => `/api/purchase/${encodeURIComponent(orderId)}/invoice`,
  /** The same invoice as EN 16931 data: UBL 2.1 (Peppol BIS Billing 3.0), for an accounting system. */
  eInvoice: (orderId: string) => `/api/purchase/${encodeURIComponent(orderId)}/invoice?format=ubl`,
  payment: (orderId: string) => `/dashboard/payment/${encodeURIComponent(orderId)}`,
  paymentPattern: '/dashboard/payment/:orderId',
  addProduct: '/dashboard/addProduct',
  makeAdmin: '/dashboard/makeAdmin',
  manageProducts: '/dashboard/manageProducts',
  manageAllOrders: '/dashboard/manageAllOrders',
  orderDetail: (orderId: string) => `/dashboard/manageAllOrders/${encodeURIComponent(orderId)}`,
  orderDetailPattern: '/dashboard/manageAllOrders/:orderId',
  quotes: '/dashboard/quotes',
  /** Shop admins: every return, and one to approve, receive and refund. */
  returns: '/dashboard/returns',
  /** The shop admin's credit notes: found and sent again. */
  creditNotes: '/dashboard/creditNotes',
  returnDetail: (returnId: string) => `/dashboard/returns/${encodeURIComponent(returnId)}`,
  returnDetailPattern: '/dashboard/returns/:returnId',
  manageReviews: '/dashboard/manageReviews',
  auditLog: '/dashboard/auditLog',
  /** Shop admins: the shop's webhooks and every company's API keys. */
  integrations: '/dashboard/integrations',
  /** Shop admins: companies' procurement systems. */
  punchout: '/dashboard/punchout',
} as const;
