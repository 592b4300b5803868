import { useState } from 'react';
import { Radio, RadioGroup } from 'react-aria-components';
import type { Schema } from '../../../../client';
import { useApiMutation } from '../../../../data/mutations';
import { atendeKeys } from '../../../../data/query-keys';
import { useT } from '../../../../i18n';
import { bulkTexts } from '../../../../i18n/bulk';
import { Button } from '../../../../primitives/Button/Button';
import { Checkbox } from '../../../../primitives/Checkbox/Checkbox';
import { CheckboxGroup } from '../../../../primitives/CheckboxGroup/CheckboxGroup';
import { Dialog } from '../../../../primitives/Dialog/Dialog';
import type { User } from '../user-rules';

export type BulkUserAction = Schema<'BulkUsersDto'>['action'];

/** POST /users/bulk; the users' lists are read again (each changed user's `user` event updates them as well). */
export function useBulkUsers() {
  return useApiMutation((client, body: Schema<'BulkUsersDto'>) => client.POST('/users/bulk', { body }), {
    invalidate: () => [atendeKeys.users.all()],
  });
}

export interface UsersBulkBarProps {
  selected: User[];
  queues: readonly { id: number; name: string }[];
  canEditQueues: boolean;
  canEditProfile: boolean;
  /** Runs the action on the selected users; settles when the API answered (the caller toasts the outcome). */
  onApply: (action: BulkUserAction, queueIds: number[] | undefined, users: User[]) => Promise<void>;
  onClear: () => void;
}

/**
 * The users page's bulk bar: the selection's count, their queues (add, remove or set, in a dialog) and their place
 * in the automatic distribution (on, off). Each button only with its permission.
 */
export function UsersBulkBar({ selected, queues, canEditQueues, canEditProfile, onApply, onClear }: UsersBulkBarProps) {
  const t = useT(bulkTexts);
  const [queuesOpen, setQueuesOpen] = useState(false);
  const [mode, setMode] = useState<'addQueues' | 'removeQueues' | 'setQueues'>('addQueues');
  const [chosen, setChosen] = useState<string[]>([]);
  const [pending, setPending] = useState(false);
  const n = selected.length;
  const run = async (action: BulkUserAction, queueIds?: number[]) => {
    setPending(true);
    try {
      await onApply(action, queueIds, selected);
    } finally {
      setPending(false);
    }
  };
  return (
    <div className="atd-BulkBar" role="toolbar" aria-label={t('bulk.toolbar')} data-empty={n === 0 || undefined}>
      <span className="atd-BulkBar-count" aria-live="polite" aria-atomic="true">
        {n === 0 ? '' : n === 1 ? t('bulk.selectedOne') : t('bulk.selected', { count: n })}
      </span>
      {n > 0 && (
        <>
          {canEditQueues && (
            <Button variant="secondary" onPress={() => setQueuesOpen(true)}>
              {t('bulk.users.queues')}
            </Button>
          )}
          {canEditProfile && (
            <>
              <Button variant="secondary" isPending={pending} onPress={() => void run('enableDistribution')}>
                {t('bulk.users.distributionOn')}
              </Button>
              <Button variant="secondary" isPending={pending} onPress={() => void run('disableDistribution')}>
                {t('bulk.users.distributionOff')}
              </Button>
            </>
          )}
          <Button variant="secondary" onPress={onClear}>
            {t('bulk.clear')}
          </Button>
        </>
      )}
      <Dialog
        title={t('bulk.users.queuesTitle', { count: n })}
        isOpen={queuesOpen}
        onOpenChange={setQueuesOpen}
        footer={
          <>
            <Button variant="secondary" onPress={() => setQueuesOpen(false)}>
              {t('bulk.cancel')}
            </Button>
            <Button
              isPending={pending}
              isDisabled={mode !== 'setQueues' && chosen.length === 0}
              onPress={() =>
                void run(
                  mode,
                  chosen.map((id) => Number(id)),
                ).then(() => setQueuesOpen(false))
              }
            >
              {t('bulk.apply')}
            </Button>
          </>
        }
      >
        <RadioGroup className="atd-BulkBar-modes" aria-label={t('bulk.users.mode')} value={mode} onChange={(v) => setMode(v as typeof mode)}>
          {(['addQueues', 'removeQueues', 'setQueues'] as const).map((m) => (
            <Radio key={m} value={m} className="atd-BulkBar-mode">
              {t(`bulk.users.${m}`)}
            </Radio>
          ))}
        </RadioGroup>
        <CheckboxGroup label={t('bulk.users.queueList')} value={chosen} onChange={setChosen}>
          {queues.map((q) => (
            <Checkbox key={q.id} value={String(q.id)}>
              {q.name}
            </Checkbox>
          ))}
        </CheckboxGroup>
      </Dialog>
    </div>
  );
}
