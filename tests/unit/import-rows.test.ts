/**
 * The import's parts below its dialog (issue 46; src/pages/list/import/): every declared import names form fields a
 * cell can fill, a CSV or XLSX file reads as its headings and cells (the export's own files included, so a list goes
 * out and comes back), columns find their fields by heading or by the user's earlier choice, and cells become the
 * values the API takes, with a name no record has flagged before anything is sent.
 */
import { describe, expect, it } from 'vitest';
import type { FieldDeclaration } from '@/declarations/types';
import { csvFile, xlsxFile } from '@/pages/list/export/export-files';
import {
  autoMapping,
  buildRows,
  IMPORT_KINDS,
  importFields,
  KEY_TARGET,
  type SheetTable,
} from '@/pages/list/import/import-rows';
import { readSheet, UnreadableFile } from '@/pages/list/import/read-sheet';
import { RESOURCES } from '@/resources/index';

const importing = RESOURCES.filter((resource) => resource.list?.import);

describe('the declared imports', () => {
  it('are declared by users, library items, materials and property maps', () => {
    expect(importing.map((resource) => resource.name).sort()).toEqual([
      'libraries/items',
      'materials',
      'property-maps',
      'users',
    ]);
  });

  it.each(importing.map((resource) => [resource.name, resource] as const))(
    '%s: each names a field of its form that a cell can fill',
    (_name, resource) => {
      const fields = importFields(resource.form?.fields ?? [], resource.list!.import!.fields, resource.name);
      expect(fields.map((field) => field.name)).toEqual(resource.list!.import!.fields);
      for (const field of fields) expect(IMPORT_KINDS.has(field.kind), field.name).toBe(true);
    },
  );

  it('refuses a field the form lacks, or one no cell can fill', () => {
    const form: FieldDeclaration[] = [{ name: 'picture', labelKey: 'fields.picture', kind: 'image' }];
    expect(() => importFields(form, ['missing'], 'things')).toThrow("import names 'missing'");
    expect(() => importFields(form, ['picture'], 'things')).toThrow("'picture' is a image field");
  });
});

const table = { headers: ['ID', 'Name', 'Colour'], rows: [[1, 'Oak; smoked', new Date(2025, 2, 12)]] };

describe('reading a file', () => {
  it('reads a Dutch CSV (semicolons, a byte order mark, quoted cells) as the export writes it', async () => {
    const exported = csvFile(
      {
        headers: ['ID', 'Naam', 'Datum'],
        rows: [[1, 'Eik; gerookt', new Date(2025, 2, 12)]],
        dates: { day: [2], time: [] },
      },
      'nl',
    );
    const file = new File([exported], 'lijst.csv', { type: 'text/csv' });
    expect(await readSheet(file)).toEqual({
      headers: ['ID', 'Naam', 'Datum'],
      rows: [['1', 'Eik; gerookt', '12-03-2025']],
    });
  });

  it('reads an English CSV with commas, skipping empty rows and padding short ones', async () => {
    const file = new File(['Name,Email\r\n\r\nAnn,ann@example.test\r\nBob\r\n,\r\n'], 'people.csv');
    expect(await readSheet(file)).toEqual({
      headers: ['Name', 'Email'],
      rows: [
        ['Ann', 'ann@example.test'],
        ['Bob', ''],
      ],
    });
  });

  it('reads the first sheet of an XLSX file, a date as its day and a number as written', async () => {
    const exported = await xlsxFile({ ...table, dates: { day: [2], time: [] } }, 'en', 'Things');
    const file = new File([exported], 'things.xlsx');
    const read = await readSheet(file);
    expect(read.headers).toEqual(['ID', 'Name', 'Colour']);
    expect(read.rows).toEqual([['1', 'Oak; smoked', '2025-03-12']]);
  });

  it('refuses a file that is no spreadsheet, or one without headings', async () => {
    await expect(readSheet(new File(['not a zip'], 'broken.xlsx'))).rejects.toBeInstanceOf(UnreadableFile);
    await expect(readSheet(new File(['\r\n\r\n'], 'empty.csv'))).rejects.toBeInstanceOf(UnreadableFile);
  });
});

