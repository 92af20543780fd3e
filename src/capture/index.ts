export * from './source.ts';
export * from './folder.ts';
export * from './ffmpeg.ts';
export * from './open.ts';
