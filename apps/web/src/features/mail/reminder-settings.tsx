import { mailCalls, REMIND_KINDS, type RemindKind } from '@gre/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Drawer, List, Skeleton, Switch, Typography } from 'antd';
import { call } from '../../api/client';
import { useIsPhone } from '../../components/use-is-phone';
import { zh } from '../../i18n/zh-CN';
import { layout } from '../../theme';
import { mailKeys, settingsQuery } from './mail-queries';

const s = zh.mail.settings;

/** The kinds left off after one switch moves, in the contract's order. */
export function withKind(off: readonly RemindKind[], kind: RemindKind, on: boolean): RemindKind[] {
  return REMIND_KINDS.filter((k) => (k === kind ? !on : off.includes(k)));
}

/** 提醒设置: one switch per reminder kind; each change is saved at once and the server's answer shown. */
export function ReminderSettings({ open, onClose }: { open: boolean; onClose: () => void }) {
  const phone = useIsPhone();
  const queryClient = useQueryClient();
  const { message } = App.useApp();
  const { data, isError } = useQuery({ ...settingsQuery, enabled: open });
  const save = useMutation({
    mutationFn: (off: RemindKind[]) => call(mailCalls.updateSettings, { off }, { quiet: true }),
    onSuccess: (answer) => {
      queryClient.setQueryData(mailKeys.settings, answer);
      void message.success(s.saved);
    },
  });
  const off = data?.off ?? [];

  return (
    <Drawer open={open} onClose={onClose} title={s.title} placement="right" size={phone ? '100%' : layout.dialogNarrow}>
      <Typography.Paragraph type="secondary">{s.intro}</Typography.Paragraph>
      {data ? (
        <List
          dataSource={[...REMIND_KINDS]}
          renderItem={(kind) => (
            <List.Item
              className="gm-setting"
              extra={
                <Switch
                  checked={!off.includes(kind)}
                  loading={save.isPending && save.variables.includes(kind) !== off.includes(kind)}
                  disabled={save.isPending}
                  aria-label={s.kinds[kind]}
                  onChange={(on) => save.mutate(withKind(off, kind, on))}
                />
              }
            >
              <List.Item.Meta title={s.kinds[kind]} description={s.hints[kind]} />
            </List.Item>
          )}
        />
      ) : isError ? (
        <Typography.Text type="danger">{s.failed}</Typography.Text>
      ) : (
        <Skeleton active paragraph={{ rows: 4 }} />
      )}
    </Drawer>
  );
}
