import { HttpException, HttpStatus } from '@nestjs/common';
import type { Language } from '@piste/contracts';
import { translate, type TextValues } from '../i18n/i18n';

/**
 * An error a person is meant to read, with a stable code (`clubs.not_a_member`) that travels beside the text:
 * `{ message, code }`. The text is the `errors` catalogue's, in the request's language (the English one is what
 * `message` holds, for logs and for code that reads it).
 */
export class CodedException extends HttpException {
  constructor(
    readonly code: string,
    status: HttpStatus,
    readonly values: TextValues = {},
    /**
     * The catalogue key, when one code has several texts (a wait in seconds, minutes or hours): in `errors`, unless
     * it names its namespace (`validation:uploads.tooLargeImage`, a rule the contracts word for both sides).
     */
    readonly key: string = code,
  ) {
    super({ message: translate('en', textKey(key), values), code }, status);
  }

  /** The text's full catalogue key (`errors:clubs.not_a_member`). */
  get textKey(): string {
    return textKey(this.key);
  }

  /** The text in `language`. */
  messageIn(language: Language): string {
    return translate(language, this.textKey, this.values);
  }
}

const textKey = (key: string): string => (key.includes(':') ? key : `errors:${key}`);

/** Ends a switch over every member of an enum: a member left out fails to compile. */
export function assertUnreachable(value: never): never {
  throw new Error(`Unhandled case: ${String(value)}`);
}

/** Whether `error` is an HTTP error of this status, whichever class or code it has. */
export function hasStatus(error: unknown, status: HttpStatus): boolean {
  return error instanceof HttpException && error.getStatus() === (status as number);
}
