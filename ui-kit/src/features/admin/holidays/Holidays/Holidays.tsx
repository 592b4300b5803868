import { useEffect, useState } from 'react';
import { useCreateHoliday, useDeleteHoliday, useDeleteHolidayMedia, useHolidays, useUpdateHoliday, useUploadHolidayMedia } from '../data/holidays';
import { useLocale, useT } from '../../../../i18n';
import { errorText } from '../../../../i18n/error-text';
import { holidaysTexts } from '../holidays.texts';
import { SEARCH_DEBOUNCE_MS } from '../../../../primitives/ComboBox/ComboBox';
import { EmptyState } from '../../../../primitives/EmptyState/EmptyState';
import { useToast } from '../../../../primitives/Toast/Toast';
import { useSession } from '../../../../provider/context';
import { HolidayModal } from '../HolidayModal/HolidayModal';
import { HolidaysView } from '../HolidaysView/HolidaysView';
import { localToday, monthOf, type YearMonth } from '../holiday-dates';
import { canManageHolidays, holidayBody, type Holiday, type HolidaySave } from '../holiday-rules';
import { useDebounced } from '../../../../primitives/use-debounced';

export interface HolidaysProps {
  /** The title's heading level (1 when the page is the document's main content). Default 2. */
  headingLevel?: 1 | 2 | 3;
  /** The day the calendar calls today and opens on (`YYYY-MM-DD`); default the browser's own day. */
  today?: string;
}

type Editor = { open: boolean; holiday: Holiday | null; date?: string; key: number };

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
  const [search, setSearch] = useState('');
  const searchParam = useDebounced(search.trim(), SEARCH_DEBOUNCE_MS);
  const list = useHolidays(searchParam ? { searchParam } : {}, { enabled: allowed });
  const [editor, setEditor] = useState<Editor>({ open: false, holiday: null, key: 0 });
  const create = useCreateHoliday();
  const update = useUpdateHoliday();
  const remove = useDeleteHoliday();
  const upload = useUploadHolidayMedia();
  const removeMedia = useDeleteHolidayMedia();

  // The calendar shows every holiday: a company has a few dozen at most, 20 a page.
  const { hasNextPage, isFetchingNextPage, isError, fetchNextPage } = list;
  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage && !isError) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, isError, fetchNextPage]);

  if (!allowed)
    return <EmptyState icon="info" title={t('holidays.title')} description={t('holidays.noPermission')} headingLevel={headingLevel === 1 ? 2 : 3} />;

  const open = (holiday: Holiday | null, date?: string) => setEditor((e) => ({ open: true, holiday, date, key: e.key + 1 }));
  // The holiday opened, live: what a save answered, or the list's newer copy.
  const opened = editor.holiday ? (list.data?.items.find((h) => h.id === editor.holiday?.id) ?? editor.holiday) : null;

  const save = async ({ values, file, removeMedia: dropMedia }: HolidaySave) => {
    const body = holidayBody(values);
    const saved = opened ? await update.mutateAsync({ id: opened.id, body }) : await create.mutateAsync(body);
    // Saved: a second save of the same dialog (after a failed upload) updates this one.
    setEditor((e) => ({ ...e, holiday: saved }));
    try {
      if (file) await upload.mutateAsync({ id: saved.id, file });
      else if (dropMedia && saved.mediaPath) await removeMedia.mutateAsync(saved.id);
    } catch (err) {
      toast.show({ kind: 'error', message: t('holidays.attachmentFailed'), description: errorText(locale, err) });
      throw err;
    }
    toast.success(t('holidays.saved'));
  };

  const destroy = async (holiday: Holiday): Promise<boolean> => {
    try {
      await remove.mutateAsync(holiday.id);
      toast.success(t('holidays.deleted'));
      return true;
    } catch (err) {
      toast.toastError(err);
      return false;
    }
  };

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
        search={search}
        onSearchChange={setSearch}
        onAdd={(date) => open(null, date)}
        onOpen={(holiday) => open(holiday)}
        onDelete={async (holiday) => void (await destroy(holiday))}
        headingLevel={headingLevel}
      />
      <HolidayModal
        key={`holiday-${editor.key}`}
        isOpen={editor.open}
        onOpenChange={(isOpen) => setEditor((e) => ({ ...e, open: isOpen }))}
        holiday={opened}
        date={editor.date}
        onSave={save}
        onDelete={destroy}
      />
    </>
  );
}
