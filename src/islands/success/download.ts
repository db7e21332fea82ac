import { labelFilename } from '../../lib/labelFilename.ts';
import { humanCheckHeader, siteApi } from '../../lib/siteApi.ts';
import { apiHeaders, logFailure } from '../api.ts';
import { browserHumanCheck } from '../humanCheckSettings.ts';

/**
 * Downloads the label through the site's API with a downloadLabel human check, and saves it
 * under the name the carrier gave (spec §3: label.pdf by default). False when it failed.
 */
export async function downloadLabel(
  labelGuid: string,
  format: 'label' | 'a4',
  language: string,
): Promise<boolean> {
  let token: string;
  try {
    const check = await browserHumanCheck(language);
    if (!check) throw new Error('no human check');
    token = await check.token('downloadLabel');
  } catch {
    logFailure('unknownError', 'humanCheck');
    return false;
  }
  let response: Response;
  try {
    response = await fetch(`${siteApi.label(labelGuid)}${format === 'a4' ? '?format=a4' : ''}`, {
      headers: apiHeaders({ [humanCheckHeader]: token, Accept: 'application/pdf' }),
    });
  } catch {
    logFailure('networkException', 'label');
    return false;
  }
  if (response.status !== 200 && response.status !== 206) {
    logFailure('apiException', 'label', response.status);
    return false;
  }
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = labelFilename(response.headers.get('content-disposition'));
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
  return true;
}
