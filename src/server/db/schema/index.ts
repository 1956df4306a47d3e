export * from './users.js';
export * from './companies.js';
export * from './catalog.js';
export * from './expenses.js';
export * from './audit.js';
export * from './platform.js';
export * from './billing.js';
export * from './integrations.js';
