/** Seed timestamps relative to the moment of seeding (the fixture is deterministic up to "now"). */
const HOUR_MS = 60 * 60 * 1000;

export const hoursAgo = (hours: number, from = Date.now()) => new Date(from - hours * HOUR_MS);
export const daysAgo = (days: number, from = Date.now()) => hoursAgo(days * 24, from);
