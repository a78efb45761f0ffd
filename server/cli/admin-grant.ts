// `npm run admin:grant -- EMAIL [--revoke]`: gives (or takes back) administrator rights.
import { runCli } from './cli-db.ts';
import type { Db } from '../db/db.ts';

export async function setAdmin(
  db: Db,
  email: string,
  admin: boolean,
): Promise<{ name: string; email: string } | undefined> {
  return db.one<{ name: string; email: string }>(
    'update users set is_admin = $2, updated_at = now() where lower(email) = lower($1) returning name, email',
    [email.trim(), admin],
  );
}

const args = process.argv.slice(2).filter((a) => a !== '--');
const revoke = args.includes('--revoke');
const emails = args.filter((a) => !a.startsWith('--'));
if (import.meta.main) {
  if (emails.length !== 1) {
    console.error('Utilizare: npm run admin:grant -- EMAIL [--revoke]');
    process.exitCode = 2;
  } else {
    await runCli(async (db) => {
      const user = await setAdmin(db, emails[0]!, !revoke);
      if (!user) {
        console.error(
          `Nu există niciun cont cu emailul ${emails[0]}. Contul trebuie creat întâi (înregistrare în aplicație).`,
        );
        return 1;
      }
      console.log(
        revoke
          ? `${user.name} <${user.email}> nu mai este administrator.`
          : `${user.name} <${user.email}> este acum administrator.`,
      );
      return 0;
    });
  }
}
