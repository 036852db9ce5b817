/**
 * A growing byte buffer with little-endian writers and patching: what binary FBX is written with, by the reader's
 * corrections (fbx-tree.ts) and by the demo's and the tests' FBX writer (server/seed/fbx-writer.ts).
 */
export class ByteWriter {
  private buffer: Buffer;
  length = 0;

  /** `expectedBytes`: room to make at the start (the writer grows past it as needed). */
  constructor(expectedBytes = 0) {
    this.buffer = Buffer.allocUnsafe(Math.max(1 << 16, expectedBytes + (1 << 16)));
  }

  private room(bytes: number): void {
    if (this.length + bytes <= this.buffer.length) return;
    let size = this.buffer.length * 2;
    while (size < this.length + bytes) size *= 2;
    // Only the bytes written are ever read (`result`), so the new room need not be cleared.
    const grown = Buffer.allocUnsafe(size);
    this.buffer.copy(grown, 0, 0, this.length);
    this.buffer = grown;
  }

  bytes(data: Uint8Array): void {
    this.room(data.length);
    this.buffer.set(data, this.length);
    this.length += data.length;
  }

  zeros(count: number): void {
    this.room(count);
    this.buffer.fill(0, this.length, this.length + count);
    this.length += count;
  }

  private fixed(size: number, write: (buffer: Buffer, at: number) => void): void {
    this.room(size);
    write(this.buffer, this.length);
    this.length += size;
  }

  u8 = (n: number) => this.fixed(1, (buffer, at) => buffer.writeUInt8(n, at));
  i16 = (n: number) => this.fixed(2, (buffer, at) => buffer.writeInt16LE(n, at));
  u32 = (n: number) => this.fixed(4, (buffer, at) => buffer.writeUInt32LE(n, at));
  i32 = (n: number) => this.fixed(4, (buffer, at) => buffer.writeInt32LE(n, at));
  i64 = (n: bigint) => this.fixed(8, (buffer, at) => buffer.writeBigInt64LE(n, at));
  f32 = (n: number) => this.fixed(4, (buffer, at) => buffer.writeFloatLE(n, at));
  f64 = (n: number) => this.fixed(8, (buffer, at) => buffer.writeDoubleLE(n, at));

  /** A record-header field: uint32, or uint64 from FBX 7.5. */
  offset(n: number, wide: boolean): void {
    if (wide) this.i64(BigInt(n));
    else this.u32(n);
  }

  patchOffset(at: number, n: number, wide: boolean): void {
    if (wide) this.buffer.writeBigUInt64LE(BigInt(n), at);
    else this.buffer.writeUInt32LE(n, at);
  }

  /** The bytes written: a view of the writer's own buffer, which is not to be written to afterwards. */
  result(): Buffer {
    return this.buffer.subarray(0, this.length);
  }
}
