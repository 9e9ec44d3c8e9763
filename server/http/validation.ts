import type { FastifySchemaCompiler } from 'fastify';
import type { TSchema } from 'typebox';
import { Compile } from 'typebox/compile';

export interface FieldError {
  field: string;
  message: string;
}

interface SchemaViolation {
  keyword: string;
  schemaPath: string;
  instancePath: string;
  params: object;
  message?: string;
}

export const validatorCompiler: FastifySchemaCompiler<TSchema> = ({ schema, httpPart }) => {
  const validator = Compile(schema);
  const coerce = httpPart !== 'body';
  return (input) => {
    const withDefaults = validator.Default(input);
    const value = coerce ? validator.Convert(withDefaults) : withDefaults;
    return validator.Check(value) ? { value } : { error: validator.Errors(value) as never };
  };
};

const partNames: Record<string, string> = { body: 'body', querystring: 'query', params: 'params', headers: 'headers' };

export function toFieldErrors(violations: readonly SchemaViolation[], part: string | undefined): FieldError[] {
  const root = partNames[part ?? 'body'] ?? 'body';
  const fieldErrors = violations.flatMap((violation): FieldError[] => {
    const path = pointerToPath(violation.instancePath);
    const params = violation.params as { requiredProperties?: string[]; additionalProperties?: string[] };
    if (violation.keyword === 'required' && params.requiredProperties) {
      return params.requiredProperties.map((property) => ({ field: join(path, property), message: 'is required' }));
    }
    if (violation.keyword === 'additionalProperties' && params.additionalProperties) {
      return params.additionalProperties.map((property) => ({ field: join(path, property), message: 'is not allowed' }));
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

function pointerToPath(pointer: string): string {
  return pointer
    .split('/')
    .slice(1)
    .map((segment) => segment.replaceAll('~1', '/').replaceAll('~0', '~'))
    .join('.');
}

const join = (path: string, property: string) => (path ? `${path}.${property}` : property);
