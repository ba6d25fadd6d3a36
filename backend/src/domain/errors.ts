/**
 * Errors the domain raises. They carry a stable id and a message for people; the HTTP layer
 * maps the kind to a status code. No framework code here.
 */
export type DomainErrorKind =
  'invalid' | 'unauthenticated' | 'forbidden' | 'not_found' | 'conflict' | 'too_many' | 'unavailable';

export class DomainError extends Error {
  override name = 'DomainError';
  constructor(
    readonly kind: DomainErrorKind,
    readonly code: string,
    message: string,
    readonly details?: { fields?: Record<string, string>; retryAfterSeconds?: number },
  ) {
    super(message);
  }
}

export const invalid = (code: string, message: string, fields?: Record<string, string>) =>
  new DomainError('invalid', code, message, fields ? { fields } : undefined);
export const notFound = (code: string, message: string) => new DomainError('not_found', code, message);
export const conflict = (code: string, message: string) => new DomainError('conflict', code, message);
export const forbidden = (code: string, message: string) => new DomainError('forbidden', code, message);
export const unauthenticated = (code: string, message: string) =>
  new DomainError('unauthenticated', code, message);
export const tooMany = (code: string, message: string, retryAfterSeconds: number) =>
  new DomainError('too_many', code, message, { retryAfterSeconds });
