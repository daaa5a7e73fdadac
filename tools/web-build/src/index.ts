import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { rspack, type Configuration } from '@rspack/core';

// One file on purpose: rspack may load it by stripping types natively (Node 22.18+), and that
// loader does not map relative `.js` imports onto `.ts` sources.

export interface FederatedAppOptions {
  /** The app's folder, holding package.json, index.html and src/index.ts: `import.meta.dirname`. */
  dir: string;
  /** The Module Federation container name (shell, mf_marketing, ...), also the output's uniqueName. */
  name: string;
  /** The dev server's port. */
  devPort: number;
  /**
   * The modules a remote exposes through remoteEntry.js and mf-manifest.json. Without them the app
   * is the host: its remotes are registered at run time from /remotes.json, and it serves deep links.
   */
  exposes?: Record<string, string>;
  /** Paths the dev server forwards to another server, such as the API behind the gateway. */
  devProxy?: { paths: string[]; target: string };
}

type ConfigFunction = (env: unknown, argv: { mode?: string }) => Configuration;

/** The rspack configuration of a host or remote: `export default federatedAppConfig({...})`. */
export function federatedAppConfig(options: FederatedAppOptions): ConfigFunction {
  const { dir, name, devPort, exposes, devProxy } = options;
  const { dependencies } = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as {
    dependencies: Record<string, string>;
  };
  // Only true singletons are shared (CONVENTIONS: micro-frontends): one React and one router
  // instance across shell and remotes. @onvelope/ui holds no React context, so each app bundles its
  // own copy.
  const singleton = (pkg: string) => ({ singleton: true, requiredVersion: dependencies[pkg] });
  const remote = Boolean(exposes);

  return (_env, argv) => {
    const production = argv.mode !== 'development';
    return {
      context: dir,
      entry: './src/index.ts',
      devtool: production ? false : 'eval-cheap-module-source-map',
      output: {
        path: join(dir, 'dist'),
        publicPath: 'auto',
        uniqueName: name,
        // Hashed names may be cached for ever; index.html, remoteEntry.js and mf-manifest.json keep
        // fixed names and must not be.
        filename: production ? '[name].[contenthash:8].js' : '[name].js',
        cssFilename: production ? '[name].[contenthash:8].css' : '[name].css',
        assetModuleFilename: production ? '[name].[contenthash:8][ext]' : '[name][ext]',
        clean: true,
      },
      resolve: {
        extensions: ['.ts', '.tsx', '.js'],
        extensionAlias: { '.js': ['.ts', '.tsx', '.js'] },
        conditionNames: ['source', 'browser', 'import', 'module', 'default'],
      },
      module: {
        rules: [
          {
            test: /\.tsx?$/,
            exclude: /node_modules/,
            loader: 'builtin:swc-loader',
            options: {
              jsc: {
                parser: { syntax: 'typescript', tsx: true },
                transform: { react: { runtime: 'automatic', development: !production } },
                target: 'es2022',
              },
            },
            type: 'javascript/auto',
          },
          { test: /\.css$/, type: 'css/auto' },
          {
            // Importing one helper from @onvelope/ui must not bring the rest of it, nor every schema
            // of @onvelope/contracts (and zod) into the shell's first load: their TypeScript modules
            // only declare things, so unused ones can be dropped (a CSS import keeps its effect).
            test: /[\\/]packages[\\/](ui|contracts)[\\/]src[\\/].*\.tsx?$/,
            sideEffects: false,
          },
        ],
      },
      plugins: [
        new ModuleFederationPlugin({
          name,
          // The host has no build-time remotes: it registers them at run time from /remotes.json.
          ...(remote ? { filename: 'remoteEntry.js', exposes } : { remotes: {} }),
          shared: {
            react: singleton('react'),
            'react/jsx-runtime': singleton('react'),
            'react-dom': singleton('react-dom'),
            'react-dom/client': singleton('react-dom'),
            '@onvelope/router': singleton('@onvelope/router'),
          },
          // A dead remote must not delay the others: never load every remote entry up front.
          shareStrategy: 'loaded-first',
          manifest: true,
          // Type emission runs tsc per build; the shell types remotes through @onvelope/ui's
          // RemoteModules instead (see shell/README.md).
          dts: false,
          experiments: {
            // One federation runtime per page: the shell provides it and the remotes' entries use
            // it instead of carrying their own (~20 kB gzip each). Production only: a remote's
            // standalone dev page has no shell to provide it.
            ...(remote ? { externalRuntime: production } : { provideExternalRuntime: true }),
            // Drops the runtime's Node.js code paths.
            optimization: { target: 'web' },
          },
        }),
        new rspack.HtmlRspackPlugin({
          template: './index.html',
          // A remote's page is for working on it alone and does not load remoteEntry.js. The host's
          // scripts load from '/', not relative to the page: the gateway answers deep links such as
          // /old-privacy or an unknown /a/b with this same index.html.
          ...(exposes ? { chunks: ['main'] } : { publicPath: '/' }),
        }),
      ],
      devServer: {
        port: devPort,
        historyApiFallback: true,
        // The shell on :3000 loads a remote's manifest and chunks cross-origin.
        ...(exposes && { headers: { 'Access-Control-Allow-Origin': '*' } }),
        ...(devProxy && {
          proxy: [{ context: devProxy.paths, target: devProxy.target, changeOrigin: true }],
        }),
      },
    };
  };
}
