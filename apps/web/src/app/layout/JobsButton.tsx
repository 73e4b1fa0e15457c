import { UnorderedListOutlined } from '@ant-design/icons';
import type { JobView } from '@zhaokao/contracts';
import { App, Badge, Button } from 'antd';
import { Suspense, lazy, useEffect, useRef, useState } from 'react';
import { isUnfinished, jobLine, useMyJobs } from '../../lib/jobs';
import { queryClient } from '../../lib/query-client';

// Loaded when first opened.
const JobsDrawer = lazy(() => import('./JobsDrawer'));

/**
 * 任务 in the header: the user's 后台任务 (large score imports, batch PDFs) with their progress, whatever page is
 * open; the count of those under way on the button, and a notice when one ends while the user works elsewhere.
 */
export function JobsButton() {
  const { notification } = App.useApp();
  /** Undefined until the drawer is first opened. */
  const [open, setOpen] = useState<boolean>();
  const list = useMyJobs().data?.list;
  const jobs = list ?? [];
  const running = jobs.filter(isUnfinished).length;

  // A job seen under way and now ended: said once, wherever the user is.
  const seen = useRef(new Map<string, JobView['status']>());
  useEffect(() => {
    for (const job of list ?? []) {
      const before = seen.current.get(job.id);
      seen.current.set(job.id, job.status);
      if (!before || !isUnfinished({ status: before }) || isUnfinished(job)) continue;
      const done = job.status === 'done';
      // what the job changed (scores saved by an import) shows on the pages open now and later
      if (done) void queryClient.invalidateQueries();
      notification[done ? 'success' : 'error']({
        key: job.id,
        title: done ? '任务已完成' : '任务失败',
        description: `${job.title}：${jobLine(job)}`,
        placement: 'bottomRight',
        duration: 8,
      });
    }
  }, [list, notification]);

  return (
    <>
      <Button
        type="text"
        // the visible text (任务 and the count after it) begins the name, as WCAG 2.5.3 asks
        aria-label={running > 0 ? `任务${running}个进行中` : '任务'}
        icon={<UnorderedListOutlined aria-hidden />}
        onClick={() => setOpen(true)}
      >
        <span className="navbar-label">任务</span>
        {running > 0 && <Badge count={running} size="small" />}
      </Button>
      {open !== undefined && (
        <Suspense fallback={null}>
          <JobsDrawer open={open} jobs={jobs} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
