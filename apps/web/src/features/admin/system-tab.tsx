import { API_VERSION, systemCalls, type CallResponse } from '@gre/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Form, InputNumber, Result, Space, Switch, Typography } from 'antd';
import { useState } from 'react';
import { ApiError, call } from '../../api/client';
import { queryKeys, siteSettingsQuery } from '../../api/queries';
import { PageSkeleton } from '../../components/page-skeleton';
import { zh } from '../../i18n/zh-CN';
import { upgradeOverlayStore } from '../../state/ui';

const a = zh.admin;
type Settings = CallResponse<typeof systemCalls.getSettings>;

function useSettingsWrite() {
  const queryClient = useQueryClient();
  const { message } = App.useApp();
  const onSuccess = (settings: Settings) => {
    queryClient.setQueryData(queryKeys.siteSettings, settings);
    if (!settings.maintenance) {
      // Maintenance is over: let the overlay go and reload what failed while it was on.
      upgradeOverlayStore.set(false);
      void queryClient.invalidateQueries({ queryKey: queryKeys.currentUser });
    }
  };
  const maintenance = useMutation({
    mutationFn: (on: boolean) => call(systemCalls.setMaintenance, { on }),
    onSuccess: (s) => {
      onSuccess(s);
      void message.success(a.maintenanceSaved(s.maintenance));
    },
  });
  const minVersion = useMutation({
    mutationFn: (v: number) => call(systemCalls.setMinApiVersion, { min_api_version: v }),
    onSuccess: (s) => {
      onSuccess(s);
      void message.success(a.minApiVersionSaved);
    },
  });
  return { maintenance, minVersion };
}

function MaintenanceSwitch({ on }: { on: boolean }) {
  const { modal } = App.useApp();
  const { maintenance } = useSettingsWrite();
  const toggle = (next: boolean) => {
    if (!next) return maintenance.mutate(false);
    modal.confirm({
      title: a.maintenance,
      content: a.maintenanceConfirm,
      okText: zh.common.confirm,
      cancelText: zh.common.cancel,
      onOk: () => maintenance.mutate(true),
    });
  };
  return (
    <Form.Item label={a.maintenance} extra={a.maintenanceHelp}>
      <Space>
        <Switch checked={on} loading={maintenance.isPending} onChange={toggle} aria-label={a.maintenance} />
        <Typography.Text>{on ? a.maintenanceOn : a.maintenanceOff}</Typography.Text>
      </Space>
    </Form.Item>
  );
}

function MinApiVersion({ current }: { current: number }) {
  const { modal } = App.useApp();
  const { minVersion } = useSettingsWrite();
  const [value, setValue] = useState<number | null>(current);
  const save = () => {
    if (value === null) return;
    if (value <= API_VERSION) return minVersion.mutate(value);
    modal.confirm({
      title: a.minApiVersion,
      content: a.minApiVersionConfirm(API_VERSION),
      okText: zh.common.confirm,
      cancelText: zh.common.cancel,
      onOk: () => minVersion.mutate(value),
    });
  };
  return (
    <Form.Item label={a.minApiVersion} extra={a.minApiVersionHelp(API_VERSION)}>
      <Space>
        <InputNumber
          min={0}
          max={1_000_000}
          precision={0}
          value={value}
          onChange={setValue}
          aria-label={a.minApiVersion}
        />
        <Button
          type="primary"
          onClick={save}
          disabled={value === null || value === current}
          loading={minVersion.isPending}
        >
          {zh.common.save}
        </Button>
      </Space>
    </Form.Item>
  );
}

/** 系统: the site switches — maintenance and the lowest client API version served. */
export function SystemTab() {
  // Staff calls keep working during maintenance; an older server answered server_upgrading here, so that still shows the switch.
  const settings = useQuery(siteSettingsQuery);
  const inMaintenance = settings.error instanceof ApiError && settings.error.kind === 'server_upgrading';
  return (
    <>
      <Typography.Title level={4} style={{ marginTop: 0 }}>
        {a.siteSection}
      </Typography.Title>
      {settings.data ? (
        <Form layout="vertical" component="div">
          <MaintenanceSwitch on={settings.data.maintenance} />
          <MinApiVersion key={settings.data.min_api_version} current={settings.data.min_api_version} />
        </Form>
      ) : inMaintenance ? (
        <Form layout="vertical" component="div">
          <MaintenanceSwitch on />
        </Form>
      ) : settings.isError ? (
        <Result
          status="warning"
          subTitle={a.loadFailed}
          extra={<Button onClick={() => void settings.refetch()}>{zh.common.retry}</Button>}
        />
      ) : (
        <PageSkeleton rows={4} />
      )}
    </>
  );
}
