// `npm start`: builds the web app when its build is missing or older than its sources,
// then starts the server (embedded PGlite under ./data unless DATABASE_URL says otherwise).
import { ensureClientBuilt } from './build-client.ts';

ensureClientBuilt();
const { main } = await import('../src/server/main.ts');
await main();
