import type { Schema } from '../client';
import { translate, translateError, type Locale } from './translate';

/**
 * The toast after a bulk action: how many of the ids were done, and why the others were not (each distinct
 * reason once, translated from the API's code).
 */
export function bulkSummary(locale: Locale, result: Schema<'BulkResultDto'>): { kind: 'success' | 'warning'; message: string } {
  const total = result.results.length;
  const done = translate(locale, 'bulk.done', { ok: result.okCount, total });
  if (result.failedCount === 0) return { kind: 'success', message: done };
  const reasons = [...new Set(result.results.filter((r) => !r.ok).map((r) => translateError(locale, r.error)))].join('; ');
  return { kind: 'warning', message: `${done}. ${translate(locale, 'bulk.failed', { failed: result.failedCount, reasons })}` };
}
