/** Refused admin input; the admin API answers it with 400 (404 for `notFound`). */
export class AdminError extends Error {
  constructor(
    message: string,
    readonly notFound = false,
  ) {
    super(message);
  }
}
