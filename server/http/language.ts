/**
 * The answer's language (issue 12): every /api/v2 answer speaks the request's language, English or Dutch, chosen
 * from its Accept-Language header (English when it names neither). The handlers and the error handler word
 * everything in English, as Laravel's `en` texts; one hook (`preSerialization`, so every endpoint inherits it,
 * declared entities, modules and errors alike) translates what a user reads before the body is written: the
 * `message`, every field message under `errors`, the delete answer's `status` and the messages of a bulk
 * answer's `failed` rows. Field names inside a message are translated with them (`The name field is required.` →
 * `Het veld naam is verplicht.`). A text without a Dutch wording stays as it is.
 */
import { readdirSync, readFileSync } from 'node:fs';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isLanguage, type Language } from '../../shared/languages';

export type { Language };

/** The best supported language of an Accept-Language header (`nl-NL,nl;q=0.9,en;q=0.8` → nl), English otherwise. */
export function languageOf(header: string | string[] | undefined): Language {
  const value = Array.isArray(header) ? header.join(',') : (header ?? '');
  const ranked = value
    .split(',')
    .map((part, index) => {
      const [tag, ...params] = part.trim().split(';');
      const q = params.map((param) => /^\s*q=([0-9.]+)\s*$/.exec(param)?.[1]).find(Boolean);
      return { base: tag.trim().toLowerCase().split('-')[0], q: q === undefined ? 1 : Number(q), index };
    })
    .filter((entry) => entry.base && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  const first = ranked.find((entry) => entry.base === '*' || isLanguage(entry.base));
  return first && first.base !== '*' ? (first.base as Language) : 'en';
}

export const requestLanguage = (request: FastifyRequest): Language =>
  languageOf(request.headers['accept-language']);

/**
 * Dutch names of the fields messages name (Laravel's `attributes`, as a message writes them: `_` → space) that
 * are no entity form's field (sign-in, uploads, lists), or whose message wording differs from the form's label
 * (`email`: 'e-mailadres', the form's 'E-mail'). An entity's own fields are named by its texts (`entityFields`).
 */
const SHARED_FIELDS: Record<string, string> = {
  colour: 'kleur',
  email: 'e-mailadres',
  password: 'wachtwoord',
  'password confirmation': 'wachtwoordbevestiging',
  'current password': 'huidig wachtwoord',
  identity: 'gebruikersnaam of e-mailadres',
  label: 'label',
  user: 'gebruiker',
  'role id': 'rol',
  'parent id': 'bovenliggend item',
  'project id': 'project',
  image: 'afbeelding',
  logo: 'logo',
  file: 'bestand',
  'file id': 'bestand',
  upload: 'upload',
  'upload id': 'upload',
  filename: 'bestandsnaam',
  'upload length': 'uploadlengte',
  company: 'bedrijf',
  severity: 'ernst',
  products: 'producten',
  message: 'bericht',
  subject: 'onderwerp',
  date: 'datum',
  'back on': 'terug op',
  'started at': 'starttijd',
  'finished at': 'eindtijd',
  search: 'zoekterm',
  read: 'gelezen',
  action: 'actie',
  library: 'bibliotheek',
  // An import's (server/http/crud/import.ts): the record a row changes, and the rows.
  key: 'sleutel',
  rows: 'rijen',
  // A comment pinned to a model (server/api/model-comments.ts).
  body: 'tekst',
  point: 'punt',
  normal: 'normaal',
  camera: 'camera',
  mentions: 'vermeldingen',
  resolved: 'opgelost',
};

type Texts = { [key: string]: unknown };

/**
 * The Dutch names of the entities' fields from their texts: each namespace's `fields.*` (the labels of its
 * forms, `public/locales/nl/<ns>.json`), keyed as a message names the field (`previewImage` and `preview_image`:
 * 'preview image') and written as inside a sentence ('Voorbeeldafbeelding' → 'voorbeeldafbeelding'); help texts
 * (`…Help`) are none, and a field two namespaces label differently (a model's and an item's `file`) is named by
 * neither. So a new entity's fields (`npm run make:resource` writes their labels) need nothing here.
 */
export function entityFields(namespaces: readonly Texts[]): Map<string, string> {
  const named = new Map<string, string | null>();
  for (const texts of namespaces) {
    const fields = texts.fields;
    if (!fields || typeof fields !== 'object') continue;
    for (const [key, label] of Object.entries(fields as Texts)) {
      if (typeof label !== 'string' || /(Help|_help)$/.test(key)) continue;
      const field = key
        .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
        .replace(/_/g, ' ')
        .toLowerCase();
      const inSentence = /^\p{Lu}\p{Ll}/u.test(label) ? label[0].toLowerCase() + label.slice(1) : label;
      const known = named.get(field);
      named.set(field, known === undefined || known === inSentence ? inSentence : null);
    }
  }
  return new Map([...named].filter((entry): entry is [string, string] => entry[1] !== null));
}

const LOCALES = new URL('../../public/locales/nl/', import.meta.url);
let dutchFields: Map<string, string> | undefined;

/** The Dutch field names: the shared ones, else the entities' from their Dutch texts (read once). */
function dutchFieldNames(): Map<string, string> {
  if (!dutchFields) {
    const namespaces = readdirSync(LOCALES)
      .filter((file) => file.endsWith('.json'))
      .sort()
      .map((file) => JSON.parse(readFileSync(new URL(file, LOCALES), 'utf8')) as Texts);
    dutchFields = new Map([...entityFields(namespaces), ...Object.entries(SHARED_FIELDS)]);
  }
  return dutchFields;
}

/** A field's Dutch name; a name a request made up (`constructor`, `toString`) is no key of the table. */
const field = (name: string) => dutchFieldNames().get(name.toLowerCase()) ?? name;

const TYPE_WORDING: Record<string, string> = {
  'must be a string': 'moet een tekst zijn',
  'must be an integer': 'moet een geheel getal zijn',
  'must be a number': 'moet een getal zijn',
  'must be true or false': 'moet waar of onwaar zijn',
  'must be an array': 'moet een lijst zijn',
  'must be empty': 'moet leeg zijn',
  'is invalid': 'is ongeldig',
  'must be a valid email address': 'moet een geldig e-mailadres zijn',
  'must be a valid date': 'moet een geldige datum zijn',
  'must be a file': 'moet een bestand zijn',
  'must be an image': 'moet een afbeelding zijn',
};

type Rule = [RegExp, (...parts: string[]) => string];

/** Laravel's English sentences (as errors.ts and the handlers word them) and their Dutch. */
const DUTCH_RULES: Rule[] = [
  [/^The (.+) field is required\.$/, (f) => `Het veld ${field(f)} is verplicht.`],
  [/^The (.+) has already been taken\.$/, (f) => `De ${field(f)} is al in gebruik.`],
  [
    /^The (.+) field must be at least (\d+) characters\.$/,
    (f, n) => `Het veld ${field(f)} moet minimaal ${n} tekens bevatten.`,
  ],
  [
    /^The (.+) field must not be greater than (\d+) characters\.$/,
    (f, n) => `Het veld ${field(f)} mag niet meer dan ${n} tekens bevatten.`,
  ],
  [
    /^The (.+) field must be at least (\d+) kilobytes\.$/,
    (f, n) => `Het veld ${field(f)} moet minimaal ${n} kilobytes zijn.`,
  ],
  [
    /^The (.+) field must not be greater than (\d+) kilobytes\.$/,
    (f, n) => `Het veld ${field(f)} mag niet groter zijn dan ${n} kilobytes.`,
  ],
  [/^The (.+) field must be at least 1 byte\.$/, (f) => `Het veld ${field(f)} moet minimaal 1 byte zijn.`],
  [
    /^The (.+) field must be at least (-?[\d.]+)\.$/,
    (f, n) => `Het veld ${field(f)} moet minimaal ${n} zijn.`,
  ],
  [
    /^The (.+) field must not be greater than (-?[\d.]+)\.$/,
    (f, n) => `Het veld ${field(f)} mag niet groter zijn dan ${n}.`,
  ],
  [
    /^The (.+) field must have at least (\d+) items\.$/,
    (f, n) => `Het veld ${field(f)} moet minimaal ${n} items bevatten.`,
  ],
  [
    /^The (.+) field must not have more than (\d+) items\.$/,
    (f, n) => `Het veld ${field(f)} mag niet meer dan ${n} items bevatten.`,
  ],
  [
    /^The (.+) field must be a file of type: (.+)\.$/,
    (f, types) => `Het veld ${field(f)} moet een bestand zijn van het type: ${types}.`,
  ],
  // A model's or library item's file whose content is not what its name says (server/uploads/model-file-rules.ts).
  [
    /^The file is not a readable (\S+) (model|archive): its first bytes are not those of an? \S+ file\.$/,
    (format, kind) =>
      `Het bestand is geen leesbaar ${format}-${kind === 'model' ? 'model' : 'archief'}: de eerste bytes zijn niet die van een ${format}-bestand.`,
  ],
  [/^The (.+) field format is invalid\.$/, (f) => `Het formaat van het veld ${field(f)} is ongeldig.`],
  [/^The selected (.+) is invalid\.$/, (f) => `De gekozen ${field(f)} is ongeldig.`],
  [/^The (.+) field is prohibited\.$/, (f) => `Het veld ${field(f)} is niet toegestaan.`],
  // A list too long to export (server/api/list-exports.ts).
  [
    /^The list has (\d+) rows; an export holds at most (\d+)\.$/,
    (rows, most) => `De lijst heeft ${rows} rijen; een export bevat er hoogstens ${most}.`,
  ],
  // A record that keeps as many saved viewpoints as it may (server/api/model-viewpoints.ts).
  [
    /^This (model|item) already has (\d+) viewpoints, the most it can keep: delete one first\.$/,
    (kind, n) => `Dit ${kind} heeft al ${n} standpunten, het maximum: verwijder er eerst een.`,
  ],
  [
    /^The (.+) field (must be a string|must be an integer|must be a number|must be true or false|must be an array|must be empty|is invalid|must be a valid email address|must be a valid date|must be a file|must be an image)\.$/,
    (f, wording) => `Het veld ${field(f)} ${TYPE_WORDING[wording]}.`,
  ],
];

const DUTCH_SENTENCES: Record<string, string> = {
  'The given data was invalid.': 'De opgegeven gegevens zijn ongeldig.',
  'This action is unauthorized.': 'Deze actie is niet toegestaan.',
  'Unauthenticated.': 'Niet aangemeld.',
  'Not Found.': 'Niet gevonden.',
  'Server Error': 'Serverfout',
  'Too Many Attempts.': 'Te veel pogingen.',
  'The server is busy. Try again in a moment.': 'De server is druk bezet. Probeer het zo opnieuw.',
  'The request body is malformed.': 'De inhoud van het verzoek is ongeldig.',
  'The body must be a JSON object.': 'De inhoud moet een JSON-object zijn.',
  // Idempotent writes (server/http/idempotency.ts).
  'The idempotency key must be 1 to 255 visible ASCII characters.':
    'De idempotentiesleutel moet 1 tot 255 zichtbare ASCII-tekens lang zijn.',
  'The idempotency key was already used for a different request.':
    'De idempotentiesleutel is al gebruikt voor een ander verzoek.',
  'A request with this idempotency key is still being processed.':
    'Een verzoek met deze idempotentiesleutel wordt nog verwerkt.',
  // Removing a user from a company (`/users/{id}`, `/admin/users/{id}`).
  'You cannot remove yourself from this company.': 'U kunt uzelf niet uit dit bedrijf verwijderen.',
  'This user is not a member of this company.': 'Deze gebruiker is geen lid van dit bedrijf.',
  // Importing rows (server/http/crud/import.ts).
  'Every row needs the key of a record.': 'Elke rij heeft de sleutel van een record nodig.',
  // Status words of write answers.
  'successfully deleted': 'succesvol verwijderd',
  // Reprocessing a model or library item (server/domain/processed-files.ts).
  'Only finished or failed models can be reprocessed.':
    'Alleen voltooide of mislukte modellen kunnen opnieuw worden verwerkt.',
  'Only finished or failed items can be reprocessed.':
    'Alleen voltooide of mislukte items kunnen opnieuw worden verwerkt.',
  // Versions of a model or library item (server/domain/file-version-routes.ts, processed-files.ts).
  'Version not found.': 'Versie niet gevonden.',
  'This version has no file to restore.': 'Deze versie heeft geen bestand om terug te zetten.',
  'Version restored.': 'Versie teruggezet.',
  'A version note goes with a new file: choose the file too.':
    'Een versienotitie hoort bij een nieuw bestand: kies ook het bestand.',
  // Comments pinned to a model (server/api/model-comments.ts).
  'Only the author of a comment can change its text or mentions.':
    'Alleen de auteur van een reactie kan de tekst of vermeldingen ervan wijzigen.',
  'Only the author of a comment or an administrator can delete it.':
    'Alleen de auteur van een reactie of een beheerder kan deze verwijderen.',
  'Only the first comment of a thread can be resolved or reopened.':
    'Alleen de eerste reactie van een draad kan worden opgelost of heropend.',
  'Comment deleted.': 'Reactie verwijderd.',
  // Saved viewpoints of a model (server/api/model-viewpoints.ts).
  'Only the maker of a viewpoint or an administrator can delete it.':
    'Alleen de maker van een standpunt of een beheerder kan het verwijderen.',
  'Viewpoint deleted.': 'Standpunt verwijderd.',
  // Exports of lists (server/api/list-exports.ts).
  'Export not found.': 'Export niet gevonden.',
  'Import not found.': 'Import niet gevonden.',
};

/** One English text in Dutch: a known sentence, a Laravel rule, a summary with '(and N more errors)'. */
export function toDutch(text: string): string {
  const known = Object.hasOwn(DUTCH_SENTENCES, text) ? DUTCH_SENTENCES[text] : undefined;
  if (known) return known;
  const summary = /^(.+) \(and (\d+) more errors?\)$/.exec(text);
  if (summary) {
    const more = Number(summary[2]);
    return `${toDutch(summary[1])} (en nog ${more} ${more === 1 ? 'fout' : 'fouten'})`;
  }
  for (const [pattern, dutch] of DUTCH_RULES) {
    const match = pattern.exec(text);
    if (match) return dutch(...match.slice(1));
  }
  return text;
}

export function translateText(text: string, language: Language): string {
  return language === 'nl' ? toDutch(text) : text;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  !!value && typeof value === 'object' && !Array.isArray(value);

/** The body with what a user reads in `language`: message, errors, status, a bulk answer's failures. */
export function translateBody(body: unknown, language: Language): unknown {
  if (language === 'en' || !isRecord(body)) return body;
  const translated: Record<string, unknown> = { ...body };
  if (typeof body.message === 'string') translated.message = toDutch(body.message);
  if (typeof body.status === 'string') translated.status = toDutch(body.status);
  if (isRecord(body.errors)) {
    translated.errors = Object.fromEntries(
      Object.entries(body.errors).map(([key, messages]) => [
        key,
        Array.isArray(messages)
          ? messages.map((item) => (typeof item === 'string' ? toDutch(item) : item))
          : messages,
      ]),
    );
  }
  if (Array.isArray(body.failed)) {
    translated.failed = body.failed.map((row) =>
      isRecord(row) && typeof row.message === 'string' ? { ...row, message: toDutch(row.message) } : row,
    );
  }
  return translated;
}

/** Every answer of the API in the request's language. Register before the routes. */
export function registerResponseLanguage(app: FastifyInstance): void {
  app.addHook('preSerialization', async (request, reply, payload) => {
    if (!request.url.startsWith('/api/')) return payload;
    const language = requestLanguage(request);
    void reply.header('Content-Language', language);
    return translateBody(payload, language);
  });
}
