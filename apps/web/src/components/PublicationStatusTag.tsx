import { PUBLICATION_STATUSES, type PublicationStatus } from '@zhaokao/contracts';
import { Tag } from 'antd';
import { formatTime } from '../lib/time';

const COLOURS: Record<PublicationStatus, string | undefined> = { draft: undefined, published: 'green', withdrawn: 'orange' };

/** A notice's or news item's state: 草稿, 已发布 or 已撤回. */
export function PublicationStatusTag({ status }: { status: PublicationStatus }) {
  return <Tag color={COLOURS[status]}>{PUBLICATION_STATUSES[status]}</Tag>;
}

/** A publication's time as lists show it; — for none (a draft's 发布时间). */
export const publicationTime = (at: string | null | undefined) => (at ? formatTime(at) : '—');

export const PUBLICATION_STATUS_OPTIONS = (Object.keys(PUBLICATION_STATUSES) as PublicationStatus[]).map((value) => ({
  value,
  label: PUBLICATION_STATUSES[value],
}));
