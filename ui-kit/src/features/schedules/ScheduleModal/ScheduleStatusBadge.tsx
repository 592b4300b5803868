import { useT } from '../../../i18n';
import { schedulesTexts } from '../schedules.texts';
import type { ScheduleStatus } from '../data/schedules';

/** PENDENTE, ENVIADA or ERRO in words, coloured by kind. */
export function ScheduleStatusBadge({ status }: { status: ScheduleStatus }) {
  const t = useT(schedulesTexts);
  return (
    <span className="atd-ScheduleStatus" data-status={status}>
      {t(`schedules.status.${status}`)}
    </span>
  );
}
