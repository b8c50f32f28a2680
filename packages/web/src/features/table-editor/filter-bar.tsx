import { Filter, X } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { FILTER_OPERATORS, type FilterChip, type FilterOperator, IS_VALUES } from '../../data/table-rows/rows-params';
import { Button } from '../../ui/button';
import { Field, fieldControlProps } from '../../ui/form-field';
import { Input } from '../../ui/input';
import { Popover } from '../../ui/popover';
import { Select } from '../../ui/select';

const placeholder = (operator: FilterOperator) =>
  operator === 'in' ? 'a, b, c' : operator === 'like' || operator === 'ilike' ? '%text%' : 'Value';

/** A chip as people read it: `name ilike %ada%`. */
export const chipText = ({ column, operator, value }: FilterChip) => `${column} ${operator} ${value}`;

/** The filters on the rows: one chip each, removable, and a form that adds one. */
export function FilterBar({
  columns,
  filters,
  onChange,
}: {
  columns: string[];
  filters: FilterChip[];
  onChange: (filters: FilterChip[]) => void;
}) {
  const [open, setOpen] = useState(false);
  return (
    <div className="flex flex-wrap items-center gap-2" role="group" aria-label="Filters">
      {filters.map((chip, index) => (
        <span
          key={index}
          className="inline-flex h-7 items-center gap-1 rounded-full border border-border-strong bg-surface-muted pr-1 pl-2.5 font-mono text-xs"
        >
          {chipText(chip)}
          <button
            type="button"
            aria-label={`Remove filter ${chipText(chip)}`}
            onClick={() => onChange(filters.filter((_, at) => at !== index))}
            className="inline-flex size-5 cursor-pointer items-center justify-center rounded-full text-muted hover:bg-surface-hover hover:text-foreground"
          >
            <X className="size-3" aria-hidden="true" />
          </button>
        </span>
      ))}
      <Popover open={open} onOpenChange={setOpen}>
        <Popover.Trigger asChild>
          <Button size="sm" disabled={!columns.length}>
            <Filter className="size-3.5" aria-hidden="true" />
            Add filter
          </Button>
        </Popover.Trigger>
        <Popover.Content label="Add filter">
          <FilterForm
            columns={columns}
            onAdd={(chip) => {
              onChange([...filters, chip]);
              setOpen(false);
            }}
          />
        </Popover.Content>
      </Popover>
    </div>
  );
}

function FilterForm({ columns, onAdd }: { columns: string[]; onAdd: (chip: FilterChip) => void }) {
  const id = useId();
  const [column, setColumn] = useState(columns[0] ?? '');
  const [operator, setOperator] = useState<FilterOperator>('eq');
  const [value, setValue] = useState('');
  const [isValue, setIsValue] = useState<string>(IS_VALUES[0]);
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onAdd({ column, operator, value: operator === 'is' ? isValue : value });
  }
  const valueDescription = operator === 'in' ? 'Values separated by commas' : undefined;
  return (
    <form className="flex flex-col gap-3" onSubmit={submit}>
      <Field id={`${id}-column`} label="Column">
        <Select id={`${id}-column`} labelledBy={`${id}-column-label`} value={column} onValueChange={setColumn}>
          {columns.map((name) => (
            <Select.Item key={name} value={name}>
              {name}
            </Select.Item>
          ))}
        </Select>
      </Field>
      <Field id={`${id}-operator`} label="Operator">
        <Select
          id={`${id}-operator`}
          labelledBy={`${id}-operator-label`}
          value={operator}
          onValueChange={(next) => setOperator(next as FilterOperator)}
        >
          {FILTER_OPERATORS.map((item) => (
            <Select.Item key={item.value} value={item.value} hint={item.value}>
              {item.label}
            </Select.Item>
          ))}
        </Select>
      </Field>
      {operator === 'is' ? (
        <Field id={`${id}-is`} label="Value">
          <Select id={`${id}-is`} labelledBy={`${id}-is-label`} value={isValue} onValueChange={setIsValue}>
            {IS_VALUES.map((item) => (
              <Select.Item key={item} value={item}>
                {item}
              </Select.Item>
            ))}
          </Select>
        </Field>
      ) : (
        <Field id={`${id}-value`} label="Value" description={valueDescription}>
          <Input
            {...fieldControlProps(`${id}-value`, { description: valueDescription })}
            mono
            value={value}
            onChange={(event) => setValue(event.target.value)}
            placeholder={placeholder(operator)}
          />
        </Field>
      )}
      <div className="flex justify-end">
        <Button type="submit" variant="primary" size="sm">
          Apply filter
        </Button>
      </div>
    </form>
  );
}
