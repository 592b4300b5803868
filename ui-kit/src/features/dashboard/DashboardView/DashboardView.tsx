import { useId, useState } from 'react';
import type { DashboardParams } from '../../../data';
import { useLocale, useT } from '../../../i18n';
import { dashboardTexts } from '../dashboard.texts';
import { Spinner } from '../../../primitives/Spinner/Spinner';
import { TextField } from '../../../primitives/TextField/TextField';
import { AttendantsTable } from '../AttendantsTable/AttendantsTable';
import { DashboardChart, type ChartPoint } from '../DashboardCharts/DashboardChart';
import { DashboardFilters } from '../DashboardFilters/DashboardFilters';
import { formatDay, formatMinutes, isCalendarDay, type DashboardData, type DashboardFilterValue } from '../dashboard-format';

export interface DashboardViewProps {
  /** The answer of GET /dashboard for the applied filter; undefined while the first one loads. */
  data?: DashboardData;
  isLoading?: boolean;
  /** The last request failed. */
  isError?: boolean;
  /** The filter form's first values. */
  defaultFilter: DashboardFilterValue;
  /** 'Filtrar' with a valid filter. */
  onFilter: (params: DashboardParams) => void;
  /** The day of the hourly charts (YYYY-MM-DD). */
  hourlyDate: string;
  /** A valid day typed in the hourly charts' date field. */
  onHourlyDateChange: (date: string) => void;
  /** The page's heading ('Dashboard' by default). */
  title?: string;
}

/**
 * The admin dashboard (spec attendance, Dashboard): the filter, the cards (pending, in-progress and finished
 * attendances, leads, average support and wait times, the company's due date), the hourly charts of tickets
 * created and closed on a day, closed per user (bars) and per queue (doughnut), and the attendants table.
 */
export function DashboardView({ data, isLoading, isError, defaultFilter, onFilter, hourlyDate, onHourlyDateChange, title }: DashboardViewProps) {
  const t = useT(dashboardTexts);
  const locale = useLocale();
  const id = useId();
  const none = t('dashboard.none');
  const c = data?.counters;
  const cards: { key: string; label: string; value: string }[] = [
    { key: 'pending', label: t('dashboard.card.pending'), value: c ? String(c.supportPending) : none },
    { key: 'happening', label: t('dashboard.card.happening'), value: c ? String(c.supportHappening) : none },
    { key: 'finished', label: t('dashboard.card.finished'), value: c ? String(c.supportFinished) : none },
    { key: 'leads', label: t('dashboard.card.leads'), value: c ? String(c.leads) : none },
    { key: 'avgSupport', label: t('dashboard.card.avgSupport'), value: formatMinutes(c?.avgSupportTime, none) },
    { key: 'avgWait', label: t('dashboard.card.avgWait'), value: formatMinutes(c?.avgWaitTime, none) },
    { key: 'dueDate', label: t('dashboard.card.dueDate'), value: formatDay(data?.companyDueDate, locale, none) },
  ];
  const hourPoints = (series: { hour: string; count: number }[] | undefined): ChartPoint[] => (series ?? []).map((b) => ({ label: b.hour, count: b.count }));
  const byUser: ChartPoint[] = (data?.closedByUser ?? []).map((r) => ({ label: r.name ?? t('dashboard.chart.noUser'), count: r.count }));
  const byQueue: ChartPoint[] = (data?.closedByQueue ?? []).map((r) => ({ label: r.name ?? t('dashboard.chart.noQueue'), count: r.count, color: r.color }));

  return (
    <section className="atd-Dashboard" aria-labelledby={`${id}-title`} aria-busy={isLoading || undefined}>
      <header className="atd-Dashboard-header">
        <h1 id={`${id}-title`} className="atd-Dashboard-title">
          {title ?? t('nav.dashboard')}
        </h1>
        {data && (
          <p className="atd-Dashboard-period">
            {t('dashboard.periodShown', { from: formatDay(data.period.dateFrom, locale), to: formatDay(data.period.dateTo, locale) })}
          </p>
        )}
      </header>
      <DashboardFilters defaultValue={defaultFilter} onFilter={onFilter} isPending={isLoading} />
      {isError && (
        <p className="atd-Dashboard-error" role="alert">
          {t('dashboard.loadError')}
        </p>
      )}
      {!data && isLoading && <Spinner className="atd-Dashboard-spinner" size="lg" />}

      <dl className="atd-DashboardCards" aria-label={t('dashboard.cards')}>
        {cards.map((card) => (
          <div key={card.key} className="atd-DashboardCard" data-card={card.key}>
            <dt className="atd-DashboardCard-label">{card.label}</dt>
            <dd className="atd-DashboardCard-value">{card.value}</dd>
          </div>
        ))}
      </dl>

      <section className="atd-Dashboard-section" aria-labelledby={`${id}-hourly`}>
        <div className="atd-Dashboard-sectionHeader">
          <h2 id={`${id}-hourly`} className="atd-Dashboard-sectionTitle">
            {t('dashboard.hourly')}
          </h2>
          <HourlyDateField date={hourlyDate} onChange={onHourlyDateChange} />
        </div>
        <div className="atd-Dashboard-charts">
          <DashboardChart
            kind="bar"
            title={t('dashboard.chart.created')}
            labelHeader={t('dashboard.chart.hour')}
            points={hourPoints(data?.hourly.ticketsCreatedByHour)}
          />
          <DashboardChart
            kind="bar"
            colorToken="--atd-success"
            title={t('dashboard.chart.closed')}
            labelHeader={t('dashboard.chart.hour')}
            points={hourPoints(data?.hourly.ticketsClosedByHour)}
          />
        </div>
      </section>

      <div className="atd-Dashboard-charts">
        <DashboardChart
          kind="bar"
          title={t('dashboard.chart.byUser')}
          labelHeader={t('dashboard.chart.user')}
          points={byUser}
          emptyText={t('dashboard.chart.empty')}
        />
        <DashboardChart
          kind="doughnut"
          title={t('dashboard.chart.byQueue')}
          labelHeader={t('dashboard.chart.queue')}
          points={byQueue}
          emptyText={t('dashboard.chart.empty')}
        />
      </div>

      <section className="atd-Dashboard-section" aria-labelledby={`${id}-attendants`}>
        <h2 id={`${id}-attendants`} className="atd-Dashboard-sectionTitle">
          {t('dashboard.attendants')}
        </h2>
        <AttendantsTable attendants={data?.attendants ?? []} isLoading={!data && isLoading} />
      </section>
    </section>
  );
}

/**
 * The hourly charts' day: a valid day is applied as typed; an emptied or impossible one says
 * 'Data inválida. Por favor, insira uma data válida.' and the charts keep the last valid day.
 */
function HourlyDateField({ date, onChange }: { date: string; onChange: (date: string) => void }) {
  const t = useT(dashboardTexts);
  const [value, setValue] = useState(date);
  const invalid = !isCalendarDay(value);
  return (
    <TextField
      className="atd-Dashboard-hourlyDate"
      label={t('dashboard.hourlyDate')}
      type="date"
      value={value}
      onChange={(next) => {
        setValue(next);
        if (isCalendarDay(next) && next !== date) onChange(next);
      }}
      isInvalid={invalid}
      errorMessage={t('dashboard.invalidDate')}
    />
  );
}
