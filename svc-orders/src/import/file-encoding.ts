import { isAscii } from 'node:buffer';
import { encodingOfHead } from '@onvelope/contracts';

/** The encodings a seller's file comes in, as the answer names them. */
export type FileEncoding = 'UTF-8' | 'UTF-16LE' | 'UTF-16BE' | 'Windows-1252';

/** Why a file's bytes cannot be read as text. */
export class FileEncodingError extends Error {
  constructor(readonly reason: 'binary' | 'mixed') {
    super(reason === 'binary' ? 'binary data' : 'mixed encodings');
  }
}

/** How many bytes are looked at before the encoding is decided. */
const SNIFF_BYTES = 4;

const strictUtf8 = () => new TextDecoder('utf-8', { fatal: true });

// A character UTF-8 writes in several bytes: Windows-1252 text almost never holds one by chance.
const UTF8_SEQUENCE = /[\xc2-\xdf][\x80-\xbf]|[\xe0-\xef][\x80-\xbf]{2}|[\xf0-\xf4][\x80-\xbf]{3}/;

/**
 * A file's bytes as UTF-8, converted as they stream, and the encoding they were found in
 * (`encoding`, final once the file is read). A byte-order mark decides UTF-8 or UTF-16; UTF-16
 * without one is told by its NUL bytes; anything else is read as UTF-8 until a byte shows it is
 * not: then, if no text before it was outside ASCII (where the two agree) and it holds no UTF-8
 * character either, the rest is read as
 * Windows-1252 (the "ANSI" of Excel and Windows on Western systems, a superset of Latin-1); a file
 * whose earlier text was UTF-8 mixes encodings and fails. A NUL byte in the text is binary data.
 * The UTF-8 path passes the bytes through untouched (only validated), so the common case costs
 * nothing but the check.
 */
export function createFileDecoder() {
  let encoding: FileEncoding = 'UTF-8';
  let byteOrderMark = false;

  async function* utf8Of(file: AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
    const source = file[Symbol.asyncIterator]();
    let head = Buffer.alloc(0);
    let ended = false;
    while (head.length < SNIFF_BYTES) {
      const next = await source.next();
      if (next.done) {
        ended = true;
        break;
      }
      head = Buffer.concat([head, next.value]);
    }
    let transcoder: InstanceType<typeof TextDecoder> | null = null;
    ({ encoding, byteOrderMark } = encodingOfHead(head));
    // A UTF-16 decoder drops its mark itself; UTF-8's passes through untouched, so it goes here.
    if (encoding === 'UTF-8' && byteOrderMark) head = head.subarray(3);
    if (encoding !== 'UTF-8') transcoder = new TextDecoder(encoding.toLowerCase());

    let validator = strictUtf8();
    let sawNonAscii = false;
    const convert = (chunk: Buffer, last: boolean): Buffer => {
      if (transcoder) {
        const text = Buffer.from(transcoder.decode(chunk, { stream: !last }), 'utf8');
        if (text.includes(0)) throw new FileEncodingError('binary');
        return text;
      }
      if (chunk.includes(0)) throw new FileEncodingError('binary');
      try {
        validator.decode(chunk, { stream: !last });
      } catch {
        if (sawNonAscii || UTF8_SEQUENCE.test(chunk.toString('latin1'))) {
          throw new FileEncodingError('mixed');
        }
        // Everything before was ASCII, read alike in both: from here on it is Windows-1252.
        encoding = 'Windows-1252';
        transcoder = new TextDecoder('windows-1252');
        validator = strictUtf8();
        return convert(chunk, last);
      }
      if (!sawNonAscii && !isAscii(chunk)) sawNonAscii = true;
      return chunk;
    };

    if (head.length) yield convert(head, ended);
    if (ended) return;
    for (let next = await source.next(); !next.done; next = await source.next()) {
      yield convert(next.value, false);
    }
    const rest = convert(Buffer.alloc(0), true);
    if (rest.length) yield rest;
  }

  return {
    utf8Of,
    /** The encoding the file was read in (final once the file is read). */
    get encoding(): FileEncoding {
      return encoding;
    },
    get byteOrderMark() {
      return byteOrderMark;
    },
  };
}
