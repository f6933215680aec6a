import { mailCalls } from '@gre/contracts';
import { authorize } from '../../lib/authorize.js';
import { registerCall, type Module } from '../../lib/register-call.js';
import { getInbox, getMails, getMailSettings, markMailsRead, updateMailSettings } from './mail.service.js';
import { getNotice, noticesPage, sendNotice } from './notices.service.js';

/** Spec §7 Mail calls: the inbox, mark read, the mail list, notices (operators send, anyone opens by link), settings. */
export const mailModule: Module = (app, deps) => {
  registerCall(app, mailCalls.inboxGet, async ({ actor }) => getInbox(deps, authorize(actor)));
  registerCall(app, mailCalls.inboxMarkRead, async ({ actor, body }) => markMailsRead(deps, authorize(actor), body));
  registerCall(app, mailCalls.gets, async ({ actor, body }) => getMails(deps, authorize(actor), body));
  registerCall(app, mailCalls.sendNotice, async ({ actor, body }) =>
    sendNotice(deps, authorize(actor, { staff: 'operator' }), body),
  );
  registerCall(app, mailCalls.notices, async ({ actor, body }) => {
    authorize(actor, { staff: 'operator' });
    return noticesPage(deps, body);
  });
  registerCall(app, mailCalls.getNotice, async ({ actor, body }) => getNotice(deps, actor, body));
  registerCall(app, mailCalls.getSettings, async ({ actor }) => getMailSettings(deps, authorize(actor)));
  registerCall(app, mailCalls.updateSettings, async ({ actor, body }) =>
    updateMailSettings(deps, authorize(actor), body.off),
  );
};
