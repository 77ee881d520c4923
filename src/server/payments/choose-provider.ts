import type { AppConfig } from '../config/env';
import type { Database } from '../db/database';
import type { PaymentProvider } from './payment-provider';
import { createStripePaymentProvider, loadStripeSdk } from './stripe-provider';
import { type TestPaymentProvider, createTestPaymentProvider } from './test-provider';

/** Stripe when its keys are set, the built-in test provider otherwise (DESIGN §1). */
export async function choosePaymentProvider(
  config: AppConfig,
  db: Database,
): Promise<{ provider: PaymentProvider; testProvider: TestPaymentProvider | null }> {
  if (config.stripe) {
    return {
      provider: createStripePaymentProvider(config.stripe, await loadStripeSdk()),
      testProvider: null,
    };
  }
  const testProvider = createTestPaymentProvider(db);
  return { provider: testProvider, testProvider };
}
