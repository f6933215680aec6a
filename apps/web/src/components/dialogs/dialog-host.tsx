import { Button, Modal, Skeleton } from 'antd';
import { lazy, Suspense, type ReactNode } from 'react';
import { zh } from '../../i18n/zh-CN.core';
import { flashCopy } from '../../i18n/zh-CN.flash';
import { payCopy } from '../../i18n/zh-CN.pay';
import { postsCopy } from '../../i18n/zh-CN.posts';
import { useStore } from '../../state/store';
import { closeDialog, dialogStore, type GlobalDialog } from '../../state/ui';
import { layout } from '../../theme';

// Dialog bodies (tables, lists) load on first open so they stay out of the initial chunk.
const UpgradeDialogBody = lazy(() => import('./catalogue-dialogs').then((m) => ({ default: m.UpgradeDialogBody })));
const DayOverflowBody = lazy(() => import('./catalogue-dialogs').then((m) => ({ default: m.DayOverflowBody })));
const SimNoPermBody = lazy(() => import('./catalogue-dialogs').then((m) => ({ default: m.SimNoPermBody })));
const PublicOnlyBody = lazy(() => import('./catalogue-dialogs').then((m) => ({ default: m.PublicOnlyBody })));
const RightsOverviewBody = lazy(() => import('./catalogue-dialogs').then((m) => ({ default: m.RightsOverviewBody })));
// The payment dialog is the pay feature's widget, named by its file like a lazy page (decision 019).
const PayDialogBody = lazy(() => import('../../features/pay/pay-dialog').then((m) => ({ default: m.PayDialogBody })));
// The create-flash dialog is the flash feature's widget, loaded like the payment dialog.
const CreateFlashBody = lazy(() =>
  import('../../features/flash/create-flash-dialog').then((m) => ({ default: m.CreateFlashBody })),
);
// The chat dialog is the posts feature's widget, loaded like the payment dialog.
const ChatDialogBody = lazy(() =>
  import('../../features/posts/chat-dialog').then((m) => ({ default: m.ChatDialogBody })),
);
// The study assistant (issue 18) for questions about the learner's progress, loaded like the payment dialog.
const AssistantPanel = lazy(() => import('../../features/assistant/assistant-panel'));
const ContactBody = lazy(() => import('./info-dialogs').then((m) => ({ default: m.ContactBody })));
// The footer's rights dialog reads the live quotas and prices: the tier tables, apart from the two small info dialogs.
const RightsBody = lazy(() => import('./rights-body').then((m) => ({ default: m.RightsBody })));
const LoginHintBody = lazy(() => import('./info-dialogs').then((m) => ({ default: m.LoginHintBody })));

const d = zh.dialogs;

interface DialogContent {
  title: string;
  body: ReactNode;
  wide?: boolean;
  /** The dialog draws its own buttons: the host adds no '关闭' of its own beside them. */
  ownFooter?: boolean;
  /** At phone width the dialog takes the whole screen (a conversation needs the height): a class, not a hook, so the
   * host's first load stays as small as the exam screen needs. */
  fullOnPhone?: boolean;
}

/** The class a `fullOnPhone` dialog's wrapper carries; its body's stylesheet (assistant.css) draws it full-screen. */
const FULL_ON_PHONE = 'gb-modal-phone-full';

function content(dialog: GlobalDialog): DialogContent {
  switch (dialog.kind) {
    case 'pay':
      return {
        title: dialog.trade === 'FlashCoin' ? payCopy.title.flash : payCopy.title.membership,
        // Keyed by kind: opening another payment over this one starts its own trade and timers.
        body: <PayDialogBody key={dialog.trade} kind={dialog.trade} />,
        ownFooter: true,
      };
    case 'create_flash':
      return {
        title: flashCopy.create.title,
        // Keyed by the preset: opening it again from another source starts from that source.
        body: (
          <CreateFlashBody
            key={`${dialog.range_kind}:${dialog.scope}`}
            rangeKind={dialog.range_kind}
            scope={dialog.scope}
          />
        ),
        ownFooter: true,
      };
    case 'chat':
      return {
        title: postsCopy.chat.title,
        // Keyed by the thread: another question's dialog starts on its own first page.
        body: <ChatDialogBody key={dialog.topic_id} topicId={dialog.topic_id} questionId={dialog.question_id} />,
        wide: true,
        fullOnPhone: true,
      };
    case 'assistant':
      return { title: zh.nav.assistant, body: <AssistantPanel />, wide: true, fullOnPhone: true };
    case 'rights_overview':
      return { title: payCopy.overview.title, body: <RightsOverviewBody />, wide: true };
    case 'upgrade':
      return {
        title: d.upgradeTitle,
        body: <UpgradeDialogBody reason={dialog.reason} quota={dialog.quota ?? null} />,
        wide: true,
      };
    case 'day_overflow':
      return {
        title: d.dayOverflowTitle,
        body: <DayOverflowBody subject={dialog.subject} roleName={dialog.roleName} quota={dialog.quota ?? null} />,
        wide: true,
      };
    case 'sim_no_perm':
      return {
        title: dialog.quota ? d.simUsedUpTitle : d.simNoPermTitle,
        body: <SimNoPermBody quota={dialog.quota ?? null} />,
        wide: true,
      };
    case 'public_only':
      return { title: d.publicOnlyTitle, body: <PublicOnlyBody />, wide: true };
    case 'contact':
      return { title: d.contactTitle, body: <ContactBody onNavigate={closeDialog} /> };
    case 'rights':
      return { title: d.rightsTitle, body: <RightsBody />, wide: true };
    case 'login_hint':
      return { title: d.loginHintTitle, body: <LoginHintBody /> };
  }
}

/**
 * ui.md: the spec's global dialogs, one host, one at a time, each closable with Esc or its Close button. Closing
 * unmounts the body once antd's closing motion ends (`destroyOnHidden`); the payment dialog also reads the store, so
 * its polling stops the moment it is closed rather than after the motion.
 */
export function DialogHost() {
  const dialog = useStore(dialogStore);
  const c = dialog ? content(dialog) : null;
  return (
    <Modal
      open={c !== null}
      title={c?.title}
      width={c?.wide ? layout.dialogWide : layout.dialogNarrow}
      wrapClassName={c?.fullOnPhone ? FULL_ON_PHONE : undefined}
      onCancel={closeDialog}
      destroyOnHidden
      footer={
        c?.ownFooter ? null : (
          <Button type="primary" onClick={closeDialog}>
            {zh.common.close}
          </Button>
        )
      }
    >
      <Suspense fallback={<Skeleton active />}>{c?.body}</Suspense>
    </Modal>
  );
}
