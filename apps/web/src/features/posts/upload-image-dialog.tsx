import { IMAGE_MAX_BYTES, IMAGE_TYPES, postCalls } from '@gre/contracts';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Input, Modal, Space, Typography } from 'antd';
import { useRef, useState } from 'react';
import { call } from '../../api/client';
import { formatBytes } from '../../components/format';
import { coreCopy } from '../../i18n/zh-CN.core';
import { postsCopy } from '../../i18n/zh-CN.posts';

const u = postsCopy.upload;

/** Why a picked file cannot be uploaded, in the learner's words; null when it may go to the server. */
export function imageProblem(file: Pick<File, 'type' | 'size'>): string | null {
  if (!(IMAGE_TYPES as readonly string[]).includes(file.type)) return u.badType;
  if (file.size === 0) return u.empty;
  if (file.size > IMAGE_MAX_BYTES) return u.tooBig(formatBytes(IMAGE_MAX_BYTES));
  return null;
}

/** A file's bytes as base64 (what /api/upload/image takes), without the data URL's prefix. */
export function readBase64(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      const url = typeof reader.result === 'string' ? reader.result : '';
      resolve(url.slice(url.indexOf(',') + 1));
    };
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(file);
  });
}

const stem = (name: string) => name.replace(/\.[^.]*$/, '').slice(0, 60);

/**
 * Spec §2 upload-image dialog: one image, its type and size checked here first (the server checks the bytes again),
 * sent as base64; on success the composer gets its address and description to insert.
 */
export function UploadImageDialog({
  open,
  onClose,
  onInsert,
}: {
  open: boolean;
  onClose: () => void;
  onInsert: (url: string, alt: string) => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [alt, setAlt] = useState('');
  const upload = useMutation({
    mutationFn: async (f: File) => {
      let data: string;
      try {
        data = await readBase64(f);
      } catch {
        throw new Error(u.readFailed);
      }
      return call(postCalls.uploadImage, { name: f.name.slice(0, 120) || 'image', data });
    },
    onSuccess: (res) => {
      onInsert(res.url, alt.trim());
      reset();
      onClose();
    },
  });
  const reset = () => {
    setFile(null);
    setProblem(null);
    setAlt('');
    if (input.current) input.current.value = '';
  };
  const pick = (f: File | undefined) => {
    if (!f) return;
    const why = imageProblem(f);
    setProblem(why);
    setFile(why ? null : f);
    if (!why) setAlt(stem(f.name));
  };
  return (
    <Modal
      open={open}
      title={u.title}
      onCancel={() => {
        reset();
        onClose();
      }}
      okText={u.submit}
      cancelText={coreCopy.common.cancel}
      okButtonProps={{ disabled: !file, loading: upload.isPending }}
      onOk={() => file && upload.mutate(file)}
      destroyOnHidden
    >
      <Space orientation="vertical" style={{ width: '100%' }}>
        <input
          ref={input}
          aria-label={u.pick}
          type="file"
          accept={IMAGE_TYPES.join(',')}
          className="gpo-file"
          onChange={(e) => pick(e.target.files?.[0])}
        />
        <Button onClick={() => input.current?.click()}>{u.pick}</Button>
        {file && <Typography.Text>{u.picked(file.name, formatBytes(file.size))}</Typography.Text>}
        <Typography.Text type="secondary">{u.hint(formatBytes(IMAGE_MAX_BYTES))}</Typography.Text>
        {problem && <Alert type="error" showIcon title={problem} />}
        <Input
          aria-label={u.alt}
          placeholder={u.altPlaceholder}
          value={alt}
          maxLength={100}
          onChange={(e) => setAlt(e.target.value)}
          disabled={!file}
        />
      </Space>
    </Modal>
  );
}
