import { FOOTER_CONFIG_VALUES, listDictByType } from '@zhaokao/contracts';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../lib/api-client';

/** SPEC §1: the footer's lines are basis_config entries 6, 7 and 8. */
export function AppFooter() {
  const { data } = useQuery({
    queryKey: ['dict', 'basis_config', 'public'],
    queryFn: () => call(listDictByType, { type: 'basis_config' }, { silent: true }),
    staleTime: Number.POSITIVE_INFINITY,
  });
  const lines = FOOTER_CONFIG_VALUES.map((v) => data?.find((e) => e.value === v)?.label).filter(Boolean);
  return (
    <footer className="app-footer">
      {lines.map((line) => (
        <div key={line}>{line}</div>
      ))}
    </footer>
  );
}
