import { CloudUploadOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import { contentCalls, type ContentFile, type DryRunResult, type ImportResult } from '@gre/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Space, Spin, Tooltip, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { ApiError, call } from '../../api/client';
import { reportError } from '../../api/query-client';
import { PageSkeleton } from '../../components/page-skeleton';
import { zh } from '../../i18n/zh-CN';
import { useCurrentUser } from '../auth';
import { AdminForbidden } from './admin-forbidden';
import { fileOfDetail, pickFiles, readPackage, selectionTotals, type PickedFile } from './sync-files';
import { DryRunReport, ImportReport, SkippedList } from './sync-report';
import { PackagePickers, SelectionList } from './sync-selection';
import './sync.css';

const s = zh.sync;

/** Query prefixes whose answers an import can change: questions, books and the prompt library. */
const CONTENT_QUERY_PREFIXES = [['questions'], ['books'], ['idea']];

/** A dry run and the exact package it checked, tied to the selection it was made of. */
interface Checked {
  version: number;
  result: DryRunResult;
  files: ContentFile[];
}

/** The page's own text for the failures an admin can act on; anything else goes to the error catalogue. */
function describeFailure(err: unknown, sent: PickedFile[], during: 'dry_run' | 'import'): string | null {
  if (!(err instanceof ApiError)) return err instanceof Error ? err.message : String(err);
  if (err.kind === 'payload_too_large') return s.errors.tooLarge;
  if (err.kind === 'invalid_input') {
    const file = fileOfDetail(err.detail, sent);
    if (file) return s.errors.badFile(file);
    return during === 'import' ? `${s.errors.refused} ${err.detail}` : `${s.errors.invalid}${err.detail}`;
  }
  return null;
}

/** The import console itself: the /sync page and the 同步 tab of /web_manage. */
export function SyncConsole() {
  const { modal } = App.useApp();
  const queryClient = useQueryClient();
  const [files, setFiles] = useState<PickedFile[]>([]);
  // Every change of the selection bumps the version, so a dry run of an earlier selection cannot enable import.
  const [version, setVersion] = useState(0);
  const [checked, setChecked] = useState<Checked | null>(null);
  const [imported, setImported] = useState<ImportResult | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const totals = useMemo(() => selectionTotals(files), [files]);

  const fail = (during: 'dry_run' | 'import') => (err: unknown) => {
    const text = describeFailure(err, totals.sent, during);
    if (text === null) reportError(err);
    else setFailure(text);
  };

  const dryRun = useMutation({
    meta: { handlesErrors: true },
    mutationFn: async (at: number) => {
      const pkg = await readPackage(totals.sent);
      return { at, pkg, result: await call(contentCalls.dryRun, { files: pkg }) };
    },
    onMutate: () => setFailure(null),
    // A dry run of a selection changed meanwhile is kept but shown as stale (its version no longer matches).
    onSuccess: ({ at, pkg, result }) => setChecked({ version: at, result, files: pkg }),
    onError: fail('dry_run'),
  });

  const importing = useMutation({
    meta: { handlesErrors: true },
    mutationFn: (pkg: ContentFile[]) => call(contentCalls.import, { files: pkg }),
    onMutate: () => setFailure(null),
    onSuccess: (result) => {
      setImported(result);
      setChecked(null);
      for (const queryKey of CONTENT_QUERY_PREFIXES) void queryClient.invalidateQueries({ queryKey });
    },
    onError: fail('import'),
  });

  const changeSelection = (next: PickedFile[]) => {
    setFiles(next);
    setVersion((v) => v + 1);
    setImported(null);
    setFailure(null);
  };

  const current = checked !== null && checked.version === version;
  const busy = dryRun.isPending || importing.isPending;
  const canDryRun = totals.sent.length > 0 && totals.blocked === null && !busy;
  const canImport = current && checked.result.valid && totals.blocked === null && !busy;

  const confirmImport = () => {
    if (!canImport) return;
    const { summary } = checked.result;
    const pkg = checked.files;
    modal.confirm({
      title: s.actions.confirmTitle,
      content: s.actions.confirmBody(summary.questions, summary.words, summary.books),
      okText: s.actions.confirmOk,
      cancelText: zh.common.cancel,
      onOk: () => importing.mutate(pkg),
    });
  };

  // The server's skips come first: they are files the admin sent on purpose; the page's own are mostly tooling.
  const skipped = [
    ...(current ? checked.result.skipped.map((x) => ({ ...x, by: 'server' as const })) : []),
    ...totals.skipped.map((f) => ({ file: f.name, reason: f.skip ?? '', by: 'client' as const })),
  ];

  return (
    <Card title={s.title} className="gs-page">
      <Typography.Paragraph type="secondary">{s.intro}</Typography.Paragraph>
      <Typography.Paragraph type="secondary" className="gs-hint">
        {s.pick.hint}
      </Typography.Paragraph>
      <PackagePickers
        onPick={(list) => changeSelection(pickFiles(list, files))}
        onClear={() => changeSelection([])}
        canClear={files.length > 0}
        disabled={busy}
      />
      <SelectionList files={files} totals={totals} />
      <Space wrap className="gs-actions">
        <Button
          type="primary"
          icon={<SafetyCertificateOutlined />}
          disabled={!canDryRun}
          loading={dryRun.isPending}
          onClick={() => dryRun.mutate(version)}
        >
          {s.actions.dryRun}
        </Button>
        <Tooltip title={canImport || busy ? undefined : s.actions.importHint}>
          <Button
            danger
            icon={<CloudUploadOutlined />}
            disabled={!canImport}
            loading={importing.isPending}
            onClick={confirmImport}
          >
            {s.actions.import}
          </Button>
        </Tooltip>
      </Space>
      {failure && (
        <Alert type="error" showIcon title={failure} closable onClose={() => setFailure(null)} className="gs-block" />
      )}
      {busy && !checked && (
        <div className="gs-busy">
          <Spin />
        </div>
      )}
      {imported && <ImportReport result={imported} />}
      {checked && <DryRunReport result={checked.result} stale={!current} />}
      <SkippedList items={skipped} />
    </Card>
  );
}

/** /sync: the admin uploads a content package, sees every problem of a dry run, then imports it all or nothing. */
export function SyncPage() {
  const user = useCurrentUser();
  if (!user) return <PageSkeleton rows={6} />;
  if (!user.is_admin) return <AdminForbidden />;
  return <SyncConsole />;
}
