import { COMMENT_CONTENT_MAX, IMAGE_MAX_BYTES, postCalls, type CallRequest } from '@gre/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { zh } from '../../i18n/zh-CN';
import { openChat } from '../../state/ui';
import { fake, fakeServer } from '../../test-utils';
import { Composer, toHtml } from './composer';
import { cleanUpAfterEach, renderInLayer } from './test-utils/render-panel';
import { makeComment, ThreadWorld } from './test-utils/thread-world';
import { imageProblem } from './upload-image-dialog';

const t = zh.posts;
const c = t.composer;
const u = t.upload;

cleanUpAfterEach();

const URL_OF_UPLOAD = `/uploads/images/${'a'.repeat(64)}.png`;

function serve(world = new ThreadWorld(5, [])) {
  const uploads: CallRequest<typeof postCalls.uploadImage>[] = [];
  fakeServer(
    ...world.routes(),
    fake(postCalls.uploadImage, (b) => {
      uploads.push(b);
      return { data: { url: URL_OF_UPLOAD, type: 'image/png' as const, bytes: 4, width: 1, height: 1 } };
    }),
  );
  renderInLayer(<Composer topicId={5} />);
  return { world, uploads, user: userEvent.setup() };
}

const box = () => screen.getByRole<HTMLTextAreaElement>('textbox', { name: c.label });

describe('Composer', () => {
  it('sends simple HTML (line breaks kept), anonymously when asked, and says a held comment awaits review', async () => {
    const { world, user } = serve();
    world.nextStatus = 'Uploading';
    await user.type(box(), '第一行{Enter}第二行');
    await user.click(screen.getByRole('checkbox', { name: c.anonymous }));
    await user.click(screen.getByRole('button', { name: c.submit }));
    expect(await screen.findByText(t.held)).toBeTruthy();
    expect(world.sent.comments).toEqual([
      { topic_id: 5, parent_id: null, content: '第一行<br>第二行', anonymous: true },
    ]);
    await waitFor(() => expect(box().value).toBe(''));
  });

  it('wraps the selection in bold and italic, and inserts a checked link', async () => {
    const { user } = serve();
    await user.type(box(), 'laconic');
    box().setSelectionRange(0, 7);
    await user.click(screen.getByRole('button', { name: c.bold }));
    expect(box().value).toBe('<b>laconic</b>');
    box().setSelectionRange(3, 10);
    await user.click(screen.getByRole('button', { name: c.italic }));
    expect(box().value).toBe('<b><i>laconic</i></b>');
    box().setSelectionRange(box().value.length, box().value.length);
    await user.click(screen.getByRole('button', { name: c.link }));
    const url = await screen.findByRole('textbox', { name: c.linkUrl });
    await user.clear(url);
    await user.type(url, 'javascript:alert(1)');
    expect(screen.getByText(c.linkBad)).toBeTruthy();
    expect(screen.getByRole('button', { name: c.linkInsert }).hasAttribute('disabled')).toBe(true);
    await user.clear(url);
    await user.type(url, 'https://example.com/a?b=1&c=2');
    await user.click(screen.getByRole('button', { name: c.linkInsert }));
    expect(box().value).toBe('<b><i>laconic</i></b><a href="https://example.com/a?b=1&amp;c=2"></a>');
  });

  it('counts against COMMENT_CONTENT_MAX and refuses to send past it', async () => {
    const { world, user } = serve();
    fireEvent.change(box(), { target: { value: 'x'.repeat(COMMENT_CONTENT_MAX) } });
    expect(screen.getByText(c.count(COMMENT_CONTENT_MAX, COMMENT_CONTENT_MAX))).toBeTruthy();
    expect(screen.getByRole('button', { name: c.submit }).hasAttribute('disabled')).toBe(false);
    fireEvent.change(box(), { target: { value: 'x'.repeat(COMMENT_CONTENT_MAX + 1) } });
    expect(screen.getByText(c.tooLong(COMMENT_CONTENT_MAX))).toBeTruthy();
    const submit = screen.getByRole('button', { name: c.submit });
    expect(submit.hasAttribute('disabled')).toBe(true);
    await user.click(submit);
    expect(world.sent.comments).toEqual([]);
  });

  it('turns line breaks into <br> and drops the ends', () => {
    expect(toHtml('  a\r\nb\n\nc  ')).toBe('a<br>b<br><br>c');
  });
});

