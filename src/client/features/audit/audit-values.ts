import { formatCents } from '../../../shared/money';
import { formatUnits } from '../../lib/format';

const LONG = 80;

/** Price breaks as stored ({minQuantity, priceCents}) in the words the product pages use. */
function tiersText(value: unknown): string | null {
  if (!Array.isArray(value)) return null;
  const tiers = value as { minQuantity?: unknown; priceCents?: unknown }[];
  if (!tiers.every((tier) => typeof tier.minQuantity === 'number' && typeof tier.priceCents === 'number'))
    return null;
  return tiers
    .map((tier) => `${formatUnits(tier.minQuantity as number)}+ at ${formatCents(tier.priceCents as number)}`)
    .join(' · ');
}

/** A recorded value as a person reads it: money in dollars, breaks as breaks, long text cut. */
export function show(value: unknown, field: string, other?: unknown): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'number' && /Cents$/.test(field)) return formatCents(value);
  const tiers = tiersText(value);
  if (tiers) return tiers;
  if (typeof value !== 'string') return JSON.stringify(value);
  return excerpt(value, typeof other === 'string' ? other : null);
}

/**
 * A long text cut to LONG characters around where it differs from the other side's, so that a change
 * deep in a description shows, instead of the same first words before and after.
 */
export function excerpt(text: string, other: string | null): string {
  if (text.length <= LONG) return text;
  let same = 0;
  if (other !== null)
    while (same < text.length && same < other.length && text[same] === other[same]) same += 1;
  const start = Math.max(0, Math.min(same - 20, text.length - LONG));
  const cut = text.slice(start, start + LONG - 1);
  return `${start > 0 ? '…' : ''}${cut}${start + LONG - 1 < text.length ? '…' : ''}`;
}
