import { ClearOutlined, FileAddOutlined, FolderOpenOutlined } from '@ant-design/icons';
import { CONTENT_PACKAGE_MAX_BYTES } from '@gre/contracts';
import { Alert, Button, List, Progress, Space, Tag, Typography } from 'antd';
import { useRef, type ChangeEvent } from 'react';
import { formatBytes } from '../../components/format';
import { zh } from '../../i18n/zh-CN';
import type { PickedFile, SelectionTotals } from './sync-files';

const s = zh.sync;

/** The two native pickers behind buttons: a folder (webkitdirectory) and any number of .json / .csv files. */
export function PackagePickers({
  onPick,
  onClear,
  canClear,
  disabled,
}: {
  onPick: (files: File[]) => void;
  onClear: () => void;
  canClear: boolean;
  disabled: boolean;
}) {
  const folder = useRef<HTMLInputElement>(null);
  const files = useRef<HTMLInputElement>(null);
  const take = (e: ChangeEvent<HTMLInputElement>) => {
    const list = [...(e.target.files ?? [])];
    // Cleared so picking the same files again (after fixing them on disk) fires change again.
    e.target.value = '';
    if (list.length > 0) onPick(list);
  };
  return (
    <>
      <input
        ref={folder}
        type="file"
        multiple
        hidden
        data-testid="sync-folder-input"
        // React does not know the attribute; the DOM reads it as a boolean.
        {...{ webkitdirectory: '', directory: '' }}
        onChange={take}
      />
      <input
        ref={files}
        type="file"
        multiple
        hidden
        accept=".json,.csv,application/json,text/csv"
        data-testid="sync-files-input"
        onChange={take}
      />
      <Space wrap>
        <Button icon={<FolderOpenOutlined />} disabled={disabled} onClick={() => folder.current?.click()}>
          {s.pick.folder}
        </Button>
        <Button icon={<FileAddOutlined />} disabled={disabled} onClick={() => files.current?.click()}>
          {s.pick.files}
        </Button>
        {canClear && (
          <Button icon={<ClearOutlined />} disabled={disabled} onClick={onClear}>
            {s.pick.clear}
          </Button>
        )}
      </Space>
    </>
  );
}

/** The chosen files with their sizes, which are sent and which skipped, and the total against the 10 MB limit. */
export function SelectionList({ files, totals }: { files: PickedFile[]; totals: SelectionTotals }) {
  if (files.length === 0) return <Typography.Paragraph type="secondary">{s.files.none}</Typography.Paragraph>;
  const percent = Math.min(100, Math.round((totals.bytes / CONTENT_PACKAGE_MAX_BYTES) * 100));
  return (
    <section aria-label={s.files.title} className="gs-section">
      <div className="gs-total">
        <Typography.Text strong>{s.files.count(totals.sent.length, totals.skipped.length)}</Typography.Text>
        <Typography.Text type={totals.blocked ? 'danger' : 'secondary'}>
          {s.files.total(formatBytes(totals.bytes), formatBytes(CONTENT_PACKAGE_MAX_BYTES))}
        </Typography.Text>
        <Progress
          percent={percent}
          size="small"
          status={totals.blocked ? 'exception' : 'normal'}
          showInfo={false}
          aria-label={s.files.title}
        />
      </div>
      {totals.blocked && <Alert type="error" showIcon title={totals.blocked} className="gs-block" />}
      <List
        size="small"
        bordered
        className="gs-files"
        dataSource={files}
        rowKey="name"
        pagination={files.length > 10 ? { pageSize: 10, size: 'small', showSizeChanger: false } : false}
        renderItem={(f) => (
          <List.Item
            className={f.skip ? 'gs-file-skipped' : undefined}
            extra={<span className="gs-size">{formatBytes(f.size)}</span>}
          >
            <div className="gs-file">
              <span className="gs-mono">{f.name}</span>
              {f.skip ? <Tag>{f.skip}</Tag> : <Tag color="blue">{s.files.willSend}</Tag>}
            </div>
          </List.Item>
        )}
      />
    </section>
  );
}
