import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: { '@zhaokao/contracts': fileURLToPath(new URL('../../packages/contracts/src/index.ts', import.meta.url)) },
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:8080' },
  },
  build: {
    manifest: true,
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      treeshake: {
        // antd's @rc-component/* packages declare no `sideEffects`, so importing one name from a package index
        // (antd's Button takes `FormProvider` from @rc-component/form) would bring the whole package into every
        // page, form validation included. Their modules only define components and helpers.
        // (The contracts declare their own `sideEffects` in their package.json.)
        moduleSideEffects: [{ test: /node_modules[\\/]@rc-component[\\/]/, sideEffects: false }],
      },
    },
  },
});
