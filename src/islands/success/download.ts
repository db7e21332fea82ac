import { labelFilename } from '../../lib/labelFilename.ts';
import { humanCheckHeader, siteApi } from '../../lib/siteApi.ts';
import { apiHeaders, logFailure } from '../api.ts';
import { browserHumanCheck } from '../humanCheckSettings.ts';

/**
 * Whether the file arrived whole, so a cut-off label is never saved as if it were fine: as
 * long as announced (when not compressed on the way), and a PDF ends with its `%%EOF`
 * marker, which PDF readers look for in the last 1024 bytes.
 */
async function isWholeFile(blob: Blob, headers: Headers): Promise<boolean> {
  const announced = headers.get('content-length');
  if (announced && !headers.get('content-encoding') && Number(announced) !== blob.size) return false;
  if (!headers.get('content-type')?.startsWith('application/pdf')) return true;
  return (await blob.slice(-1024).text()).includes('%%EOF');
}

/**
 * Downloads the label through the site's API with a downloadLabel human check, and saves it
 * under the name the carrier gave (spec §3: label.pdf by default). False when it failed or
 * arrived incomplete; every failure is logged as a structured error (spec §8).
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
  let blob: Blob;
  try {
    blob = await response.blob();
  } catch {
    // The stream broke off mid-file: a stalled or reset connection.
    logFailure('networkException', 'label', response.status);
    return false;
  }
  if (!(await isWholeFile(blob, response.headers))) {
    logFailure('unknownError', 'label', response.status);
    return false;
  }
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = labelFilename(response.headers.get('content-disposition'));
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
  return true;
}
