import { DownloadOutlined } from '@ant-design/icons';
import { Alert, Button, Modal, Progress, Typography } from 'antd';
import { usePrintJob } from '../../api/ticket-api';

/** A PDF being made on the server: its progress, read every second, then the link to download it. */
export function PrintJobModal({ jobId, title, onClose }: { jobId: string; title: string; onClose(): void }) {
  const { data: job, isError } = usePrintJob(jobId);
  const percent = job && job.total > 0 ? Math.floor((job.done / job.total) * 100) : 0;
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
          {done && job.url && (
            <Button type="primary" icon={<DownloadOutlined />} href={job.url} download={job.fileName} target="_blank" rel="noopener noreferrer">
              下载 PDF
            </Button>
          )}
        </>
      }
    >
      <Progress
        percent={done ? 100 : percent}
        status={failed ? 'exception' : done ? 'success' : 'active'}
        aria-label="生成进度"
      />
      <Typography.Paragraph style={{ marginTop: 8, marginBottom: 0 }} aria-live="polite">
        {failed
          ? ''
          : done
            ? `已生成 ${job.total} 份：${job.fileName}`
            : job
              ? `正在生成：${job.done} / ${job.total}`
              : '正在准备…'}
      </Typography.Paragraph>
      {failed && <Alert type="error" showIcon style={{ marginTop: 8 }} title={job?.error || '生成失败，请重试'} />}
    </Modal>
  );
}
