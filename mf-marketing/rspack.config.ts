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

export default (_env: unknown, argv: { mode?: string }): Configuration => {
  const production = argv.mode !== 'development';
  return {
    context: here,
    entry: './src/index.ts',
    devtool: production ? false : 'eval-cheap-module-source-map',
    output: {
      path: `${here}dist`,
      publicPath: 'auto',
      uniqueName: 'mf_marketing',
      // Hashed chunk names may be cached for ever; remoteEntry.js and mf-manifest.json keep fixed names.
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
        name: 'mf_marketing',
        filename: 'remoteEntry.js',
        exposes: {
          './PublicHeader': './src/layout/PublicHeader.tsx',
          './PublicFooter': './src/layout/PublicFooter.tsx',
          './LandingPage': './src/pages/LandingPage.tsx',
          './FeaturesPage': './src/pages/FeaturesPage.tsx',
          './PricingPage': './src/pages/PricingPage.tsx',
          './AboutPage': './src/pages/AboutPage.tsx',
          './ContactPage': './src/pages/ContactPage.tsx',
          './PrivacyPage': './src/pages/PrivacyPage.tsx',
          './TermsPage': './src/pages/TermsPage.tsx',
        },
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
        // Type emission runs tsc per build and the shell types remotes via @onvelope/ui's
        // RemoteModules instead (see README).
        dts: false,
      }),
      new rspack.HtmlRspackPlugin({ template: './index.html', chunks: ['main'] }),
    ],
    devServer: {
      port: 3001,
      historyApiFallback: true,
      // The shell on :3000 loads this remote's manifest and chunks cross-origin.
      headers: { 'Access-Control-Allow-Origin': '*' },
    },
  };
};
