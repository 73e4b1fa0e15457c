import { Button, Result } from 'antd';
import { Link, useSearchParams } from 'react-router';
import { readFilter } from '../lib/use-paged-list';

/** The record a detail page shows, from `?id=` in the address; undefined when that is missing or not a record id. */
export function useIdParam() {
  const [params] = useSearchParams();
  return readFilter('id', params.get('id')) as number | undefined;
}

/** A detail page whose record does not exist (or no longer does): the 404 and the way back to its list. */
export function RecordNotFound({ title, back, backLabel }: { title: string; back: string; backLabel: string }) {
  return (
    <Result
      status="404"
      title={title}
      extra={
        <Link to={back}>
          <Button type="primary">{backLabel}</Button>
        </Link>
      }
    />
  );
}