describe('upload-image dialog', () => {
  const png = (bytes: number, name = 'chart.png', type = 'image/png') =>
    new File([new Uint8Array(bytes).fill(65)], name, { type });

  it('refuses other types, empty files and files over IMAGE_MAX_BYTES', () => {
    expect(imageProblem({ type: 'image/svg+xml', size: 10 })).toBe(u.badType);
    expect(imageProblem({ type: 'text/html', size: 10 })).toBe(u.badType);
    expect(imageProblem({ type: 'image/png', size: 0 })).toBe(u.empty);
    expect(imageProblem({ type: 'image/jpeg', size: IMAGE_MAX_BYTES + 1 })).toBe(u.tooBig('2.0 MB'));
    expect(imageProblem({ type: 'image/webp', size: IMAGE_MAX_BYTES })).toBeNull();
  });

  it('says why a file is refused, uploads a good one as base64 and inserts it into the comment', async () => {
    const { uploads, user } = serve();
    await user.click(screen.getByRole('button', { name: c.image }));
    const dialog = await screen.findByRole('dialog', { name: u.title });
    const input = within(dialog).getByLabelText<HTMLInputElement>(u.pick);
    const ok = () => within(dialog).getByRole('button', { name: u.submit });

    const pick = (file: File) => fireEvent.change(input, { target: { files: [file] } });
    pick(new File(['<svg/>'], 'x.svg', { type: 'image/svg+xml' }));
    expect(await within(dialog).findByText(u.badType)).toBeTruthy();
    expect(ok().hasAttribute('disabled')).toBe(true);

    const big = png(1);
    Object.defineProperty(big, 'size', { value: IMAGE_MAX_BYTES + 1 });
    pick(big);
    expect(await within(dialog).findByText(u.tooBig('2.0 MB'))).toBeTruthy();
    expect(ok().hasAttribute('disabled')).toBe(true);

    pick(png(4, 'chart.png'));
    expect(within(dialog).queryByText(u.tooBig('2.0 MB'))).toBeNull();
    const alt = within(dialog).getByRole('textbox', { name: u.alt });
    expect((alt as HTMLInputElement).value).toBe('chart');
    await user.clear(alt);
    await user.type(alt, '走势 "图"');
    await user.click(ok());
    await waitFor(() => expect(box().value).toBe(`<img src="${URL_OF_UPLOAD}" alt="走势 &quot;图&quot;">`));
    expect(uploads).toEqual([{ name: 'chart.png', data: btoa('AAAA') }]);
  });
});

describe('chat dialog', () => {
  it('opens on a question with its subject and the 讨论 tab holding the discussion', async () => {
    const world = new ThreadWorld(9, [makeComment({ id: 1, nick_name: '小红', content: '<p>选 C</p>' })]);
    fakeServer(...world.routes());
    renderInLayer(<p>page</p>);
    act(() => openChat(9));
    const dialog = await screen.findByRole('dialog', { name: t.chat.title });
    expect(await within(dialog).findByText('文本填空')).toBeTruthy();
    expect(within(dialog).getByRole('tab', { name: t.chat.tabs.discussion })).toBeTruthy();
    const item = await within(dialog).findByRole('article', { name: '小红' });
    expect(within(item).getByText('选 C')).toBeTruthy();
    expect(within(dialog).getByText(t.count(1))).toBeTruthy();
    // The subject and the panel share one read of the first page.
    expect(world.sent.calls.filter((x) => x === 'get')).toHaveLength(1);
  });
});
