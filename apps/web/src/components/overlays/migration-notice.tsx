import { Input, Result, Typography } from 'antd';
import { useState } from 'react';
import { siteConfig } from '../../config';
import { zh } from '../../i18n/zh-CN.core';
import { layout, palette } from '../../theme';
import { phraseMatches, saveBypass } from './migration';

/**
 * Spec §2: fills the page on a retired host. A hidden click area (bottom-right corner) opens a box
 * where the secret phrase saves a one-day bypass and reloads.
 */
export function MigrationNotice() {
  const [boxOpen, setBoxOpen] = useState(false);
  const [wrong, setWrong] = useState(false);
  const newUrl = siteConfig.newHost ? `${window.location.protocol}//${siteConfig.newHost}` : '';

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
      <div
        style={{
          background: palette.surface,
          borderRadius: layout.gutter,
          maxWidth: layout.readingMaxWidth,
          width: '100%',
        }}
      >
        <Result
          status="info"
          title={zh.migration.title}
          subTitle={
            <>
              <Typography.Paragraph>{zh.migration.stopped}</Typography.Paragraph>
              {newUrl ? (
                <Typography.Title level={3}>
                  <a href={newUrl}>{newUrl}</a>
                </Typography.Title>
              ) : (
                <Typography.Paragraph>{zh.migration.noNewHost}</Typography.Paragraph>
              )}
              <Typography.Paragraph strong>{zh.migration.same}</Typography.Paragraph>
            </>
          }
          extra={
            boxOpen && (
              <div style={{ maxWidth: layout.readingMaxWidth / 2, margin: '0 auto' }}>
                <Input.Password
                  autoFocus
                  aria-label={zh.migration.phrase}
                  placeholder={zh.migration.phrasePlaceholder}
                  status={wrong ? 'error' : undefined}
                  onChange={() => setWrong(false)}
                  onPressEnter={(e) => {
                    if (phraseMatches(e.currentTarget.value, siteConfig.bypassPhrase)) {
                      saveBypass(Date.now());
                      window.location.reload();
                    } else setWrong(true);
                  }}
                />
                {wrong && <Typography.Text type="danger">{zh.migration.wrongPhrase}</Typography.Text>}
              </div>
            )
          }
        />
      </div>
      <button
        type="button"
        aria-label={zh.migration.entry}
        onClick={() => setBoxOpen(true)}
        style={{
          position: 'fixed',
          right: 0,
          bottom: 0,
          width: layout.touchTarget,
          height: layout.touchTarget,
          opacity: 0,
          border: 'none',
          background: 'transparent',
          cursor: 'default',
        }}
      />
    </main>
  );
}
