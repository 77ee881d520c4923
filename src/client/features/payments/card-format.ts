/** '4242424242424242' → '4242 4242 4242 4242' (at most 19 digits, as card numbers go). */
export function formatCardNumber(input: string): string {
  const digits = input.replace(/\D/g, '').slice(0, 19);
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** '1234' or '12/34' → '12 / 34', as the expiry field shows it while typing. */
export function formatExpiry(input: string): string {
  const digits = input.replace(/\D/g, '').slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)} / ${digits.slice(2)}` : digits;
}

/** '12 / 34' → { month: 12, year: 2034 }, or null when it is not a month and a year. */
export function parseExpiry(input: string): { month: number; year: number } | null {
  const match = /^(\d{2})\s*\/?\s*(\d{2})$/.exec(input.trim());
  if (!match) return null;
  const month = Number(match[1]);
  if (month < 1 || month > 12) return null;
  return { month, year: 2000 + Number(match[2]) };
}

/** What is wrong with the card fields before anything is sent, or null. */
export function cardFieldProblems(fields: { number: string; expiry: string; cvc: string }, now = new Date()) {
  const problems: Partial<Record<'number' | 'expiry' | 'cvc', string>> = {};
  const digits = fields.number.replace(/\D/g, '');
  if (digits.length < 12) problems.number = 'Your card number is incomplete.';
  const expiry = parseExpiry(fields.expiry);
  if (!expiry) problems.expiry = "Your card's expiration date is incomplete.";
  else if (new Date(Date.UTC(expiry.year, expiry.month, 1)) <= now) {
    problems.expiry = "Your card's expiration date is in the past.";
  }
  if (!/^\d{3,4}$/.test(fields.cvc)) problems.cvc = "Your card's security code is incomplete.";
  return Object.keys(problems).length > 0 ? problems : null;
}
