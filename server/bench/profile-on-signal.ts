// Preloaded into a bench's server (`node --import ./server/bench/profile-on-signal.ts …`, api-start.ts):
// the first SIGUSR2 starts a V8 CPU profile (every 200 µs), the second writes it to
// $BENCH_PROFILE_FILE, so a profile holds the load only, not the start-up (migrations, demo seed).
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';

let session: Session | null = null;
process.on('SIGUSR2', async () => {
  if (!session) {
    session = new Session();
    session.connect();
    await session.post('Profiler.enable');
    await session.post('Profiler.setSamplingInterval', { interval: 200 });
    await session.post('Profiler.start');
    return;
  }
  const { profile } = await session.post('Profiler.stop');
  session.disconnect();
  session = null;
  writeFileSync(process.env.BENCH_PROFILE_FILE!, JSON.stringify(profile));
});
