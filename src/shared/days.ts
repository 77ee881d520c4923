/** Days as the API takes them (YYYY-MM-DD), in UTC: the server's filters and the dashboard's ranges. */
const DAY_MS = 86_400_000;

/** The first moment of a day. */
export function startOfUtcDay(day: string): Date {
  return new Date(`${day}T00:00:00Z`);
}

/** The first moment after a day: a range "to this day" ends before it. */
export function startOfNextUtcDay(day: string): Date {
  return new Date(startOfUtcDay(day).getTime() + DAY_MS);
}

/** The day a moment falls on. */
export function utcDayOf(time: number | Date): string {
  return new Date(time).toISOString().slice(0, 10);
}
