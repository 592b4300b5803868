import { useT } from '../../../i18n';
import { Checkbox } from '../../../primitives/Checkbox/Checkbox';
import { CheckboxGroup } from '../../../primitives/CheckboxGroup/CheckboxGroup';
import { Popover } from '../../../primitives/Popover/Popover';
import type { FilterPopoverProps } from './FilterPopover';

/** FilterPopover's checkbox list in its popover, loaded on demand by its LazyPopoverTrigger. */
export function FilterChoices({ label, options, selected, onChange }: FilterPopoverProps) {
  const t = useT();
  return (
    <Popover placement="bottom start" aria-label={label}>
      <CheckboxGroup label={label} value={selected} onChange={onChange} className="atd-TicketsManager-filterGroup">
        {options.length === 0 && <span className="atd-TicketsManager-filterEmpty">{t('combo.noOptions')}</span>}
        {options.map((option) => (
          <Checkbox key={option.value} value={option.value}>
            {option.color && <span className="atd-TicketsManager-swatch" style={{ background: option.color }} aria-hidden="true" />}
            {option.label}
          </Checkbox>
        ))}
      </CheckboxGroup>
    </Popover>
  );
}
