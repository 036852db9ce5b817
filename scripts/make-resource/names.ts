/**
 * The names of a generated entity, all derived from its collection: a plural kebab-case name (`suppliers`,
 * `paint-brands`). The singular is made from the last word by English's regular rules (`categories` → `category`,
 * `boxes` → `box`, `brushes` → `brush`, `brands` → `brand`); a word none of them fits (`people`, `series`,
 * `data`) needs `--singular=` (kebab-case, e.g. `--singular=person`).
 */

/** Lower-case words joined by single hyphens, each starting with a letter. */
export const KEBAB = /^[a-z][a-z0-9]*(-[a-z][a-z0-9]*)*$/;

export interface EntityNames {
  /** The API collection, route, translation namespace and folder: `paint-brands`. */
  kebab: string;
  /** `paint-brand`. */
  singularKebab: string;
  /** Texts, keys in shared locale files, the search group: `paintBrands`. */
  camel: string;
  /** `paintBrand` (the route parameter is `paintBrandId`). */
  singularCamel: string;
  /** Types and schemas: `PaintBrands` (the table type `PaintBrandsTable`). */
  pascal: string;
  /** `PaintBrand` (the record type, the schemas, Laravel's model name in 404s). */
  singularPascal: string;
  /** The table: `paint_brands`. */
  snake: string;
  /** The delete answer's `{paint_brand_name, status}`. */
  singularSnake: string;
  /** Words for texts: `paint brands`, `paint brand`. */
  words: string;
  singularWords: string;
}

/** The singular of a plural English word by the regular rules, or null where none applies. */
export function singularOf(word: string): string | null {
  if (/[^aeiou]ies$/.test(word)) return `${word.slice(0, -3)}y`;
  if (/(ss|x|z|ch|sh)es$/.test(word)) return word.slice(0, -2);
  if (/[^s]s$/.test(word) && !/(us|is)$/.test(word)) return word.slice(0, -1);
  return null;
}

const parts = (kebab: string) => kebab.split('-');
const capital = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);
const pascalOf = (kebab: string) => parts(kebab).map(capital).join('');
const camelOf = (kebab: string) => {
  const pascal = pascalOf(kebab);
  return pascal.charAt(0).toLowerCase() + pascal.slice(1);
};

/** Every name of the entity; throws with the reason when the collection or the singular cannot be used. */
export function entityNames(collection: string, singularOverride?: string): EntityNames {
  if (!KEBAB.test(collection)) {
    throw new Error(
      `"${collection}" is no plural kebab-case collection name (lower-case words joined by hyphens: suppliers, paint-brands).`,
    );
  }
  let singular = singularOverride;
  if (singular !== undefined && !KEBAB.test(singular)) {
    throw new Error(`--singular="${singular}" is not kebab-case (e.g. --singular=paint-brand).`);
  }
  if (singular === undefined) {
    const words = parts(collection);
    const last = singularOf(words[words.length - 1]);
    if (!last) {
      throw new Error(
        `Cannot tell the singular of "${collection}" by the regular English rules: give it with --singular=<kebab-case>.`,
      );
    }
    singular = [...words.slice(0, -1), last].join('-');
  }
  if (singular === collection) {
    throw new Error(
      `The singular "${singular}" is the collection's own name: the collection must be plural.`,
    );
  }
  return {
    kebab: collection,
    singularKebab: singular,
    camel: camelOf(collection),
    singularCamel: camelOf(singular),
    pascal: pascalOf(collection),
    singularPascal: pascalOf(singular),
    snake: parts(collection).join('_'),
    singularSnake: parts(singular).join('_'),
    words: parts(collection).join(' '),
    singularWords: parts(singular).join(' '),
  };
}

/** `Paint brands` from `paint brands`. */
export const sentence = (words: string) => capital(words);
/** `Paint Brands` from `paint brands`. */
export const titled = (words: string) => words.split(' ').map(capital).join(' ');
