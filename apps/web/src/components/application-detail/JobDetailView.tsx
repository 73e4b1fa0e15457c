import type { PostDetail } from '@zhaokao/contracts';
import { Drawer } from 'antd';
import { JobDetail } from '../JobDetail';
import { useIsMobile } from '../../lib/use-is-mobile';

/** SPEC dialog 8 (the job detail view), nested in the detail dialog, from the post the application's detail already holds. */
export function JobDetailView({ job, onClose }: { job: PostDetail; onClose(): void }) {
  const mobile = useIsMobile();
  return (
    <Drawer title="岗位详情" open onClose={onClose} size={mobile ? '100%' : 640}>
      <JobDetail job={job} />
    </Drawer>
  );
}
