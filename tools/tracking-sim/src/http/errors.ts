/** EasyPost's error body: `{"error": {"code", "message", "errors": []}}`. */
export interface EasyPostErrorBody {
  error: { code: string; message: string; errors: unknown[] };
}

/** Thrown anywhere under `/v2`; the error middleware answers it in EasyPost's shape. */
export class EasyPostFailure extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly errors: unknown[] = [],
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }

  get body(): EasyPostErrorBody {
    return { error: { code: this.code, message: this.message, errors: this.errors } };
  }
}

/** The codes EasyPost answers for each status the simulator can produce on demand. */
export const serverErrorCodes: Record<number, string> = {
  500: 'INTERNAL_SERVER_ERROR',
  502: 'BAD_GATEWAY',
  503: 'SERVICE_UNAVAILABLE',
  504: 'GATEWAY_TIMEOUT',
};

export const notFound = (what: string) =>
  new EasyPostFailure(404, 'NOT_FOUND', `The requested ${what} could not be found.`);

export const badRequest = (message: string, errors: unknown[] = []) =>
  new EasyPostFailure(400, 'BAD_REQUEST', message, errors);
