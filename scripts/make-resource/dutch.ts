/**
 * The Dutch of the generated texts: the generic wordings (Nieuwe …, … bewerken, Aangemaakt) and a small dictionary
 * of the words field names are made of. A field whose name holds a word it does not know needs its Dutch label given
 * (`--nl-labels=`); the entity's Dutch name is always given (`--nl-name=`): the generator writes no English into the
 * Dutch texts.
 */

const WORDS: Readonly<Record<string, string>> = {
  name: 'naam',
  title: 'titel',
  description: 'omschrijving',
  notes: 'notities',
  note: 'notitie',
  comment: 'opmerking',
  comments: 'opmerkingen',
  color: 'kleur',
  colour: 'kleur',
  email: 'e-mailadres',
  phone: 'telefoon',
  website: 'website',
  url: 'url',
  code: 'code',
  reference: 'referentie',
  price: 'prijs',
  amount: 'bedrag',
  quantity: 'aantal',
  count: 'aantal',
  stock: 'voorraad',
  number: 'nummer',
  active: 'actief',
  enabled: 'ingeschakeld',
  visible: 'zichtbaar',
  public: 'openbaar',
  archived: 'gearchiveerd',
  default: 'standaard',
  date: 'datum',
  year: 'jaar',
  start: 'start',
  end: 'einde',
  founded: 'opgericht',
  released: 'uitgebracht',
  published: 'gepubliceerd',
  on: 'op',
  at: 'op',
  of: 'van',
  address: 'adres',
  city: 'plaats',
  country: 'land',
  contact: 'contact',
  person: 'persoon',
  first: 'eerste',
  last: 'laatste',
  weight: 'gewicht',
  width: 'breedte',
  height: 'hoogte',
  depth: 'diepte',
  size: 'grootte',
  status: 'status',
  type: 'type',
  category: 'categorie',
  rating: 'beoordeling',
  position: 'positie',
  order: 'volgorde',
  brand: 'merk',
  supplier: 'leverancier',
  label: 'label',
  version: 'versie',
};

/** A field's Dutch label (`founded_on` → `Opgericht op`) and the words it had to keep in English. */
export function dutchLabel(fieldName: string): { label: string; untranslated: string[] } {
  const untranslated: string[] = [];
  const words = fieldName.split('_').map((word) => {
    const dutch = Object.hasOwn(WORDS, word) ? WORDS[word] : undefined;
    if (dutch === undefined) untranslated.push(word);
    return dutch ?? word;
  });
  const label = words.join(' ');
  return { label: label.charAt(0).toUpperCase() + label.slice(1), untranslated };
}

export interface DutchName {
  /** `leveranciers`. */
  plural: string;
  /** `leverancier`. */
  singular: string;
  /** `de` (Nieuwe leverancier, deze leverancier) or `het` (Nieuw label, dit label). */
  article: 'de' | 'het';
  /** Dutch field labels given by the user (`--nl-labels=serial=Serienummer`), by field name. */
  labels: Readonly<Record<string, string>>;
}

/**
 * The singular of a Dutch plural by the regular spelling rules (`leveranciers`, `merken`, `flessen`), or null where
 * the spelling cannot tell it: an `-en` plural whose singular ends in f or s (`bedrijven`, `huizen`), or whose
 * last syllable's single vowel may be long or short (`straten`: straat, `wegen`: weg).
 */
export function dutchSingular(plural: string): string | null {
  if (/[^aeiou]s$/.test(plural)) return plural.slice(0, -1);
  if (!/en$/.test(plural) || plural.length <= 4) return plural;
  if (/[vz]en$/.test(plural)) return null;
  // A doubled consonant is single again (`flessen`: fles).
  if (/([^aeiou])\1en$/.test(plural)) return plural.slice(0, -3);
  // One vowel before one consonant: `straten` or `wegen`.
  if (/(^|[^aeiou])[aeiou][^aeiou]en$/.test(plural)) return null;
  return plural.slice(0, -2);
}

const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** The generic texts in Dutch. */
export function dutchTexts(name: DutchName) {
  const newWord = name.article === 'het' ? 'Nieuw' : 'Nieuwe';
  const thisWord = name.article === 'het' ? 'dit' : 'deze';
  return {
    plural: capital(name.plural),
    singular: capital(name.singular),
    create: `${newWord} ${name.singular}`,
    edit: `${capital(name.singular)} bewerken`,
    created: 'Aangemaakt',
    updated: 'Gewijzigd',
    editAction: 'Bewerken',
    deleteConfirm: `Weet u zeker dat u ${thisWord} ${name.singular} wilt verwijderen?`,
    abilities: {
      list: `${capital(name.plural)} bekijken`,
      create: `${capital(name.plural)} aanmaken`,
      update: `${capital(name.plural)} wijzigen`,
      delete: `${capital(name.plural)} verwijderen`,
    },
  };
}
