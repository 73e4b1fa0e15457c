import { COMPANY_TIME_ZONE } from '@zhaokao/contracts';
import dayjs, { type Dayjs } from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';

dayjs.extend(utc);
dayjs.extend(timezone);

type Instant = string | number | Date | Dayjs;

/** An instant as the company reads it: in the company's time zone (China time), whatever the browser's zone. */
export const inCompanyZone = (at: Instant = dayjs()) => dayjs(at).tz(COMPANY_TIME_ZONE);

/** An instant written in the company's time zone; '—' when there is none. */
export const formatTime = (at: Instant | null | undefined, pattern = 'YYYY-MM-DD HH:mm') =>
  at === null || at === undefined || at === '' ? '—' : inCompanyZone(at).format(pattern);
