import { describe, expect, it } from 'vitest';
import { createFileDecoder, FileEncodingError } from './file-encoding.js';

async function read(chunks: Buffer[]) {
  const decoder = createFileDecoder();
  let text = '';
  for await (const chunk of decoder.utf8Of(
    (async function* () {
      yield* chunks;
    })(),
  )) {
    text += chunk.toString('utf8');
  }
  return { text, encoding: decoder.encoding };
}

describe('createFileDecoder', () => {
  it('passes UTF-8 through and drops its byte-order mark', async () => {
    const bom = Buffer.from([0xef, 0xbb, 0xbf]);
    expect(await read([bom, Buffer.from('Zoë,1\n')])).toEqual({
      text: 'Zoë,1\n',
      encoding: 'UTF-8',
    });
  });

  it('converts UTF-16 with a byte-order mark, either byte order, and without one', async () => {
    const text = 'order\tname\n1\tZoë\n';
    const le = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
    const be = Buffer.from(le).swap16();
    expect(await read([le.subarray(0, 7), le.subarray(7)])).toEqual({ text, encoding: 'UTF-16LE' });
    expect(await read([be])).toEqual({ text, encoding: 'UTF-16BE' });
    expect(await read([Buffer.from(text, 'utf16le')])).toEqual({ text, encoding: 'UTF-16LE' });
  });

  it('reads text that is not UTF-8 as Windows-1252, from the first byte that shows it', async () => {
    const ascii = Buffer.from('order,name\n1,Ann\n');
    const latin = Buffer.from([0x32, 0x2c, 0x52, 0x65, 0x6e, 0xe9, 0x20, 0x80, 0x0a]);
    expect(await read([ascii, latin])).toEqual({
      text: 'order,name\n1,Ann\n2,René €\n',
      encoding: 'Windows-1252',
    });
  });

  it('refuses text that mixes UTF-8 with another encoding, and binary data', async () => {
    const utf8 = Buffer.from('1,Zoë\n');
    const latin = Buffer.from([0x32, 0x2c, 0xe9, 0x0a]);
    await expect(read([utf8, latin])).rejects.toEqual(new FileEncodingError('mixed'));
    await expect(read([Buffer.concat([utf8, latin])])).rejects.toEqual(
      new FileEncodingError('mixed'),
    );
    await expect(read([Buffer.from('a,b\n\0\0\0')])).rejects.toEqual(
      new FileEncodingError('binary'),
    );
  });
});
