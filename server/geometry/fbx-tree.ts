/**
 * An FBX file as its tree of records, read and written in either encoding, so the pipeline can look inside a
 * user's file (its real version, its polygons, its textures and materials: fbx-facts.ts) and hand the converter a
 * corrected copy (fbx-triangulation.ts) that keeps everything it does not change byte for byte.
 *
 * Binary (`Kaydara FBX Binary`): each record has an end offset, a property count and length (32-bit, 64-bit from
 * 7.5), a name, typed properties (Y C I L F D scalars, S R strings and bytes, b i l f d arrays, zlib-deflated or
 * not) and a nested list closed by a null record. Arrays are kept as stored until something reads or replaces
 * them, so a large file costs its size and not a decoded copy. FBX 6 binary files (and FBX 5 files, whose header
 * says 3000) spread an array's values as scalar properties of their own.
 *
 * ASCII: `Name: value, value {` with nested records up to `}`, `;` comments; values are quoted strings, numbers or
 * bare words (`T`, `Y`, `*24`); a list goes on over a line break when the line ends with a comma or the next starts
 * with one. FBX 7 writes an array as `Name: *N { a: v,v,… }`, FBX 6 as `Name: v,v,…`. A record's numbers are read
 * as one array property (their texts kept, so ids beyond 2^53 are written back as they were).
 */
import { endianness } from 'node:os';
import { deflateSync, inflateSync } from 'node:zlib';
import { ByteWriter } from './byte-writer';

export type FbxScalarCode = 'Y' | 'C' | 'I' | 'L' | 'F' | 'D';
export type FbxArrayCode = 'b' | 'c' | 'i' | 'l' | 'f' | 'd';

export type FbxProperty =
  /** A number; `code` is its binary type (null in ASCII); `big` an int64's exact value; `text` as ASCII wrote it. */
  | { kind: 'number'; value: number; code: FbxScalarCode | null; big?: bigint; text?: string }
  /** A string; `bytes` as a binary file stored it (object names hold `\0\x01`). */
  | { kind: 'string'; value: string; bytes?: Buffer }
  /** Binary bytes (an embedded image's `Content`). */
  | { kind: 'raw'; bytes: Buffer }
  /** An ASCII bare word: T, F, Y, N, `*24`. */
  | { kind: 'word'; value: string }
  /** An array: decoded `values`, or as a binary file stored it (`stored`, decoded on first read). */
  | {
      kind: 'array';
      code: FbxArrayCode;
      count: number;
      values?: ArrayLike<number>;
      stored?: { encoding: number; bytes: Buffer };
      /** ASCII: each value's text as written (for numbers a double cannot hold exactly). */
      texts?: string[];
    };

export interface FbxRecord {
  name: string;
  properties: FbxProperty[];
  children: FbxRecord[];
}

export interface FbxTree {
  encoding: 'binary' | 'ascii';
  /** The version in the binary header (3000 for FBX 5 files), or an ASCII file's first-line comment; 0 if none. */
  headerVersion: number;
  records: FbxRecord[];
  /** ASCII: the comment lines before the first record. Binary: the 16-byte file id of the footer. */
  preamble: string;
  footerId?: Buffer;
}

/** A file that is not a well-formed FBX tree. */
export class FbxFormatError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FbxFormatError';
  }
}

export const FBX_BINARY_MAGIC = Buffer.from('Kaydara FBX Binary  \0', 'latin1');

// ---------------------------------------------------------------------------------------------------------------
// Reading records' values.

export const childOf = (record: FbxRecord, name: string): FbxRecord | undefined =>
  record.children.find((child) => child.name === name);

export const childrenOf = (record: FbxRecord, name: string): FbxRecord[] =>
  record.children.filter((child) => child.name === name);

export function numberOf(property: FbxProperty | undefined): number | null {
  if (!property) return null;
  if (property.kind === 'number') return property.value;
  if (property.kind === 'array' && property.count === 1) return arrayValues(property)[0];
  return null;
}

export function stringOf(property: FbxProperty | undefined): string | null {
  if (!property) return null;
  if (property.kind === 'string' || property.kind === 'word') return property.value;
  return null;
}

