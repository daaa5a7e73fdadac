import { type ApiError } from './json-api.js';

/** Thrown anywhere under `/v1`; the error middleware answers it as a JSON:API error document. */
export class ApiFailure extends Error {
  constructor(readonly error: ApiError) {
    super(error.detail);
  }
}

const titles: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  406: 'Not Acceptable',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

export function apiError(
  status: number,
  code: string,
  detail: string,
  source?: ApiError['source'],
): ApiFailure {
  return new ApiFailure({
    status,
    code,
    title: titles[status] ?? 'Error',
    detail,
    ...(source ? { source } : {}),
  });
}
