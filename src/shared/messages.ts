/**
 * Every sentence a user can see that the specification fixes (spec §8), plus the few we add.
 * Kept in one module so a shop owner can reword them in one place.
 */
import { formatDay, formatUtcTime } from './date-format';
import { formatCents } from './money';
import { formatUnits as units } from './numbers';

export const messages = {
  // The spec's words; the number is written as every hint writes quantities (1,000).
  orderBelowMinimum: (lower: number) => `sorry you cannot order less than ${units(lower)}`,
  orderAboveAvailable: (upper: number) => `Sorry, you can not buy more than ${units(upper)}`,
  fillAllFields: 'Please Full Fill All Field',
  enterEmailFirst: 'Please inter your email first',
  resetEmailSent: 'Email send successful',
  reviewAdded: 'Review Added Successfully',
  productAdded: 'Product added',
  /** Cancelling an order says so (the spec's 'Item Deleted Successfully' said something else). */
  orderCancelled: (orderNumber: number) => `Order ${orderNumber} is cancelled: its stock is back on sale`,
  adminAdded: 'Admin added successful',
  orderPlaced: 'Item added to your purchase list, now pay to confirm',
  paymentCompleted: 'Your payment is completed',
  noUserLoggedIn: 'No user is logged in',
  subscribed: 'Thank you for subscribing! Our newsletter is on its way to your inbox.',
  invalidEmail: 'Please enter a valid email address',
  productNotFound: 'This product does not exist or is no longer sold',
  categoryNotFound: 'There is no such category',
  categoryNameSlug: (slug: string) =>
    `The name of category ${slug} is written so that its address is ${slug}`,
  familyNotFound: 'There is no such product family',
  variantNotFound: 'This product is not a variant of that family',
  variantCategory: "A variant is in its family's category: move the family instead",
  notSoldInPacks: (sku: string) => `${sku} is not sold in packs: give a number of units`,
  tierNotWholePacks: (quantity: number, multiple: number) =>
    `A price break is at a whole number of packs of ${units(multiple)} (${units(quantity)} is not)`,
  orderNotFound: 'There is no such order',
  noOrdersFor: (email: string) => `There are no orders of ${email} for you to see`,
  userDeleted: (email: string) => `${email} was deleted`,
  productUpdated: (name: string) => `${name} was updated`,
  productDeleted: (name: string) => `${name} was deleted`,
  orderShipped: 'The order is marked shipped',
  paidBeforeCancel:
    'Your payment for this order went through just before you cancelled it, so the order stays paid.',
  unconfirmedStockShare: (name: string, most: number) =>
    `Until your email address is confirmed, an order may hold at most ${most} units of ${name} (a tenth of its stock). Confirm your address (see the link we mailed you) to order more.`,
  unpaidOrderLimit: (limit: number, verified: boolean) =>
    verified
      ? `You already have ${limit} unpaid orders, the most an account may hold. Pay or cancel one in My Orders to place another.`
      : 'You already have an unpaid order, the most an account may hold until its email address is confirmed. Confirm your address (see the link we mailed you), or pay or cancel that order in My Orders.',
  reviewLimit: (next: Date) =>
    `You can add one review a day. Your next one can be added after ${formatUtcTime(next)}.`,
  reviewDeleted: 'The review was deleted',
  checkInbox: (email: string) => `Welcome! We sent a link to ${email}: open it to confirm your address.`,
  uploadsFull: (quota: string) =>
    `The picture storage is full (${quota} in all). Pictures no product uses are removed a day after their upload; or raise UPLOADS_QUOTA_MB.`,
  uploadCutShort: 'The upload arrived cut short or malformed. Please choose the picture and upload it again.',
  shipmentNotALine: (sku: string) => `${sku} is not a line of this order.`,
  shipmentTooMany: (line: string, ready: number, backordered: number, shipped: number, asked: number) =>
    `${line}: ${ready === 1 ? '1 unit is' : `${units(ready)} units are`} ready to ship` +
    (backordered > 0 ? ` (${units(backordered)} still on backorder)` : '') +
    (shipped > 0 ? ` (${units(shipped)} shipped already)` : '') +
    `, not ${units(asked)}.`,
  shipmentRefused: (problems: readonly string[]) =>
    `This shipment cannot leave as it is. ${problems.join(' ')}`,
  everyUnitShipped: 'Every unit of this order has shipped.',
  nothingLeftToCancel:
    'Every unit of this order has shipped or been cancelled already: there is nothing left to cancel. Shipped units come back as a return.',
  cancelTooMany: (line: string, open: number, shipped: number, cancelled: number, asked: number) =>
    `${line}: ${open === 1 ? '1 unit is' : `${units(open)} units are`} left to cancel` +
    (shipped > 0 ? ` (${units(shipped)} shipped already)` : '') +
    (cancelled > 0 ? ` (${units(cancelled)} cancelled already)` : '') +
    `, not ${units(asked)}.`,
  cancellationRefused: (problems: readonly string[]) => `Nothing was cancelled. ${problems.join(' ')}`,
  unpaidCancelsWhole:
    'An order that is not paid yet is cancelled whole (its buyer can change its lines before paying); leave out the lines to cancel it.',
  cancelledUnits: (orderNumber: number) => `Units of order ${orderNumber} cancelled`,
  orderCancelledByShop: (orderNumber: number) => `Order ${orderNumber} cancelled`,
  cancellationRequestOnlyPaid:
    'Only a paid order that has not shipped yet can be asked to be cancelled: an unpaid order you cancel yourself, a shipped one you return.',
  cancellationAlreadyRequested:
    'You asked for this order to be cancelled already; the shop will answer by mail.',
  noCancellationRequest: 'The buyer has not asked for this order to be cancelled.',
  returnTooMany: (line: string, returnable: number, asked: number) =>
    `${line}: ${returnable === 1 ? '1 unit' : `${units(returnable)} units`} can be returned, not ${units(asked)} (units shipped within the return window, less those returned already).`,
  returnRefused: (problems: readonly string[]) => `Nothing was returned. ${problems.join(' ')}`,
  returnNothingShipped: 'Only shipped units can be returned: nothing of this order has shipped yet.',
  returnNotFound: 'There is no such return',
  returnNotALine: (sku: string) => `${sku} is not a line of this return.`,
  returnCannotMove: (status: string, step: string) => `This return is ${status}: it cannot be ${step}.`,
  receiptTooMany: (line: string, expected: number, got: number) =>
    `${line}: ${units(expected)} ${expected === 1 ? 'unit was' : 'units were'} to come back, not ${units(got)}.`,
  receiptRefused: (problems: readonly string[]) => `Nothing was received. ${problems.join(' ')}`,
  receiptEmpty: 'Say how many units of each line arrived, resellable or damaged.',
  shipmentRecorded: (orderNumber: number) =>
    `Shipment of order ${orderNumber} recorded; the buyer is mailed its tracking`,
  stillBackordered: (count: number) =>
    `${count === 1 ? '1 unit' : `${units(count)} units`} of this order ${count === 1 ? 'is' : 'are'} still awaited from new stock; it can ship once they are in`,
  quoteNeedsShipDate: (inStock: number, missing: number) =>
    `Only ${units(inStock)} units are in stock: please give the date the other ${units(missing)} will ship`,
  storageUnavailable:
    'The shop cannot store anything right now: its disk is full or read-only. Nothing was changed; please try again later.',
  picturesUnreachable:
    'The picture storage does not answer right now. Nothing was changed; please try again in a moment.',
  priceRangeReversed: 'The lowest price is above the highest: please swap them or change one',
  unreadableValue: 'The request holds a value the shop cannot read or store. Please check what you typed.',
  goneMeanwhile:
    'Something this request refers to was removed a moment ago. Please reload the page and try again.',
  noAccountFor: (email: string) => `There is no account for ${email}`,
  signInFirst: 'Please sign in first',
  adminOnly: 'Only an admin can do this',
  lastAdminRevoke: 'The last admin cannot lose admin rights',
  shipDatePast: 'The ship date must be today or later',
  adminRevoked: (email: string) => `${email} is no longer an admin`,
  addressConfirmed: 'Thank you: your email address is confirmed.',
  confirmSignIn:
    'To confirm your address, sign in with the password chosen when this account was made. Not yours, or forgotten? Use Forgot Password: the reset link confirms the address too.',
  verificationSent: (email: string) => `We sent a new confirmation link to ${email}.`,
  reviewNotFound: 'There is no such review',
  paymentInProgress: 'The payment of this order is still being processed. Please try again in a minute.',
  refundedLatePayment:
    'This order was closed, or its reservation had ended, before the payment arrived, so the payment has been refunded. Nothing was charged in the end.',
  loadFailed: (what: string) => `We could not load ${what}.`,
  serverError: 'Something went wrong on our side. Please try again in a moment.',
  unavailable:
    'The shop cannot reach its database right now. Nothing was changed; please try again in a moment.',
  databaseBusy:
    'Other orders are changing the same stock or account at this moment. Nothing was changed; please try again.',
  networkError: 'We could not reach the shop. Check your connection and try again.',

  // Requests the API refuses, by the module that refuses them.
  cartFull: (most: number) => `A cart holds at most ${units(most)} lines: check out or remove some first`,
  cartEmpty: 'Your cart is empty: add products before checking out',
  priceChangedSinceAdded: (before: string, now: string) =>
    `The price has changed from ${before} to ${now} a unit since you set this line`,
  productGone: 'This product is no longer sold',
  quickOrderEmpty: 'Paste or upload at least one row: a SKU and a quantity, e.g. FT-CLW-16 250',
  quickOrderTooLong: (rows: number, most: number) =>
    `This list has ${units(rows)} rows; a quick order takes at most ${units(most)}. Split it in two.`,
  /** A price the buyer's company's price list sets, as lines and product pages show it. */
  contractPrice: (list: string) => `Your contract price (list ${list})`,
  quickOrderMerged: (row: number) => `Added to row ${row}, which has the same SKU`,
  priceListUnknownSkus: (named: string[], more: number) =>
    `Nothing was saved. ${named.map((one) => (/[.?]$/.test(one) ? one : `${one}.`)).join(' ')}${more > 0 ? ` And ${more} more unknown SKU${more === 1 ? '' : 's'}.` : ''}`,
  unknownSku: (sku: string, closest: string[]) =>
    `No product has the SKU ${sku}${closest.length ? `. Did you mean ${closest.join(', ')}?` : ''}`,
  lineBelowMinimum: (lower: number) => `The smallest order of this product is ${units(lower)} units`,
  lineAboveStock: (available: number, lower: number) =>
    available < lower
      ? 'Out of stock: none can be ordered now'
      : `Only ${units(available)} units are in stock`,
  checkoutRefused: (problems: string[]) =>
    `Nothing was ordered: ${problems.length === 1 ? 'a line needs' : `${problems.length} lines need`} changing. ${problems.join(' ')}`,
  changeRefused: (problems: string[]) =>
    `Nothing was changed: ${problems.length === 1 ? 'a line needs' : `${problems.length} lines need`} changing. ${problems.join(' ')}`,
  orderNotChangeable: (state: string) =>
    `An order that is ${state} can no longer be changed. Ask the shop to cancel units you no longer need.`,
  quoteOrderNotChangeable:
    'This order’s prices come from an accepted quote: ask the shop for a new quote to change it.',
  paymentTakenBeforeChange:
    'Your payment for this order went through (or is being processed), so it can no longer be changed.',
  orderChangedWhilePaying: 'The order changed while its payment was being prepared. Please try again.',
  paymentStartedWhileChanging:
    'A payment for this order was started while you changed it, so nothing was changed. Please try again.',
  orderChangedNoted: (before: string, after: string) => `${before} → ${after}`,
  apiKeyNotFound: 'There is no such API key in your company',
  punchoutOnly:
    'In a punchout you browse, fill the cart and transfer it to your procurement system; this is not open here',
  webhookNotFound: 'There is no such webhook',
  webhookDeliveryNotFound: 'There is no such delivery of this webhook',
  webhookUrlInvalid: 'Please give a full web address, such as https://erp.example.com/forgeline-events',
  webhookHttpsOnly: 'Webhooks are sent only to https:// addresses',
  webhookNoCredentials:
    'Leave the user name and password out of the address: each delivery is signed with the webhook’s secret instead',
  webhookHostUnknown: (host: string) => `${host} could not be found: please check the address`,
  webhookPrivateAddress: (host: string, address: string) =>
    `Refused: ${host === address ? address : `${host} is ${address},`} a private, loopback or link-local address the shop does not send to`,
  webhookTooMany: (most: number) => `There can be at most ${most} webhooks here: remove one first`,
  webhookTooManyRedirects: (most: number) => `The receiver redirected more than ${most} times`,
  webhookTimedOut: (seconds: number) => `The receiver did not answer within ${seconds} s`,
  apiKeyUnknown: 'This API key is unknown or was revoked',
  apiKeyNotOpen: 'This call is not open to API keys: sign in as a person',
  apiKeyLacksScope: (scope: string) => `This API key lacks the scope ${scope}`,
  apiKeyMakerMayNot: (scope: string) =>
    `This API key was given ${scope}, but the colleague who made it may no longer do that in the company: a company admin can make a new key`,
  orderAgainGone: 'No longer sold, so it was left out',
  orderAgainOutOfStock: 'Out of stock now, so it was left out',
  orderAgainRaised: (before: number, now: number) =>
    `Raised from ${units(before)} to ${units(now)} units, this product's smallest order now`,
  orderAgainLowered: (before: number, now: number) =>
    `Lowered from ${units(before)} to ${units(now)} units: all there is in stock now`,
  orderAgainRepriced: (before: string, now: string) => `Now ${now} a unit (it was ${before})`,
  quantityWhole: 'The quantity must be a whole number',
  cardNumberInvalid: 'Your card number is invalid.',
  crossSiteRequest: 'This request came from another site and was refused',
  fieldProblem: (field: string, problem: string) => `${field}: ${problem}`,
  cursorUnknown: 'Cursor: not a cursor this catalog gave out',
  cursorOtherSort: 'Cursor: it belongs to another sort order; start from the first page',
  importRefused: (count: number, line: number, problem: string) =>
    `Nothing was imported: ${count} problem${count === 1 ? '' : 's'}, the first on line ${line}: ${problem}`,
  givePrice: 'Give at least one price',
  categoryNeedsLetters: 'The category name needs letters or digits',
  skuTaken: (sku: string, holder?: string) =>
    holder ? `The SKU ${sku} is already used by ${holder}` : `The SKU ${sku} is already used`,
  stockBelowZero: (available: number) =>
    `Only ${units(available)} units are unreserved; the stock cannot go below zero`,
  stockAboveMost: (most: number, available: number) =>
    `The stock cannot go above ${units(most)} units (it is ${units(available)} now)`,
  cannotDeleteSelf: 'You cannot delete your own account',
  lastAdminDelete: 'The last admin cannot be deleted',
  orderTooLarge: 'This order is too large to place online. Please contact us.',
  invoiceNotReady: (status: string) => `This order is ${status}: an invoice is made once it is paid`,
  shipOnlyPaid: (status: string) => `This order is ${status}; only paid orders can be marked shipped`,
  alreadyPaid: 'This order is already paid',
  paidNoLonger: (move: string) => `This order is paid and can no longer be ${move}`,
  alreadyClosed: (status: string) => `This order is already ${status}`,
  closedNoLonger: (why: string, move: string) => `${why}, so it can no longer be ${move}`,
  orderCannotMove: (status: string, move: string) => `An order that is ${status} cannot be ${move}`,
  awaitsApproval:
    'This order is waiting for your company’s approval; it can be paid once an approver has approved it',
  approvalDecided: (move: string) =>
    `This order no longer awaits approval: it was approved already, so it cannot be ${move} now`,
  quoteNotFound: 'There is no such quote',
  companyNotFound: 'You do not belong to a company',
  companyAddressNotFound: 'There is no such address in your company’s address book',
  companyAddressIncomplete: (label: string) =>
    `The address “${label}” was written before addresses had their own street, city and postal code fields: a company admin must complete it in the address book before orders can ship there`,
  vatIdNotVerifiable: 'This company has no EU VAT ID to verify',
  companyAddressesOnly:
    'Your company ships only to the addresses in its address book: choose one of them (its admins can add more)',
  companySuspended:
    'Your company’s account is suspended: you can read its orders and invoices, not order. Please contact us.',
  companyCannotOrder:
    'Your role in your company does not include ordering: ask one of its admins to make you a buyer',
  companyConfirmFirst: 'Confirm your email address first (see the link we mailed you), then try again.',
  companyAlreadyMember:
    'This account already belongs to a company: an account belongs to one company at most',
  companyManagersOnly: "Only the company's admins can do this",
  companyMembershipChanged:
    'Your place in your company changed a moment ago: reload the page and try again. Nothing was ordered.',
  companyLimitReached: (limit: number, spent: number, amount: number) =>
    `This order of ${formatCents(amount)} would take your company’s orders this month to ${formatCents(spent + amount)}, above its monthly limit of ${formatCents(limit)} (${formatCents(Math.max(0, limit - spent))} left). Nothing was ordered: make the order smaller, or ask your company’s admin to raise the limit.`,
  memberLimitReached: (limit: number, spent: number, amount: number) =>
    `This order of ${formatCents(amount)} would take your own orders this month to ${formatCents(spent + amount)}, above your monthly limit of ${formatCents(limit)} (${formatCents(Math.max(0, limit - spent))} left). Nothing was ordered: make the order smaller, or ask your company’s admin to raise your limit.`,
  noApprover: (above: number, buyerApproves: boolean) =>
    buyerApproves
      ? `Orders above ${formatCents(above)} need a colleague’s approval, and you are your company’s only approver. Nothing was ordered: ask your company’s admin to make a colleague an approver, or to turn on automatic approval of the only approver’s orders.`
      : `Orders above ${formatCents(above)} need an approver’s approval, and nobody in your company approves orders yet. Nothing was ordered: ask your company’s admin to make a colleague an approver.`,
  listNotFound: 'There is no such list',
  priceListNotFound: 'There is no such price list',
  // Pay on account.
  accountNeedsCompany: 'Paying on account is for the buyers of a company with terms: please pay by card',
  taxZoneTaken: (place: string) => `${place} has a tax zone already: change that one`,
  taxZoneNotFound: 'There is no such tax zone',
  addressMissing: 'Please enter your address',
  noDeliveryTo: (place: string) =>
    `Sorry, we do not deliver to ${place} yet. Please choose another address or contact us.`,
  freightBeingQuoted:
    'This order ships on a pallet: we are quoting its freight and will mail you once it can be paid',
  certificateExpired: 'This certificate has expired already: please upload a current one',
  certificateEmpty: 'The certificate’s file is empty',
  certificateTooLarge: 'The certificate’s file may be at most 4 MB',
  certificateType: 'The certificate must be a PDF, a PNG or a JPEG file',
  certificateNotFound: 'There is no such tax certificate',
  certificatesPendingQuota: (pending: number) =>
    `Your company has ${pending} certificates waiting for our decision already: please wait for it before uploading more`,
  certificatesStorageQuota: (bytes: number) =>
    `Your company’s certificates would take more than ${bytes / 1024 / 1024} MB: please contact us to remove old ones`,
  certificateDecided: (status: string) => `This certificate is ${status} already`,
  noCreditNote: 'This order has no credit note: one is issued when an invoiced order is cancelled',
  documentNumberUnknown: (number: string) =>
    `“${number}” is not a document number: give an invoice's (INV-000123) or a credit note's (CN-000007)`,
  noSuchDocument: (number: string) => `There is no document ${number}`,
  freightNotQuoted: 'Only an order whose freight is being quoted can be given a freight price',
  holdEnded: (what: string) =>
    `The reservation of this order has ended, so it can no longer be ${what}: order it again (My Orders → Order again)`,
  freightCompanySuspended:
    'The buyer’s company is suspended: reinstate it before quoting this order’s freight, or cancel the order',
  freightOffAccount: (why: string) =>
    `Your company’s account no longer takes this order (${why.replace(/[.:]$/, '')}), so it is to be paid by card.`,

  shippingZoneTaken: (place: string) => `${place} has a shipping zone already: change that one`,
  shippingZoneNotFound: 'There is no such shipping zone',
  paymentInFuture: 'The day it was received or made cannot be after today',
  accountNotOffered: 'Your company pays by card: the shop has not given it terms on account',
  accountOverdue: (invoice: string, due: string) =>
    `Invoice ${invoice} was due on ${formatDay(due)} and is still open: please pay it, or pay this order by card`,
  creditLimitReached: (limit: string, owed: string, order: string) =>
    `On account your company may owe at most ${limit}; it owes ${owed}, and this order is ${order}. Pay this order by card, or pay an open invoice first`,
  priceListNameTaken: (name: string) => `Another price list is called ${name}: give this one another name`,
  companyNotFoundForAdmin: 'There is no such company',
  listsReadOnly:
    'Your role in your company lets you read its lists, not change them: ask one of its admins to make you a buyer',
  listFull: (lines: number) => `A list holds at most ${units(lines)} lines: make a second list for the rest`,
  listEmpty: 'This list has no lines yet: add products to it first',
  listLineGone: 'No longer sold',
  selfApproval: 'You placed this order, so a colleague has to approve or reject it',
  approversOnly: 'Only your company’s approvers decide the orders waiting for approval',
  vatIdChangedSince: (now: string) =>
    `The company’s VAT ID changed since you looked: it is now ${now}. Please check that one in VIES`,
  selfChangedApproval:
    'You changed this order’s lines last, so a colleague has to approve it (you may still reject it)',
  approvalAwaitsFreight:
    'This order waits for the shop to quote its pallet’s freight: it comes to its approvers once its total is known',
  approvalNotWaiting: 'This order is not waiting for approval',
  approvalTotalChanged: (total: string) =>
    `This order changed since you looked at it: its total is now ${total}. Please look at it again before you approve it`,
  approvalTotalMissing: 'Please send the total you approve, as the order showed it to you',
  companyMemberNotFound: 'There is no such colleague in your company',
  companyLastAdmin: 'A company keeps at least one admin: make another colleague admin first',
  companyAlreadyInvitedMember: (email: string) => `${email} is already a colleague in your company`,
  invitationInvalid:
    'This invitation link is not valid, or it has been used. Ask your colleague for a new one.',
  invitationExpired: 'This invitation has expired. Ask your colleague for a new one.',
  invitationSuspended:
    'The shop has suspended this company’s account: no colleague can be invited or join it until it is reinstated.',
  invitationNotFound: 'No open invitation with this id: it was accepted or revoked already.',
  invitationOtherAddress: (email: string) =>
    `This invitation is for ${email}. Sign in with that address to accept it.`,
  /** A problem with one line of a quote or order of several, saying which. */
  onLine: (line: number, name: string, problem: string) => `Line ${line} (${name}): ${problem}`,
  quoteLinePrices: (lines: number) =>
    `This quote has ${units(lines)} lines: please give a unit price for each`,
  quoteLineUnknown: (line: number) => `This quote has no line ${line}`,
  quoteProductGone:
    'This product is no longer sold, so this quote cannot be accepted. Please request a new one.',
  quoteExpired: 'This quote has expired. Please request a new one.',
  quoteCannotMove: (happened: string, move: string) => `This quote ${happened}, so it cannot be ${move}`,
  quoteBelowMinimum: (lower: number) =>
    `A quote is for at least ${units(lower)} units, the smallest order of this product`,
  quoteStockShort: (inStock: number, quoted: number) =>
    `Only ${units(inStock)} units are in stock now, fewer than the ${units(quoted)} of this quote. Nothing was ordered; please try again later or contact us.`,
  quoteValidFromToday: 'The price must be valid until today or later',
  quoteValidityTooLong: (days: number) => `A quoted price can be promised for at most ${days} days`,
  quoteTooLarge: 'This quote is too large to take online: its total would exceed what one order can hold',
  pictureEmpty: 'The picture file is empty',
  pictureType: (detected?: string) =>
    `Pictures must be JPEG, PNG or WebP images${detected ? ` (this file is ${detected})` : ''}`,
  pictureTooLarge: (most: string) => `A picture may be at most ${most}`,
  pictureAsMultipart: 'Send the picture as multipart/form-data, in the field “file”',
  choosePicture: 'Choose a picture to upload',
  documentEmpty: 'The document file is empty',
  documentType: (detected?: string) =>
    `Documents must be PDF files${detected ? ` (this file is ${detected})` : ''}`,
  documentTooLarge: (most: string) => `A document may be at most ${most}`,
  documentAsMultipart: 'Send the document as multipart/form-data, in the field “file”',
  chooseDocument: 'Choose a PDF to upload',
  webhookSignature: 'Invalid webhook signature',
  paymentNotFound: 'There is no such payment',
  paymentOtherOrder: 'This payment does not belong to this order',
  paymentAmountMismatch: 'The payment amount does not match the order',
  paymentNotSucceeded: 'The payment has not succeeded',
} as const;
