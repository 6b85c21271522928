import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { rspack, type Configuration, type RuleSetRule } from '@rspack/core';
import type { SiteConfig } from './core/plugin-api';
import { CHUNK_LOAD_TIMEOUT_MS } from './core/shared/constants';
import { prepareSite, runFormCompiler } from './scripts/prepare-site';

const ROOT = dirname(fileURLToPath(import.meta.url));

/** Spec §9: chunk load timeout 120 s. */
/** Where `rspack serve` sends API, GraphQL and realtime traffic. */
export const DEV_BACKEND = 'http://127.0.0.1:8080';

export type BuildMode = 'production' | 'development';

export interface SiteBundleOptions {
  site: SiteConfig;
  /** .generated/sites/<site>/entry.tsx */
  entryFile: string;
  mode: BuildMode;
  /** Directory the entry's relative paths and the default outDir resolve against (the project root). */
  root?: string;
  /** Defaults to <root>/dist/<site.name>. */
  outDir?: string;
}

/**
 * Semi UI styles: every component module imports its own stylesheet, and the package index imports
 * _base/base.css (theme variables, dark palette). The index is declared side-effect free here so that
 * unused components, and their CSS, are dropped; base.css is then loaded first by the entry itself.
 */
const SEMI_BASE_CSS = '@douyinfe/semi-ui-19/lib/es/_base/base.css';
const SEMI_INDEX = /[\\/]@douyinfe[\\/]semi-ui-19[\\/]lib[\\/]es[\\/]index\.js$/;

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** Values the HTML template (core/web/index.html) fills in before the first script runs. */
export function htmlTemplateParameters(site: SiteConfig): Record<string, string> {
  const night = site.theme === 'theme-night';
  return {
    title: escapeHtml(site.title),
    lang: escapeHtml(site.language),
    // Semi UI switches to its dark palette on body[theme-mode="dark"].
    bodyAttributes: night ? `class="${site.theme}" theme-mode="dark"` : `class="${site.theme}"`,
    basePath: site.basePath,
  };
}

function scriptRule(production: boolean): RuleSetRule {
  return {
    test: /\.(ts|tsx|mts)$/,
    exclude: /node_modules/,
    loader: 'builtin:swc-loader',
    options: {
      jsc: {
        parser: { syntax: 'typescript', tsx: true },
        transform: { react: { runtime: 'automatic', development: !production } },
      },
    },
    type: 'javascript/auto',
  };
}

/** The rspack configuration of one site build. */
export function createRspackConfig(options: SiteBundleOptions): Configuration {
  const { site, entryFile, mode } = options;
  const root = resolve(options.root ?? ROOT);
  const production = mode === 'production';
  const hashed = (pattern: string) => (production ? pattern.replace('[name]', '[name].[contenthash:8]') : pattern);
  return {
    mode,
    context: root,
    target: ['web', 'es2020'],
    entry: { main: [SEMI_BASE_CSS, entryFile] },
    // Semi's per-component stylesheets style disjoint class names, so their order across chunks does not matter.
    ignoreWarnings: [/Conflicting order between/],
    output: {
      path: options.outDir ?? join(root, 'dist', site.name),
      publicPath: site.basePath,
      filename: hashed('assets/[name].js'),
      chunkFilename: hashed('assets/[name].js'),
      cssFilename: hashed('assets/[name].css'),
      cssChunkFilename: hashed('assets/[name].css'),
      assetModuleFilename: hashed('assets/[name][ext]'),
      chunkLoadTimeout: CHUNK_LOAD_TIMEOUT_MS,
      clean: true,
    },
    // Production maps are separate files; no eval-based devtool, so a CSP without unsafe-eval holds.
    devtool: production ? 'source-map' : 'cheap-module-source-map',
    resolve: { extensions: ['.tsx', '.ts', '.mjs', '.js', '.json'] },
    module: {
      rules: [
        scriptRule(production),
        // Native CSS: each stylesheet lands in the chunk that imports it and is emitted as a .css file.
        { test: /\.css$/, type: 'css/auto' },
        { test: SEMI_INDEX, sideEffects: false },
        { test: /\.(png|jpe?g|gif|webp|avif|ico|svg)$/i, type: 'asset' },
        { test: /\.(woff2?|ttf|otf|eot)$/i, type: 'asset/resource' },
      ],
    },
    optimization: {
      minimize: production,
      runtimeChunk: 'single',
      splitChunks: {
        chunks: 'all',
        cacheGroups: {
          // Changes only when React is upgraded, so browsers keep it across releases.
          react: {
            test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/,
            name: 'react',
            chunks: 'all',
            priority: 20,
          },
        },
      },
    },
    node: { global: false },
    performance: { hints: false },
    plugins: [
      // `global` (used by some npm packages) becomes globalThis, so the bundle needs no runtime global shim,
      // whose fallback is `new Function('return this')`.
      new rspack.DefinePlugin({ 'process.env.NODE_ENV': JSON.stringify(mode), global: 'globalThis' }),
      new rspack.HtmlRspackPlugin({
        template: join(ROOT, 'core', 'web', 'index.html'),
        templateParameters: htmlTemplateParameters(site),
        filename: 'index.html',
        inject: 'head',
        scriptLoading: 'defer',
        minify: production,
      }),
      new rspack.CopyRspackPlugin({ patterns: [{ from: join(ROOT, 'core', 'web', 'public'), to: '.' }] }),
    ],
    devServer: {
      port: 3000,
      hot: true,
      historyApiFallback: { index: `${site.basePath}index.html` },
      proxy: [
        { context: ['/api', '/graphql'], target: DEV_BACKEND, changeOrigin: true },
        { context: ['/mqtt'], target: DEV_BACKEND, ws: true },
      ],
    },
  };
}

interface RspackEnv {
  site?: string;
  RSPACK_SERVE?: boolean;
}

/** `npx rspack build --env site=<name>` / `npx rspack serve --env site=<name>` (SITE is the fallback). */
export default async function config(env: RspackEnv = {}, argv: { mode?: string } = {}): Promise<Configuration> {
  const name = env.site ?? process.env.SITE ?? 'default';
  const mode: BuildMode =
    argv.mode === 'development' || argv.mode === 'production'
      ? argv.mode
      : env.RSPACK_SERVE
        ? 'development'
        : 'production';
  runFormCompiler(ROOT);
  const { site, entryFile } = await prepareSite(ROOT, name);
  return createRspackConfig({ site, entryFile, mode });
}
