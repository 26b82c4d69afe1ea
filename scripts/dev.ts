// `npm run dev`: Vite with hot reload on :5173 (proxying /api) and the API server on :3001,
// restarted by Node's watch mode whenever server code changes.
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';

const apiPort = process.env.API_PORT ?? '3001';
const children: ChildProcess[] = [
  spawn(process.execPath, ['--watch', 'src/server/main.ts'], {
    stdio: 'inherit',
    env: {
      ...process.env,
      PORT: apiPort,
      BASE_URL: process.env.BASE_URL ?? 'http://localhost:5173',
      SEED_ON_FIRST_START: process.env.SEED_ON_FIRST_START ?? 'true',
    },
  }),
  spawn(join('node_modules', '.bin', 'vite'), ['--port', '5173', '--strictPort'], {
    stdio: 'inherit',
    env: { ...process.env, API_PORT: apiPort },
  }),
];

const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', stop);
