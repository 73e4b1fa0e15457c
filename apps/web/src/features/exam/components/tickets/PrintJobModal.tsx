import { DownloadOutlined } from '@ant-design/icons';
import { Alert, Button, Modal, Progress, Typography } from 'antd';
import { isUnfinished, jobPercent, useJob } from '../../../../lib/jobs';

/**
 * A PDF being made by a 后台任务: its progress, read every second, then the link to download it. The dialog may be
 * closed meanwhile: the job goes on, and the header's 任务 list shows it and its file.
 */
export function PrintJobModal({ jobId, title, onClose }: { jobId: string; title: string; onClose(): void }) {
  const { data: job, isError } = useJob(jobId);
  const failed = isError || job?.status === 'failed';
  const done = job?.status === 'done';
  return (
    <Modal
      open
      title={title}
      maskClosable={false}
      onCancel={onClose}
      footer={
        <>
          <Button onClick={onClose}>关闭</Button>
          {done && job.fileUrl && (
            <Button type="primary" icon={<DownloadOutlined />} href={job.fileUrl} download={job.fileName ?? undefined} target="_blank" rel="noopener noreferrer">
              下载 PDF
            </Button>
          )}
        </>
      }
    >
      <Progress percent={job ? jobPercent(job) : 0} status={failed ? 'exception' : done ? 'success' : 'active'} aria-label="生成进度" />
      <Typography.Paragraph style={{ marginTop: 8, marginBottom: 0 }} aria-live="polite">
        {failed
          ? ''
          : done
            ? `已生成 ${job.total} 份：${job.fileName}`
            : job?.status === 'running' && job.total > 0
              ? `正在生成：${job.done} / ${job.total}`
              : '正在准备…'}
      </Typography.Paragraph>
      {job && isUnfinished(job) && (
        <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>
          可以关闭此窗口继续其他工作，生成在后台进行，完成后在页面右上角的“任务”中下载。
        </Typography.Paragraph>
      )}
      {failed && <Alert type="error" showIcon style={{ marginTop: 8 }} title={job?.error || '生成失败，请重试'} />}
    </Modal>
  );
}
