import { CloudSyncOutlined } from '@ant-design/icons';
import { Button, Result } from 'antd';
import { zh } from '../../i18n/zh-CN.core';
import { useStore } from '../../state/store';
import { upgradeOverlayStore } from '../../state/ui';
import { layout, palette } from '../../theme';

/**
 * Spec §2: the full-screen service-upgrade overlay, shown once any call answers `server_upgrading`.
 * `suppressed` keeps it off the admin console, where the maintenance switch must stay reachable.
 */
export function UpgradeOverlay({ suppressed = false }: { suppressed?: boolean }) {
  const shown = useStore(upgradeOverlayStore);
  if (!shown || suppressed) return null;
  return (
    <div
      role="alertdialog"
      aria-modal="true"
      aria-labelledby="upgrade-overlay-title"
      style={{
        position: 'fixed',
        inset: 0,
        zIndex: layout.overlayZ,
        background: palette.scrim,
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        padding: layout.gutter,
      }}
    >
      <div
        style={{
          background: palette.surface,
          borderRadius: layout.gutter,
          maxWidth: layout.readingMaxWidth,
          width: '100%',
        }}
      >
        <Result
          icon={<CloudSyncOutlined />}
          title={<span id="upgrade-overlay-title">{zh.overlays.upgradeTitle}</span>}
          subTitle={zh.overlays.upgradeBody}
          extra={
            <Button type="primary" size="large" onClick={() => window.location.reload()}>
              {zh.common.refresh}
            </Button>
          }
        />
      </div>
    </div>
  );
}
