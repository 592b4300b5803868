import type { CSSProperties } from 'react';
import { Button as AriaButton, Tag, TagGroup, TagList } from 'react-aria-components';
import type { Schema } from '../../../client';
import { useT } from '../../../i18n';
import { attendantToolsTexts } from '../attendant-tools.texts';
import { Button } from '../../../primitives/Button/Button';
import { Icon } from '../../../primitives/Icon/Icon';
import { LazyPopoverTrigger, lazyOverlay } from '../../../primitives/LazyOverlay/LazyOverlay';
import { readableOn } from '../../../theme/AtendeRoot';

// The chooser (react-aria's Popover, Dialog, CheckboxGroup) loads when it first opens.
const TicketTagsChooser = lazyOverlay(() => import('./TicketTagsChooser').then((m) => m.TicketTagsChooser));

export type TicketTag = Pick<Schema<'TagDto'>, 'id' | 'name' | 'color'>;

export interface TicketTagsViewProps {
  /** The ticket's tags. */
  applied: TicketTag[];
  /** Every tag of the company (kanban lanes and plain tags), for the chooser. */
  options: TicketTag[];
  /** The ticket's tags become exactly these ids. */
  onChange: (tagIds: number[]) => void;
  isPending?: boolean;
}

const colored = (color: string): CSSProperties => ({ '--atd-chip-bg': color, '--atd-chip-fg': readableOn(color) ?? '#ffffff' }) as CSSProperties;

/**
 * The ticket's tags, a row under the chat header (where Whaticket shows them): the applied tags in their colours as
 * a react-aria TagGroup (arrow keys move between them, Delete or Backspace or the x removes one) and the 'Etiquetas'
 * button, a checkbox list of every tag of the company, kanban lane or not.
 */
export function TicketTagsView({ applied, options, onChange, isPending = false }: TicketTagsViewProps) {
  const t = useT(attendantToolsTexts);
  const ids = applied.map((tag) => tag.id);
  return (
    <div className="atd-TicketTags" data-pending={isPending || undefined}>
      <TagGroup aria-label={t('ticketTags.label')} className="atd-TicketTags-group" onRemove={(keys) => onChange(ids.filter((id) => !keys.has(id)))}>
        <TagList items={applied} className="atd-TicketTags-list" renderEmptyState={() => <span className="atd-TicketTags-none">{t('ticketTags.none')}</span>}>
          {(tag) => (
            <Tag id={tag.id} textValue={tag.name} className="atd-Chip atd-TicketTags-tag" data-colored style={colored(tag.color)}>
              <span className="atd-Chip-label">{tag.name}</span>
              <AriaButton slot="remove" className="atd-Chip-remove" aria-label={t('ticketTags.remove', { name: tag.name })}>
                <Icon name="close" size="0.9rem" />
              </AriaButton>
            </Tag>
          )}
        </TagList>
      </TagGroup>
      <LazyPopoverTrigger overlay={<TicketTagsChooser ids={ids} options={options} onChange={onChange} />}>
        <Button variant="secondary" className="atd-TicketTags-edit" aria-label={t('ticketTags.editLabel')}>
          <Icon name="add" />
          {t('ticketTags.edit')}
        </Button>
      </LazyPopoverTrigger>
    </div>
  );
}
