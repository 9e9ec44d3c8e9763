import type { FastifyRequest, FastifySchemaCompiler } from 'fastify';
import type { TSchema } from 'typebox';
import { Compile } from 'typebox/compile';
import { Settings } from 'typebox/system';
import { patternMessages } from '../../contract/common.schemas';
import { videoTenantPattern } from '../../contract/video-tenant';
import type { FieldError } from '../../contract/errors.schemas';

// Enough for one error per field of any body (a union alone yields several), still bounded against huge inputs.
Settings.Set({ maxErrors: 48 });

interface SchemaViolation {
  keyword: string;
  schemaPath: string;
  instancePath: string;
  params: object;
  message?: string;
  /** A collapsed union's: the alternative whose rule it broke. */
  ruleFrom?: SchemaViolation;
}

export const validatorCompiler: FastifySchemaCompiler<TSchema> = ({ schema, httpPart }) => {
  const validator = Compile(schema);
  const coerce = httpPart !== 'body';
  return (input) => {
    const nulViolations = violationsOfNul(input);
    const withDefaults = validator.Default(input);
    const value = coerce ? validator.Convert(withDefaults) : withDefaults;
    if (nulViolations.length > 0) {
      const others = validator.Check(value) ? [] : (validator.Errors(value) as SchemaViolation[]);
      return { error: [...nulViolations, ...others] as never };
    }
    return validator.Check(value) ? { value } : { error: validator.Errors(value) as never };
  };
};

/**
 * Fastify checks a request's body before its query string and stops at the first part refused, so a route taking both
 * (`POST /{resource}/export`: the ids in the body, the sort in the address) would name only the body's fault. A NUL in
 * the query string is refused first, named like any other, whatever the body holds.
 */
export async function refuseNulInQueryFirst(request: FastifyRequest) {
  if (!request.routeOptions.schema?.body || !request.routeOptions.schema.querystring) return;
  const validation = violationsOfNul(request.query);
  if (validation.length > 0) throw Object.assign(new Error(nulMessage), { statusCode: 400, validation, validationContext: 'querystring' });
}

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
  const message = patternMessages.get(String((violation.params as { pattern?: unknown }).pattern));
  return message ? { ...violation, message } : violation;
}

const partNames: Record<string, string> = { body: 'body', querystring: 'query', params: 'params', headers: 'headers' };

/** The stable rule a schema keyword stands for, and what the rule needs to be said (the limit, the format). */
function ruleOf(violation: SchemaViolation): Pick<FieldError, 'rule' | 'params'> {
  const params = violation.params as Record<string, unknown>;
  switch (violation.keyword) {
    case 'format':
      return { rule: 'format', params: { format: String(params.format) } };
    case 'pattern':
      return String(params.pattern) === videoTenantPattern ? { rule: 'videoTenant' } : { rule: 'pattern' };
    case 'minLength':
    case 'maxLength':
    case 'minimum':
    case 'maximum':
    case 'minItems':
    case 'maxItems':
      return typeof params.limit === 'number' ? { rule: violation.keyword, params: { limit: params.limit } } : { rule: violation.keyword };
    case 'const':
    case 'anyOf':
    case 'enum':
      return { rule: 'oneOf' };
    case 'nul':
      return { rule: 'nul' };
    default:
      return { rule: violation.keyword };
  }
}

export function toFieldErrors(violations: readonly SchemaViolation[], part: string | undefined): FieldError[] {
  const root = partNames[part ?? 'body'] ?? 'body';
  const fieldErrors = collapseAlternatives(violations.map(describedPattern)).flatMap((violation): FieldError[] => {
    const path = pointerToPath(violation.instancePath);
    const params = violation.params as { requiredProperties?: string[]; additionalProperties?: string[] };
    if (violation.keyword === 'required' && params.requiredProperties) {
      return params.requiredProperties.map((property) => ({ field: join(path, property), rule: 'required', message: 'is required' }));
    }
    if (violation.keyword === 'additionalProperties' && params.additionalProperties) {
      return params.additionalProperties.map((property) => ({
        field: join(path, property),
        rule: 'notAllowed',
        message: 'is not allowed',
      }));
    }
    if (violation.schemaPath.endsWith('/additionalProperties')) return [];
    const { rule, params: ruleParams } = ruleOf(violation.ruleFrom ?? violation);
    return [{ field: path || root, rule, message: violation.message ?? 'is invalid', ...(ruleParams && { params: ruleParams }) }];
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
    unions.find((union) => union.instancePath === violation.instancePath && violation.schemaPath.startsWith(`${union.schemaPath}/anyOf/`));
  return violations.flatMap((violation) => {
    if (alternativeOf(violation)) return [];
    if (violation.keyword !== 'anyOf') return [violation];
    const alternatives = violations.filter((other) => alternativeOf(other) === violation);
    const substantive = substantiveOf(alternatives);
    return [{ ...violation, message: unionMessage(alternatives), ...(substantive && { ruleFrom: substantive }) }];
  });
}

const isNull = (violation: SchemaViolation) => violation.keyword === 'type' && (violation.params as { type?: string }).type === 'null';
const substantiveOf = (alternatives: readonly SchemaViolation[]) =>
  alternatives.find((violation) => violation.keyword !== 'const' && !isNull(violation));

function unionMessage(alternatives: readonly SchemaViolation[]): string {
  const substantive = substantiveOf(alternatives);
  if (substantive?.message) return substantive.message;
  const allowed = alternatives.flatMap((violation) =>
    violation.keyword === 'const' ? [String((violation.params as { allowedValue?: unknown }).allowedValue)] : [],
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
