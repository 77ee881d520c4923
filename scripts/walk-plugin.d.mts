import type { Plugin } from 'vite';
export function instrument(code: string, file: string): string;
export function walkPlugin(root: string): Plugin;
