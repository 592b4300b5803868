import { useState } from 'react';
import { pagingProps } from '../../../data/paging';
import { useCampaignSettings } from '../data/campaign-settings';
import {
  useCampaigns,
  useCancelCampaign,
  useCreateCampaign,
  useDeleteCampaign,
  useDeleteCampaignMedia,
  useRestartCampaign,
  useUpdateCampaign,
  useUploadCampaignMedia,
} from '../data/campaigns';
import { useContactListOptions } from '../data/contact-lists';
import { useFileListOptions } from '../data/file-lists';
import { useWhatsapps } from '../../connections/data/whatsapps';
import { useAllTags } from '../../kanban/data/tags';
import { errorText, useLocale, useT } from '../../../i18n';
import { campaignsTexts } from '../campaigns.texts';
import { EmptyState } from '../../../primitives/EmptyState/EmptyState';
import { useCrudPage } from '../../../primitives/ListPage/useCrudPage';
import { useToast } from '../../../primitives/Toast/Toast';
import { useSession } from '../../../provider/context';
import { can } from '../../../provider/session-rules';
import { CampaignModal, type CampaignSave } from '../CampaignModal/CampaignModal';
import { CampaignsView } from '../CampaignsView/CampaignsView';
import { campaignBody, startsWithinLead, type Campaign } from '../campaign-rules';

type CampaignBody = ReturnType<typeof campaignBody>;

/** Spec back-office §2: toasts in these areas close after 3 seconds. */
export const CAMPAIGNS_TOAST_MS = 3000;

export interface CampaignsProps {
  /** The report page's address for a campaign (a link the host's router follows), e.g. `(c) => '/campaign/' + c.id + '/report'`. */
  reportHref?: (campaign: Campaign) => string;
  /** Or a callback, when the host navigates itself. */
  onOpenReport?: (campaign: Campaign) => void;
  /** Height of the table's scrolling area (infinite scroll needs one). */
  maxHeight?: number | string;
  /** The title's heading level (1 when the page is the document's main content). Default 2. */
  headingLevel?: 1 | 2 | 3;
}

/**
 * The campaigns page (spec back-office §2, §4-§8), connected: GET /campaigns searched (debounced 500 ms, lower-cased,
 * from page 1) and paged by scrolling, live from `company-{id}-campaign`; add and edit in the dialog (POST or PUT
 * /campaigns, then the attachment through POST or DELETE /campaigns/{id}/media-upload); stop (POST /cancel) and
 * restart (POST /restart), their errors in an error toast; delete confirmed. Needs campaigns:manage.
 */
