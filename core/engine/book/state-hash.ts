// A small deterministic hash for the book's canonical state. cyrb53 (public domain, bryc): 53 bits, fast, not
// cryptographic — enough to compare a replayed book with the original. A caller that wants a cryptographic
// digest passes its own function (for example SHA-256 from node:crypto) to stateHash.
import type { OrderBook } from './order-book';

export function cyrb53(text: string, seed = 0): string {
  let h1 = 0xdeadbeef ^ seed;
  let h2 = 0x41c6ce57 ^ seed;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(16).padStart(14, '0');
}

export function stateHash(book: OrderBook, hash: (canonical: string) => string = cyrb53): string {
  return hash(book.canonicalState());
}
