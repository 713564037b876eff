/**
 * Rencounter's rules as pure functions, for the rule module that will be built on the
 * kernel (not registered yet). Each result names its checklist entry as the dice log tag.
 */
export * from './types';
export * from './chances';
export * from './action';
export * from './action-time';
export * from './activation';
export * from './weapons';
export * from './wounds';
export * from './fire';
export * from './melee';
export * from './movement';
export * from './special';
export * from './squad';
export * from './campaign';
