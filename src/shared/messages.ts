/**
 * Every sentence a user can see that the specification fixes (spec §8), plus the few we add.
 * Kept in one module so a shop owner can reword them in one place.
 */
import { formatUnits as units } from './numbers';

export const messages = {
  // The spec's words; the number is written as every hint writes quantities (1,000).
  orderBelowMinimum: (lower: number) => `sorry you cannot order less than ${units(lower)}`,
  orderAboveAvailable: (upper: number) => `Sorry, you can not buy more than ${units(upper)}`,
  fillAllFields: 'Please Full Fill All Field',
  enterEmailFirst: 'Please inter your email first',
  resetEmailSent: 'Email send successful',
  reviewAdded: 'Review Added Successfully',
  productAdded: 'Product Added Successfully',
  orderDeleted: 'Item Deleted Successfully',
  adminAdded: 'Admin added successful',
  orderPlaced: 'Item added to your purchase list, now pay to confirm',
  paymentCompleted: 'Your payment is completed',
  noUserLoggedIn: 'No user is logged in',
  subscribed: 'Thank you for subscribing! Our newsletter is on its way to your inbox.',
  invalidEmail: 'Please enter a valid email address',
  productNotFound: 'This product does not exist or is no longer sold',
  orderNotFound: 'There is no such order',
  noOrdersFor: (email: string) => `There are no orders of ${email} for you to see`,
  userDeleted: (email: string) => `${email} was deleted`,
  productUpdated: (name: string) => `${name} was updated`,
  productDeleted: (name: string) => `${name} was deleted`,
  orderShipped: 'The order is marked shipped',
  paidBeforeCancel:
    'Your payment for this order went through just before you cancelled it, so the order stays paid.',
  unpaidOrderLimit: (limit: number, verified: boolean) =>
    verified
      ? `You already have ${limit} unpaid orders, the most an account may hold. Pay or cancel one in My Orders to place another.`
      : 'You already have an unpaid order, the most an account may hold until its email address is confirmed. Confirm your address (see the link we mailed you), or pay or cancel that order in My Orders.',
  reviewLimit: (next: Date) =>
    `You can add one review a day. Your next one can be added after ${next.toUTCString().replace(' GMT', ' UTC')}.`,
  reviewDeleted: 'The review was deleted',
  checkInbox: (email: string) => `Welcome! We sent a link to ${email}: open it to confirm your address.`,
  uploadsFull: (quota: string) =>
    `The picture storage is full (${quota} in all). Pictures no product uses are removed a day after their upload; or raise UPLOADS_QUOTA_MB.`,
  uploadCutShort: 'The upload arrived cut short or malformed. Please choose the picture and upload it again.',
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
    'This order was closed before the payment arrived, so the payment has been refunded. Nothing was charged in the end.',
  loadFailed: (what: string) => `We could not load ${what}.`,
  serverError: 'Something went wrong on our side. Please try again in a moment.',
  unavailable:
    'The shop cannot reach its database right now. Nothing was changed; please try again in a moment.',
  networkError: 'We could not reach the shop. Check your connection and try again.',
} as const;
