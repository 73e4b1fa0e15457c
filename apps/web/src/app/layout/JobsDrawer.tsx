import { JOB_STATUSES, type JobView } from '@zhaokao/contracts';
import { Drawer, Empty, Tag, Typography } from 'antd';
import { JobProgress } from '../../components/JobProgress';
import { formatTime } from '../../lib/time';

const STATUS_COLOURS: Record<JobView['status'], string> = { queued: 'default', running: 'processing', done: 'success', failed: 'error' };

/** The 任务 drawer: the user's jobs of the last 7 days, newest first, each with its progress and, once done, its file. */
export default function JobsDrawer({ open, jobs, onClose }: { open: boolean; jobs: JobView[]; onClose(): void }) {
  return (
    <Drawer title="任务" open={open} onClose={onClose} size={420} destroyOnHidden>
      <Typography.Paragraph type="secondary">
        导入大量成绩、批量生成准考证等耗时的工作在后台进行，离开页面也不会中断；这里列出您最近 7 天提交的任务，完成后可下载结果。
      </Typography.Paragraph>
      {jobs.length === 0 ? (
        <Empty description="最近 7 天没有后台任务" />
      ) : (
        <ul aria-label="我的任务" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {jobs.map((job) => (
            <li key={job.id} aria-label={job.title} style={{ padding: '12px 0', borderBottom: '1px solid #f0f0f0' }}>
              <div style={{ display: 'flex', justifyContent: 'space-between', gap: 8 }}>
                <Typography.Text strong>{job.title}</Typography.Text>
                <Tag color={STATUS_COLOURS[job.status]}>{JOB_STATUSES[job.status]}</Tag>
              </div>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                提交于 {formatTime(job.createdAt)}
              </Typography.Text>
              <JobProgress job={job} small label={`${job.title} 进度`} />
            </li>
          ))}
        </ul>
      )}
    </Drawer>
  );
}
