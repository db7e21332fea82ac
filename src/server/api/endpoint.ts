import type { APIRoute } from 'astro';
import { ConfigurationError } from '../config.ts';
import { stderrLogger } from '../log.ts';
import { apiDeps } from './context.ts';
import type { ApiDeps, ApiRequest } from './deps.ts';
import { clientAddressOf, clientGone } from './request.ts';
import { fromError, problem } from './respond.ts';

/** An Astro route around one of our handlers; a broken configuration is a 503 with its code. */
export function endpoint(
  handler: (deps: ApiDeps, req: ApiRequest) => Response | Promise<Response>,
): APIRoute {
  return async (context) => {
    const { request, params } = context;
    // Read here, not in the parameter list: a client gone before this point is one line at info,
    // not the framework's stack trace.
    const clientAddress = clientAddressOf(context);
    if (clientAddress === undefined)
      return clientGone(new URL(request.url).pathname, (code, fields) => stderrLogger.info(code, fields));
    let deps: ApiDeps;
    try {
      deps = await apiDeps();
    } catch (error) {
      if (!(error instanceof ConfigurationError)) throw error;
      stderrLogger.error(error.code, { fields: error.fields });
      return problem(503, error.code, error.message);
    }
    try {
      return await handler(deps, { request, clientAddress, params });
    } catch (error) {
      // One JSON log line and a JSON 500, instead of the adapter's plain text and stack.
      return fromError(error, deps.log, new URL(request.url).pathname);
    }
  };
}

/** The answer for a method a route does not have. */
export function methodNotAllowed(...allowed: string[]): APIRoute {
  return () =>
    problem(405, 'methodNotAllowed', `Use ${allowed.join(', ')}.`, undefined, { Allow: allowed.join(', ') });
}
