// The crafts module's face (decision 018): what other modules may use of it.
export { craftsModule } from './crafts.routes.js';
export { drawPersonal, type DrawnQuestion, type PersonalDraw } from './crafts.service.js';
export { toCraft, type CraftRow } from './craft-view.js';
// update_v2's batchers, one per Deps, built by createDeps (decisions 012, 017).
export { CraftBatch } from './craft-batch.js';
