import { ProgressBar } from 'react-aria-components';
import { useLocale, useT } from '../../../i18n';
import { contactListsTexts } from '../contact-lists.texts';
import { serverTextKey } from '../../../forms/server-errors';
import { IconButton } from '../../../primitives/IconButton/IconButton';
import { LANGUAGE_TAGS } from '../../../theme/AtendeRoot';

/** Where an import stands: the file on its way up, the rows being read, or the outcome. */
export type ContactListImportView =
  | { stage: 'uploading'; fileName: string }
  | { stage: 'running'; fileName?: string; total: number; processed: number }
  | {
      stage: 'done';
      fileName?: string;
      total: number;
      processed: number;
      added: number;
      updated: number;
      invalid: number;
      errors: { line: number; field: string; message: string }[];
    }
  | { stage: 'failed'; fileName?: string; message: string };

export interface ContactListImportStatusProps {
  status: ContactListImportView;
  /** Closes the summary (offered once the import finished or failed). */
  onDismiss?: () => void;
}

const FIELD_KEYS = {
  name: 'contactListItems.field.name',
  number: 'contactListItems.field.number',
  email: 'contactListItems.field.email',
} as const;

/**
 * A spreadsheet import's progress bar, driven by the import's realtime events (lines read of the total), then its
 * summary: how many contacts were added and updated, and the invalid lines by spreadsheet line, field and reason.
 */
export function ContactListImportStatus({ status, onDismiss }: ContactListImportStatusProps) {
  const t = useT(contactListsTexts);
  /** The API names row problems with the spec's texts ('Too Short!'): shown in the locale. */
  const lineMessage = (text: string) => {
    const key = serverTextKey(text);
    return key ? t(key) : text;
  };
  const locale = useLocale();
  const number = (n: number) => n.toLocaleString(LANGUAGE_TAGS[locale]);
  const finished = status.stage === 'done' || status.stage === 'failed';
  const running =
    status.stage === 'running'
      ? t('contactListItems.import.progressValue', { processed: number(status.processed), total: number(status.total) })
      : status.stage === 'uploading'
        ? t('contactListItems.import.sending', { name: status.fileName })
        : '';

  return (
    <div className="atd-ContactListImport" data-stage={status.stage} role="region" aria-label={t('contactListItems.import.progress')}>
      {finished && onDismiss && (
        <IconButton icon="close" size="sm" className="atd-ContactListImport-dismiss" aria-label={t('contactListItems.import.dismiss')} onPress={onDismiss} />
      )}
      {status.stage === 'uploading' || status.stage === 'running' ? (
        <ProgressBar
          className="atd-ContactListImport-progress"
          aria-label={t('contactListItems.import.progress')}
          value={status.stage === 'running' ? status.processed : 0}
          maxValue={status.stage === 'running' ? Math.max(status.total, 1) : 1}
          isIndeterminate={status.stage === 'uploading'}
          valueLabel={running}
        >
          {({ percentage, isIndeterminate }) => (
            <>
              <div className="atd-ContactListImport-labels">
                <span className="atd-ContactListImport-label">{t('contactListItems.import.progress')}</span>
                <span className="atd-ContactListImport-value">{running}</span>
              </div>
              <div className="atd-ContactListImport-track">
                <div
                  className="atd-ContactListImport-fill"
                  data-indeterminate={isIndeterminate || undefined}
                  style={isIndeterminate ? undefined : { width: `${percentage ?? 0}%` }}
                />
              </div>
            </>
          )}
        </ProgressBar>
      ) : status.stage === 'done' ? (
        <div className="atd-ContactListImport-summary" role="status">
          <ProgressBar
            className="atd-ContactListImport-progress"
            value={1}
            maxValue={1}
            aria-label={t('contactListItems.import.done')}
            valueLabel={t('contactListItems.import.progressValue', { processed: number(status.processed), total: number(status.total) })}
          >
            <div className="atd-ContactListImport-labels">
              <span className="atd-ContactListImport-label">{t('contactListItems.import.done')}</span>
              <span className="atd-ContactListImport-value">
                {t('contactListItems.import.progressValue', { processed: number(status.processed), total: number(status.total) })}
              </span>
            </div>
            <div className="atd-ContactListImport-track">
              <div className="atd-ContactListImport-fill" style={{ width: '100%' }} />
            </div>
          </ProgressBar>
          <p className="atd-ContactListImport-totals">
            {t('contactListItems.import.summary', { added: number(status.added), updated: number(status.updated), invalid: number(status.invalid) })}
          </p>
          {status.errors.length > 0 && (
            <details className="atd-ContactListImport-errors" open={status.errors.length <= 10}>
              <summary>
                {t('contactListItems.import.errors')} ({number(status.invalid)})
              </summary>
              <ul>
                {status.errors.map((e, i) => (
                  <li key={`${e.line}-${e.field}-${i}`}>
                    <span className="atd-ContactListImport-line">{t('contactListItems.import.line', { line: e.line })}</span>
                    <span>
                      {t(FIELD_KEYS[e.field as keyof typeof FIELD_KEYS] ?? 'contactListItems.field.name')}: {lineMessage(e.message)}
                    </span>
                  </li>
                ))}
              </ul>
              {status.invalid > new Set(status.errors.map((e) => e.line)).size && (
                <p className="atd-ContactListImport-more">
                  {t('contactListItems.import.errorsMore', { shown: number(new Set(status.errors.map((e) => e.line)).size), invalid: number(status.invalid) })}
                </p>
              )}
            </details>
          )}
        </div>
      ) : (
        <div className="atd-ContactListImport-failed" role="alert">
          <strong>{t('contactListItems.import.failed')}</strong>
          <span>{status.message}</span>
        </div>
      )}
    </div>
  );
}