export function Campaigns({ reportHref, onOpenReport, maxHeight, headingLevel }: CampaignsProps) {
  const t = useT(campaignsTexts);
  const locale = useLocale();
  const toast = useToast();
  const { user } = useSession();
  const allowed = can(user ?? undefined, 'campaigns:manage');

  const create = useCreateCampaign();
  const update = useUpdateCampaign();
  const remove = useDeleteCampaign();
  const crud = useCrudPage({
    // A new campaign always has a name; an edited one sends it only while it may change.
    create: ({ body, name }: { body: CampaignBody; name: string }) => create.mutateAsync({ ...body, name: body.name ?? name }),
    update: (campaign: Campaign, { body }) => update.mutateAsync({ id: campaign.id, body }),
    remove: (campaign) => remove.mutateAsync(campaign.id),
    texts: { saved: t('campaigns.saved'), deleted: t('campaigns.deleted') },
    toastTimeout: CAMPAIGNS_TOAST_MS,
    // Saved: a second save of the same dialog (after a failed upload) updates this one.
    keepSaved: true,
  });
  const { modal } = crud;
  const searchParam = crud.debouncedSearch.trim().toLowerCase();
  const list = useCampaigns(searchParam ? { searchParam } : {}, { enabled: allowed });
  const cancel = useCancelCampaign();
  const restart = useRestartCampaign();
  const upload = useUploadCampaignMedia();
  const removeMedia = useDeleteCampaignMedia();
  const [pendingId, setPendingId] = useState<number | null>(null);

  // The dialog's choices load when it first opens (its key counts the openings).
  const choices = { enabled: allowed && modal.key > 0 };
  const whatsapps = useWhatsapps({}, choices);
  const contactLists = useContactListOptions(choices);
  const tags = useAllTags(choices);
  const fileLists = useFileListOptions(choices);
  const settings = useCampaignSettings(choices);
  const timed = { timeout: CAMPAIGNS_TOAST_MS };

  if (!allowed)
    return <EmptyState icon="info" title={t('campaigns.title')} description={t('campaigns.noPermission')} headingLevel={headingLevel === 1 ? 2 : 3} />;

  const save = async ({ values, file, removeMedia: dropMedia }: CampaignSave) => {
    const editing = modal.editing;
    const editable = editing?.editable ?? 'all';
    const body = campaignBody(values, editable);
    const mediaChange = editable === 'all' && (Boolean(file) || (dropMedia && Boolean(editing?.mediaPath)));
    // The API takes an attachment only while the campaign is editable: one that starts within the hour is saved as a
    // draft first, gets its attachment, and is scheduled last.
    const staged = mediaChange && startsWithinLead(body.scheduledAt);
    const first = staged ? { ...body, scheduledAt: null } : body;
    await crud.save({ body: first, name: values.name }, async (answer) => {
      let saved = answer;
      try {
        if (file) saved = await upload.mutateAsync({ id: saved.id, file });
        else if (dropMedia && saved.mediaPath) saved = await removeMedia.mutateAsync(saved.id);
      } catch (err) {
        toast.show({ kind: 'error', message: t('campaigns.attachmentFailed'), description: errorText(locale, err) }, timed);
        throw err;
      }
      if (!staged) return;
      try {
        saved = await update.mutateAsync({ id: saved.id, body: { scheduledAt: body.scheduledAt } });
      } catch (err) {
        throw crud.saveFailed(err);
      } finally {
        crud.setEditing(saved);
      }
    });
  };

  const move = async (campaign: Campaign, action: 'stop' | 'restart') => {
    setPendingId(campaign.id);
    try {
      await (action === 'stop' ? cancel : restart).mutateAsync(campaign.id);
      toast.success(t(action === 'stop' ? 'campaigns.stopped' : 'campaigns.restarted'), timed);
    } catch (err) {
      // Spec back-office §8: cancel and restart errors show the error message in an error toast.
      toast.show({ kind: 'error', message: errorText(locale, err) }, timed);
    } finally {
      setPendingId(null);
    }
  };

  const named = <T extends { id: number; name: string }>(rows: T[] | undefined) => (rows ?? []).map(({ id, name }) => ({ id, name }));

  return (
    <>
      <CampaignsView
        items={list.data?.items}
        count={list.data?.count ?? 0}
        search={crud.search}
        onSearchChange={crud.setSearch}
        onAdd={() => crud.openNew()}
        onEdit={crud.openEdit}
        onDelete={crud.destroy}
        onStop={(c) => void move(c, 'stop')}
        onRestart={(c) => void move(c, 'restart')}
        reportHref={reportHref}
        onOpenReport={onOpenReport}
        pendingId={pendingId}
        {...pagingProps(list)}
        maxHeight={maxHeight}
        headingLevel={headingLevel}
      />
      <CampaignModal
        key={modal.key}
        isOpen={modal.isOpen}
        onOpenChange={modal.onOpenChange}
        campaign={modal.editing}
        whatsapps={named(whatsapps.data)}
        contactLists={named(contactLists.data)}
        tags={named(tags.data)}
        fileLists={named(fileLists.data)}
        variables={(settings.data?.variables ?? []).map((v) => v.key)}
        onSave={save}
      />
    </>
  );
}
