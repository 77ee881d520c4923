import { z } from 'zod';
import { Aging } from './credit.schemas';
import { OrderStatus } from '../domain/order-status';

/** How many days the dashboard's revenue chart and top products look back (today included). */
export const DASHBOARD_DAYS = 30;
/** Unpaid holds ending within this many hours are listed. */
export const HOLDS_ENDING_HOURS = 24;

/** The admin's dashboard landing (GET /api/admin/dashboard, DESIGN §9): the shop's health on one screen. */
export const SalesDashboard = z
  .object({
    /** The first and last day (UTC) of the revenue chart and the top products. */
    from: z.iso.date(),
    to: z.iso.date(),
    /**
     * Every day of the range, oldest first, days without sales at 0: what paid orders brought in, net
     * of tax and freight (`revenue`, the goods), and what their buyers paid (`gross`).
     */
    revenueByDay: z.array(
      z.object({
        day: z.iso.date(),
        revenue: z.number(),
        gross: z.number(),
        orders: z.number().int(),
        /** The goods credit notes gave back that day (cancellations, returns), less restocking fees kept. */
        credited: z.number(),
        /** Revenue net of what was credited: `revenue` less `credited`. */
        net: z.number(),
      }),
    ),
    /**
     * After the sale, in the same days: refunds (to cards and accounts) and returns, with what they
     * gave back and the reasons most units came back for.
     */
    afterSale: z.object({
      refunds: z.object({ count: z.number().int(), value: z.number() }),
      returns: z.object({
        count: z.number().int(),
        refunded: z.number().int(),
        value: z.number(),
        topReasons: z.array(z.object({ reason: z.string(), units: z.number().int() })),
      }),
    }),
    /** Every order state with how many orders are in it now. */
    ordersByStatus: z.array(z.object({ status: OrderStatus, count: z.number().int() })),
    /** The products most units were paid for in the range. */
    topProducts: z.array(
      z.object({
        sku: z.string().nullable(),
        name: z.string(),
        units: z.number().int(),
        revenue: z.number(),
      }),
    ),
    /** Products with less than twice their lower bound in stock; below it they cannot be ordered. */
    lowStock: z.object({
      total: z.number().int(),
      belowMinimum: z.number().int(),
      products: z.array(
        z.object({
          _id: z.string(),
          sku: z.string(),
          name: z.string(),
          available: z.number().int(),
          lowerBound: z.number().int(),
        }),
      ),
    }),
    /** Unpaid orders whose stock reservation ends within HOLDS_ENDING_HOURS, soonest first. */
    holdsEnding: z.object({
      total: z.number().int(),
      orders: z.array(
        z.object({
          _id: z.string(),
          orderNumber: z.number().int(),
          email: z.string(),
          amount: z.number(),
          holdExpiresAt: z.iso.datetime(),
        }),
      ),
    }),
    /**
     * What companies owe on account: the total and its aging, and the companies owing
     * most, the most overdue first.
     */
    receivables: z.object({
      balance: z.number(),
      aging: Aging,
      companies: z.array(
        z.object({
          _id: z.string(),
          name: z.string(),
          balance: z.number(),
          overdue: z.number(),
          aging: Aging,
        }),
      ),
    }),
    /** Approved tax certificates expiring within 30 days, soonest first. */
    certificatesExpiring: z.array(
      z.object({
        _id: z.string(),
        company: z.string(),
        number: z.string(),
        regions: z.array(z.string()),
        expiresOn: z.string(),
      }),
    ),
    /** Certificates waiting for a shop admin's decision. */
    certificatesPending: z.number().int(),
  })
  .meta({ id: 'SalesDashboard' });
export type SalesDashboard = z.infer<typeof SalesDashboard>;
