import { useT } from '../../../i18n';
import { Button } from '../../../primitives/Button/Button';
import { Checkbox } from '../../../primitives/Checkbox/Checkbox';
import { CheckboxGroup } from '../../../primitives/CheckboxGroup/CheckboxGroup';
import { Icon } from '../../../primitives/Icon/Icon';
import { Popover, PopoverTrigger } from '../../../primitives/Popover/Popover';

export interface FilterOption {
  /** The checkbox value. */
  value: string;
  label: string;
  color?: string;
}

export interface FilterPopoverProps {
  /** The trigger's and the group's label. */
  label: string;
  options: FilterOption[];
  selected: string[];
  onChange: (selected: string[]) => void;
}

/** A multi-select: a button showing how many are chosen, opening a checkbox list (queues, tags, users). */
export function FilterPopover({ label, options, selected, onChange }: FilterPopoverProps) {
  const t = useT();
  const count = selected.filter((value) => options.some((o) => o.value === value)).length;
  return (
    <PopoverTrigger>
      <Button variant="secondary" className="atd-TicketsManager-filter">
        {count > 0 ? `${label} (${count})` : label}
        <Icon name="chevronDown" />
      </Button>
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
    </PopoverTrigger>
  );
}
