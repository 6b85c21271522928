/**
 * A compact binary form for millions of small records (a snapshot's orders, results and balances): numbers as
 * variable-length integers, bigints exact, strings in one text block after the numbers (decoded once, then cut
 * into pieces), and repeated words (user ids, currencies, kinds) written once per body and then by number.
 *
 * Body layout: [u32 length of the number bytes][number bytes][UTF-8 text of every string, back to back].
 */

/** Bigints up to this size are written as integers; bigger ones as their digits. */
const SMALL_BIG = 2n ** 50n;
const TWO_31 = 2 ** 31;

export class RecordWriter {
  private bytes = Buffer.allocUnsafe(1 << 16);
  private length = 0;
  private readonly strings: string[] = [];
  private textLength = 0;
  private readonly words = new Map<string, number>();

  /** Bytes written so far (numbers and text, roughly: text counted in UTF-16 units). */
  get size(): number {
    return this.length + this.textLength;
  }

  /** A non-negative safe integer. */
  uint(value: number): void {
    if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`record: ${value} is not a non-negative safe integer`);
    this.room(8);
    while (value >= 0x80) {
      this.bytes[this.length++] = (value % 0x80) | 0x80;
      value = value >= TWO_31 ? Math.floor(value / 0x80) : value >>> 7;
    }
    this.bytes[this.length++] = value;
  }

  /** A safe integer of either sign. */
  int(value: number): void {
    this.uint(value >= 0 ? value * 2 : -value * 2 - 1);
  }

  bool(value: boolean): void {
    this.uint(value ? 1 : 0);
  }

  big(value: bigint): void {
    if (value < SMALL_BIG && value > -SMALL_BIG) {
      this.int(Number(value) * 2);
      return;
    }
    this.int(value.toString().length * 2 + 1);
    this.text(value.toString());
  }

  str(value: string): void {
    this.uint(value.length);
    this.text(value);
  }

  /** A string that repeats: the first time in full, then by its number. */
  word(value: string): void {
    const known = this.words.get(value);
    if (known !== undefined) {
      this.uint(known + 1);
      return;
    }
    this.words.set(value, this.words.size);
    this.uint(0);
    this.str(value);
  }

  finish(): Buffer {
    const text = Buffer.from(this.strings.join(''), 'utf8');
    const body = Buffer.allocUnsafe(4 + this.length + text.length);
    body.writeUInt32LE(this.length, 0);
    this.bytes.copy(body, 4, 0, this.length);
    text.copy(body, 4 + this.length);
    return body;
  }

  private text(value: string): void {
    this.strings.push(value);
    this.textLength += value.length;
  }

  private room(more: number): void {
    if (this.length + more <= this.bytes.length) return;
    const bigger = Buffer.allocUnsafe(Math.max(this.bytes.length * 2, this.length + more));
    this.bytes.copy(bigger, 0, 0, this.length);
    this.bytes = bigger;
  }
}

export class RecordFormatError extends Error {
  constructor(message: string) {
    super(`record: ${message}`);
    this.name = 'RecordFormatError';
  }
}

export class RecordReader {
  private readonly bytes: Buffer;
  private at = 0;
  private readonly end: number;
  private readonly text: string;
  private textAt = 0;
  private readonly words: string[] = [];

  constructor(body: Buffer) {
    if (body.length < 4) throw new RecordFormatError('body too short');
    this.end = 4 + body.readUInt32LE(0);
    if (this.end > body.length) throw new RecordFormatError('number bytes run past the body');
    this.bytes = body;
    this.at = 4;
    this.text = body.toString('utf8', this.end);
  }

  /** True when every number has been read. */
  get done(): boolean {
    return this.at >= this.end;
  }

  uint(): number {
    let value = 0;
    let scale = 1;
    for (;;) {
      if (this.at >= this.end) throw new RecordFormatError('read past the end');
      const byte = this.bytes[this.at++]!;
      value += (byte & 0x7f) * scale;
      if (byte < 0x80) return value;
      scale *= 0x80;
      if (scale > 2 ** 56) throw new RecordFormatError('integer too long');
    }
  }

  int(): number {
    const zigzag = this.uint();
    return zigzag % 2 === 0 ? zigzag / 2 : -(zigzag + 1) / 2;
  }

  bool(): boolean {
    return this.uint() === 1;
  }

  big(): bigint {
    const head = this.int();
    // zero is most amounts of fresh orders (filled, fees): one shared value instead of a new bigint each
    if (head === 0) return 0n;
    if (head % 2 === 0) return BigInt(head / 2);
    const digits = this.cut((head - 1) / 2);
    if (!/^-?\d+$/.test(digits)) throw new RecordFormatError('bad bigint digits');
    return BigInt(digits);
  }

  str(): string {
    return this.cut(this.uint());
  }

  word(): string {
    const number = this.uint();
    if (number === 0) {
      const value = this.str();
      this.words.push(value);
      return value;
    }
    const value = this.words[number - 1];
    if (value === undefined) throw new RecordFormatError(`unknown word ${number}`);
    return value;
  }

  private cut(length: number): string {
    if (this.textAt + length > this.text.length) throw new RecordFormatError('text runs past the body');
    const value = this.text.slice(this.textAt, (this.textAt += length));
    return value;
  }
}
