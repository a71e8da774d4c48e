// Builds the public sign-in page bundle into dist/: signin.js, signin.css, favicon.svg.
import {copyFileSync, mkdirSync} from 'node:fs';
import {build} from 'esbuild';

mkdirSync('dist', {recursive: true});
await build({
  entryPoints: {signin: 'page/main.tsx'},
  outdir: 'dist',
  bundle: true,
  minify: true,
  format: 'iife',
  target: ['es2022'],
  jsx: 'automatic',
  define: {'process.env.NODE_ENV': '"production"'},
  legalComments: 'none',
  logLevel: 'warning',
});
copyFileSync('page/signin.css', 'dist/signin.css');
copyFileSync('../site/static/img/favicon.svg', 'dist/favicon.svg');
