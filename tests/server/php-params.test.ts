/**
 * PHP's parameter nesting (reference §5.6, checked against PHP 8.2 parse_str), which queries, url-encoded and
 * multipart bodies all go through; the HTTP side is covered in conventions.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { parsePhpEntries, parsePhpQuery } from '../../server/http/php-params';

describe('parsePhpQuery', () => {
  it.each([
    ['included_fields[]=x&included_fields[]=y', { included_fields: ['x', 'y'] }],
    ['included_fields=x&included_fields=y', { included_fields: 'y' }],
    ['filter[name]=a,b&fields[users]=id,name', { filter: { name: 'a,b' }, fields: { users: 'id,name' } }],
    [
      'libraries[0][id]=5&libraries[0][name]=Main&libraries[1][id]=7',
      { libraries: [{ id: '5', name: 'Main' }, { id: '7' }] },
    ],
    ['x[]=1&x[]=2&x[5]=3&x[]=4', { x: { 0: '1', 1: '2', 5: '3', 6: '4' } }],
    ['a[0]=x&a[25]=y', { a: { 0: 'x', 25: 'y' } }],
    [
      'notification_settings[3][email]=1&notification_settings[3][browser]=0',
      { notification_settings: { 3: { email: '1', browser: '0' } } },
    ],
    ['a.b=1&c d=2', { a_b: '1', c_d: '2' }],
    [
      'filter%5Bsearch%5D=harbour+tower&empty=&flag',
      { filter: { search: 'harbour tower' }, empty: '', flag: '' },
    ],
    ['a[b]=1&a=2', { a: '2' }],
  ])('%s', (query, expected) => {
    expect(parsePhpQuery(query)).toEqual(expected);
  });

  it('never writes to object prototypes', () => {
    const parsed = parsePhpQuery(
      '__proto__[polluted]=1&a[__proto__][polluted]=1&constructor[prototype][polluted]=1',
    );
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.keys(parsed).sort()).toEqual(['__proto__', 'a', 'constructor']);
  });
});

describe('parsePhpEntries', () => {
  it('nests multipart field names and keeps file values as they are', () => {
    const file = new Blob(['x']);
    expect(
      parsePhpEntries<string | Blob>([
        ['items[0][id]', '5'],
        ['items[0][file]', file],
        ['_method', 'PATCH'],
      ]),
    ).toEqual({ items: [{ id: '5', file }], _method: 'PATCH' });
  });
});
