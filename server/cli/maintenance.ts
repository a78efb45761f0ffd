// `npm run maintenance -- on|off|status`: flips the maintenance flag file under DATA_DIR that a
// running server reads (its /api answers 503 while it is on). Exit 0 on success, 2 on bad usage.
import { loadConfig } from '../config.ts';
import { Maintenance } from '../plugins/maintenance.ts';

const USAGE = 'Utilizare / usage: npm run maintenance -- on|off|status';

function main(argv: string[]): number {
  const arg = argv[0];
  if (argv.length !== 1 || (arg !== 'on' && arg !== 'off' && arg !== 'status')) {
    console.error(USAGE);
    return 2;
  }
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    console.error((err as Error).message);
    return 1;
  }
  const m = new Maintenance(config.dataDir, config.MAINTENANCE_FILE);
  if (arg !== 'status') m.set(arg === 'on');
  const on = m.isOn();
  const verb = arg === 'status' ? 'este' : 'a fost';
  console.log(
    on
      ? `Mentenanța ${verb} pornită / maintenance is ON (${m.file})`
      : `Mentenanța ${verb} oprită / maintenance is OFF (${m.file})`,
  );
  return 0;
}

process.exitCode = main(process.argv.slice(2));