const TYPED: Record<FbxArrayCode, { size: number; read: (view: DataView, at: number) => number }> = {
  b: { size: 1, read: (view, at) => view.getUint8(at) },
  c: { size: 1, read: (view, at) => view.getUint8(at) },
  i: { size: 4, read: (view, at) => view.getInt32(at, true) },
  l: { size: 8, read: (view, at) => Number(view.getBigInt64(at, true)) },
  f: { size: 4, read: (view, at) => view.getFloat32(at, true) },
  d: { size: 8, read: (view, at) => view.getFloat64(at, true) },
};

/** An array property's values, decoded once. */
export function arrayValues(property: Extract<FbxProperty, { kind: 'array' }>): ArrayLike<number> {
  if (property.values) return property.values;
  const stored = property.stored!;
  const bytes = stored.encoding === 1 ? inflate(stored.bytes) : stored.bytes;
  const { size, read } = TYPED[property.code];
  if (bytes.length < property.count * size) throw new FbxFormatError('an array is shorter than its count');
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const values = property.code === 'i' ? new Int32Array(property.count) : new Float64Array(property.count);
  for (let k = 0; k < property.count; k += 1) values[k] = read(view, k * size);
  property.values = values;
  return values;
}

function inflate(bytes: Buffer): Buffer {
  try {
    return inflateSync(bytes);
  } catch {
    throw new FbxFormatError('a compressed array does not inflate');
  }
}

/**
 * A record's array, whichever way its file writes it: one array property (binary FBX 7, and ASCII as read here),
 * an `a` child (ASCII FBX 7), or numbers as properties of their own (binary FBX 6). Null when it holds none.
 */
export function recordArray(record: FbxRecord): ArrayLike<number> | null {
  const [first] = record.properties;
  if (first?.kind === 'array') return arrayValues(first);
  const nested = childOf(record, 'a');
  if (nested) return recordArray(nested);
  if (record.properties.length && record.properties.every((property) => property.kind === 'number'))
    return record.properties.map((property) => (property as { value: number }).value);
  return null;
}

/** Replaces a record's array with `values` (integers or doubles), written the way its file writes arrays. */
export function setRecordArray(
  tree: FbxTree,
  record: FbxRecord,
  values: ArrayLike<number>,
  type: 'int' | 'double',
): void {
  // A binary array keeps its own type (a bool array stays one); others are int32 or double.
  const [first] = record.properties;
  const array: FbxProperty = {
    kind: 'array',
    code: first?.kind === 'array' ? first.code : type === 'int' ? 'i' : 'd',
    count: values.length,
    values,
  };
  const nested = childOf(record, 'a');
  if (nested) {
    record.properties = [{ kind: 'word', value: `*${values.length}` }];
    nested.properties = [array];
  } else if (tree.encoding === 'binary' && !isFbx7(tree) && record.properties[0]?.kind !== 'array') {
    const code = type === 'int' ? 'I' : 'D';
    record.properties = Array.from(values, (value): FbxProperty => ({ kind: 'number', value, code }));
  } else record.properties = [array];
}

/** Whether the file is of the FBX 7 line (binary object names `name\0\x01Class`, typed arrays). */
export const isFbx7 = (tree: FbxTree): boolean => tree.headerVersion >= 7000;

// ---------------------------------------------------------------------------------------------------------------
// Binary.

class BinaryReader {
  private position: number;
  private readonly view: DataView;

  constructor(
    private readonly bytes: Buffer,
    start: number,
    private readonly wide: boolean,
  ) {
    this.position = start;
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }

  get at(): number {
    return this.position;
  }

  private take(count: number): number {
    const at = this.position;
    if (count < 0 || at + count > this.bytes.length)
      throw new FbxFormatError('the file ends inside a record');
    this.position += count;
    return at;
  }

  u8 = () => this.view.getUint8(this.take(1));
  u32 = () => this.view.getUint32(this.take(4), true);
  offset = () => (this.wide ? Number(this.view.getBigUint64(this.take(8), true)) : this.u32());
  slice = (count: number) => {
    const at = this.take(count);
    return this.bytes.subarray(at, at + count);
  };

