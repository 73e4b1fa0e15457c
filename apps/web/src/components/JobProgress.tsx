import { DownloadOutlined } from '@ant-design/icons';
import type { JobView } from '@zhaokao/contracts';
import { Progress, Typography } from 'antd';
import { downloadFile } from '../lib/download';
import { jobLine, jobPercent } from '../lib/jobs';

/**
 * A 后台任务's progress bar, its line (jobLine) and, once done, its file: shown in the page that started it and in
 * the header's 任务 list.
 */
export function JobProgress({ job, small, label = '进度' }: { job: JobView; small?: boolean; label?: string }) {
  const failed = job.status === 'failed';
  const done = job.status === 'done';
  return (
    <div>
      <Progress
        percent={jobPercent(job)}
        size={small ? 'small' : 'default'}
        status={failed ? 'exception' : done ? 'success' : 'active'}
        aria-label={label}
      />
      <Typography.Text type={failed ? 'danger' : done ? 'success' : 'secondary'} aria-live="polite">
        {jobLine(job)}
      </Typography.Text>
      {done && job.fileUrl && (
        <div>
          <a
            href={job.fileUrl}
            download={job.fileName ?? undefined}
            onClick={(event) => {
              // fetched, so that a refusal (the file expired) is shown as a message instead of saved as a file
              event.preventDefault();
              void downloadFile(job.fileUrl!, job.fileName ?? '下载');
            }}
          >
            <DownloadOutlined aria-hidden /> 下载 {job.fileName}
          </a>
        </div>
      )}
    </div>
  );
}
