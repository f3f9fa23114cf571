import { Select } from '@mantine/core';
import { useMemo } from 'react';
import type { OpenSlot } from '../model/types';
import { dayHeading, dayOf, timeRangeIn } from '../model/zoned-day';

export interface SlotSelectProps {
  slots: readonly OpenSlot[];
  /** The zone the slots are reckoned in (the company's). */
  zone: string;
  value: number | null;
  onChange: (start: number | null) => void;
  /** Only the slots this member could take. */
  userId?: string | null;
  label?: string;
  description?: string;
  error?: string | undefined;
  disabled?: boolean;
  placeholder?: string;
}

/** A free time of a type, grouped by day in the company's zone ("Tue, Jan 12" → "9:00 AM – 10:00 AM"). */
export function SlotSelect({ slots, zone, value, onChange, userId, label = 'Time', description, error, disabled, placeholder }: SlotSelectProps) {
  const data = useMemo(() => {
    const groups = new Map<string, Array<{ value: string; label: string }>>();
    for (const slot of slots) {
      if (userId && !slot.userIds.includes(userId)) continue;
      const day = dayOf(slot.start, zone);
      const items = groups.get(day) ?? [];
      items.push({ value: String(slot.start), label: timeRangeIn(slot.start, slot.end, zone) });
      groups.set(day, items);
    }
    return [...groups.entries()].map(([day, items]) => ({ group: dayHeading(day), items }));
  }, [slots, zone, userId]);
  const empty = data.length === 0;
  return (
    <Select
      label={label}
      description={description}
      required
      data={data}
      value={value === null ? null : String(value)}
      onChange={(next) => onChange(next === null ? null : Number(next))}
      error={error}
      disabled={disabled || empty}
      placeholder={empty ? 'No free times' : (placeholder ?? 'Choose a free time')}
      maxDropdownHeight={320}
      searchable={false}
      allowDeselect={false}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