  property(): FbxProperty {
    const code = String.fromCharCode(this.u8());
    switch (code) {
      case 'Y':
        return { kind: 'number', code, value: this.view.getInt16(this.take(2), true) };
      case 'C':
        return { kind: 'number', code, value: this.view.getUint8(this.take(1)) };
      case 'I':
        return { kind: 'number', code, value: this.view.getInt32(this.take(4), true) };
      case 'F':
        return { kind: 'number', code, value: this.view.getFloat32(this.take(4), true) };
      case 'D':
        return { kind: 'number', code, value: this.view.getFloat64(this.take(8), true) };
      case 'L': {
        const big = this.view.getBigInt64(this.take(8), true);
        return { kind: 'number', code, value: Number(big), big };
      }
      case 'S': {
        const bytes = this.slice(this.u32());
        return { kind: 'string', value: bytes.toString('utf8'), bytes };
      }
      case 'R':
        return { kind: 'raw', bytes: this.slice(this.u32()) };
      case 'b':
      case 'c':
      case 'i':
      case 'l':
      case 'f':
      case 'd': {
        const count = this.u32();
        const encoding = this.u32();
        const bytes = this.slice(this.u32());
        if (encoding > 1) throw new FbxFormatError(`an array has an unknown encoding ${encoding}`);
        return { kind: 'array', code, count, stored: { encoding, bytes } };
      }
      default:
        throw new FbxFormatError(`a property has an unknown type ${JSON.stringify(code)}`);
    }
  }

  /** The record at the cursor, or null for a null record (the end of a list). */
  record(limit: number): FbxRecord | null {
    const start = this.position;
    const end = this.offset();
    const propertyCount = this.offset();
    const propertiesLength = this.offset();
    const nameLength = this.u8();
    if (end === 0 && propertyCount === 0 && propertiesLength === 0 && nameLength === 0) return null;
    if (end <= start || end > limit) throw new FbxFormatError('a record ends outside its parent');
    const name = this.slice(nameLength).toString('latin1');
    const propertiesEnd = this.position + propertiesLength;
    const properties: FbxProperty[] = [];
    for (let k = 0; k < propertyCount; k += 1) properties.push(this.property());
    if (this.position !== propertiesEnd) throw new FbxFormatError(`the properties of ${name} do not add up`);
    const children: FbxRecord[] = [];
    while (this.position < end) {
      const child = this.record(end);
      if (!child) break;
      children.push(child);
    }
    this.position = end;
    return { name, properties, children };
  }
}

function parseBinary(bytes: Buffer): FbxTree {
  if (bytes.length < 27) throw new FbxFormatError('the file is cut off after its header');
  const headerVersion = bytes.readUInt32LE(23);
  const reader = new BinaryReader(bytes, 27, headerVersion >= 7500);
  const records: FbxRecord[] = [];
  for (;;) {
    const record = reader.record(bytes.length);
    if (!record) break;
    records.push(record);
  }
  const footerId = bytes.length >= reader.at + 16 ? bytes.subarray(reader.at, reader.at + 16) : undefined;
  return { encoding: 'binary', headerVersion, records, preamble: '', footerId };
}

const COMPRESS_FROM_BYTES = 128;

/** Typed arrays are little-endian here, as FBX's arrays are: their bytes are written as they are. */
const LITTLE_ENDIAN = endianness() === 'LE';
const SAME_BYTES = { d: Float64Array, f: Float32Array, i: Int32Array } as const;

function arrayBytes(code: FbxArrayCode, values: ArrayLike<number>): Buffer {
  for (let k = 0; k < values.length; k += 1)
    if (!Number.isFinite(values[k])) throw new Error(`cannot write ${values[k]} to an FBX file`);
  if (LITTLE_ENDIAN && (code === 'd' || code === 'f' || code === 'i')) {
    // Values already held in the array's own type are written as they are; others are copied into it.
    const type = SAME_BYTES[code];
    const typed = values instanceof type ? values : new type(values);
    return Buffer.from(typed.buffer, typed.byteOffset, typed.byteLength);
  }
  const { size } = TYPED[code];
  const data = Buffer.alloc(values.length * size);
  for (let k = 0; k < values.length; k += 1) {
    const n = values[k];
    if (code === 'd') data.writeDoubleLE(n, k * 8);
    else if (code === 'f') data.writeFloatLE(n, k * 4);
    else if (code === 'i') data.writeInt32LE(n, k * 4);
    else if (code === 'l') data.writeBigInt64LE(BigInt(Math.round(n)), k * 8);
    else data.writeUInt8(n, k);
  }
  return data;
}

