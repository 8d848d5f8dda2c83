// The Drizzle schema, gathered for the client and for drizzle-kit. One file per aggregate beside this one.
export * from './audit';
export * from './cards';
export * from './catalogue';
export * from './comments';
export * from './favorites';
export * from './invoices';
export * from './notifications';
export * from './participants';
export * from './staff';
export * from './teams';
export * from './templates';
export * from './tenants';
export * from './time-entries';
export * from './users';
