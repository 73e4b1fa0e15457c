import { Drawer, Spin } from 'antd';
import { useIsMobile } from '../../../lib/use-is-mobile';
import { usePostDetail } from '../api/post-api';
import { JobDetail } from '../../../components/JobDetail';

export function JobDetailDrawer({ postId, onClose }: { postId: number; onClose(): void }) {
  const { data } = usePostDetail(postId);
  const mobile = useIsMobile();
  return (
    <Drawer title="岗位详情" open onClose={onClose} size={mobile ? '100%' : 640}>
      {data ? <JobDetail job={data} /> : <Spin style={{ display: 'block', padding: 40 }} />}
    </Drawer>
  );
}
