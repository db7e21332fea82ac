import { isHumanCheckAction } from '../../lib/humanCheck.ts';
import { overLimit, type ApiDeps, type ApiRequest } from './deps.ts';
import { fromError, json, problem } from './respond.ts';

/** GET /api/human-check — which human check the browser runs, and its public settings. */
export function getHumanCheckSettings(deps: ApiDeps): Response {
  return json(deps.humanCheckClient, 200, { 'Cache-Control': 'public, max-age=300' });
}

/** GET /api/human-check/challenge?action=… — a fresh ALTCHA challenge for one action. */
export async function getChallenge(deps: ApiDeps, req: ApiRequest): Promise<Response> {
  if (deps.humanCheck.provider !== 'altcha')
    return problem(404, 'notFound', 'This site does not use ALTCHA.');
  const action = new URL(req.request.url).searchParams.get('action');
  if (!isHumanCheckAction(action)) {
    return problem(400, 'badRequest', 'The action is not valid.', [
      { path: 'action', message: 'Invalid option' },
    ]);
  }
  const limited = await overLimit(deps, req, 'challenge');
  if (limited) return limited;
  try {
    return json(await deps.humanCheck.challenge(action));
  } catch (error) {
    return fromError(error, deps.log, 'challenge');
  }
}
