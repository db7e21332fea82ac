import { readFileSync } from 'node:fs';
import { z } from 'zod';
import type { AddressResult } from './addresses.ts';
import type { PageBytes } from './bytes.ts';
import type { LighthouseResults } from './lighthouse.ts';
import type { LoadRow } from './load.ts';
import type { PageLoadResult } from './pageLoad.ts';
import type { SubmitResult } from './submitToLabel.ts';
import type { TypingLoad } from './typing.ts';
import type { UsableRow } from './usable.ts';

/**
 * bench/budgets.json: the quality bars of design.md as numbers, in one file. The Lighthouse
 * ones compare each page with its zero-JS copy measured in the same run, so they hold on any
 * machine of the kind rather than on a quiet one only.
 */
const budgetsSchema = z.strictObject({
  $comment: z.string().optional(),
  shellPages: z.strictObject({
    jsBytes: z.number().min(0),
    htmlCssCompressedKb: z.number().positive(),
    tbtOverCopyMaxMs: z.number().min(0),
  }),
  formPage: z.strictObject({
    jsGzipKbToTakeOver: z.number().positive(),
    tbtOverCopyMaxMs: z.number().min(0),
    fcpOverCopyMaxMs: z.number().min(0),
    lcpToCopyMax: z.number().positive(),
    inputDelayWhileLoadingMaxMs: z.number().positive(),
    usableToFcpMax: z.number().positive(),
    recipientShownMs: z.number().positive(),
  }),
  api: z.strictObject({ errors: z.number().int().min(0) }),
  serving: z.strictObject({
    staticBrToPlainMin: z.number().positive(),
    staticBrToBareAdapterMin: z.number().positive(),
    keptBrToPlainMin: z.number().positive(),
    bareAppToRenderedMax: z.number().positive(),
    siteRssMbMax: z.number().positive(),
  }),
  submitToLabel: z.strictObject({ allComplete: z.boolean(), mailedExactlyOnce: z.boolean() }),
  addresses: z.strictObject({ p95MsBelow: z.number().positive() }),
});
export type Budgets = z.infer<typeof budgetsSchema>;

/** Reads and checks the budget file; a malformed one stops the run before anything is measured. */
export function loadBudgets(file = 'bench/budgets.json'): Budgets {
  return budgetsSchema.parse(JSON.parse(readFileSync(file, 'utf8')));
}

/** What a run measured; a part that did not run is absent and its budgets read "not run". */
export interface BenchResults {
  bytes?: PageBytes[];
  lighthouse?: LighthouseResults;
  usable?: UsableRow[];
  typing?: TypingLoad[];
  load?: LoadRow[];
  pages?: PageLoadResult;
  submit?: SubmitResult;
  addresses?: AddressResult;
}
