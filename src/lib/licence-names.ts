/**
 * The names of the licences a tenant buys (spec 2 §1: design_and_sales, hatch shown as Converter & Optimizer,
 * standalone, holo_helmet, realization): one set of texts, `licences.*` in the common namespace, for every screen
 * that names a licence (the user form's toggles, the company profile's table, the /portal page) and every server
 * message (`licenceName` in server/http/messages.ts). A text of another namespace names a licence by nesting,
 * `$t(common:licences.design_and_sales)` (a stored notification: `$t(common:licences.{{licence}})` with the key
 * as its parameter), never by writing the name again (issue 31).
 */
export const licenceNameKey = (key: string): string => `common:licences.${key}`;
