/**
 * The names of the licences a tenant buys (spec 2 §1: design_and_sales, hatch shown as Converter & Optimizer,
 * standalone, holo_helmet, realization): one set of texts, `licences.*` in the common namespace, for every screen
 * that names a licence (the user form's toggles, the company profile's table).
 */
export const licenceNameKey = (key: string): string => `common:licences.${key}`;
