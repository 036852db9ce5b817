/** Spec 1 §9: morning before 12:00, afternoon from 12:00 until 17:00, evening from 17:00. */
export type GreetingPeriod = 'morning' | 'afternoon' | 'evening';

export function greetingPeriod(now: Date): GreetingPeriod {
  const hour = now.getHours();
  if (hour < 12) return 'morning';
  if (hour < 17) return 'afternoon';
  return 'evening';
}
