import { useId } from 'react';
import { Label, Link, ProgressBar } from 'react-aria-components';
import { deliveredPercent, type CampaignReportDto } from '../data/campaigns';
import { useLocale, useT } from '../../../i18n';
import { campaignsTexts } from '../campaigns.texts';
import { LoadFailed } from '../../../primitives/EmptyState/LoadFailed';
import { Spinner } from '../../../primitives/Spinner/Spinner';
import { LANGUAGE_TAGS } from '../../../theme/AtendeRoot';
import { CampaignStatusChip, formatWhen } from '../CampaignsView/CampaignsView';

export interface CampaignReportViewProps {
  /** GET /campaigns/{id}: the campaign and its counts; undefined while loading. */
  report: CampaignReportDto | undefined;
  isLoading?: boolean;
  /** The report failed to load: a retry instead. */
  isError?: boolean;
  onReload?: () => void;
  /** The campaigns page's address: a link back (the host's router follows it). */
  backHref?: string;
  /** The title's heading level (1 when the page is the document's main content). Default 2. */
  headingLevel?: 1 | 2 | 3;
}

const COUNTS = ['valids', 'confirmationRequested', 'confirmed', 'delivered'] as const;

/**
 * Spec back-office §2 (Campaign report page): the campaign's name and status, the counts valids, confirmations
 * requested, confirmations and delivered as cards, the share delivered of valids as a progress bar (0 while nobody is
 * valid), and the progress counts (planned, pending, sent, failed, skipped) in a smaller line.
 */
export function CampaignReportView({ report, isLoading = false, isError = false, onReload, backHref, headingLevel = 2 }: CampaignReportViewProps) {
  const t = useT(campaignsTexts);
  const tag = LANGUAGE_TAGS[useLocale()];
  const titleId = useId();
  const Heading = `h${headingLevel}` as const;
  const number = (n: number) => new Intl.NumberFormat(tag).format(n);

  const back = backHref && (
    <Link href={backHref} className="atd-Button atd-CampaignReport-back" data-variant="secondary">
      <span aria-hidden="true">←</span> {t('campaigns.title')}
    </Link>
  );

  if (!report) {
    return (
      <section className="atd-CampaignReport" aria-labelledby={titleId}>
        <header className="atd-CampaignReport-header">
          <Heading id={titleId} className="atd-CampaignReport-title">
            {t('campaigns.title')}
          </Heading>
          {back}
        </header>
        {isError ? (
          <LoadFailed title={t('campaigns.reportPage.loadError')} onRetry={onReload} />
        ) : (
          isLoading && (
            <div className="atd-CampaignReport-loading">
              <Spinner label={t('campaigns.reportPage.loading')} showLabel />
            </div>
          )
        )}
      </section>
    );
  }

  const { campaign } = report;
  const percent = deliveredPercent(report);
  const live = campaign.status === 'EM_ANDAMENTO';
  return (
    <section className="atd-CampaignReport" aria-labelledby={titleId} data-status={campaign.status}>
      <header className="atd-CampaignReport-header">
        <div className="atd-CampaignReport-heading">
          <Heading id={titleId} className="atd-CampaignReport-title">
            {t('campaigns.reportPage.title', { name: campaign.name })}
          </Heading>
          <span
            className="atd-CampaignReport-status"
            role="status"
            aria-label={t('campaigns.reportPage.status', { status: t(`campaigns.status.${campaign.status}`) })}
          >
            <CampaignStatusChip status={campaign.status} />
            {live && (
              <span className="atd-CampaignReport-live">
                <span className="atd-CampaignReport-pulse" aria-hidden="true" />
                {t('campaigns.reportPage.live')}
              </span>
            )}
          </span>
        </div>
        {back}
      </header>

      <p className="atd-CampaignReport-meta">
        {campaign.whatsapp && <span>{t('campaigns.reportPage.whatsapp', { name: campaign.whatsapp.name })}</span>}
        {(campaign.contactList ?? campaign.tagList) && (
          <span>{t('campaigns.reportPage.contactList', { name: (campaign.contactList ?? campaign.tagList)!.name })}</span>
        )}
        {campaign.scheduledAt && <span>{t('campaigns.reportPage.scheduledAt', { when: formatWhen(tag, campaign.scheduledAt) })}</span>}
        {campaign.completedAt && <span>{t('campaigns.reportPage.completedAt', { when: formatWhen(tag, campaign.completedAt) })}</span>}
      </p>

      <dl className="atd-CampaignReport-cards">
        {COUNTS.map((key) => (
          <div key={key} className="atd-CampaignReport-card" data-count={key}>
            <dt>{t(`campaigns.reportPage.${key}`)}</dt>
            <dd>{number(report[key])}</dd>
          </div>
        ))}
      </dl>

      <ProgressBar className="atd-CampaignReport-progress" value={percent} minValue={0} maxValue={100} valueLabel={`${number(percent)}%`}>
        {({ valueText }) => (
          <>
            <div className="atd-CampaignReport-progressLabels">
              <Label className="atd-CampaignReport-progressLabel">{t('campaigns.reportPage.progress')}</Label>
              <span className="atd-CampaignReport-progressValue">{valueText}</span>
            </div>
            <div className="atd-CampaignReport-track">
              <div className="atd-CampaignReport-fill" style={{ width: `${percent}%` }} />
            </div>
          </>
        )}
      </ProgressBar>

      <p className="atd-CampaignReport-details">
        {t('campaigns.reportPage.details', {
          planned: number(report.planned),
          pending: number(report.pending),
          sent: number(report.sent),
          failed: number(report.failed),
          skipped: number(report.skipped),
        })}
      </p>
    </section>
  );
}
