// The vouchers module's face (decision 018): vouchers and their redemption.
export { vouchersModule } from './vouchers.routes.js';
