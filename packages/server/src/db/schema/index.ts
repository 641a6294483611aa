export * from './apps.js';
export * from './users.js';
export * from './auth-tokens.js';
export * from './settings.js';
export * from './logs.js';
