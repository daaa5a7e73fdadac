export { startSystem, type RunningSystem, type SystemOptions } from './system.js';
export { frontends, gateway, services } from './apps.js';
