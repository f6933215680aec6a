import { BoldOutlined, ItalicOutlined, LinkOutlined, PictureOutlined } from '@ant-design/icons';
import { COMMENT_CONTENT_MAX } from '@gre/contracts';
import { App, Button, Checkbox, Input, Popover, Space, Tooltip, Typography, type GetRef } from 'antd';
import { useId, useRef, useState } from 'react';
import { postsCopy } from '../../i18n/zh-CN.posts';
import { useComment } from './posts-queries';
import { UploadImageDialog } from './upload-image-dialog';

const c = postsCopy.composer;

/** An attribute value inside double quotes. */
const attr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * The comment as sent: the box holds simple HTML (the toolbar writes its tags), and line breaks become `<br>` so the
 * comment reads as it was typed. The server's allowlist decides what stays.
 */
export function toHtml(text: string): string {
  return text.trim().replace(/\r\n?/g, '\n').replace(/\n/g, '<br>');
}

const isWebAddress = (s: string) => /^https?:\/\/[^\s"<>]+$/i.test(s.trim());

function LinkButton({ onInsert }: { onInsert: (url: string) => void }) {
  const [open, setOpen] = useState(false);
  const [url, setUrl] = useState('https://');
  const bad = !isWebAddress(url);
  const insert = () => {
    if (bad) return;
    onInsert(url.trim());
    setOpen(false);
    setUrl('https://');
  };
  return (
    <Popover
      open={open}
      onOpenChange={setOpen}
      trigger="click"
      content={
        <Space orientation="vertical">
          <Space.Compact>
            <Input
              aria-label={c.linkUrl}
              value={url}
              maxLength={300}
              onChange={(e) => setUrl(e.target.value)}
              onPressEnter={insert}
              status={bad && url !== 'https://' ? 'error' : undefined}
            />
            <Button type="primary" onClick={insert} disabled={bad}>
              {c.linkInsert}
            </Button>
          </Space.Compact>
          {bad && url !== 'https://' && <Typography.Text type="danger">{c.linkBad}</Typography.Text>}
        </Space>
      }
    >
      <Tooltip title={c.link}>
        <Button type="text" size="small" icon={<LinkOutlined />} aria-label={c.link} />
      </Tooltip>
    </Popover>
  );
}

/**
 * The comment box: a textarea with bold, italic, link and image (the upload-image dialog), 匿名发布, the length
 * against COMMENT_CONTENT_MAX and 发布. A comment a keyword held is said to await review.
 */
export function Composer({
  topicId,
  parentId = null,
  autoFocus = false,
  onPosted,
}: {
  topicId: number;
  parentId?: number | null;
  autoFocus?: boolean;
  onPosted?: () => void;
}) {
  const { message } = App.useApp();
  const id = useId();
  const box = useRef<GetRef<typeof Input.TextArea>>(null);
  const [text, setText] = useState('');
  const [anonymous, setAnonymous] = useState(false);
  const [imageOpen, setImageOpen] = useState(false);
  const comment = useComment(topicId);
  const html = toHtml(text);
  const over = html.length > COMMENT_CONTENT_MAX;

  /** Puts `before` and `after` around the selection (or at the caret) and selects what was between. */
  const wrap = (before: string, after = '') => {
    const el = box.current?.resizableTextArea?.textArea;
    const start = el?.selectionStart ?? text.length;
    const end = el?.selectionEnd ?? text.length;
    const next = text.slice(0, start) + before + text.slice(start, end) + after + text.slice(end);
    setText(next);
    requestAnimationFrame(() => {
      el?.focus();
      el?.setSelectionRange(start + before.length, end + before.length);
    });
  };

  const submit = () => {
    if (!html || over) return;
    comment.mutate(
      { parentId, content: html, anonymous },
      {
        onSuccess: (res) => {
          setText('');
          if (res.review_status === 'Uploading') void message.info(postsCopy.held);
          else void message.success(postsCopy.posted);
          onPosted?.();
        },
      },
    );
  };

  const label = parentId === null ? c.label : c.replyLabel;
  return (
    <div className="gpo-composer">
      <div className="gpo-toolbar" role="toolbar" aria-label={c.toolbar}>
        <Tooltip title={c.bold}>
          <Button
            type="text"
            size="small"
            icon={<BoldOutlined />}
            aria-label={c.bold}
            onClick={() => wrap('<b>', '</b>')}
          />
        </Tooltip>
        <Tooltip title={c.italic}>
          <Button
            type="text"
            size="small"
            icon={<ItalicOutlined />}
            aria-label={c.italic}
            onClick={() => wrap('<i>', '</i>')}
          />
        </Tooltip>
        <LinkButton onInsert={(url) => wrap(`<a href="${attr(url)}">`, '</a>')} />
        <Tooltip title={c.image}>
          <Button
            type="text"
            size="small"
            icon={<PictureOutlined />}
            aria-label={c.image}
            onClick={() => setImageOpen(true)}
          />
        </Tooltip>
      </div>
      <label htmlFor={id} className="gpo-visually-hidden">
        {label}
      </label>
      <Input.TextArea
        id={id}
        ref={box}
        value={text}
        onChange={(e) => setText(e.target.value)}
        placeholder={c.placeholder}
        autoSize={{ minRows: parentId === null ? 3 : 2, maxRows: 12 }}
        autoFocus={autoFocus}
        status={over ? 'error' : undefined}
      />
      <div className="gpo-composer-foot">
        <Checkbox checked={anonymous} onChange={(e) => setAnonymous(e.target.checked)}>
          {c.anonymous}
        </Checkbox>
        <Typography.Text type={over ? 'danger' : 'secondary'} aria-live="polite">
          {over ? c.tooLong(COMMENT_CONTENT_MAX) : c.count(html.length, COMMENT_CONTENT_MAX)}
        </Typography.Text>
        <Button type="primary" onClick={submit} disabled={!html || over} loading={comment.isPending}>
          {parentId === null ? c.submit : c.submitReply}
        </Button>
      </div>
      <UploadImageDialog
        open={imageOpen}
        onClose={() => setImageOpen(false)}
        onInsert={(url, alt) => wrap(`<img src="${attr(url)}" alt="${attr(alt)}">`)}
      />
    </div>
  );
}
