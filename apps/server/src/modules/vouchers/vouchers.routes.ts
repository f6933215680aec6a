import { voucherCalls } from '@gre/contracts';
import { authorize } from '../../lib/authorize.js';
import { registerCall, type Module } from '../../lib/register-call.js';
import { addVoucher, deleteVoucher, getVouchers, redeemVoucher, updateVoucher } from './vouchers.service.js';

/** Vouchers: admins manage them (spec §7 Permission); learners redeem one on the Voucher page. */
export const vouchersModule: Module = (app, deps) => {
  registerCall(app, voucherCalls.getVouchers, async ({ actor, body }) => {
    authorize(actor, { staff: 'admin' });
    return getVouchers(deps, body);
  });
  registerCall(app, voucherCalls.addVoucher, async ({ actor, body }) =>
    addVoucher(deps, authorize(actor, { staff: 'admin' }), body),
  );
  registerCall(app, voucherCalls.updateVoucher, async ({ actor, body }) =>
    updateVoucher(deps, authorize(actor, { staff: 'admin' }), body),
  );
  registerCall(app, voucherCalls.deleteVoucher, async ({ actor, body }) =>
    deleteVoucher(deps, authorize(actor, { staff: 'admin' }), body.id, body.op_code),
  );
  registerCall(app, voucherCalls.redeem, async ({ actor, body }) => redeemVoucher(deps, authorize(actor), body.code));
};
