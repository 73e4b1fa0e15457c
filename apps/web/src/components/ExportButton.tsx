import { DownOutlined, DownloadOutlined } from '@ant-design/icons';
import type { Endpoint } from '@zhaokao/contracts';
import { Button, Dropdown } from 'antd';
import { useState } from 'react';
import { type ReadRefusal, downloadFile, exportUrl } from '../lib/download';

type Query = Record<string, string | number | undefined>;

interface Props {
  /** The list's export endpoint (a GET answering .xlsx). */
  endpoint: Endpoint;
  /** The filters on screen, as the list takes them; nothing is downloaded while undefined (no plan chosen yet). */
  input: Query | undefined;
  /** The name to save the file as when the server names none. */
  fileName: string;
  /** Several sheets to choose from (the value goes as `sheet`): a menu instead of a single button. */
  sheets?: readonly { value: string; label: string }[];
  label?: string;
  /** How a refusal is shown (the operator's pages: lib/download.ts). */
  readRefusal?: ReadRefusal;
  /** How many rows the list on screen has: over EXPORT_IN_BACKGROUND_ROWS the file is made as a 后台任务 (任务 in the header). */
  total?: number;
}

/** 导出: downloads the whole list (every row the filters on screen find) as .xlsx; with `sheets`, a menu of them. */
export function ExportButton({ endpoint, input, fileName, sheets, label = '导出', readRefusal, total }: Props) {
  const [exporting, setExporting] = useState(false);

  async function download(sheet?: { value: string; label: string }) {
    if (!input) return;
    setExporting(true);
    await downloadFile(exportUrl(endpoint, sheet ? { ...input, sheet: sheet.value } : input, total), sheet ? `${sheet.label}.xlsx` : fileName, readRefusal);
    setExporting(false);
  }

  if (!sheets) {
    return (
      <Button icon={<DownloadOutlined aria-hidden />} disabled={!input} loading={exporting} onClick={() => download()}>
        {label}
      </Button>
    );
  }
  return (
    <Dropdown
      trigger={['click']}
      disabled={!input || exporting}
      menu={{
        'aria-label': `${label}菜单`,
        items: sheets.map((s) => ({ key: s.value, label: s.label })),
        onClick: ({ key }) => download(sheets.find((s) => s.value === key)),
      }}
    >
      <Button icon={<DownloadOutlined aria-hidden />} disabled={!input} loading={exporting}>
        {label} <DownOutlined aria-hidden />
      </Button>
    </Dropdown>
  );
}
