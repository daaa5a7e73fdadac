import { Readable, pipeline } from 'node:stream';
import csvParser from 'csv-parser';
import {
  findHeaderRow,
  ordersMessages,
  workbookKindOfHead,
  type HeaderRow,
  type Separator,
} from '@onvelope/contracts';
import { badRequest, HttpError } from '@onvelope/service-kit/errors';
import { createFileDecoder, FileEncodingError, type FileEncoding } from './file-encoding.js';
import { workbookRowsOf } from './parse-workbook.js';
import { importMessages } from './row-report.js';

/** A row longer than this is a broken file (an unclosed quote swallowing the rest), not an order. */
const MAX_ROW_BYTES = 1024 * 1024;
/** How much of the file is read, at most, to find the header line and its separator. */
const HEADER_SNIFF_BYTES = 64 * 1024;

/** How a file was read, for the answer. */
export interface FileReading {
  /** An Excel workbook (its first sheet), rather than text. */
  workbook: boolean;
  encoding: FileEncoding;
  separator: Separator;
  /** Lines before the header that were not read (blank lines, a title, a line of commas). */
  skippedLines: number;
}

const parseFailure = (detail: string) =>
  badRequest(ordersMessages.parseFailed, [{ message: detail }]);

function readFailure(error: unknown): Error {
  if (error instanceof HttpError) return error;
  if (error instanceof FileEncodingError) {
    return parseFailure(error.reason === 'binary' ? importMessages.binary : importMessages.notUtf8);
  }
  return parseFailure((error as Error).message);
}

/** The index just past the `lines`-th line break of `bytes` (0 for none). */
function startOfLine(bytes: Buffer, lines: number): number {
  let start = 0;
  for (let line = 0; line < lines; line += 1) start = bytes.indexOf(0x0a, start) + 1;
  return start;
}

/**
 * Reads a seller's file as rows of cells while its bytes arrive, whatever it is named: an Excel
 * workbook (a zip archive) by its first sheet (`workbookRowsOf`); text with its encoding found and
 * converted (`createFileDecoder`), its header found among its first lines past any preamble
 * (`findHeaderRow`) and the rest parsed as CSV with the header's separator. The first row is the
 * header. `reading` says how, once the first row is out. Binary data (NUL bytes), text that mixes
 * encodings, CSV that cannot be parsed and a workbook that cannot be read are refused as 'FAILED TO
 * PARSE CSV FILE'.
 */
export function createFileRowReader() {
  const decoder = createFileDecoder();
  let header: HeaderRow | undefined;

  let workbook = false;

  /** A workbook's rows from its first row with two filled cells (the header) on. */
  async function* workbookRows(file: AsyncIterable<Buffer>): AsyncGenerator<string[]> {
    workbook = true;
    let skippedLines = 0;
    try {
      for await (const cells of workbookRowsOf(file)) {
        if (!header) {
          if (cells.filter((cell) => cell.trim()).length < 2) {
            skippedLines += 1;
            continue;
          }
          header = { skippedLines, separator: ',', certain: true };
        }
        yield cells;
      }
    } catch (error) {
      throw error instanceof HttpError ? error : parseFailure(importMessages.unreadableWorkbook);
    }
    if (!header) throw badRequest(importMessages.empty);
  }

  async function* textRows(file: AsyncIterable<Buffer>): AsyncGenerator<string[]> {
    const chunks = decoder.utf8Of(file)[Symbol.asyncIterator]();

    let head = Buffer.alloc(0);
    let ended = false;
    try {
      for (;;) {
        const lines = head.toString('utf8').split(/\r?\n/);
        const found = findHeaderRow(ended ? lines : lines.slice(0, -1));
        if (found?.certain || ended || head.length >= HEADER_SNIFF_BYTES) {
          header = found ?? undefined;
          break;
        }
        const next = await chunks.next();
        if (next.done) ended = true;
        else head = Buffer.concat([head, next.value]);
      }
    } catch (error) {
      throw readFailure(error);
    }
    // A header longer than the sniff is read from the start, its separator from what was seen.
    header ??= findHeaderRow([head.toString('utf8')]) ?? undefined;
    if (!header) throw badRequest(importMessages.empty);

    const parser = csvParser({
      headers: false,
      separator: header.separator,
      maxRowBytes: MAX_ROW_BYTES,
    });
    const rest = head.subarray(startOfLine(head, header.skippedLines));
    const bytes = Readable.from(
      (async function* () {
        yield rest;
        if (ended) return;
        for (let next = await chunks.next(); !next.done; next = await chunks.next()) {
          yield next.value;
        }
      })(),
      { objectMode: false },
    );
    pipeline(bytes, parser, () => {
      // Errors reach the reader through the parser.
    });
    try {
      for await (const row of parser as AsyncIterable<Record<string, string>>) {
        yield Object.values(row);
      }
    } catch (error) {
      throw readFailure(error);
    }
  }

  /** The file's rows: an Excel workbook's (a zip archive) first sheet, or text. */
  async function* rowsOf(file: AsyncIterable<Buffer>): AsyncGenerator<string[]> {
    const source = file[Symbol.asyncIterator]();
    const first = await source.next();
    const chunks = (async function* () {
      if (first.done) return;
      yield first.value;
      for (let next = await source.next(); !next.done; next = await source.next()) {
        yield next.value;
      }
    })();
    if (!first.done && workbookKindOfHead(first.value)) {
      yield* workbookRows(chunks);
    } else yield* textRows(chunks);
  }

  return {
    rowsOf,
    /** How the file was read: known once its first row (the header) is out. */
    get reading(): FileReading {
      return {
        workbook,
        encoding: decoder.encoding,
        separator: header?.separator ?? ',',
        skippedLines: header?.skippedLines ?? 0,
      };
    },
  };
}
