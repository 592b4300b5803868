import { useState } from 'react';
import { useCompany, useUpdateCompanySchedules } from '../../companies/data/companies';
import { useT } from '../../../../i18n';
import { settingsTexts } from '../settings.texts';
import { Button } from '../../../../primitives/Button/Button';
import { Spinner } from '../../../../primitives/Spinner/Spinner';
import { useToast } from '../../../../primitives/Toast/Toast';
import { BusinessHoursEditor } from '../../business-hours/BusinessHoursEditor/BusinessHoursEditor';
import { fullWeek, hasScheduleErrors, type Schedule } from '../../business-hours/business-hours';

export interface CompanyHoursProps {
  /** The company whose hours are edited (the signed-in user's). */
  companyId: number;
  isReadOnly?: boolean;
}

/**
 * The settings' Horários tab (spec administration §2, §4): the company's weekly hours in the shared editor, saved
 * with PUT /companies/{id}/schedules and the spec's toast 'Horários atualizados com sucesso.'.
 */
export function CompanyHours({ companyId, isReadOnly = false }: CompanyHoursProps) {
  const t = useT(settingsTexts);
  const toast = useToast();
  const company = useCompany(companyId);
  const save = useUpdateCompanySchedules();
  const [draft, setDraft] = useState<Schedule[] | null>(null);
  const [tried, setTried] = useState(false);

  if (company.isPending) return <Spinner label={t('settings.tab.hours')} />;
  if (company.isError)
    return (
      <p role="alert" className="atd-Settings-error">
        {t('settings.loadError')}{' '}
        <Button variant="secondary" onPress={() => void company.refetch()}>
          {t('action.retry')}
        </Button>
      </p>
    );
  const week = draft ?? fullWeek(company.data.schedules);

  const submit = async () => {
    setTried(true);
    if (hasScheduleErrors(week)) return;
    try {
      await save.mutateAsync({ id: companyId, schedules: week });
      setDraft(null);
      setTried(false);
      toast.success(t('settings.hoursSaved'));
    } catch (err) {
      toast.toastError(err);
    }
  };

  return (
    <form
      className="atd-CompanyHours"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <p className="atd-CompanyHours-hint">{t('settings.hours.scheduleTypeHint')}</p>
      <BusinessHoursEditor value={week} onChange={setDraft} showErrors={tried} isDisabled={isReadOnly} />
      {!isReadOnly && (
        <div className="atd-CompanyHours-actions">
          <Button type="submit" isPending={save.isPending}>
            {t('settings.hours.save')}
          </Button>
        </div>
      )}
    </form>
  );
}
