import { DatePicker } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';

/** A list filter of whole days, both ends included, as the address keeps them ('YYYY-MM-DD'). */
export function DateRangeFilter({
  label,
  startDate,
  endDate,
  onChange,
}: {
  label: string;
  startDate: string | undefined;
  endDate: string | undefined;
  onChange(range: { startDate?: string; endDate?: string }): void;
}) {
  return (
    <DatePicker.RangePicker
      aria-label={label}
      allowEmpty={[true, true]}
      value={startDate || endDate ? [startDate ? dayjs(startDate) : null, endDate ? dayjs(endDate) : null] : null}
      onChange={(range: [Dayjs | null, Dayjs | null] | null) =>
        onChange({ startDate: range?.[0]?.format('YYYY-MM-DD'), endDate: range?.[1]?.format('YYYY-MM-DD') })
      }
    />
  );
}
