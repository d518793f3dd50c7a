import { BadRequestException, Body, Param, PipeTransform, Query } from '@nestjs/common';
import { validationKeyOf, type Language, type ValidationText } from '@piste/contracts';
import { locales, type ZodType } from 'zod';

/** The code of a request a contract schema refused; the message is the schema's own text. */
export const VALIDATION_CODE = 'validation.invalid';

/** zod's own texts (for the rules no schema words, such as a query's number that is not one) in each language. */
const ZOD_LOCALES: Partial<Record<Language, typeof locales.fr>> = { fr: locales.fr };

/**
 * A request a contract schema refused, with the first issue's English text as its message and, when a schema
 * said it, the rule's key and values: the reply says that rule in the request's language (error-reply.ts). A text
 * of zod's own is said again by zod in that language (`inLanguage`).
 */
export class RequestValidationException extends BadRequestException {
  readonly rule: ValidationText | null;

  constructor(
    message: string,
    private readonly refused?: { schema: ZodType; value: unknown },
  ) {
    super({ message, code: VALIDATION_CODE });
    this.rule = validationKeyOf(message);
  }

  /** The first issue's text in `language`: zod's own words for it, or the English text when zod has none. */
  inLanguage(language: Language): string {
    const locale = ZOD_LOCALES[language];
    if (!locale || !this.refused) return this.message;
    const again = this.refused.schema.safeParse(this.refused.value, { error: locale().localeError });
    return again.error?.issues[0]?.message ?? this.message;
  }
}

/** Validates a body, query or param with a contract schema; the reply carries the first issue's rule. */
export class ZodPipe<T> implements PipeTransform<unknown, T> {
  constructor(private readonly schema: ZodType<T>) {}

  transform(value: unknown): T {
    const result = this.schema.safeParse(value ?? {});
    if (!result.success) {
      const message = result.error.issues[0]?.message ?? 'Invalid input';
      throw new RequestValidationException(message, { schema: this.schema, value: value ?? {} });
    }
    return result.data;
  }
}

/** Parses a value with a schema outside a pipe (e.g. inside a guard). */
export function parseOrThrow<T>(schema: ZodType<T>, value: unknown): T {
  return new ZodPipe(schema).transform(value);
}

/** The request body, parsed with a contract schema: `@ParsedBody(createPostSchema) body: CreatePost`. */
export const ParsedBody = <T>(schema: ZodType<T>): ParameterDecorator => Body(new ZodPipe(schema));

/** The query string, parsed with a contract schema. */
export const ParsedQuery = <T>(schema: ZodType<T>): ParameterDecorator => Query(new ZodPipe(schema));

/** One path parameter, parsed with a contract schema. */
export const ParsedParam = <T>(name: string, schema: ZodType<T>): ParameterDecorator =>
  Param(name, new ZodPipe(schema));
