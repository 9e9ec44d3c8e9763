import { positiveInteger } from './measure';
import { healthUnderFlood } from './overload';

// `npm run bench:health`: the last part of `npm run bench` alone, `/api/health` idle and under a list flood on both
// databases (a minute or two, where the whole benchmark takes several).
await healthUnderFlood({
  postgresUrl: process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres',
  connections: positiveInteger('BENCH_FLOOD_CONNECTIONS', 100),
  floodSeconds: positiveInteger('BENCH_FLOOD_SECONDS', 10),
});
