export * from './auth.ts';
export * from './errors.ts';
export * from './me.ts';
export * from './menu.ts';
export * from './validation.ts';
