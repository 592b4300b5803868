import { useSearchParams } from 'react-router';
import { Schedules } from '@atende/ui-kit';

/**
 * /schedules (spec back-office Schedules): the kit's calendar page, in a chunk of its own with the calendar library.
 * `?contactId=` opens the add modal for that contact; the parameter is dropped once the modal closes.
 */
export function SchedulesPage() {
  const [params, setParams] = useSearchParams();
  const raw = Number(params.get('contactId'));
  const contactId = Number.isInteger(raw) && raw > 0 ? raw : undefined;
  return (
    <section className="console-page console-schedules">
      <Schedules
        headingLevel={1}
        contactId={contactId}
        onContactHandled={() =>
          setParams(
            (p) => {
              p.delete('contactId');
              return p;
            },
            { replace: true },
          )
        }
      />
    </section>
  );
}
