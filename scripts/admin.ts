/**
 * npm run admin -- create --user NAME --name 姓名 [--email E] [--password P]
 * Makes an administrator (management rights) on the configured database (DATABASE_URL, else the embedded one under
 * DATA_DIR: stop the server first, PGlite serves one process). Without --password it asks on the terminal, twice,
 * without echo; a password that breaks SPEC 5's rule is refused. Migrates an empty database, never seeds it.
 */
import readline from 'node:readline';
import { closeDb } from '@/lib/server/db';
import { AdminError, createAdministrator } from '@/lib/server/services/management/administrators';

const USAGE = 'npm run admin -- create --user NAME --name 姓名 [--email E] [--password P]';

function parseArgs(argv: string[]): { command?: string; flags: Record<string, string> } {
  const [command, ...rest] = argv;
  const flags: Record<string, string> = {};
  for (let i = 0; i < rest.length; i++) {
    const m = /^--([a-z]+)(?:=(.*))?$/.exec(rest[i]);
    if (!m) throw new AdminError(`未知参数 / unknown argument: ${rest[i]}`);
    flags[m[1]] = m[2] ?? rest[++i] ?? '';
  }
  return { command, flags };
}

/** One line from the terminal, not echoed. */
function askHidden(question: string): Promise<string> {
  const rl = readline.createInterface({ input: process.stdin, output: process.stdout, terminal: true });
  let muted = false;
  (rl as unknown as { _writeToOutput: (s: string) => void })._writeToOutput = (s) => {
    if (!muted) process.stdout.write(s);
  };
  const answer = new Promise<string>((resolve) => rl.question(question, resolve));
  muted = true;
  return answer.finally(() => {
    rl.close();
    process.stdout.write('\n');
  });
}

async function main(): Promise<number> {
  const { command, flags } = parseArgs(process.argv.slice(2));
  if (command !== 'create' || !flags.user || !flags.name) {
    console.error(`用法 / usage: ${USAGE}`);
    return 2;
  }
  let password = flags.password;
  if (password === undefined) {
    if (!process.stdin.isTTY)
      throw new AdminError(
        '没有终端可以输入密码：请用 --password 给出 / no terminal to ask for the password: give --password',
      );
    password = await askHidden('密码 / password: ');
    if ((await askHidden('再次输入 / again: ')) !== password)
      throw new AdminError('两次输入的密码不一致 / the passwords differ');
  }
  const made = await createAdministrator({ userId: flags.user, name: flags.name, email: flags.email, password });
  console.log(`[admin] 已创建管理员 / administrator created: ${made.userId} (operatorID ${made.id})`);
  return 0;
}

main()
  .catch((err) => {
    console.error(
      `[admin] ${err instanceof AdminError ? err.message : err instanceof Error ? err.stack : String(err)}`,
    );
    return 1;
  })
  .then(async (code) => {
    await closeDb().catch(() => undefined);
    process.exit(code);
  });
