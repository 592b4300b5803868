import { useId, useState, type FormEvent } from 'react';
import type { DashboardParams } from '../../../data';
import { useT } from '../../../i18n';
import { dashboardTexts } from '../dashboard.texts';
import { Button } from '../../../primitives/Button/Button';
import { Select } from '../../../primitives/Select/Select';
import { TextField } from '../../../primitives/TextField/TextField';
import { DASHBOARD_PERIODS, filterParams, type DashboardFilterValue, type DashboardPeriod, type FilterResult } from '../dashboard-format';

export interface DashboardFiltersProps {
  /** The form's first values (the page starts on the current month by date). */
  defaultValue: DashboardFilterValue;
  /** 'Filtrar' with a valid filter: the query for GET /dashboard. */
  onFilter: (params: DashboardParams) => void;
  /** While the dashboard loads. */
  isPending?: boolean;
}

type Problem = Extract<FilterResult, { ok: false }>;

/**
 * The dashboard's filter (spec attendance, Dashboard): the filter type, by date (start and end dates) or by period
 * (none, 3, 7, 15, 30, 60 or 90 days), and 'Filtrar'. With no filter it says 'Parametrize o filtro'; an invalid
 * date says 'Data inválida. Por favor, insira uma data válida.' under its field. Nothing is asked of the API then.
 */
export function DashboardFilters({ defaultValue, onFilter, isPending }: DashboardFiltersProps) {
  const t = useT(dashboardTexts);
  const [value, setValue] = useState(defaultValue);
  const [problem, setProblem] = useState<Problem | null>(null);
  const messageId = useId();
  const change = (patch: Partial<DashboardFilterValue>) => {
    setValue((v) => ({ ...v, ...patch }));
    setProblem(null);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = filterParams(value);
    if (!result.ok) {
      setProblem(result);
      return;
    }
    setProblem(null);
    onFilter(result.params);
  };

  const fieldError = (field: 'dateFrom' | 'dateTo') =>
    problem?.field === field ? t(problem.reason === 'reversed' ? 'dashboard.rangeReversed' : 'dashboard.invalidDate') : undefined;
  const periods = DASHBOARD_PERIODS.map((days) => ({ id: days, label: days ? t('dashboard.period.days', { days }) : t('dashboard.period.none') }));

  return (
    <form className="atd-DashboardFilters" aria-label={t('dashboard.filters')} onSubmit={submit} noValidate>
      <Select
        className="atd-DashboardFilters-type"
        label={t('dashboard.filterType')}
        items={[
          { id: 'date', label: t('dashboard.filterType.date') },
          { id: 'period', label: t('dashboard.filterType.period') },
        ]}
        selectedKey={value.type}
        onSelectionChange={(key) => change({ type: key === 'period' ? 'period' : 'date' })}
      />
      {value.type === 'date' ? (
        <>
          <TextField
            className="atd-DashboardFilters-date"
            label={t('dashboard.dateFrom')}
            type="date"
            value={value.dateFrom}
            onChange={(dateFrom) => change({ dateFrom })}
            isInvalid={!!fieldError('dateFrom')}
            errorMessage={fieldError('dateFrom')}
          />
          <TextField
            className="atd-DashboardFilters-date"
            label={t('dashboard.dateTo')}
            type="date"
            value={value.dateTo}
            onChange={(dateTo) => change({ dateTo })}
            isInvalid={!!fieldError('dateTo')}
            errorMessage={fieldError('dateTo')}
          />
        </>
      ) : (
        <Select
          className="atd-DashboardFilters-period"
          label={t('dashboard.period')}
          items={periods}
          selectedKey={value.period}
          onSelectionChange={(key) => change({ period: Number(key) as DashboardPeriod })}
        />
      )}
      <Button
        type="submit"
        variant="primary"
        className="atd-DashboardFilters-submit"
        isPending={isPending}
        aria-describedby={problem?.reason === 'noFilter' ? messageId : undefined}
      >
        {t('dashboard.filter')}
      </Button>
      <p id={messageId} className="atd-DashboardFilters-message" role="alert">
        {problem?.reason === 'noFilter' ? t('dashboard.noFilter') : ''}
      </p>
    </form>
  );
}
