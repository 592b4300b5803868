import { useEffect, useState } from 'react';
import { useCreateHoliday, useDeleteHoliday, useDeleteHolidayMedia, useHolidays, useUpdateHoliday, useUploadHolidayMedia } from '../data/holidays';
import { useLocale, useT } from '../../../../i18n';
import { errorText } from '../../../../i18n/error-text';
import { holidaysTexts } from '../holidays.texts';
import { EmptyState } from '../../../../primitives/EmptyState/EmptyState';
import { useCrudPage } from '../../../../primitives/ListPage/useCrudPage';
import { useToast } from '../../../../primitives/Toast/Toast';
import { useSession } from '../../../../provider/context';
import { HolidayModal } from '../HolidayModal/HolidayModal';
import { HolidaysView } from '../HolidaysView/HolidaysView';
import { localToday, monthOf, type YearMonth } from '../holiday-dates';
import { canManageHolidays, holidayBody, type Holiday, type HolidaySave } from '../holiday-rules';

type HolidayBody = ReturnType<typeof holidayBody>;

export interface HolidaysProps {
  /** The title's heading level (1 when the page is the document's main content). Default 2. */
  headingLevel?: 1 | 2 | 3;
  /** The day the calendar calls today and opens on (`YYYY-MM-DD`); default the browser's own day. */
  today?: string;
}

/**
 * The holidays tab (spec administration §2-§5, §7), connected: every page of GET /holidays (searched, debounced)
 * on a month calendar; add on a day or with the button (POST), open one to edit (PUT) or see it sent; the image is
 * uploaded (POST /holidays/{id}/media-upload) or removed (DELETE) after the save; delete confirmed. Needs
 * holidays:manage (admins): without it, it says so and calls nothing.
 */
export function Holidays({ headingLevel, today: todayProp }: HolidaysProps) {
  const t = useT(holidaysTexts);
  const locale = useLocale();
  const toast = useToast();
  const { user } = useSession();
  const allowed = canManageHolidays(user ?? undefined);
  const [today] = useState(() => todayProp ?? localToday());
  const [month, setMonth] = useState<YearMonth>(() => monthOf(today));
  const create = useCreateHoliday();
  const update = useUpdateHoliday();
  const remove = useDeleteHoliday();
  const crud = useCrudPage<Holiday, HolidayBody, Holiday, string>({
    create: create.mutateAsync,
    update: (holiday, body) => update.mutateAsync({ id: holiday.id, body }),
    remove: (holiday) => remove.mutateAsync(holiday.id),
    texts: { saved: t('holidays.saved'), deleted: t('holidays.deleted') },
    // The dialog says a failed save itself.
    shownByForm: () => true,
    // Saved: a second save of the same dialog (after a failed upload) updates this one.
    keepSaved: true,
  });
  // The dialog opened on a day of the calendar (its context) or with the button.
  const editor = crud.modal;
  const searchParam = crud.debouncedSearch.trim();
  const list = useHolidays(searchParam ? { searchParam } : {}, { enabled: allowed });
  const upload = useUploadHolidayMedia();
  const removeMedia = useDeleteHolidayMedia();

  // The calendar shows every holiday: a company has a few dozen at most, 20 a page.
  const { hasNextPage, isFetchingNextPage, isError, fetchNextPage } = list;
  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage && !isError) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, isError, fetchNextPage]);

  if (!allowed)
    return <EmptyState icon="info" title={t('holidays.title')} description={t('holidays.noPermission')} headingLevel={headingLevel === 1 ? 2 : 3} />;

  // The holiday opened, live: what a save answered, or the list's newer copy.
  const opened = editor.editing ? (list.data?.items.find((h) => h.id === editor.editing?.id) ?? editor.editing) : null;

  const save = ({ values, file, removeMedia: dropMedia }: HolidaySave) =>
    crud.save(holidayBody(values), async (saved) => {
      try {
        if (file) await upload.mutateAsync({ id: saved.id, file });
        else if (dropMedia && saved.mediaPath) await removeMedia.mutateAsync(saved.id);
      } catch (err) {
        toast.show({ kind: 'error', message: t('holidays.attachmentFailed'), description: errorText(locale, err) });
        throw err;
      }
    });

  return (
    <>
      <HolidaysView
        holidays={list.data?.items}
        isLoading={list.isPending}
        isError={list.isError}
        onReload={() => void list.refetch()}
        today={today}
        month={month}
        onMonthChange={setMonth}
        search={crud.search}
        onSearchChange={crud.setSearch}
        onAdd={(date) => crud.openNew(date)}
        onOpen={crud.openEdit}
        onDelete={crud.destroy}
        headingLevel={headingLevel}
      />
      <HolidayModal
        key={`holiday-${editor.key}`}
        isOpen={editor.isOpen}
        onOpenChange={editor.onOpenChange}
        holiday={opened}
        date={editor.context}
        onSave={save}
        onDelete={crud.tryDestroy}
      />
    </>
  );
}
