import { voucherCalls, type Voucher } from '@gre/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Space, Switch, Tag, Typography } from 'antd';
import { useState } from 'react';
import { call } from '../../api/client';
import { adminCopy } from '../../i18n/zh-CN.admin';
import { AdminList } from './admin-list';
import { CodeCard, usesText, windowText } from './code-card';
import { ADMIN_PAGE_SIZE, adminKeys } from './admin-queries';
import { useOpCheck } from './op-check';
import { addRequest, grantText, updateRequest, VoucherFormDialog, type VoucherValues } from './voucher-form';

const v = adminCopy.vouchers;

/** Whether a voucher can be redeemed now, and if not why. */
export function voucherState(voucher: Voucher, nowStamp: number): keyof typeof v.state {
  if (voucher.deleted) return 'deleted';
  if (nowStamp < voucher.start_stamp) return 'notStarted';
  if (nowStamp >= voucher.end_stamp) return 'ended';
  if (voucher.used_count >= voucher.use_limit) return 'usedUp';
  return 'active';
}

const STATE_COLOR = { active: 'green', deleted: 'default', ended: 'default', notStarted: 'blue', usedUp: 'orange' };

/** The state as of `now` (Unix seconds): when the list was read, so a render never reads the clock. */
function StateTag({ voucher, now }: { voucher: Voucher; now: number }) {
  const state = voucherState(voucher, now);
  return <Tag color={STATE_COLOR[state]}>{v.state[state]}</Tag>;
}

/** 兑换券: every voucher with its uses, window and state; create, edit (name, limit, window) and delete. */
export function VouchersTab() {
  const qc = useQueryClient();
  const { message } = App.useApp();
  const { ask, dialog } = useOpCheck();
  const [page, setPage] = useState(1);
  const [includeDeleted, setIncludeDeleted] = useState(false);
  const [editing, setEditing] = useState<Voucher | 'new' | null>(null);
  const list = useQuery({
    queryKey: [...adminKeys.vouchers, page, includeDeleted],
    queryFn: () =>
      call(
        voucherCalls.getVouchers,
        { page, page_size: ADMIN_PAGE_SIZE, include_deleted: includeDeleted },
        { quiet: true },
      ),
    placeholderData: (prev) => prev,
    staleTime: 0,
  });
  const changed = (text: string) => {
    void qc.invalidateQueries({ queryKey: adminKeys.vouchers });
    void qc.invalidateQueries({ queryKey: adminKeys.audit });
    void message.success(text);
  };

  const submit = (values: VoucherValues) => {
    if (editing === 'new') {
      const req = addRequest(values);
      ask({
        action: v.createAction,
        summary: v.createSummary(
          req.code,
          grantText({ role_kind: null, days: null, coins: null, ...req }),
          req.use_limit,
        ),
        run: (op_code) => call(voucherCalls.addVoucher, { ...req, op_code }),
        onDone: () => {
          setEditing(null);
          changed(v.created);
        },
      });
    } else if (editing) {
      const req = updateRequest(editing, values);
      ask({
        action: v.updateAction,
        summary: v.updateSummary(editing.code),
        run: (op_code) => call(voucherCalls.updateVoucher, { ...req, op_code }),
        onDone: () => {
          setEditing(null);
          changed(v.updated);
        },
      });
    }
  };
  const remove = (voucher: Voucher) =>
    ask({
      action: v.deleteAction,
      summary: v.deleteSummary(voucher.code, voucher.name),
      run: (op_code) => call(voucherCalls.deleteVoucher, { id: voucher.id, op_code }),
      onDone: () => changed(v.deleted),
    });

  const actions = (r: Voucher) =>
    r.deleted
      ? []
      : [
          <Button key="edit" size="small" onClick={() => setEditing(r)} aria-label={`${v.edit} ${r.code}`}>
            {v.edit}
          </Button>,
          <Button key="delete" size="small" danger onClick={() => remove(r)} aria-label={`${v.delete} ${r.code}`}>
            {v.delete}
          </Button>,
        ];
  const now = Math.floor(list.dataUpdatedAt / 1000);
  const c = v.columns;
  return (
    <Space orientation="vertical" style={{ width: '100%' }} size="middle">
      <Space wrap>
        <Button type="primary" onClick={() => setEditing('new')}>
          {v.create}
        </Button>
        <Space>
          <Switch
            checked={includeDeleted}
            onChange={(on) => {
              setIncludeDeleted(on);
              setPage(1);
            }}
            aria-label={v.showDeleted}
          />
          <span>{v.showDeleted}</span>
        </Space>
      </Space>
      <AdminList<Voucher>
        list={list}
        page={page}
        onPage={setPage}
        loadFailed={v.loadFailed}
        empty={v.empty}
        renderCard={(r) => (
          <CodeCard
            face={{ ...r, detail: grantText(r), used: r.used_count, limit: r.use_limit }}
            state={<StateTag voucher={r} now={now} />}
            usedLabel={c.used}
            actions={actions(r)}
          />
        )}
        columns={[
          { key: 'code', title: c.code, render: (_, r) => <Typography.Text code>{r.code}</Typography.Text> },
          { key: 'name', title: c.name, dataIndex: 'name' },
          { key: 'grant', title: c.grant, render: (_, r) => grantText(r) },
          { key: 'used', title: c.used, render: (_, r) => usesText(r.used_count, r.use_limit) },
          { key: 'window', title: c.window, render: (_, r) => windowText(r) },
          { key: 'state', title: c.state, render: (_, r) => <StateTag voucher={r} now={now} /> },
          { key: 'action', title: c.action, render: (_, r) => <Space>{actions(r)}</Space> },
        ]}
      />
      {editing !== null && (
        <VoucherFormDialog
          voucher={editing === 'new' ? null : editing}
          onSubmit={submit}
          onCancel={() => setEditing(null)}
        />
      )}
      {dialog}
    </Space>
  );
}
