import type { Module } from '../lib/register-call.js';
import { systemModule } from './system/system.routes.js';

/** Every feature module, registered in this order by buildApp. */
export const modules: Module[] = [systemModule];
