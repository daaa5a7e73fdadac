import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { rspack, type Configuration } from '@rspack/core';

const here = fileURLToPath(new URL('.', import.meta.url));
const { dependencies } = JSON.parse(readFileSync(`${here}package.json`, 'utf8')) as {
  dependencies: Record<string, string>;
};
// Only true singletons are shared (CONVENTIONS: micro-frontends): one React and one router instance
// across shell and remotes. @onvelope/ui holds no React context, so each app bundles its own copy.
const singleton = (pkg: string) => ({ singleton: true, requiredVersion: dependencies[pkg] });

const gateway = process.env.GATEWAY_URL ?? 'http://localhost:8080';

export default (_env: unknown, argv: { mode?: string }): Configuration => {
  const production = argv.mode !== 'development';
  return {
    context: here,
    entry: './src/index.ts',
    devtool: production ? false : 'eval-cheap-module-source-map',
    output: {
      path: `${here}dist`,
      publicPath: 'auto',
      uniqueName: 'shell',
      // Hashed names may be cached for ever; index.html is the only file that must not be.
      filename: production ? '[name].[contenthash:8].js' : '[name].js',
      cssFilename: production ? '[name].[contenthash:8].css' : '[name].css',
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
      ],
    },
    plugins: [
      new ModuleFederationPlugin({
        name: 'shell',
        // No build-time remotes: they are registered at run time from /remotes.json.
        remotes: {},
        shared: {
          react: singleton('react'),
          'react/jsx-runtime': singleton('react'),
          'react-dom': singleton('react-dom'),
          'react-dom/client': singleton('react-dom'),
          'react-router': singleton('react-router'),
        },
        // A dead remote must not delay the others: never load every remote entry up front.
        shareStrategy: 'loaded-first',
        manifest: true,
        // The shell types remote modules through @onvelope/ui's RemoteModules (see README).
        dts: false,
      }),
      // Scripts load from '/', not relative to the page: the gateway answers deep links such as
      // /old-privacy or an unknown /a/b with this same index.html.
      new rspack.HtmlRspackPlugin({ template: './index.html', publicPath: '/' }),
    ],
    devServer: {
      port: 3000,
      historyApiFallback: true,
      proxy: [{ context: ['/api', '/auth', '/remotes.json'], target: gateway, changeOrigin: true }],
    },
  };
};
