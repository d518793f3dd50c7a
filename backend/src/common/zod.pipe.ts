import { BadRequestException, Body, Param, PipeTransform, Query } from '@nestjs/common';
import { validationKeyOf, type ValidationText } from '@piste/contracts';
import type { ZodType } from 'zod';

/** The code of a request a contract schema refused; the message is the schema's own text. */
export const VALIDATION_CODE = 'validation.invalid';

/**
 * A request a contract schema refused, with the first issue's English text as its message and, when a schema
 * said it, the rule's key and values: the reply says that rule in the request's language (error-reply.ts).
 */
export class RequestValidationException extends BadRequestException {
  readonly rule: ValidationText | null;

  constructor(message: string) {
    super({ message, code: VALIDATION_CODE });
    this.rule = validationKeyOf(message);
  }
}

/** Validates a body, query or param with a contract schema; the reply carries the first issue's rule. */
export class ZodPipe<T> implements PipeTransform<unknown, T> {
  constructor(private readonly schema: ZodType<T>) {}

  transform(value: unknown): T {
    const result = this.schema.safeParse(value ?? {});
    if (!result.success) {
      const message = result.error.issues[0]?.message ?? 'Invalid input';
      throw new RequestValidationException(message);
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
