import { EasyPostFailure } from './errors.js';

/** EasyPost's two kinds of key: test keys see test objects, production keys production ones. */
export type Mode = 'test' | 'production';

/**
 * The mode of the API key in an `Authorization: Basic base64(key:)` header, as the SDK sends it.
 * The simulator takes any key that starts like EasyPost's test (`EZTK`) or production (`EZAK`) keys.
 */
export function modeOfAuthorization(header: string | undefined): Mode {
  const match = /^Basic\s+(\S+)$/i.exec(header ?? '');
  const key = match ? Buffer.from(match[1]!, 'base64').toString('utf8').split(':')[0]! : '';
  if (!key) {
    throw new EasyPostFailure(
      401,
      'APIKEY.REQUIRED',
      'No API key was provided. Send your API key as the HTTP Basic username.',
    );
  }
  if (key.startsWith('EZTK')) return 'test';
  if (key.startsWith('EZAK')) return 'production';
  throw new EasyPostFailure(
    401,
    'UNAUTHORIZED',
    'The API key is not valid (the simulator accepts keys starting with EZTK or EZAK).',
  );
}