function writeBinaryProperty(out: ByteWriter, property: FbxProperty, compress: boolean): void {
  switch (property.kind) {
    case 'number': {
      const code = property.code ?? (Number.isInteger(property.value) ? 'I' : 'D');
      out.u8(code.charCodeAt(0));
      if (code === 'Y') out.i16(property.value);
      else if (code === 'C') out.u8(property.value);
      else if (code === 'I') out.i32(property.value);
      else if (code === 'F') out.f32(property.value);
      else if (code === 'D') out.f64(property.value);
      else out.i64(property.big ?? BigInt(Math.round(property.value)));
      return;
    }
    case 'word':
    case 'string': {
      const bytes =
        property.kind === 'string' && property.bytes ? property.bytes : Buffer.from(property.value);
      out.u8(0x53);
      out.u32(bytes.length);
      out.bytes(bytes);
      return;
    }
    case 'raw':
      out.u8(0x52);
      out.u32(property.bytes.length);
      out.bytes(property.bytes);
      return;
    case 'array': {
      let stored = property.stored;
      if (!stored || property.values) {
        const raw = arrayBytes(property.code, property.values ?? arrayValues(property));
        const deflated = compress && raw.length >= COMPRESS_FROM_BYTES ? deflateSync(raw) : null;
        stored =
          deflated && deflated.length < raw.length
            ? { encoding: 1, bytes: deflated }
            : { encoding: 0, bytes: raw };
      }
      out.u8(property.code.charCodeAt(0));
      out.u32(property.count);
      out.u32(stored.encoding);
      out.u32(stored.bytes.length);
      out.bytes(stored.bytes);
      return;
    }
  }
}

/** Writes one record; `nullWhenEmpty`: a record without children nor properties still ends with a null record. */
export function writeBinaryRecord(out: ByteWriter, record: FbxRecord, wide: boolean, compress = true): void {
  const name = Buffer.from(record.name, 'latin1');
  if (name.length > 255) throw new Error(`record name too long: ${record.name}`);
  const header = out.length;
  out.offset(0, wide); // end offset, patched below
  out.offset(record.properties.length, wide);
  out.offset(0, wide); // property list length, patched below
  out.u8(name.length);
  out.bytes(name);
  const propertiesStart = out.length;
  for (const property of record.properties) writeBinaryProperty(out, property, compress);
  const propertiesLength = out.length - propertiesStart;
  for (const child of record.children) writeBinaryRecord(out, child, wide, compress);
  // A record with children ends its list with a null record; so does one with neither children nor properties.
  if (record.children.length || !record.properties.length) out.zeros(wide ? 25 : 13);
  out.patchOffset(header, out.length, wide);
  out.patchOffset(header + 2 * (wide ? 8 : 4), propertiesLength, wide);
}

/** The file's first 21 bytes, then 0x1A 0x00 and the version as a little-endian uint32. */
const MAGIC = Buffer.from('Kaydara FBX Binary  \0\x1a\0', 'latin1');
/** The file's last 16 bytes. */
const FOOTER_MAGIC = Buffer.from('f85a8c6adef5d97eece90ce3758f290b', 'hex');

/** The bytes the arrays of these records take at most in a binary file (as stored, or uncompressed when changed). */
function arrayBytesIn(records: FbxRecord[]): number {
  let bytes = 0;
  for (const record of records) {
    for (const property of record.properties)
      if (property.kind === 'array')
        bytes +=
          property.stored && !property.values
            ? property.stored.bytes.length
            : property.count * TYPED[property.code].size;
    bytes += arrayBytesIn(record.children);
  }
  return bytes;
}

/**
 * A binary FBX file of these records: header, records, the closing null record and the footer. Changed arrays are
 * deflated unless `compress` is false (a copy read once, by the converter: deflating costs more than it saves).
 */
export function binaryFile(records: FbxRecord[], version: number, footerId: Buffer, compress = true): Buffer {
  const wide = version >= 7500;
  // Room for the arrays at the start: a dense mesh's file is almost all arrays, and growing a buffer of tens of
  // megabytes step by step copies it again at each step.
  const out = new ByteWriter(arrayBytesIn(records));
  out.bytes(MAGIC);
  out.u32(version);
  for (const record of records) writeBinaryRecord(out, record, wide, compress);
  out.zeros(wide ? 25 : 13);
  // Footer: the file id, 4 zero bytes, zeros up to a 16-byte boundary (16 when already on one), the version,
  // 120 zero bytes and the footer magic.
  out.bytes(footerId);
  out.zeros(4);
  out.zeros(16 - (out.length % 16));
  out.u32(version);
  out.zeros(120);
  out.bytes(FOOTER_MAGIC);
  return out.result();
}

