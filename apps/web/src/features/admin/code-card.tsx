import { List, Space, Typography } from 'antd';
import type { ReactNode } from 'react';
import { shanghaiDateTime } from '../../components/format';

/** When a code may be used: its window's start to its end, Shanghai time. */
export const windowText = (r: { start_stamp: number; end_stamp: number }) =>
  `${shanghaiDateTime(r.start_stamp)} – ${shanghaiDateTime(r.end_stamp)}`;

/** A code's uses of its limit. */
export const usesText = (used: number, limit: number) => `${used} / ${limit}`;

/** What a code's card shows, whatever the code is for (a discount code, a voucher). */
export interface CodeFace {
  code: string;
  name: string;
  /** What it gives. */
  detail: ReactNode;
  used: number;
  limit: number;
  start_stamp: number;
  end_stamp: number;
}

/**
 * A code on a phone, where the console's table is a list (ui.md): the code, its name and state, then what it gives,
 * its uses of the limit and its window, the row's actions beside.
 */
export function CodeCard(props: { face: CodeFace; state: ReactNode; usedLabel: string; actions: ReactNode[] }) {
  const { face, state, usedLabel, actions } = props;
  return (
    <List.Item actions={actions}>
      <List.Item.Meta
        title={
          <Space wrap size={4}>
            <Typography.Text code>{face.code}</Typography.Text>
            <span>{face.name}</span>
            {state}
          </Space>
        }
        description={
          <Space orientation="vertical" size={2}>
            <span>{face.detail}</span>
            <span>
              {usedLabel} {usesText(face.used, face.limit)}
            </span>
            <span>{windowText(face)}</span>
          </Space>
        }
      />
    </List.Item>
  );
}
