import { z } from 'zod';
import { OrderStatus } from '../domain/order-status';
import { Order } from './orders.schemas';

export const AdminOrdersQuery = z.strictObject({
  status: OrderStatus.optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export type AdminOrdersQuery = z.input<typeof AdminOrdersQuery>;

export const AdminOrderPage = z.object({
  orders: z.array(Order),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type AdminOrderPage = z.infer<typeof AdminOrderPage>;

/** An admin moves an order along (DESIGN §5.7): only paid → shipped is open to them. */
export const ChangeOrderStatusBody = z.strictObject({ status: z.literal('shipped') });
