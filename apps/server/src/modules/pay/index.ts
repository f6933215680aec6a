// The pay module's face (decision 018): trades, the gateway's notifications, the expiry job's sweep.
export { payModule } from './pay.routes.js';
export { sweepTrades } from './trades.service.js';
export { TradeLookup } from './trade-lookup.repository.js';
// A trade as the client sees it, for the admin's views of a user's trades (permission/get_user).
export { toTradeDto } from './trades.dto.js';
