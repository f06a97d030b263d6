// The contract's request (and, outside production, response) validation: express-openapi-validator,
// with one fix at our boundary. On every request the library's route lookup (openapi.metadata.js,
// lookupRoute) compiles every path of the contract into a regular expression again, with
// path-to-regexp, before matching the request against it: 28 compilations per request, about a
// twentieth of the server's CPU under load. The compiled expression depends only on its arguments,
// so path-to-regexp's pathToRegexp is memoised here (the library reads it from the module on each
// call, and so sees the memoised one); everything else is the library's own.
import { createRequire } from 'node:module';
import type { RequestHandler } from 'express';
import * as OpenApiValidator from 'express-openapi-validator';
import type { Contract } from './contract.ts';

type PathToRegexp = (path: string, options?: Record<string, unknown>) => { regexp: RegExp; keys: unknown[] };

/** Makes path-to-regexp's pathToRegexp (the copy express-openapi-validator loads) compile each path once. */
export function memoisePathToRegexp(): void {
  const module = createRequire(createRequire(import.meta.url).resolve('express-openapi-validator'))('path-to-regexp') as {
    pathToRegexp: PathToRegexp & { memoised?: true };
  };
  if (module.pathToRegexp.memoised) return;
  const compile = module.pathToRegexp;
  const compiled = new Map<string, ReturnType<PathToRegexp>>();
  const memoised = ((path: string, options?: Record<string, unknown>) => {
    // Only string paths with plain options are memoised (the library's only calls); the result's
    // RegExp has no global flag, so sharing it between calls is safe.
    if (typeof path !== 'string') return compile(path, options);
    const key = `${path}\u0000${JSON.stringify(options ?? {})}`;
    let found = compiled.get(key);
    if (found === undefined) compiled.set(key, (found = compile(path, options)));
    return found;
  }) as PathToRegexp & { memoised?: true };
  memoised.memoised = true;
  module.pathToRegexp = memoised;
}

export function contractValidator(contract: Contract, options: { validateResponses: boolean }): RequestHandler[] {
  memoisePathToRegexp();
  return OpenApiValidator.middleware({
    apiSpec: structuredClone(contract.document) as never,
    ignorePaths: /^\/(?!(v1|dashboard\/api)(\/|$))/,
    validateRequests: { allowUnknownQueryParameters: false },
    validateResponses: options.validateResponses ? { removeAdditional: false } : false,
    validateSecurity: false,
    validateFormats: true,
  }) as unknown as RequestHandler[];
}
