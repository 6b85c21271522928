export * from './manifest';
export * from './site-config';
export * from './web';
export * from './server';
export * from './console-permissions';
