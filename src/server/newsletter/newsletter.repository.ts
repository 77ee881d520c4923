import { eq } from 'drizzle-orm';
import type { Executor } from '../db/database';
import { newsletterSubscribers } from '../db/schema';

/** Adds the address once; subscribing again answers the existing subscription (DESIGN §5.8). */
export async function subscribe(ex: Executor, email: string): Promise<{ id: string }> {
  const [inserted] = await ex
    .insert(newsletterSubscribers)
    .values({ email })
    .onConflictDoNothing({ target: newsletterSubscribers.email })
    .returning({ id: newsletterSubscribers.id });
  if (inserted) return inserted;
  const [existing] = await ex
    .select({ id: newsletterSubscribers.id })
    .from(newsletterSubscribers)
    .where(eq(newsletterSubscribers.email, email));
  if (!existing) throw new Error(`Subscriber ${email} vanished during subscribe`);
  return existing;
}
