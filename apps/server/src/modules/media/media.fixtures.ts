import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { MediaManifest } from '@gre/contracts';

/** A media folder of random bytes: a 3-page-sized "PDF" and a "video", with a manifest naming them. */
export interface MediaFixture {
  dir: string;
  manifestPath: string;
  manifest: MediaManifest;
  pdf: Buffer;
  video: Buffer;
  cleanup(): void;
}

export const PDF_BYTES = 70_001;
export const VIDEO_BYTES = 123_457;

export function mediaFixture(): MediaFixture {
  const root = mkdtempSync(join(tmpdir(), 'gre-media-test-'));
  const dir = join(root, 'files');
  const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(PDF_BYTES - 9)]);
  const video = Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), randomBytes(VIDEO_BYTES - 4)]);
  const manifest: MediaManifest = {
    materials: [
      {
        id: 'm-formulas',
        title: '数学公式：速查 / 总结',
        description: '公式',
        category: 'quant',
        file: 'formulas.pdf',
        mime: 'application/pdf',
        size_bytes: pdf.length,
        pages: 3,
        position: 10,
      },
      {
        id: 'm-gone',
        title: '缺文件的资料',
        description: '',
        category: 'verbal',
        file: 'gone.pdf',
        mime: 'application/pdf',
        size_bytes: 10,
        pages: 1,
        position: 20,
      },
    ],
    videos: [
      {
        id: 'v-explain',
        title: '讲解视频',
        description: '讲一道题',
        kind: 'explanation',
        file: 'explain.webm',
        mime: 'video/webm',
        size_bytes: video.length,
        duration_seconds: 40,
        question_id: 'q-pub',
        min_role: null,
        position: 10,
      },
      {
        id: 'v-locked-q',
        title: '会员题讲解',
        description: '',
        kind: 'explanation',
        file: 'explain.webm.2.webm',
        mime: 'video/webm',
        size_bytes: 5,
        duration_seconds: 30,
        question_id: 'q-lock',
        min_role: null,
        position: 20,
      },
      {
        id: 'v-vip',
        title: '会员课程',
        description: '',
        kind: 'course',
        file: 'vip.webm',
        mime: 'video/webm',
        size_bytes: 5,
        duration_seconds: 30,
        question_id: null,
        min_role: 'VIP',
        position: 30,
      },
    ],
  };
  writeFileSync(join(root, 'media.json'), JSON.stringify(manifest));
  // `files` holds only these two; the other rows' files are missing on purpose.
  mkdirSync(dir);
  writeFileSync(join(dir, 'formulas.pdf'), pdf);
  writeFileSync(join(dir, 'explain.webm'), video);
  // A file beside the media folder that no address may reach.
  writeFileSync(join(root, 'secret.txt'), 'not media');
  return {
    dir,
    manifestPath: join(root, 'media.json'),
    manifest,
    pdf,
    video,
    cleanup: () => rmSync(root, { recursive: true, force: true }),
  };
}
