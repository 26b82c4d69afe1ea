import { seedBenchmark } from '../../../../tools/seed/seed-bench.ts';
import { postgresSearchIndex } from './postgres-search.ts';
import { searchIndexContract } from './search-index.contract.ts';

// Today's query paths (the sort index's walk, the GIN indexes, browse by index), on PGlite and
// PostgreSQL.
searchIndexContract('PostgreSQL', (app) => postgresSearchIndex(app.database.db), seedBenchmark);
