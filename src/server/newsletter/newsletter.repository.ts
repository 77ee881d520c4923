import { eq } from 'drizzle-orm';
import type { Database } from '../db/database';
import { newsletterSubscribers } from '../db/schema';

export function createNewsletterRepository(db: Database) {
  return {
    /** Adds the address once; subscribing again answers the existing subscription. */
    async subscribe(email: string): Promise<{ id: string }> {
      const [inserted] = await db
        .insert(newsletterSubscribers)
        .values({ email })
        .onConflictDoNothing({ target: newsletterSubscribers.email })
        .returning({ id: newsletterSubscribers.id });
      if (inserted) return inserted;
      const [existing] = await db
        .select({ id: newsletterSubscribers.id })
        .from(newsletterSubscribers)
        .where(eq(newsletterSubscribers.email, email));
      if (!existing) throw new Error(`Subscriber ${email} vanished during subscribe`);
      return existing;
    },
  };
}

export type NewsletterRepository = ReturnType<typeof createNewsletterRepository>;
