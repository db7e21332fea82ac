import type { MiddlewareHandler } from 'astro';
import { localizedPath, splitLocale } from '../../lib/locales.ts';
import { handledMethods, isApiPath, refusal } from '../answers.ts';
import { problem } from '../api/respond.ts';
import { announcesTooLarge } from '../bodyLimits.ts';
import { editorRefusal, isEditorPath } from '../editorAccess.ts';
import { isCrossSiteForm } from '../originCheck.ts';
import { isFormRequest } from './routes.ts';

/**
 * Refusals before anything reads the request: a method the site does not take (a page takes
 * GET and HEAD, the form page a POST too), the content editor without its credentials, a body
 * announced over its route's limit (the form page reads that itself, to answer with its
 * message), and a cross-site post (the form page answers its own, in its language). Astro's own origin check (`security.checkOrigin`, off)
 * answers in plain text; the API answers in JSON.
 *
 * `editorCredentials` gives the editor's `user:password` on this server, or undefined when the
 * editor is off here: then its paths do not exist. `null` opens it without any (the dev server
 * of `npm run edit`, on the editor's own machine).
 */
export function refusals(editorCredentials: () => string | null | undefined): MiddlewareHandler {
  return (context, next) => {
    const { request, url } = context;
    const path = url.pathname;
    const { method } = request;
    if (!handledMethods.has(method)) return refusal(path, 405, method);
    const editor = isEditorPath(path);
    if (editor) {
      const credentials = editorCredentials();
      const refused = credentials === null ? undefined : editorRefusal(request, credentials);
      if (refused === 'notFound')
        return isApiPath(path)
          ? refusal(path, 404, method)
          : context.rewrite(localizedPath(splitLocale(path).locale, '/404'));
      if (refused) return refused;
    }
    const formPost = method === 'POST' && isFormRequest(context);
    if (!isApiPath(path) && !editor && !formPost && method !== 'GET' && method !== 'HEAD')
      return refusal(path, 405, method);
    if (!formPost && announcesTooLarge(request, path)) return refusal(path, 413, method);
    // A cross-site post of the form gets the form page again, empty, with the reason (submitForm.ts).
    if (formPost || !isCrossSiteForm(request, url)) return next();
    if (isApiPath(path)) return problem(403, 'crossSiteRequest', 'Requests from other sites are refused.');
    return new Response('Cross-site form submissions are forbidden', {
      status: 403,
      headers: { 'Content-Type': 'text/plain; charset=utf-8' },
    });
  };
}
