import { useT } from '../../../i18n';
import { attendantToolsTexts } from '../attendant-tools.texts';
import { Checkbox } from '../../../primitives/Checkbox/Checkbox';
import { CheckboxGroup } from '../../../primitives/CheckboxGroup/CheckboxGroup';
import { Popover } from '../../../primitives/Popover/Popover';
import type { TicketTag } from './TicketTagsView';

export interface TicketTagsChooserProps {
  /** The ids of the ticket's tags. */
  ids: number[];
  options: TicketTag[];
  onChange: (tagIds: number[]) => void;
}

/** TicketTagsView's checkbox list of every tag, in its popover, loaded on demand by its LazyPopoverTrigger. */
export function TicketTagsChooser({ ids, options, onChange }: TicketTagsChooserProps) {
  const t = useT(attendantToolsTexts);
  return (
    <Popover placement="bottom start" aria-label={t('ticketTags.editLabel')}>
      <CheckboxGroup
        label={t('ticketTags.label')}
        value={ids.map(String)}
        onChange={(values) => onChange(values.map(Number))}
        className="atd-TicketTags-chooser"
      >
        {options.length === 0 && <span className="atd-TicketTags-none">{t('ticketTags.noTags')}</span>}
        {options.map((tag) => (
          <Checkbox key={tag.id} value={String(tag.id)}>
            <span className="atd-TicketTags-swatch" style={{ background: tag.color }} aria-hidden="true" />
            {tag.name}
          </Checkbox>
        ))}
      </CheckboxGroup>
    </Popover>
  );
}
