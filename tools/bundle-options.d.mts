import type { BuildOptions } from 'esbuild';

export declare const TOOL_BUNDLE: BuildOptions;