const targets = [
  { target: KEY_TARGET, names: ['ID'] },
  { target: 'name', names: ['name', 'Name', 'Naam'] },
  { target: 'email', names: ['email', 'Email address', 'E-mailadres'] },
  { target: 'role_id', names: ['role_id', 'role', 'Role', 'Rol'] },
];

describe('matching columns to fields', () => {
  it('matches headings by name or label in any case and spelling, each field once', () => {
    expect(autoMapping(['id', 'NAAM', 'e-mailadres', 'Role', 'Naam', 'Created'], targets)).toEqual([
      KEY_TARGET,
      'name',
      'email',
      'role_id',
      null,
      null,
    ]);
  });

  it("prefers the user's earlier choices on this list, a column set to nothing included", () => {
    expect(autoMapping(['Full name', 'Naam', 'Role'], targets, { fullname: 'name', role: null })).toEqual([
      'name',
      null,
      null,
    ]);
  });
});

const fields: FieldDeclaration[] = [
  { name: 'name', labelKey: 'fields.name', kind: 'text' },
  {
    name: 'status',
    labelKey: 'fields.status',
    kind: 'select',
    options: [
      { value: 'active', labelKey: 'values.active' },
      { value: 'inactive', labelKey: 'values.inactive' },
    ],
  },
  {
    name: 'role_id',
    labelKey: 'fields.role',
    kind: 'reference',
    reference: { resource: 'roles', labelField: 'title' },
  },
  {
    name: 'groups',
    labelKey: 'fields.groups',
    kind: 'reference',
    reference: { resource: 'groups', labelField: 'name', multiple: true },
  },
  { name: 'notify', labelKey: 'fields.notify', kind: 'switch' },
];
const references = new Map([
  ['role_id', new Map<string, unknown>([['manager', 4]])],
  [
    'groups',
    new Map<string, unknown>([
      ['designers', 7],
      ['sales', 8],
    ]),
  ],
]);
const texts = {
  optionLabel: (option: { value: string; labelKey?: string }) =>
    option.value === 'active' ? 'Actief' : 'Inactief',
  unknownReference: (field: FieldDeclaration, value: string) => `No ${field.name} named ${value}`,
};

describe('building the rows', () => {
  const sheet: SheetTable = {
    headers: ['ID', 'Name', 'Status', 'Role', 'Groups', 'Notify', 'Ignored'],
    rows: [
      ['12', ' Ann ', 'Actief', 'MANAGER', 'Designers, sales', 'ja', 'x'],
      ['', 'Bob', 'inactive', '', '', 'no', 'x'],
      ['', '', 'sleeping', 'Boss', 'Designers, Cooks', 'maybe', 'x'],
    ],
  };
  const mapping = [KEY_TARGET, 'name', 'status', 'role_id', 'groups', 'notify', null];

  it("sends each row's key and values as the API takes them", () => {
    const built = buildRows(sheet, mapping, fields, { byName: false, references, texts });
    expect(built.rows.slice(0, 2)).toEqual([
      { key: 12, values: { name: 'Ann', status: 'active', role_id: 4, groups: [7, 8], notify: true } },
      { values: { name: 'Bob', status: 'inactive', role_id: null, groups: [], notify: false } },
    ]);
  });

  it('flags a name no record has, and leaves every other check to the server', () => {
    const built = buildRows(sheet, mapping, fields, { byName: false, references, texts });
    expect(built.errors).toEqual(
      new Map([[2, { role_id: ['No role_id named Boss'], groups: ['No groups named Cooks'] }]]),
    );
    // An empty name, an unknown option and a word that is no yes or no go as they are: the server's 422 says why.
    expect(built.rows[2].values).toEqual({ name: null, status: 'sleeping', notify: 'maybe' });
  });

  it('keeps a key of a list keyed by name as text', () => {
    const built = buildRows({ headers: ['ID'], rows: [['42']] }, [KEY_TARGET], fields, {
      byName: true,
      references,
      texts,
    });
    expect(built.rows).toEqual([{ key: '42', values: {} }]);
  });
});
