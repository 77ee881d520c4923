import type { SubscribeBody } from '../../../../shared/api/newsletter.schemas';
import type { InsertResult } from '../../../../shared/api/common.schemas';
import { api } from '../../../lib/api-client';

export function subscribe(body: SubscribeBody) {
  return api<InsertResult>('/subscribe', { method: 'POST', body });
}
