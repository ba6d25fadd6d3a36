/* eslint-disable @typescript-eslint/no-explicit-any -- an OpenAPI document is untyped JSON here */
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { TestResponse } from './app';

/** One operation of an OpenAPI document. */
export interface Operation {
  id: string;
  method: string;
  /** the path template, `/api/users/{id}` */
  path: string;
  spec: any;
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'];

export function operationsOf(doc: any): Operation[] {
  return Object.entries(doc.paths as Record<string, any>).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => METHODS.includes(method))
      .map(([method, spec]: [string, any]) => ({
        id: spec.operationId,
        method: method.toUpperCase(),
        path,
        spec,
      })),
  );
}

/**
 * Checks answers against an OpenAPI 3.1 document: the status is documented for the operation,
 * the media type and the body match the documented schema (ajv, JSON Schema 2020-12, formats),
 * and every header the document marks required is present and matches its schema.
 */
export function answerChecker(doc: any) {
  // compile each schema with the document's components as local $defs
  const text = JSON.stringify(doc).replaceAll('"#/components/schemas/', '"#/$defs/');
  const local = JSON.parse(text);
  const defs = local.components?.schemas ?? {};
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  (addFormats as unknown as (a: Ajv2020) => void)(ajv);
  const compiled = new Map<string, ValidateFunction>();
  const validator = (schema: any) => {
    const key = JSON.stringify(schema);
    let fn = compiled.get(key);
    if (!fn) {
      fn = ajv.compile({ ...schema, $defs: defs });
      compiled.set(key, fn);
    }
    return fn;
  };
  const resolve = (node: any): any => {
    if (!node?.$ref) return node;
    const target = (node.$ref as string)
      .replace(/^#\//, '')
      .split('/')
      .reduce((at: any, part: string) => at?.[part.replaceAll('~1', '/').replaceAll('~0', '~')], local);
    return resolve(target);
  };
  const problemsOf = (fn: ValidateFunction, value: unknown) =>
    fn(value) ? [] : (fn.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message}`);

  /** What is wrong with `res` as an answer of `op` (empty when it conforms). */
  function check(op: Operation, res: TestResponse): string[] {
    const localOp = local.paths[op.path][op.method.toLowerCase()];
    const documented = resolve(localOp.responses?.[String(res.status)]);
    if (!documented)
      return [
        `status ${res.status} is not documented (documented: ${Object.keys(localOp.responses ?? {}).join(', ')}): ${res.text.slice(0, 200)}`,
      ];
    return checkAgainst(documented, res);
  }

  function checkAgainst(response: any, res: TestResponse): string[] {
    const problems: string[] = [];
    for (const [name, raw] of Object.entries(response.headers ?? {})) {
      const header = resolve(raw);
      const value = res.headers.get(name);
      if (value === null) {
        if (header.required) problems.push(`header ${name} is missing`);
        continue;
      }
      const typed = header.schema?.type === 'integer' && /^-?\d+$/.test(value) ? Number(value) : value;
      problems.push(...problemsOf(validator(header.schema ?? {}), typed).map((p) => `header ${name}: ${p}`));
    }
    const content = response.content ?? {};
    const types = Object.keys(content);
    if (types.length === 0) {
      if (res.text) problems.push(`a body was sent where none is documented`);
      return problems;
    }
    const sent = (res.headers.get('content-type') ?? '').split(';')[0].trim();
    const media = types.find((t) => t === sent);
    if (!media) return [...problems, `content type ${sent || '(none)'} is not one of ${types.join(', ')}`];
    const body = media === 'application/json' ? JSON.parse(res.text) : res.text;
    problems.push(...problemsOf(validator(content[media].schema ?? {}), body).map((p) => `body ${p}`));
    return problems;
  }

  /** What is wrong with a request the server accepts, as the document describes the operation. */
  function checkRequest(op: Operation, body: unknown, query: Record<string, string> = {}): string[] {
    const localOp = local.paths[op.path][op.method.toLowerCase()];
    const problems: string[] = [];
    const named = new Set((localOp.parameters ?? []).map((p: any) => `${p.in}:${p.name}`));
    for (const key of Object.keys(query))
      if (!named.has(`query:${key}`)) problems.push(`query parameter ${key} is not documented`);
    const schema = localOp.requestBody?.content?.['application/json']?.schema;
    if (schema && body !== undefined)
      problems.push(...problemsOf(validator(schema), body).map((p) => `request body ${p}`));
    else if (!schema && body !== undefined && JSON.stringify(body) !== '{}')
      problems.push('a request body is sent where none is documented');
    return problems;
  }

  /** An error answer outside any operation (an unknown path, a method a path does not list). */
  const checkError = (res: TestResponse) =>
    checkAgainst(
      {
        headers: { 'X-Request-Id': { $ref: '#/components/headers/X-Request-Id' } },
        content: { 'application/json': { schema: { $ref: '#/$defs/Error' } } },
      },
      res,
    );

  return { check, checkRequest, checkError };
}
