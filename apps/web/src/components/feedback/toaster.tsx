import { App, Button, Space } from 'antd';
import { useEffect } from 'react';
import { bindToaster, navigateTo } from '../../api/effects';
import type { Toast } from '../../api/error-catalogue';
import { zh } from '../../i18n/zh-CN.core';

/** Seconds an error toast stays; it can always be closed sooner with its Close button. */
const TOAST_SECONDS = 6;

let counter = 0;

/**
 * Binds antd's notification API (which needs the App context for theme and locale) as the
 * catalogue's toast sink. Renders nothing itself.
 */
export function Toaster() {
  const { notification } = App.useApp();
  useEffect(() => {
    bindToaster((toast: Toast) => {
      const key = toast.key ?? `toast-${(counter += 1)}`;
      const close = () => notification.destroy(key);
      notification[toast.level]({
        key,
        title: toast.title,
        description: toast.description,
        duration: TOAST_SECONDS,
        // One explicit 关闭 button instead of antd's small × icon.
        closable: false,
        role: toast.level === 'error' ? 'alert' : 'status',
        actions: (
          <Space>
            {toast.loginAction && (
              <Button
                type="primary"
                size="small"
                onClick={() => {
                  close();
                  navigateTo('/login');
                }}
              >
                {zh.errors.goLogin}
              </Button>
            )}
            <Button size="small" onClick={close}>
              {zh.common.close}
            </Button>
          </Space>
        ),
      });
    });
    return () => bindToaster(null);
  }, [notification]);
  return null;
}
