import { Button, Result, Typography } from 'antd';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { zh } from '../i18n/zh-CN.core';
import { layout, palette } from '../theme';
import { AntdLayer } from './antd-layer';

/** Spec §2: any route error (unknown path, failed loader, render crash) shows this page. */
export function RouteErrorPage() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? zh.routeError.status(error.status, error.statusText) : null;
  if (!isRouteErrorResponse(error)) console.error(error);
  return (
    <main
      style={{
        minHeight: '100vh',
        background: palette.layoutBg,
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        padding: layout.gutter,
      }}
    >
      <Result
        status={isRouteErrorResponse(error) && error.status === 404 ? '404' : 'warning'}
        title={<h1 style={{ margin: 0, fontSize: 'inherit' }}>{zh.routeError.title}</h1>}
        subTitle={
          <>
            <Typography.Paragraph>{zh.routeError.line}</Typography.Paragraph>
            {status && <Typography.Text type="secondary">{status}</Typography.Text>}
          </>
        }
        extra={
          // A plain link (antd renders <a href>) on purpose: a full reload recovers from any broken client state.
          <Button type="primary" size="large" href="/">
            {zh.common.backHome}
          </Button>
        }
      />
    </main>
  );
}

/** The error page with its antd layer: it replaces the root layout, so it brings its own (loaded on demand). */
export function RouteErrorScreen() {
  return (
    <AntdLayer>
      <RouteErrorPage />
    </AntdLayer>
  );
}
