import type { FastifySchemaCompiler, FastifySchemaValidationError } from 'fastify';
import type { TSchema } from 'typebox';
import { Compile } from 'typebox/compile';
import { Settings } from 'typebox/system';
import { patternMessages } from '../../contract/common.schemas';
import type { FieldError } from '../../contract/errors.schemas';

// Enough for one error per field of any body (a union alone yields several), still bounded against huge inputs.
Settings.Set({ maxErrors: 48 });

/** One failed check, as Fastify hands it to the error handler (`error.validation`). */
type SchemaViolation = FastifySchemaValidationError;

/** TypeBox's errors as Fastify's: their `params` copied into a plain record. */
const violationsOf = (errors: ReturnType<ReturnType<typeof Compile>['Errors']>): SchemaViolation[] =>
  errors.map(({ keyword, schemaPath, instancePath, params, message }) => ({ keyword, schemaPath, instancePath, params: { ...params }, message }));

export const validatorCompiler: FastifySchemaCompiler<TSchema> = ({ schema, httpPart }) => {
  const validator = Compile(schema);
  const coerce = httpPart !== 'body';
  return (input) => {
    const nulViolations = violationsOfNul(input);
    const withDefaults = validator.Default(input);
    const value = coerce ? validator.Convert(withDefaults) : withDefaults;
    if (nulViolations.length > 0) {
      const others = validator.Check(value) ? [] : violationsOf(validator.Errors(value));
      return { error: [...nulViolations, ...others] };
    }
    return validator.Check(value) ? { value } : { error: violationsOf(validator.Errors(value)) };
  };
};

export const nulMessage = 'must not contain the NUL character (U+0000)';
const maxNulViolations = 48;

/**
 * Every string (value or property name) holding U+0000, wherever it is nested: PostgreSQL cannot store one in a text
 * value, so it is refused here, on every route and every part of the request, before anything reaches the database.
 */
function violationsOfNul(input: unknown): SchemaViolation[] {
  const violations: SchemaViolation[] = [];
  const pending: Array<{ value: unknown; pointer: string }> = [{ value: input, pointer: '' }];
  const refuse = (pointer: string) =>
    violations.push({ keyword: 'nul', schemaPath: '#', instancePath: pointer, params: {}, message: nulMessage });
  while (pending.length > 0 && violations.length < maxNulViolations) {
    const { value, pointer } = pending.pop()!;
    if (typeof value === 'string') {
      if (value.includes('\u0000')) refuse(pointer);
    } else if (typeof value === 'object' && value !== null) {
      for (const [key, child] of Object.entries(value)) {
        const childPointer = `${pointer}/${key.replaceAll('~', '~0').replaceAll('/', '~1')}`;
        if (key.includes('\u0000')) refuse(childPointer);
        else pending.push({ value: child, pointer: childPointer });
      }
    }
  }
  return violations.sort((a, b) => a.instancePath.localeCompare(b.instancePath));
}

function describedPattern(violation: SchemaViolation): SchemaViolation {
  if (violation.keyword !== 'pattern') return violation;
  const message = patternMessages.get(String(violation.params.pattern));
  return message ? { ...violation, message } : violation;
}

const partNames: Record<string, string> = { body: 'body', querystring: 'query', params: 'params', headers: 'headers' };

export function toFieldErrors(violations: readonly SchemaViolation[], part: string | undefined): FieldError[] {
  const root = partNames[part ?? 'body'] ?? 'body';
  const fieldErrors = collapseAlternatives(violations.map(describedPattern)).flatMap((violation): FieldError[] => {
    const path = pointerToPath(violation.instancePath);
    const { requiredProperties, additionalProperties } = violation.params;
    if (violation.keyword === 'required' && Array.isArray(requiredProperties)) {
      return requiredProperties.map((property) => ({ field: join(path, String(property)), message: 'is required' }));
    }
    if (violation.keyword === 'additionalProperties' && Array.isArray(additionalProperties)) {
      return additionalProperties.map((property) => ({ field: join(path, String(property)), message: 'is not allowed' }));
    }
    if (violation.schemaPath.endsWith('/additionalProperties')) return [];
    return [{ field: path || root, message: violation.message ?? 'is invalid' }];
  });
  const seen = new Set<string>();
  return fieldErrors.filter(({ field, message }) => {
    const key = `${field}\u0000${message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * A value matching no alternative of a union (`string | null`, `'asc' | 'desc'`) yields one error per
 * alternative plus an `anyOf` one; they become a single error saying what the value should have been.
 */
function collapseAlternatives(violations: readonly SchemaViolation[]): SchemaViolation[] {
  const unions = violations.filter((violation) => violation.keyword === 'anyOf');
  const alternativeOf = (violation: SchemaViolation) =>
    unions.find(
      (union) =>
        union.instancePath === violation.instancePath && violation.schemaPath.startsWith(`${union.schemaPath}/anyOf/`),
    );
  return violations.flatMap((violation) => {
    if (alternativeOf(violation)) return [];
    if (violation.keyword !== 'anyOf') return [violation];
    return [{ ...violation, message: unionMessage(violations.filter((other) => alternativeOf(other) === violation)) }];
  });
}

function unionMessage(alternatives: readonly SchemaViolation[]): string {
  const isNull = (violation: SchemaViolation) =>
    violation.keyword === 'type' && violation.params.type === 'null';
  const substantive = alternatives.find((violation) => violation.keyword !== 'const' && !isNull(violation));
  if (substantive?.message) return substantive.message;
  const allowed = alternatives.flatMap((violation) =>
    violation.keyword === 'const' ? [String(violation.params.allowedValue)] : [],
  );
  return allowed.length ? `must be one of ${allowed.join(', ')}` : 'is invalid';
}

function pointerToPath(pointer: string): string {
  return pointer
    .split('/')
    .slice(1)
    .map((segment) => segment.replaceAll('~1', '/').replaceAll('~0', '~'))
    .join('.');
}

const join = (path: string, property: string) => (path ? `${path}.${property}` : property);
