import { Button } from '../../../primitives/Button/Button';
import { Icon } from '../../../primitives/Icon/Icon';
import { LazyPopoverTrigger, lazyOverlay } from '../../../primitives/LazyOverlay/LazyOverlay';

// The checkbox list (react-aria's Popover, Dialog, CheckboxGroup) loads when it first opens.
const FilterChoices = lazyOverlay(() => import('./FilterChoices').then((m) => m.FilterChoices));

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
  const count = selected.filter((value) => options.some((o) => o.value === value)).length;
  return (
    <LazyPopoverTrigger overlay={<FilterChoices label={label} options={options} selected={selected} onChange={onChange} />}>
      <Button variant="secondary" className="atd-TicketsManager-filter">
        {count > 0 ? `${label} (${count})` : label}
        <Icon name="chevronDown" />
      </Button>
    </LazyPopoverTrigger>
  );
}
