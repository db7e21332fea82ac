/** What a browser may send to another site without asking first (no CORS preflight). */
const formTypes = ['application/x-www-form-urlencoded', 'multipart/form-data', 'text/plain'];
const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Whether a request could be a cross-site form post (CSRF): a method that changes something,
 * a form-like or missing content type, and an Origin other than the site's own. A JSON post
 * from another site needs a CORS preflight, which the site never grants, so it may pass.
 * Same-origin form posts (the form page without JavaScript) pass too.
 */
export function isCrossSiteForm(request: Request, url: URL): boolean {
  if (safeMethods.has(request.method)) return false;
  if (request.headers.get('origin') === url.origin) return false;
  const type = request.headers.get('content-type')?.toLowerCase();
  return type === undefined || formTypes.some((form) => type.includes(form));
}
