import { DASHBOARD_DAYS, HOLDS_ENDING_HOURS, type SalesDashboard } from '../../shared/api/dashboard.schemas';
import { startOfUtcDay, utcDayOf } from '../../shared/days';
import { OrderStatus } from '../../shared/domain/order-status';
import { centsToDollars } from '../../shared/money';
import { listLowStock } from '../records/products.repository';
import { receivables } from '../billing/ledger';
import { creditedByDay } from '../records/credit-notes.repository';
import { refundsSince } from '../records/refunds.repository';
import { returnsSince } from '../orders/storage/returns.repository';
import { certificatesExpiringSoon, countPendingCertificates } from '../tax/exemptions';
import type { Database } from '../db/database';
import { holdsEndingBetween } from '../orders/storage/orders.repository';
import { countOrdersByStatus, revenueByDay, topProductsByUnits } from '../orders/storage/sales-rollups.repository';

const DAY_MS = 86_400_000;
const LISTED = 10;

/** The dashboard's first day (UTC, YYYY-MM-DD): DASHBOARD_DAYS end today. */
export function dashboardFirstDay(now: Date): string {
  return utcDayOf(startOfUtcDay(utcDayOf(now)).getTime() - (DASHBOARD_DAYS - 1) * DAY_MS);
}

/**
 * The admin's dashboard landing (DESIGN §9): revenue per day (and net of what was credited), refunds
 * and returns, orders by state, top products, low stock, holds ending soon, and what companies owe on
 * account. A query or two per figure, run side by
 * side on the pool.
 */
export async function salesDashboard({
  db,
  minUnits,
  now = new Date(),
}: {
  db: Database;
  minUnits: number;
  now?: Date;
}): Promise<SalesDashboard> {
  const today = startOfUtcDay(utcDayOf(now)).getTime();
  const firstDay = dashboardFirstDay(now);
  const since = startOfUtcDay(firstDay);
  const [revenue, credited, refunded, returned, byStatus, top, lowStock, holds, owed, expiring, pending] =
    await Promise.all([
      revenueByDay(db, firstDay),
      creditedByDay(db, since),
      refundsSince(db, since),
      returnsSince(db, since, 5),
      countOrdersByStatus(db),
      topProductsByUnits(db, firstDay, LISTED),
      listLowStock(db, minUnits, LISTED),
      holdsEndingBetween(db, now, new Date(now.getTime() + HOLDS_ENDING_HOURS * 3_600_000), LISTED),
      receivables(db, now, LISTED),
      certificatesExpiringSoon(db, now),
      countPendingCertificates(db),
    ]);
  const revenueOn = new Map(revenue.map((row) => [row.day, row]));
  const creditedOn = new Map(credited.map((row) => [row.day, row]));
  const countOf = new Map(byStatus.map((row) => [row.status, row.count]));
  return {
    from: firstDay,
    to: utcDayOf(today),
    revenueByDay: Array.from({ length: DASHBOARD_DAYS }, (_, n) => {
      const day = utcDayOf(since.getTime() + n * DAY_MS);
      const sales = revenueOn.get(day);
      const credits = creditedOn.get(day)?.goodsCents ?? 0;
      return {
        day,
        revenue: centsToDollars(sales?.netCents ?? 0),
        gross: centsToDollars(sales?.grossCents ?? 0),
        orders: sales?.orders ?? 0,
        credited: centsToDollars(credits),
        net: centsToDollars((sales?.netCents ?? 0) - credits),
      };
    }),
    afterSale: {
      refunds: { count: refunded.count, value: centsToDollars(refunded.cents) },
      returns: {
        count: returned.count,
        refunded: returned.refunded,
        value: centsToDollars(returned.cents),
        topReasons: returned.reasons,
      },
    },
    ordersByStatus: OrderStatus.options.map((status) => ({ status, count: countOf.get(status) ?? 0 })),
    topProducts: top.map((row) => ({
      sku: row.sku,
      name: row.name,
      units: row.units,
      revenue: centsToDollars(row.cents),
    })),
    lowStock: {
      total: lowStock[0]?.total ?? 0,
      belowMinimum: lowStock[0]?.belowMinimum ?? 0,
      products: lowStock.map((row) => ({
        _id: row.id,
        sku: row.sku,
        name: row.name,
        available: row.available,
        lowerBound: row.lowerBound,
      })),
    },
    holdsEnding: {
      total: holds[0]?.total ?? 0,
      orders: holds.map((row) => ({
        _id: row.id,
        orderNumber: row.orderNumber,
        email: row.email,
        amount: centsToDollars(row.amountCents),
        holdExpiresAt: row.holdExpiresAt.toISOString(),
      })),
    },
    receivables: owed,
    certificatesExpiring: expiring.map((certificate) => ({
      _id: certificate._id,
      company: certificate.company.name,
      number: certificate.number,
      regions: certificate.regions,
      expiresOn: certificate.expiresOn,
    })),
    certificatesPending: pending,
  };
}