// ---------------------------------------------------------------------------------------------------------------
// ASCII.

const SPACE = /[ \t\r\f\v\uFEFF]/;
const WORD_END = /[\s,{}":;]/;

class AsciiReader {
  private at = 0;

  constructor(private readonly text: string) {}

  /** Skips spaces and comments; also line breaks unless `stopAtLine`. Answers whether a line break was passed. */
  private skip(stopAtLine: boolean): boolean {
    let passedLine = false;
    while (this.at < this.text.length) {
      const char = this.text[this.at];
      if (char === ';') {
        while (this.at < this.text.length && this.text[this.at] !== '\n') this.at += 1;
      } else if (char === '\n') {
        if (stopAtLine) return true;
        passedLine = true;
        this.at += 1;
      } else if (SPACE.test(char)) this.at += 1;
      else break;
    }
    return passedLine;
  }

  private peekAfterSpace(): string | undefined {
    const mark = this.at;
    this.skip(false);
    const char = this.text[this.at];
    this.at = mark;
    return char;
  }

  records(closing: boolean): FbxRecord[] {
    const records: FbxRecord[] = [];
    for (;;) {
      this.skip(false);
      if (this.at >= this.text.length) {
        if (closing) throw new FbxFormatError('a record is not closed');
        return records;
      }
      if (this.text[this.at] === '}') {
        if (!closing) throw new FbxFormatError('a closing brace without its record');
        this.at += 1;
        return records;
      }
      records.push(this.record());
    }
  }

  private record(): FbxRecord {
    const start = this.at;
    while (this.at < this.text.length && !WORD_END.test(this.text[this.at])) this.at += 1;
    const name = this.text.slice(start, this.at);
    if (!name || this.text[this.at] !== ':')
      throw new FbxFormatError(
        `a record without a name at ${JSON.stringify(this.text.slice(start, start + 40))}`,
      );
    this.at += 1;
    const values: FbxProperty[] = [];
    const numbers: string[] = [];
    let afterComma = false;
    // Numbers are kept as texts while they are all the record holds (an array); a value of another kind makes
    // each a property of its own.
    const flushNumbers = () => {
      values.push(...numbers.map(asciiNumber));
      numbers.length = 0;
    };
    let children: FbxRecord[] = [];
    for (;;) {
      const lineBreak = this.skip(true);
      if (lineBreak) {
        // The list goes on over a line break after a comma, or when the next line starts with one.
        // So does a list that begins on the line after its name (`Key:` then the keys, in FBX 6).
        const next = this.peekAfterSpace();
        const startsBelow = !values.length && !numbers.length && next !== undefined && /["\d.+-]/.test(next);
        if (afterComma || next === ',' || startsBelow) {
          this.skip(false);
          continue;
        }
        break;
      }
      const char = this.text[this.at];
      if (char === undefined || char === '}') break;
      if (char === ',') {
        this.at += 1;
        afterComma = true;
        continue;
      }
      if (char === '{') {
        this.at += 1;
        children = this.records(true);
        break;
      }
      if (!afterComma && values.length + numbers.length > 0)
        throw new FbxFormatError(`${name}: values without a comma`);
      afterComma = false;
      if (char === '"') {
        flushNumbers();
        const end = this.text.indexOf('"', this.at + 1);
        if (end < 0) throw new FbxFormatError('a string is not closed');
        values.push({ kind: 'string', value: this.text.slice(this.at + 1, end).replace(/&quot;/g, '"') });
        this.at = end + 1;
        continue;
      }
      const wordStart = this.at;
      while (this.at < this.text.length && !WORD_END.test(this.text[this.at])) this.at += 1;
      const word = this.text.slice(wordStart, this.at);
      if (!word) throw new FbxFormatError(`${name}: an unexpected ${JSON.stringify(char)}`);
      if (/^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(word)) {
        if (values.length) values.push(asciiNumber(word));
        else numbers.push(word);
      } else {
        flushNumbers();
        values.push({ kind: 'word', value: word });
      }
    }
    return { name, properties: values.length ? values : numberProperties(numbers), children };
  }
}

function asciiNumber(text: string): FbxProperty {
  return { kind: 'number', value: Number(text), code: null, text };
}

/** A record whose values are all numbers: one number, or an array of several (as FBX arrays are). */
function numberProperties(numbers: string[]): FbxProperty[] {
  if (!numbers.length) return [];
  if (numbers.length === 1) return [asciiNumber(numbers[0])];
  const parsed = new Float64Array(numbers.length);
  let exact = true;
  for (let k = 0; k < numbers.length; k += 1) {
    parsed[k] = Number(numbers[k]);
    if (!Number.isSafeInteger(parsed[k]) && !numbers[k].includes('.') && !/e/i.test(numbers[k]))
      exact = false;
  }
  return [
    { kind: 'array', code: 'd', count: numbers.length, values: parsed, texts: exact ? undefined : numbers },
  ];
}

function parseAscii(bytes: Buffer): FbxTree {
  const text = bytes.toString('latin1');
  const preamble = /^(?:\uFEFF)?(?:[ \t]*(?:;[^\n]*)?\r?\n)*/.exec(text)![0];
  const dotted = /^\s*; FBX (\d+)\.(\d+)\.(\d+)/.exec(text);
  const headerVersion = dotted ? Number(dotted[1]) * 1000 + Number(dotted[2]) * 100 : 0;
  return { encoding: 'ascii', headerVersion, records: new AsciiReader(text).records(false), preamble };
}

/** Shortest text that reads back as the same double (never `-0`). */
const asciiNumberText = (n: number): string => {
  if (!Number.isFinite(n)) throw new Error(`cannot write ${n} to an FBX file`);
  return Object.is(n, -0) ? '0' : String(n);
};

const ARRAY_LINE = 64;

function asciiValue(property: FbxProperty, indent: string): string {
  switch (property.kind) {
    case 'number':
      return (
        property.text ??
        (property.code === 'L' && property.big !== undefined
          ? String(property.big)
          : asciiNumberText(property.value))
      );
    case 'string':
      return `"${property.value.replace(/"/g, '&quot;')}"`;
    case 'raw':
      return `"${property.bytes.toString('base64')}"`;
    case 'word':
      return property.value;
    case 'array': {
      const values = arrayValues(property);
      const lines: string[] = [];
      for (let start = 0; start < values.length; start += ARRAY_LINE) {
        const line: string[] = [];
        const end = Math.min(values.length, start + ARRAY_LINE);
        for (let k = start; k < end; k += 1) line.push(property.texts?.[k] ?? asciiNumberText(values[k]));
        lines.push(line.join(','));
      }
      return lines.join(`,\n${indent}`);
    }
  }
}

function writeAsciiRecord(record: FbxRecord, depth: number, out: string[]): void {
  const indent = '\t'.repeat(depth);
  const values = record.properties.map((property) => asciiValue(property, `${indent}\t`)).join(',');
  if (!record.children.length && record.properties.length) {
    out.push(`${indent}${record.name}: ${values}\n`);
    return;
  }
  out.push(`${indent}${record.name}: ${values ? `${values} ` : ' '}{\n`);
  for (const child of record.children) writeAsciiRecord(child, depth + 1, out);
  out.push(`${indent}}\n`);
}

// ---------------------------------------------------------------------------------------------------------------
// Files.

/** Reads an FBX file's tree; an FbxFormatError when it is not a well-formed one. */
export function parseFbx(bytes: Buffer): FbxTree {
  if (bytes.subarray(0, FBX_BINARY_MAGIC.length).equals(FBX_BINARY_MAGIC)) return parseBinary(bytes);
  return parseAscii(bytes);
}

/** The tree as a file in its own encoding and version; `compress` as binaryFile's. */
export function writeFbx(tree: FbxTree, { version = tree.headerVersion, compress = true } = {}): Buffer {
  if (tree.encoding === 'binary')
    return binaryFile(tree.records, version, tree.footerId ?? Buffer.alloc(16), compress);
  const out = [tree.preamble];
  for (const record of tree.records) writeAsciiRecord(record, 0, out);
  return Buffer.from(out.join(''), 'latin1');
}
